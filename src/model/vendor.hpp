// Whose GPU (or whose GPU code) a thing is: the one vendor vocabulary of detect's GPUs, check's
// targets and scan's code records.
//
//   amd      AMD GPUs and their code (amdgcn/r600 code objects, AMD's SPIR-V)
//   nvidia   NVIDIA GPUs and their code (cubins, PTX)
//   intel    Intel GPU, CPU or FPGA code built by Intel's SYCL compiler (scan only)
//   other    code for no one GPU vendor: portable SPIR-V, host CPU code (scan only)
//   unknown  not known: an offload triple no row of data/offload_triple_vendors.tsv names, or a
//            word another process wrote that is none of the above
#pragma once

#include <string_view>

namespace archfit::model {

enum class Vendor { amd, nvidia, intel, other, unknown };

// "amd" | "nvidia" | "intel" | "other" | "unknown": the spelling of every --json output and of
// data/offload_triple_vendors.tsv.
std::string_view vendor_name(Vendor vendor);
// The inverse, for what comes in (a data/ table, a saved detect --json, a fleet node report): a word
// it does not name is unknown, never amd or nvidia (case-sensitive, as the JSON is).
Vendor vendor_from_name(std::string_view name);
// The vendors whose GPUs archfit detects and whose code `check` judges against a target.
inline bool is_gpu_target_vendor(Vendor vendor) { return vendor == Vendor::amd || vendor == Vendor::nvidia; }

}  // namespace archfit::model
