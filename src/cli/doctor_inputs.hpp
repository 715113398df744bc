// What `doctor`, `env`, `build`, `clean` and `report` share on the command line: the project, the
// source tree, the targets, the interpreter, the machine (--sysroot) and the rules; validated into
// doctor::DoctorOptions. What the command line leaves out comes from the environment
// ($PYTORCH_ROCM_ARCH, $TORCH_CUDA_ARCH_LIST) and the config file (cli/target_sources.hpp,
// cli/config_file.hpp).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.hpp"
#include "doctor/doctor.hpp"
#include "probe/command_runner.hpp"
#include "probe/system_root.hpp"
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

// `doctor` and `report` (which runs doctor): the inputs, --timeout and --json.
struct DoctorCommandOptions {
  DoctorInputs inputs;
  double timeout_seconds = 10;
  bool json = false;
};

// The help texts that differ between the commands that run doctor.
struct DoctorOptionHelp {
  const char* project;
  const char* src;
  const char* python;
};

// --project, --src, --target, --targets-from, --python, --sysroot and --timeout, in that order.
void add_doctor_options(CLI::App& app, DoctorCommandOptions& options, const DoctorOptionHelp& help);

// Fails with a usage message naming the option (or the variable, or the config file's line) at fault.
Result<PreparedDoctor> prepare_doctor(const DoctorInputs& inputs);
// The same, with --timeout applied to the doctor options.
Result<PreparedDoctor> prepare_doctor(const DoctorCommandOptions& options);

// A command that runs doctor: prepares it (a usage error is `command`'s failure, exit 2, as JSON
// with --json), then runs `body` on the machine (--sysroot) with a real process runner.
int run_with_doctor(const DoctorCommandOptions& options, const GlobalOptions& global, std::string_view command,
                    const std::function<int(const PreparedDoctor&, const probe::SystemRoot&, const probe::CommandRunner&)>& body);

}  // namespace archfit::cli
