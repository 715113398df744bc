// The one model `detect` produces; the text and JSON renderers (report/detect_*.cpp) both read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/host_cpu.hpp"
#include "detect/host_resources.hpp"
#include "detect/host_system.hpp"
#include "model/target_id.hpp"
#include "model/vendor.hpp"
#include "util/enum_names.hpp"

namespace archfit::detect {

// How bad a problem a probe raised is. detect's own record, not model::Status: a probe never raises
// a pass or an unknown, and detect --json spells these three as docs/json.md says. The one mapping to
// model::Status (error -> fail, warning -> warn, info -> skip) is detect_finding (detect_findings.hpp).
enum class Severity { error, warning, info };

// "error" | "warning" | "info": the `severity` member of detect --json.
inline constexpr EnumNames<Severity, 3> k_severity_names = {{
    {Severity::error, "error"},
    {Severity::warning, "warning"},
    {Severity::info, "info"},
}};
constexpr std::string_view severity_name(Severity severity) { return enum_name(k_severity_names, severity, "info"); }

struct Finding {
  Severity severity = Severity::info;
  std::string id;        // stable, e.g. "gpu-not-accessible", "override-crosses-family"
  std::string message;
  std::string fix;       // what to do, or empty
};

struct DetectedGpu {
  model::Vendor vendor = model::Vendor::unknown;  // amd | nvidia
  std::string target;     // "gfx942" | "sm_90" | "" when unknown
  std::string target_id;  // AMD: "gfx942:sramecc+:xnack-"; NVIDIA: same as target
  std::string name;       // marketing name
  std::string pci;        // "0000:05:00.0", or "" when the source does not say
  bool accessible = true;
  std::string inaccessible_reason;
  std::string fix;
  // Where the target came from: "kfd", "pci-id-table", "pci-chip-table" (NVIDIA, the chip pci.ids names),
  // "nvml", "rocminfo", "nvidia-smi".
  std::string source;
  bool low_confidence = false;  // named from a table, not read from the device
  // How sure the target is: "exact" (read from the device or printed by the tool),
  // "inferred-from-device-id" (PCI-id table), "inferred-from-chip-id" (rocminfo's Chip ID through
  // the PCI-id table), "inferred-from-name" (a name table). Empty: "exact", or
  // "inferred-from-device-id" when low_confidence.
  std::string confidence;
  // Pasted tool outputs: the first and last line (1-based) of the text the GPU was read from.
  std::optional<std::pair<std::size_t, std::size_t>> source_lines;
  std::optional<std::uint16_t> device_id;
  std::optional<std::uint8_t> revision;
  std::string uuid;       // "GPU-…"
  std::optional<unsigned> compute_units;
  std::optional<std::uint64_t> vram_bytes;
  // AMD
  std::optional<unsigned> kfd_node;
  std::optional<std::uint64_t> gpu_id;
  std::optional<unsigned> render_minor;
  // The device's modes: on, off, unsupported, or any when not known (detect --json: null).
  model::FeatureSetting xnack = model::FeatureSetting::any;
  model::FeatureSetting sramecc = model::FeatureSetting::any;
  std::string xnack_source;  // why xnack is in that mode
  bool integrated = false;   // an APU's GPU
  std::string override_target;  // processor that HSA_OVERRIDE_GFX_VERSION makes programs see
  // NVIDIA
  std::string compute_capability;  // "9.0"
  std::optional<unsigned> device_minor;
  // Visibility: the index HIP/CUDA programs will see it as, or nullopt when a *_VISIBLE_DEVICES
  // variable hides it.
  std::optional<unsigned> visible_index;
  bool visible = true;
};

struct DriverInfo {
  std::string nvidia_version;  // "580.159.04"
  std::string nvidia_flavor;   // "open" | "proprietary" | "jetson"
  std::string amdgpu_version;  // /sys/module/amdgpu/version (DKMS driver), when present
  bool kfd_present = false;
};

struct HostReport {
  HostCpu cpu;
  HostResources resources;
  HostSystem system;
};

struct DetectReport {
  std::string source = "system";  // "system" | "rocminfo" | "nvidia-smi"
  std::string sysroot = "/";
  std::vector<DetectedGpu> gpus;
  DriverInfo drivers;
  HostReport host;
  // Environment variables that change what programs see, as set ("" = set but empty).
  std::vector<std::pair<std::string, std::string>> environment;
  // The arch lists that cover every visible GPU: PYTORCH_ROCM_ARCH / TORCH_CUDA_ARCH_LIST.
  std::string pytorch_rocm_arch;
  std::string torch_cuda_arch_list;
  std::vector<Finding> findings;

  bool has_problems() const {
    for (const auto& finding : findings) {
      if (finding.severity != Severity::info) {
        return true;
      }
    }
    return false;
  }
};

}  // namespace archfit::detect
