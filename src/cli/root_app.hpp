// The top-level command line shared by the parser (run.cpp) and the generated completions and man
// page (cli_model.cpp): the program's description and the global options.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace archfit::cli {

inline constexpr const char* k_program_description =
    "archfit: find GPU architecture and toolchain mismatches before, during and after a build";

// --color WHEN into `color`, -q/--quiet and -v/--verbose into `quiet` and `verbose` (they exclude
// each other), and -V/--version (the version, the commit, the knowledge tables' date). Global
// options may be given before or after the command (`archfit -q doctor`, `archfit doctor -q`).
void add_global_options(CLI::App& app, std::string& color, bool& quiet, bool& verbose);

// "archfit 0.1.0 (commit 1a2b3c4d5e6f, knowledge tables of 2026-11-30)"
std::string version_line();

}  // namespace archfit::cli
