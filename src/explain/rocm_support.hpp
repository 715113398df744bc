// What ROCm's compatibility matrices (data/rocm_releases.tsv) say about one AMD processor: whether a
// release lists it as supported, and, when none does, which processor of its family one does. A
// missing-code error on a GPU that no release supports has two fixes: a build for the GPU's own gfx,
// or HSA_OVERRIDE_GFX_VERSION presenting it as a supported processor of its family (gfx1032 runs
// gfx1030 code), which only works within a family (log_facts.hpp, amd_family_key).
#pragma once

#include <string>
#include <string_view>

namespace archfit::explain {

struct RocmSupport {
  std::string processor;        // "gfx1032"
  std::string first_release;    // the oldest release whose matrix lists it ("6.0"); "" when none does
  std::string oldest_release;   // the table's oldest and newest rows ("6.0", "7.2")
  std::string newest_release;
  std::string family;           // "gfx10-3-generic"; "" when the processor table does not know it
  std::string listed_relative;  // when first_release is "": the lowest-numbered processor of its family that a
                                // release lists ("gfx1030"), "" when none
};

// Nullopt-free: an unknown processor gets empty fields but its name.
RocmSupport rocm_support(std::string_view processor);

// One sentence for a report: what the matrices say about `support`'s processor and what carries code for
// it ("the compatibility matrices of ROCm 6.0 to 7.2 do not list gfx1032 …"). Empty when the table is empty.
std::string describe_rocm_support(const RocmSupport& support);

}  // namespace archfit::explain
