// GPU target names, parsed and printed in one place.
//
// AMD target IDs (LLVM AMDGPUUsage, "Target ID", https://llvm.org/docs/AMDGPUUsage.html#target-id;
// clang's parser: llvm-project clang/lib/Basic/TargetID.cpp):
//   target-id = processor ( ":" feature ( "+" | "-" ) )*
//   The features are sramecc and xnack only; each appears at most once. "+" means the code needs the
//   device mode on, "-" off, and a feature left out means the code runs in either mode ("any").
//   The canonical spelling lists the features in alphabetical order: "gfx90a:sramecc+:xnack-".
//   Generic processors ("gfx9-generic", "gfx10-3-generic", "gfx11-generic", "gfx9-4-generic", ...;
//   AMDGPUUsage "Generic Processors") name a family; their name ends in "-generic" and may contain '-'.
//   Whether a processor is known and which features it supports is data (data/amdgpu_processors.tsv),
//   not syntax: this layer only parses.
//
// NVIDIA targets (CUDA C++ Programming Guide, "Binary Compatibility" and "PTX Compatibility",
// https://docs.nvidia.com/cuda/cuda-c-programming-guide/; nvcc's -arch/-code names,
// https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/#gpu-feature-list):
//   sm_XY      cubin for compute capability X.Y (the last digit is the minor: sm_120 = 12.0)
//   sm_XYa     architecture-specific cubin, runs only on exactly X.Y
//   sm_XYf     family-specific cubin, runs on X.Z with Z >= Y (CUDA 12.9+)
//   compute_XY PTX, JIT-compiled by the driver; compute_XYa / compute_XYf as the cubins above.
//   Compute capabilities are written "9.0" (TORCH_CUDA_ARCH_LIST, nvidia-smi's compute_cap) or
//   "90" (CMake's CUDA_ARCHITECTURES); both mean sm_90.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/vendor.hpp"
#include "util/result.hpp"

namespace archfit::model {

// One target-ID feature as code states it (and the AMDGPU e_flags field encodes it, V4+: 0
// unsupported, 1 any, 2 off, 3 on).
enum class FeatureSetting { unsupported, any, off, on };

// "unsupported" | "any" | "off" | "on": the spelling of scan's JSON (`features` of a code object).
std::string_view feature_setting_name(FeatureSetting setting);
// A device's mode, where "any" means the mode is not known: "unsupported" | "unknown" | "off" | "on"
// (detect's and check's spelling).
std::string_view device_mode_name(FeatureSetting setting);
// The inverse of both spellings ("any" and "unknown" both give any); nullopt for anything else.
std::optional<FeatureSetting> feature_setting_from_name(std::string_view name);

// A target ID cut at ':' without judging it: the processor and the features as written
// ("gfx90a:xnack-" -> "gfx90a", {("xnack", '-')}). A feature without a trailing '+'/'-' is dropped.
// Never fails: for readers of untrusted text (bundle entry IDs, tool output).
struct TargetIdParts {
  std::string processor;
  std::vector<std::pair<std::string, char>> features;
};
TargetIdParts split_target_id(std::string_view text);
// The processor part alone: "gfx942:sramecc+" -> "gfx942".
std::string_view processor_of(std::string_view target_id);

struct AmdTargetId {
  std::string processor;  // "gfx90a", "gfx11-generic"
  FeatureSetting sramecc = FeatureSetting::any;
  FeatureSetting xnack = FeatureSetting::any;

  bool is_generic() const;  // a generic family ("gfx10-3-generic")
  // Canonical: processor, then ":sramecc±", then ":xnack±"; any and unsupported are left out.
  std::string to_string() const;
  bool operator==(const AmdTargetId&) const = default;
};

// Strict, LLVM's rules: a processor that starts with "gfx", features sramecc/xnack with '+' or '-',
// each at most once, in any order. The error names the text and what is wrong.
Result<AmdTargetId> parse_amd_target_id(std::string_view text);

enum class CudaVariant { none, arch_specific /* 'a' */, family /* 'f' */ };

struct CudaTarget {
  int major = 0;
  int minor = 0;
  CudaVariant variant = CudaVariant::none;
  bool ptx = false;  // compute_XY (PTX) rather than sm_XY (cubin)

  std::string to_string() const;            // "sm_90a", "compute_80", "sm_120"
  std::string compute_capability() const;   // "9.0": TORCH_CUDA_ARCH_LIST's spelling
  bool operator==(const CudaTarget&) const = default;
};

// "sm_90", "sm_90a", "sm_100f", "compute_80", "compute_120a". At least two digits.
Result<CudaTarget> parse_cuda_target(std::string_view text);
// A device's compute capability: "9.0", "12.1" or "90", "121" (the last digit is the minor), or
// "sm_90". Never a variant or PTX: a device is sm_90, never sm_90a.
Result<CudaTarget> parse_compute_capability(std::string_view text);

// Either vendor's target, as users and binaries name them (vendor amd or nvidia, never another).
struct TargetId {
  Vendor vendor = Vendor::amd;
  AmdTargetId amd;    // when vendor == amd
  CudaTarget cuda;    // when vendor == nvidia

  std::string to_string() const;
};

// gfx… -> AMD; sm_/compute_ -> NVIDIA code target; "9.0"/"90" -> NVIDIA compute capability.
Result<TargetId> parse_target_id(std::string_view text);

}  // namespace archfit::model
