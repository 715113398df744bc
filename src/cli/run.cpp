#include "cli/run.hpp"

#include <cstdio>
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

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{k_program_description, "archfit"};
  app.require_subcommand(1);
  app.fallthrough();
  GlobalOptions global;
  std::string color = "auto";
  add_global_options(app, color);

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
  } catch (const CLI::ParseError& error) {
    int code = app.exit(error);
    return code == 0 ? k_exit_ok : k_exit_usage;
  }
  global.color = color == "always" ? ColorMode::always : color == "never" ? ColorMode::never : ColorMode::automatic;
  for (auto& [sub, runner] : runners) {
    if (sub->parsed()) {
      return runner();
    }
  }
  return k_exit_usage;
}

}  // namespace archfit::cli
