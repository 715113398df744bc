// What `doctor`, `env`, `build`, `clean` and `report` share on the command line: the project, the
// source tree, the targets, the interpreter, the machine (--sysroot) and the rules; validated into
// doctor::DoctorOptions. What the command line leaves out comes from the environment
// ($PYTORCH_ROCM_ARCH, $TORCH_CUDA_ARCH_LIST) and the config file (cli/target_sources.hpp,
// cli/config_file.hpp).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "doctor/doctor.hpp"
#include "util/result.hpp"

namespace archfit::cli {

struct DoctorInputs {
  std::string project;
  std::string src;
  std::vector<std::string> targets;
  std::string targets_from;  // --targets-from FILE
  std::string python;
  std::string sysroot = "/";
  std::vector<std::string> rules;
};

struct PreparedDoctor {
  doctor::DoctorOptions options;
  doctor::RuleSet rules;  // the embedded tables with the --rules files applied
};

// --target and --targets-from, with the help texts every command that builds shows.
void add_target_options(CLI::App& app, DoctorInputs& inputs);

// Fails with a usage message naming the option (or the variable, or the config file's line) at fault.
Result<PreparedDoctor> prepare_doctor(const DoctorInputs& inputs);

}  // namespace archfit::cli
