// Whose code an offload bundle entry holds, from the target triple of its entry ID
// (data/offload_triple_vendors.tsv). The triple is <arch><sub>-<vendor>-<sys>[-<env>]: its vendor
// component decides when it names AMD or NVIDIA, else its arch component (spir64_gen: Intel GPU
// code; spir64: portable SPIR-V; x86_64: host CPU code). A triple no row names is "unknown".
#pragma once

#include <string_view>

#include "model/vendor.hpp"

namespace archfit::knowledge {

// amd | nvidia | intel | other | unknown (the table's words, read with model::vendor_from_name).
// The vendors whose code `check` judges against a GPU target: model::is_gpu_target_vendor.
model::Vendor offload_triple_vendor(std::string_view triple);

}  // namespace archfit::knowledge
