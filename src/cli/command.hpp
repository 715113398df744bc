// The command table: each subcommand registers its own options (CLI11) into its own options
// struct and returns an exit code. `run.cpp` dispatches; nothing below cli/ prints or exits.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/terminal.hpp"
#include "report/text_style.hpp"

namespace archfit::cli {

// Exit codes: one meaning for every command (docs/cli.md, "Exit codes").
inline constexpr int k_exit_ok = 0;
inline constexpr int k_exit_findings = 1;  // a failed verdict: findings, an input that could not be read
inline constexpr int k_exit_usage = 2;     // the command line is wrong; nothing was judged

struct GlobalOptions {
  ColorMode color = ColorMode::automatic;
  report::Verbosity verbosity = report::Verbosity::normal;  // -q / -v

  // The style of text written to `fd`: colour (use_color), -q/-v, and the width to wrap at
  // (terminal_width: 0 when `fd` is not a terminal).
  report::TextStyle text_style(int fd) const {
    return report::TextStyle{use_color(color, fd), verbosity, terminal_width(fd)};
  }
};

struct Command {
  std::string_view name;
  std::string_view summary;
  // Adds the subcommand's options to `app` and returns the function that runs it after parsing.
  std::function<std::function<int()>(CLI::App& app, const GlobalOptions& global)> setup;
};

// Every command, in `archfit --help` order.
const std::vector<Command>& commands();

// Per-command setup functions, one file each.
std::function<int()> setup_scan(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_detect(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_check(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_doctor(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_clean(CLI::App& app, const GlobalOptions& global);   // cmd_clean.cpp
std::function<int()> setup_build(CLI::App& app, const GlobalOptions& global);   // cmd_build.cpp
std::function<int()> setup_env(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_explain(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_run(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_verify(CLI::App& app, const GlobalOptions& global);
std::function<int()> setup_report(CLI::App& app, const GlobalOptions& global);      // cmd_report.cpp
std::function<int()> setup_fleet(CLI::App& app, const GlobalOptions& global);       // cmd_fleet.cpp
std::function<int()> setup_config(CLI::App& app, const GlobalOptions& global);      // cmd_config.cpp
std::function<int()> setup_help(CLI::App& app, const GlobalOptions& global);        // cmd_help.cpp
std::function<int()> setup_completion(CLI::App& app, const GlobalOptions& global);  // cmd_completion.cpp
std::function<int()> setup_man(CLI::App& app, const GlobalOptions& global);         // cmd_completion.cpp

}  // namespace archfit::cli
