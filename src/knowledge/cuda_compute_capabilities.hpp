// Every compute capability a CUDA GPU has had (data/cuda_compute_capabilities.tsv), as nvcc spells its
// architectures: "75" for compute_75 / sm_75 (7.5), "100" for compute_100 (10.0). nvcc's arch-specific "a" and
// family "f" variants (compute_90a, compute_100f) belong to their row.
#pragma once

#include <string_view>

namespace archfit::knowledge {

enum class CudaArchName {
  real,              // a compute capability of the table, bare or with "a"/"f"
  newer_than_table,  // a number above the table's newest: possibly a GPU newer than the table
  not_real,          // no GPU has it (compute_71), or not an architecture number at all ("86+PTX")
};

// `name` is what follows "compute_" or "sm_" ("75", "90a", "86+PTX"). An empty table (which the data tests rule
// out) makes every number newer_than_table, so nothing is called not_real without the table's evidence.
CudaArchName classify_cuda_arch_name(std::string_view name);

}  // namespace archfit::knowledge
