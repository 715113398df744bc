// AMD GPUs: KFD topology first (exact target and features), PCI + the id tables as the fallback
// (lower confidence), and for each GPU whether a program here can open it.
#pragma once

#include <vector>

#include "detect/detect_report.hpp"
#include "detect/kfd_topology.hpp"
#include "detect/pci_devices.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::detect {

// Appends the AMD GPUs found to `report` (gpus, findings, drivers.kfd_present).
void probe_amd_gpus(const probe::SystemRoot& root, const probe::Environment& environment,
                    const std::vector<PciDevice>& pci_devices, DetectReport& report);

// "gfx90a:sramecc+:xnack-": the processor plus each feature it supports in its current mode,
// in LLVM's order (alphabetical); features that are unsupported or unknown are left out.
std::string make_amd_target_id(const std::string& processor, const std::string& sramecc, const std::string& xnack);

}  // namespace archfit::detect
