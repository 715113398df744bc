// The command line as data: every command with its options, read from the same CLI11 definitions the
// commands register (commands() and each setup_* function). Completions (bash, zsh, fish) and the
// man page are generated from it, so they cannot drift from what the parser accepts.
#pragma once

#include <string>
#include <vector>

namespace archfit::cli {

struct OptionModel {
  std::vector<std::string> names;    // "--json", "-j": long names first, with their dashes
  std::string description;
  std::string value_name;            // "DIR", "FILE"; empty for a flag
  std::vector<std::string> choices;  // from a CLI::IsMember check: "auto", "always", "never"
};

struct CommandModel {
  std::string name;  // empty for the top level (archfit itself)
  std::string summary;
  std::vector<OptionModel> options;
  std::vector<std::string> positionals;  // "PATH", "LOG" as the usage line names them
};

// The top level first (global options), then every command in `archfit --help` order.
std::vector<CommandModel> cli_model();

}  // namespace archfit::cli
