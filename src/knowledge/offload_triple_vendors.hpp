// Whose code an offload bundle entry holds, from the target triple of its entry ID
// (data/offload_triple_vendors.tsv). The triple is <arch><sub>-<vendor>-<sys>[-<env>]: its vendor
// component decides when it names AMD or NVIDIA, else its arch component (spir64_gen: Intel GPU
// code; spir64: portable SPIR-V; x86_64: host CPU code). A triple no row names is "unknown".
#pragma once

#include <string>
#include <string_view>

namespace archfit::knowledge {

// "amd" | "nvidia" | "intel" | "other" | "unknown".
std::string offload_triple_vendor(std::string_view triple);

// The vendors whose code `check` judges against a GPU target: "amd" and "nvidia".
inline bool is_gpu_target_vendor(std::string_view vendor) { return vendor == "amd" || vendor == "nvidia"; }

}  // namespace archfit::knowledge
