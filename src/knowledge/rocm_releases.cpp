#include "knowledge/rocm_releases.hpp"

#include <algorithm>
#include <cstdlib>

#include "model/version.hpp"

namespace archfit::knowledge {

std::vector<RocmRelease> read_rocm_releases(const TsvTable& table) {
  std::vector<RocmRelease> releases;
  for (const auto& row : table.rows) {
    releases.push_back({table.field(row, "rocm"), std::atoi(table.field(row, "llvm_major").c_str()),
                        split_list_field(table.field(row, "supported_targets")),
                        table.field(row, "min_kernel_or_note"), table.field(row, "source")});
  }
  return releases;
}

const RocmRelease* oldest_release_listing(const std::vector<RocmRelease>& releases, std::string_view target) {
  const RocmRelease* oldest = nullptr;
  for (const auto& release : releases) {
    if (std::find(release.targets.begin(), release.targets.end(), target) != release.targets.end() &&
        (oldest == nullptr || model::compare_versions(release.rocm, oldest->rocm) < 0)) {
      oldest = &release;
    }
  }
  return oldest;
}

const std::vector<RocmRelease>& embedded_rocm_releases() {
  static const std::vector<RocmRelease> releases = read_rocm_releases(embedded_table("rocm_releases.tsv"));
  return releases;
}

}  // namespace archfit::knowledge
