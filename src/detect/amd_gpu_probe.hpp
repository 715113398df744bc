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

}  // namespace archfit::detect
