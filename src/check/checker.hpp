// `check`: will these binaries, wheels or this Python environment load and run on these GPUs?
// Targets come from --target, a saved `detect --json`, or `detect` on this machine; binaries are
// read by `scan`; verdicts follow check/target_rules.hpp; loading follows check/loadability.hpp;
// a Python environment adds the consistency checks of check/install_consistency.hpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"
#include "util/result.hpp"

namespace archfit::check {

struct CheckOptions {
  std::vector<std::string> paths;
  std::string python;                // interpreter whose site-packages to examine
  std::vector<std::string> targets;  // --target values; each may be a comma-separated list
  // Where `targets` came from when not --target: "--targets-from FILE (rocminfo)" (the CLI reads the
  // file through cli/target_sources.hpp, as every command does). Empty targets: detect's GPUs.
  std::string targets_source;
  unsigned jobs = 0;
  bool deep = false;                 // decode every code object's header (exact features)
  std::function<void(std::size_t files_done, std::size_t files, std::uint64_t bytes_done, std::uint64_t bytes)>
      progress;
  // Where the binaries, Python environments and the libraries they load are read (the machine
  // facts come from run_check's `root`); nullptr: this system, "/".
  const probe::SystemRoot* files_root = nullptr;
};

// Fails (usage-level problems) when no target can be determined or a target does not parse.
Result<CheckReport> run_check(const CheckOptions& options, const probe::SystemRoot& root,
                              const probe::Environment& environment, const probe::CommandRunner& runner);

}  // namespace archfit::check
