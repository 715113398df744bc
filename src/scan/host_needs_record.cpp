#include "scan/host_needs_record.hpp"

namespace archfit::scan {

HostNeedsRecord host_needs_record(const binfmt::HostNeeds& needs) {
  HostNeedsRecord record;
  record.needed = needs.needed;
  record.rpath = needs.rpath;
  record.runpath = needs.runpath;
  for (const auto& need : needs.version_needs) {
    auto& versions = record.versions[need.file];
    versions.insert(versions.end(), need.versions.begin(), need.versions.end());
  }
  record.highest = needs.highest_versions;
  record.x86_isa_level = needs.x86_isa_level();
  return record;
}

}  // namespace archfit::scan
