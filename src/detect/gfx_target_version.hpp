// The AMDGPU ISA version as KFD and ROCr carry it.
//
// KFD's `gfx_target_version` (a line of /sys/class/kfd/kfd/topology/nodes/N/properties) packs
// major*10000 + minor*100 + stepping, in decimal. The processor name is "gfx" + major in decimal
// + minor and stepping as one hex digit each (ROCR libhsakmt HSA_GET_GFX_VERSION_*;
// rocm_agent_enumerator readFromKFD): 90010 → gfx90a, 90402 → gfx942, 110501 → gfx1151.
// HSA_OVERRIDE_GFX_VERSION spells the same triple as "major.minor.stepping" in decimal
// ("10.3.0", "9.0.10" for gfx90a); libhsakmt accepts major ≤ 63, minor and stepping ≤ 255.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace archfit::detect {

struct GfxVersion {
  std::uint32_t major = 0;
  std::uint32_t minor = 0;
  std::uint32_t stepping = 0;

  std::uint32_t packed() const { return major * 10000 + minor * 100 + stepping; }
  // "gfx90a"; empty when minor or stepping does not fit one hex digit (no such processor).
  std::string processor_name() const;
  // "9.0.10", the HSA_OVERRIDE_GFX_VERSION spelling.
  std::string override_spelling() const;
  bool operator==(const GfxVersion&) const = default;
};

// 90010 → {9, 0, 10}; nullopt for 0 (a CPU node).
std::optional<GfxVersion> unpack_gfx_target_version(std::uint64_t value);

// "10.3.0" → {10, 3, 0}; nullopt when malformed or out of libhsakmt's range.
std::optional<GfxVersion> parse_gfx_override(std::string_view text);

// "gfx90a" → {9, 0, 10}; "gfx1151" → {11, 5, 1}; nullopt for generic or malformed names.
std::optional<GfxVersion> parse_gfx_processor_name(std::string_view name);

}  // namespace archfit::detect
