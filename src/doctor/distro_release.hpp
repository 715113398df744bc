// Which distribution release the machine runs, as the knowledge tables key it, and which GCC majors that
// release's own archive ships (data/distro_gcc_majors.tsv), so that fix lines name only packages apt-get or
// dnf will find.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/host_system.hpp"

namespace archfit::doctor {

// "debian-12", "ubuntu-24.04", "rhel-9" (RHEL and its rebuilds by major release), or "" when unknown.
std::string distro_key(const detect::OsRelease& os);

// A row of data/distro_gcc_majors.tsv.
struct DistroGcc {
  std::string distro;
  int system_major = 0;     // the default GCC (the plain g++ / gcc-c++ package)
  std::vector<int> majors;  // majors with packages in the release's archive, ascending
  std::string source;
};

// The GCC majors `distro`'s archive ships, or nullopt when the release has no row (nothing is known).
std::optional<DistroGcc> distro_gcc(std::string_view distro);

}  // namespace archfit::doctor
