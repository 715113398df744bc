// What `doctor` and `env` share on the command line: the project, the source tree, the targets,
// the interpreter, the machine (--sysroot) and the rules; validated into doctor::DoctorOptions.
#pragma once

#include <string>
#include <vector>

#include "doctor/doctor.hpp"
#include "util/result.hpp"

namespace archfit::cli {

struct DoctorInputs {
  std::string project;
  std::string src;
  std::vector<std::string> targets;
  std::string python;
  std::string sysroot = "/";
  std::vector<std::string> rules;
};

struct PreparedDoctor {
  doctor::DoctorOptions options;
  doctor::RuleSet rules;  // the embedded tables with the --rules files applied
};

// Fails with a usage message naming the option at fault.
Result<PreparedDoctor> prepare_doctor(const DoctorInputs& inputs);

}  // namespace archfit::cli
