// Will code built for one target run on a device? The rules, from the vendors' documentation:
//
// AMD (LLVM AMDGPUUsage "Target ID" and "Generic Processors"; https://llvm.org/docs/AMDGPUUsage.html):
//   target ID = processor(:feature(+|-))*, features sramecc and xnack only. A feature the code
//   leaves unspecified runs in either device mode (code object V4+); "+" needs the device mode
//   on, "-" needs it off. A processor feature the device does not support is no constraint.
//   Different processors never run each other's code, except generic targets
//   (gfx9-generic, gfx9-4-generic, gfx10-1-generic, gfx10-3-generic, gfx11-generic,
//   gfx12-generic …), which run on their member processors (data/amdgpu_processors.tsv) and need a
//   runtime that loads code object V6.
// NVIDIA (CUDA C++ Programming Guide, "Binary Compatibility" / "PTX Compatibility"; formats.md §5.4):
//   cubin sm_XY runs on X.Z with Z ≥ Y (same major); sm_XYa only on exactly X.Y; sm_XYf on
//   X.Z, Z ≥ Y (the family); PTX compute_XY is JIT-compiled by the driver on any M.m ≥ X.Y;
//   compute_XYa/f only on that arch/family.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/target_id.hpp"

namespace archfit::check {

// A device (or a fleet member named with --target) as the rules need it.
struct DeviceTarget {
  model::Vendor vendor = model::Vendor::amd;  // amd | nvidia
  std::string processor;  // "gfx90a" | "sm_90"
  // AMD feature modes: on, off, unsupported, or any when not known (a --target that does not say);
  // check --json spells them with model::device_mode_name ("on" | "off" | "unsupported" | "unknown").
  model::FeatureSetting xnack = model::FeatureSetting::any;
  model::FeatureSetting sramecc = model::FeatureSetting::any;
  int cc_major = 0;  // NVIDIA compute capability
  int cc_minor = 0;
  std::string display;  // "gfx90a:sramecc+:xnack-", "sm_90"

  // TORCH_CUDA_ARCH_LIST spelling "9.0"; PYTORCH_ROCM_ARCH spelling "gfx90a".
  std::string arch_list_value() const;
};

// Parses "gfx90a", "gfx90a:xnack+", "gfx942:sramecc+:xnack-", "sm_90", "sm_120", "9.0", "90", "12.1"
// (the syntax is model/target_id.hpp's; whether the processor exists is data/amdgpu_processors.tsv).
// Features a processor does not have become "unsupported"; unknown processors are errors.
std::optional<DeviceTarget> parse_device_target(std::string_view text, std::string* error = nullptr);

enum class Fit {
  yes,          // the code runs natively
  conditional,  // runs only in a device mode the device does not tell (see `condition`)
  jit,          // PTX the driver compiles at first use
  no,
};

struct CodeFit {
  Fit fit = Fit::no;
  std::string condition;  // "xnack off", when conditional
  bool generic = false;   // matched through a generic target
};

// One code target ("gfx90a:xnack-", "gfx11-generic", "sm_90a", "compute_80") against a device.
CodeFit code_fits(std::string_view code_target, const DeviceTarget& device);

}  // namespace archfit::check
