// `archfit env`: the environment to build a project with on this machine, each variable with the reason
// it has that value, and the ordered build steps. report/env_output.cpp renders it for a shell.
#pragma once

#include <string>
#include <vector>

#include "doctor/facts.hpp"
#include "doctor/rules.hpp"
#include "model/finding.hpp"
#include "probe/environment.hpp"

namespace archfit::doctor {

struct EnvVariable {
  std::string name;
  std::string value;   // the value to set; with `prepend`, the entry to put in front of the current value
  std::string why;     // one line
  bool prepend = false;
  std::string full;    // with `prepend`: the value computed with the current environment (for dotenv/json/github)
};

struct EnvPlan {
  std::string project;
  std::string backend;
  std::string summary;                 // "pytorch for ROCm 6.4.1 (/opt/rocm-6.4.1) on gfx942"
  std::vector<EnvVariable> variables;
  std::vector<std::string> steps;      // in order; each a command, or a comment starting with '#'
  // What the user should know (targets left out, no GPU found, ...), each a Finding (status warn):
  //   env.no-amd-gpu, env.no-nvidia-gpu   no target of that vendor: its arch variable is left unset
  //   env.targets-unsupported             targets the project's allow-list leaves out (rule: the list's source)
  //   env.no-rocm, env.no-cuda            no install found: ROCM_PATH / CUDA_HOME left unset
  // `seen` is the whole sentence (the `# note:` comment of a script, the JSON's `notes`).
  std::vector<model::Finding> notes;
};

struct EnvOptions {
  bool ptx = false;  // TORCH_CUDA_ARCH_LIST: add +PTX to the newest architecture
};

EnvPlan plan_env(const Facts& facts, const RuleSet& rules, const probe::Environment& environment,
                 const EnvOptions& options);

}  // namespace archfit::doctor
