// SystemRoot: every file `detect`, `doctor` and friends read about the machine goes through one
// of these, so that `--sysroot DIR` (and the tests) can point the whole probe at a captured tree
// that mirrors `/`. Paths given to it are absolute paths *on the probed system* ("/proc/cpuinfo");
// it maps them below its root, following links only inside it (system_root.cpp: RESOLVE_IN_ROOT).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/text_lines.hpp"

namespace archfit::probe {

// The outcome of reading a small text file: its bytes, or the errno that stopped the read
// (ENOENT: absent; EACCES/EPERM: present but hidden from us, e.g. by a container's device cgroup).
struct TextFile {
  std::string text;
  int error = 0;
  bool ok() const { return error == 0; }
};

struct PathAccess {
  bool exists = false;
  bool readable = false;
  bool writable = false;
};

class SystemRoot {
 public:
  explicit SystemRoot(std::string root = "/");
  virtual ~SystemRoot() = default;

  // True when this is the running system itself ("/"): only then may probes ask the kernel
  // directly (sched_getaffinity) or load vendor libraries (NVML).
  bool is_live() const { return m_live; }
  const std::string& root() const { return m_root; }

  // The path on this machine for `path`: links resolved inside the root; "" past a link loop.
  std::string host_path(std::string_view path) const;

  // Reads at most `limit` bytes (sysfs attributes are one page; /proc/cpuinfo can be ~1 MiB on
  // 256-thread hosts), and stops after the read that brings in `stop_after` when it is not empty
  // (the kernel formats /proc files as they are read, so what is not read costs nothing).
  // Read-only, O_NONBLOCK; anything but a regular file is EINVAL.
  virtual TextFile read_text(std::string_view path, std::size_t limit = std::size_t{4} << 20,
                             std::string_view stop_after = {}) const;
  // Names in a directory, sorted; empty when it is absent or unreadable.
  virtual std::vector<std::string> list_dir(std::string_view path) const;
  virtual PathAccess access(std::string_view path) const;
  // The target of a symlink, as stored (relative or absolute), or nullopt.
  virtual std::optional<std::string> read_link(std::string_view path) const;

  bool exists(std::string_view path) const { return access(path).exists; }

 private:
  std::string m_root;
  bool m_live = true;
};

// "0x1002\n" → 0x1002; decimal otherwise. nullopt for anything that is not one number.
std::optional<std::uint64_t> parse_sysfs_number(std::string_view text);

// trim is util's (util/text_lines.hpp); this name stays for code written before it moved.
using archfit::trim;

}  // namespace archfit::probe
