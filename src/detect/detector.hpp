// `detect`: every GPU with its exact target, the host, and what the environment changes —
// read from the kernel's files below a SystemRoot, with no GPU runtime.
#pragma once

#include "detect/detect_report.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::detect {

struct DetectOptions {
  bool confirm_with_nvml = false;
  // Runs the last-resort nvidia-smi query (live systems only); nullptr: real processes.
  const probe::CommandRunner* runner = nullptr;
};

DetectReport detect_system(const probe::SystemRoot& root, const probe::Environment& environment,
                           const DetectOptions& options = {});

HostReport read_host(const probe::SystemRoot& root, const probe::Environment& environment);

}  // namespace archfit::detect
