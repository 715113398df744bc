// The native smoke test: compile a vector-add kernel with the toolkit's own compiler (nvcc or
// hipcc) for exactly the targets `detect` reports, run it on every visible GPU on random data,
// and compare with the CPU bit for bit (IEEE addition is correctly rounded on both). A compiler
// that cannot target the GPU, or a runtime that cannot run the result, is the finding.
#pragma once

#include <string>
#include <vector>

#include "detect/detect_report.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "verify/verify_report.hpp"

namespace archfit::verify {

// The compiler for `vendor` (nvidia: nvcc; amd: hipcc) from PATH, CUDA_HOME/ROCM_PATH, then
// the default prefixes; empty when none.
std::string find_gpu_compiler(model::Vendor vendor, const probe::Environment& environment);

// The compiler's target flags for the visible GPUs of `vendor`.
std::vector<std::string> target_flags(model::Vendor vendor, const std::vector<detect::DetectedGpu>& gpus);

// Compile (into `work_dir`) and run. Appends one CheckResult per vendor that has visible GPUs.
void run_native_smoke(const detect::DetectReport& machine, const probe::CommandRunner& runner,
                      const probe::Environment& environment, const std::string& work_dir,
                      std::vector<CheckResult>& checks);

// The kernel program's source (CUDA and HIP from one text).
std::string_view vector_add_source();

}  // namespace archfit::verify
