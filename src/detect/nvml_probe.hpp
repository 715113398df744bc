// Compute capability straight from the driver, through NVML (libnvidia-ml.so.1, part of the
// driver, loaded with dlopen by soname so that archfit never depends on it at link time).
// Only used on the live system, and only when the PCI-id table cannot name a GPU or the user
// asks for confirmation: initialising NVML costs tens of milliseconds.
#pragma once

#include <map>
#include <string>

namespace archfit::detect {

struct NvmlDevice {
  std::string name;
  std::string compute_capability;  // "9.0"
  std::string uuid;
};

struct NvmlProbe {
  bool loaded = false;
  std::string error;  // why NVML could not be used
  std::map<std::string, NvmlDevice> by_pci;  // "0000:00:06.0" → device
};

NvmlProbe probe_nvml();

}  // namespace archfit::detect
