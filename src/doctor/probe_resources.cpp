// Free space where the build and the pip cache go (paths on this machine, also with --sysroot: a captured
// tree has no file systems to measure) (statvfs(3): f_bavail * f_frsize, the space an
// unprivileged user may fill). Memory, CPUs and cgroup limits come from detect (HostResources).
#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "doctor/probes.hpp"

namespace archfit::doctor {

void probe_disks(const ProbeContext& /*context*/, const std::vector<std::pair<std::string, std::string>>& places,
                 ResourceFacts& facts) {
  for (const auto& [what, path] : places) {
    DiskSpace disk;
    disk.what = what;
    disk.path = path;
    // The directory may not exist yet (a pip cache before the first install): measure its nearest parent.
    std::string measured = normalize_path(path);
    std::error_code error;
    while (!std::filesystem::exists(measured, error) && measured != "/" && measured != ".") {
      measured = parent_dir(measured);
    }
    disk.measured = measured;
    struct statvfs stats {};
    if (::statvfs(measured.c_str(), &stats) == 0) {
      disk.free_bytes = static_cast<std::uint64_t>(stats.f_bavail) * static_cast<std::uint64_t>(stats.f_frsize);
    } else {
      disk.error = std::strerror(errno);
    }
    facts.disks.push_back(std::move(disk));
  }
}

}  // namespace archfit::doctor
