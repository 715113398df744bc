// `verify`: prove that an install works on the GPUs, with small real workloads. Each check runs in
// its own process (check_process.hpp); the Python checks use the interpreter given, the native
// check the toolkit's compiler; results are PASS/FAIL/SKIP with time and evidence.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "detect/detect_report.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "verify/verify_report.hpp"

namespace archfit::verify {

struct VerifyOptions {
  std::string python = "python3";
  bool native_only = false;
  bool python_only = false;
  bool compile = false;            // also torch.compile a small function
  std::vector<std::string> only;   // run just these checks (ids or prefixes: "allreduce", "python.matmul")
  int world_size = 0;              // all-reduce ranks; 0 = one per visible GPU
  std::string backend;             // all-reduce backend; empty = nccl on GPUs (RCCL on ROCm)
  double allreduce_megabytes = 256;
  std::chrono::seconds timeout{300};  // per check
  std::string work_dir;            // where the native program is built (a fresh temp dir if empty)
  // Called as each check finishes (for progress output).
  std::function<void(const CheckResult&)> on_check;
};

VerifyReport run_verify(const VerifyOptions& options, const detect::DetectReport& machine,
                        const probe::CommandRunner& runner, const probe::Environment& environment);

}  // namespace archfit::verify
