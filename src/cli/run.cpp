#include "cli/run.hpp"

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/root_app.hpp"
#include "util/spelling.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

namespace {

// The first argument that is not an option (or the value of --color), or nullptr.
const char* first_positional(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--color") {
      ++i;
      continue;
    }
    if (!arg.starts_with("-")) {
      return argv[i];
    }
  }
  return nullptr;
}

// CLI11's option names of `app` as typed: "--json", "-j".
std::vector<std::string> option_spellings(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const auto& name : option->get_lnames()) {
      names.push_back("--" + name);
    }
    for (const auto& name : option->get_snames()) {
      names.push_back("-" + name);
    }
  }
  return names;
}

// A CLI11 parse error in archfit's one voice: "archfit: error: …", unknown options named with the
// closest known one, CLI11's "Value 0 not in range 0.000000 to 1797…" said as what it means.
std::string parse_error_message(const CLI::ParseError& error, const CLI::App* command) {
  std::string message = error.what();
  std::string_view where = command != nullptr ? std::string_view(command->get_name()) : std::string_view("archfit");
  static const std::string k_extra_one = "The following argument was not expected: ";
  static const std::string k_extra_many = "The following arguments were not expected: ";
  for (const std::string* prefix : {&k_extra_one, &k_extra_many}) {
    if (!message.starts_with(*prefix)) {
      continue;
    }
    std::vector<std::string> names;
    std::vector<std::string_view> candidates;
    if (command != nullptr) {
      names = option_spellings(*command);
      candidates.assign(names.begin(), names.end());
    }
    std::string out;
    std::string_view rest = std::string_view(message).substr(prefix->size());
    while (!rest.empty()) {
      auto space = rest.find(' ');
      std::string_view word = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      if (word.empty()) {
        continue;
      }
      if (!out.empty()) {
        out += "; ";
      }
      if (word.starts_with("-")) {
        std::string_view flag = word.substr(0, word.find('='));
        auto suggestion = closest_match(flag, candidates);
        out += fmt::format("unknown option '{}' for '{}'{}", flag, where,
                           suggestion ? fmt::format(", did you mean '{}'?", *suggestion) : "");
      } else {
        out += fmt::format("unexpected argument '{}' for '{}'", word, where);
      }
    }
    return out;
  }
  // CLI::PositiveNumber (the only open range archfit's options use) prints its range from the
  // smallest to the largest double: "Value 0 not in range 0.000000 to 1797693134862315708…".
  static const std::regex k_open_range(R"(Value (\S*) not in range 0\.0+ to [0-9.]{30,})");
  std::smatch match;
  if (std::regex_search(message, match, k_open_range)) {
    message = match.prefix().str() + "'" + match[1].str() + "' is not a positive number" + match.suffix().str();
  }
  return message;
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{k_program_description, "archfit"};
  app.require_subcommand(1);
  app.fallthrough();
  GlobalOptions global;
  std::string color = "auto";
  bool quiet = false;
  bool verbose = false;
  add_global_options(app, color, quiet, verbose);

  // Only the command being run registers its options: building every command's option set costs
  // more than `detect` itself does. `archfit --help` needs just the names and summaries.
  const char* chosen = argc > 1 ? first_positional(argc, argv) : nullptr;
  std::vector<std::string_view> names;
  std::map<CLI::App*, std::function<int()>> runners;
  for (const auto& command : commands()) {
    names.push_back(command.name);
    CLI::App* sub = app.add_subcommand(std::string(command.name), std::string(command.summary));
    if (chosen != nullptr && command.name == chosen) {
      runners[sub] = command.setup(*sub, global);
    }
  }

  if (argc <= 1) {
    fmt::print(stderr, "{}", app.help());
    return k_exit_usage;
  }
  if (const char* word = chosen) {
    bool known = std::find(names.begin(), names.end(), std::string_view(word)) != names.end();
    if (!known) {
      auto suggestion = closest_match(word, names);
      fmt::print(stderr, "archfit: error: unknown command '{}'{}\nRun 'archfit --help' for the list of commands.\n",
                 terminal_safe(word), suggestion ? fmt::format(", did you mean '{}'?", *suggestion) : "");
      return k_exit_usage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help) == 0 ? k_exit_ok : k_exit_usage;
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help) == 0 ? k_exit_ok : k_exit_usage;
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version) == 0 ? k_exit_ok : k_exit_usage;
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) {
      return app.exit(error) == 0 ? k_exit_ok : k_exit_usage;
    }
    const CLI::App* command = nullptr;
    for (auto& [sub, runner] : runners) {
      command = sub;
    }
    fmt::print(stderr, "archfit: error: {}\nRun 'archfit {}--help' for the options.\n",
               terminal_safe(parse_error_message(error, command)),
               command != nullptr ? command->get_name() + " " : std::string());
    return k_exit_usage;
  }
  global.color = color == "always" ? ColorMode::always : color == "never" ? ColorMode::never : ColorMode::automatic;
  global.verbosity = quiet ? report::Verbosity::quiet : verbose ? report::Verbosity::verbose : report::Verbosity::normal;
  for (auto& [sub, runner] : runners) {
    if (sub->parsed()) {
      return runner();
    }
  }
  return k_exit_usage;
}

}  // namespace archfit::cli
