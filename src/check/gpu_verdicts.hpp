// Per binary and per target: does it carry code that runs there (native), only PTX the driver
// must compile (jit), nothing usable (no-code), no GPU code at all (host-only), or is its GPU code
// built at run time, beyond a static judgement (opaque, check/opaque_gpu_code.hpp)?
#pragma once

#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "scan/scan_report.hpp"

namespace archfit::check {

// Code the runtime can load from this file: a code object, cubin or PTX, but not relocatable device
// code (`__nv_relfatbin`) in a linked file, which is device-link input the runtime never registers.
bool counts_as_code(const scan::GpuCode& code, const scan::FileReport& file);

// One result per target for a file that carries GPU code.
std::vector<TargetResult> verdicts_for_file(const scan::FileReport& file, const std::string& package,
                                            const std::vector<DeviceTarget>& targets);

// One "host-only" result per target for an input (a file, a wheel, a package) without any GPU code.
std::vector<TargetResult> host_only_results(const std::string& path, const std::string& package,
                                            const std::vector<DeviceTarget>& targets);

}  // namespace archfit::check
