// NVIDIA GPUs: /proc/driver/nvidia (model, UUID, bus id, driver version) joined with PCI sysfs
// by bus id; the compute capability from the PCI-id table, confirmed by NVML on the live
// system when asked (or when the table does not know the device), nvidia-smi as the last resort.
#pragma once

#include <vector>

#include "detect/detect_report.hpp"
#include "detect/pci_devices.hpp"
#include "probe/command_runner.hpp"
#include "probe/system_root.hpp"

namespace archfit::detect {

struct NvidiaProbeOptions {
  bool confirm_with_nvml = false;  // always ask NVML (live system only)
  // The last resort when neither the table nor NVML names a GPU's compute capability:
  // `nvidia-smi --query-gpu=pci.bus_id,compute_cap --format=csv,noheader` (live system only).
  const probe::CommandRunner* runner = nullptr;
};

void probe_nvidia_gpus(const probe::SystemRoot& root, const std::vector<PciDevice>& pci_devices,
                       const NvidiaProbeOptions& options, DetectReport& report);

}  // namespace archfit::detect
