// The operating system and the C/C++ runtime a program started here would get:
//   /etc/os-release (else /usr/lib/os-release): KEY=value lines, values optionally quoted
//     (os-release(5)); ID, VERSION_ID, ID_LIKE and PRETTY_NAME matter for package names
//   /proc/sys/kernel/osrelease: the running kernel
//   libc.so.6 and libstdc++.so.6 as the loader resolves them (probe/library_resolver.hpp), with
//     the highest GLIBC / GLIBCXX / CXXABI version each defines (.gnu.version_d): a binary needing
//     GLIBCXX_3.4.30 fails to load against a libstdc++ whose highest is GLIBCXX_3.4.29.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::detect {

struct OsRelease {
  std::string id;           // "ubuntu"
  std::string id_like;      // "debian"
  std::string version_id;   // "24.04"
  std::string pretty_name;  // "Ubuntu 24.04.3 LTS"
};

OsRelease parse_os_release(std::string_view text);

struct RuntimeLibrary {
  std::string path;  // empty when not found
  std::string via;   // how the loader finds it
  std::map<std::string, std::string> highest;  // "GLIBCXX" → "GLIBCXX_3.4.30"
  std::string error; // why it could not be read
};

struct HostSystem {
  OsRelease os;
  std::string kernel;
  RuntimeLibrary libc;
  RuntimeLibrary libstdcxx;
  // An active conda environment's own libstdc++ ($CONDA_PREFIX/lib): Python from that env loads
  // it before the system's (its RPATH), so it is what torch extensions get.
  RuntimeLibrary conda_libstdcxx;
  std::string conda_prefix;

  // "2.36" from GLIBC_2.36.
  std::string glibc_version() const;
};

HostSystem read_host_system(const probe::SystemRoot& root, const probe::Environment& environment);

// Highest versions defined by the ELF file at `path` on the probed system.
RuntimeLibrary read_runtime_library(const probe::SystemRoot& root, const std::string& path, std::string via);

}  // namespace archfit::detect
