// What the NVIDIA kernel module publishes in /proc (open-gpu-kernel-modules nv-procfs.c):
//   /proc/driver/nvidia/version: "NVRM version: <text>\nGCC version: <text>\n", where <text> is
//     "NVIDIA UNIX x86_64 Kernel Module  580.95.05  <date>" (proprietary),
//     "NVIDIA UNIX Open Kernel Module for x86_64  565.57.01  Release Build  (...)  <date>" (open),
//     or, on Jetson, the L4T release in the same place ("... for aarch64  35.3.1  Release Build").
//   /proc/driver/nvidia/gpus/<bus id>/information: "Key: \t value" lines — Model, IRQ, GPU UUID,
//     Video BIOS, Bus Type, DMA Size, DMA Mask, Bus Location, Device Minor, GPU Firmware,
//     GPU Excluded.
// /sys/module/nvidia/version holds just the version string.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace archfit::detect {

struct NvidiaDriverVersion {
  std::string version;  // "580.159.04"
  std::string flavor;   // "proprietary" | "open" | "jetson" | "unknown"
};

std::optional<NvidiaDriverVersion> parse_nvidia_driver_version(std::string_view proc_version_text);

struct NvidiaGpuInformation {
  std::string model;         // "NVIDIA H200"
  std::string uuid;          // "GPU-2b1a…"
  std::string bus_location;  // "0000:00:06.0"
  std::optional<unsigned> device_minor;  // N in /dev/nvidiaN
  std::string firmware;
  bool excluded = false;     // "GPU Excluded: Yes": the driver will not use it
};

NvidiaGpuInformation parse_nvidia_gpu_information(std::string_view text);

}  // namespace archfit::detect
