// data/rocm_releases.tsv: one row per ROCm release of AMD's compatibility matrix, oldest first: the
// release, its LLVM major, the processors it lists as supported (`supported_targets`, ';'-separated
// gfx names), a note (oldest kernel, or why a row differs) and the matrix page it was read from.
// doctor judges an install's targets with it; explain judges the GPU of a missing-code error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

struct RocmRelease {
  std::string rocm;  // "6.4.2", "7.0"
  int llvm_major = 0;
  std::vector<std::string> targets;  // "gfx90a", "gfx1030"
  std::string note;
  std::string source;
};

// The rows of a parsed data/rocm_releases.tsv, in the table's order.
std::vector<RocmRelease> read_rocm_releases(const TsvTable& table);

// The oldest release of `releases` whose matrix lists `target` ("gfx1030"), by version whatever the
// rows' order; nullptr when none does.
const RocmRelease* oldest_release_listing(const std::vector<RocmRelease>& releases, std::string_view target);

// The embedded table's rows, read on first use and kept.
const std::vector<RocmRelease>& embedded_rocm_releases();

}  // namespace archfit::knowledge
