// `archfit help [COMMAND]`: the same text as `archfit [COMMAND] --help`.
#include <cstdio>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/root_app.hpp"
#include "util/spelling.hpp"

namespace archfit::cli {

std::function<int()> setup_help(CLI::App& app, const GlobalOptions& /*global*/) {
  auto name = std::make_shared<std::string>();
  app.add_option("command", *name, "The command to describe (default: the list of commands)");
  return [name] {
    CLI::App root{k_program_description, "archfit"};
    std::string color;
    bool quiet = false;
    bool verbose = false;
    add_global_options(root, color, quiet, verbose);
    GlobalOptions global;
    CLI::App* chosen = nullptr;
    std::vector<std::string_view> names;
    for (const auto& command : commands()) {
      names.push_back(command.name);
      CLI::App* sub = root.add_subcommand(std::string(command.name), std::string(command.summary));
      if (command.name == *name) {
        (void)command.setup(*sub, global);
        chosen = sub;
      }
    }
    if (name->empty()) {
      fmt::print("{}", root.help());
      return k_exit_ok;
    }
    if (chosen == nullptr) {
      auto suggestion = closest_match(*name, names);
      fmt::print(stderr, "archfit: error: unknown command '{}'{}\nRun 'archfit help' for the list of commands.\n", *name,
                 suggestion ? fmt::format(", did you mean '{}'?", *suggestion) : "");
      return k_exit_usage;
    }
    // Outside a parse CLI11 names the command alone in its usage line; say it as it is typed.
    std::string text = chosen->help();
    if (auto at = text.find("Usage: " + *name); at != std::string::npos) {
      text.insert(at + 7, "archfit ");
    }
    fmt::print("{}", text);
    return k_exit_ok;
  };
}

}  // namespace archfit::cli
