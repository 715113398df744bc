// GPUs as the PCI bus sees them, whatever driver (if any) is bound: /sys/bus/pci/devices/<BDF>/
// holds `vendor`, `device`, `subsystem_vendor`, `subsystem_device` ("0x%04x"), `revision`
// ("0x%02x") and `class` ("0x%06x": base class, subclass, prog-if) (kernel pci-sysfs.c).
// GPUs are base class 0x03 (display: 0x0300 VGA, 0x0302 3D, 0x0380 other) and 0x12 (processing
// accelerator, which amdgpu also binds) (PCI Code and ID Assignment spec; amdgpu_drv.c).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "probe/system_root.hpp"

namespace archfit::detect {

inline constexpr std::uint16_t k_pci_vendor_amd = 0x1002;
inline constexpr std::uint16_t k_pci_vendor_nvidia = 0x10de;

struct PciDevice {
  std::string address;  // "0000:03:00.0" (the directory name; the domain may be 32-bit on Hyper-V)
  std::uint16_t vendor = 0;
  std::uint16_t device = 0;
  std::uint16_t subsystem_vendor = 0;
  std::uint16_t subsystem_device = 0;
  std::optional<std::uint8_t> revision;
  std::uint32_t class_code = 0;
  std::string driver;  // bound driver's name ("amdgpu", "nvidia", "vfio-pci"), or empty
  std::optional<std::uint64_t> vram_bytes;  // amdgpu's mem_info_vram_total, when present
};

// AMD and NVIDIA display/accelerator functions, sorted by address.
std::vector<PciDevice> read_gpu_pci_devices(const probe::SystemRoot& root);

// Normalises a bus id as tools print it ("00000000:00:06.0" from nvidia-smi, "0000:C1:00.0") to
// sysfs's spelling: lower-case, 4-digit domain when it fits.
std::string normalize_pci_address(std::string_view address);

}  // namespace archfit::detect
