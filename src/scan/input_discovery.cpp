#include "scan/input_discovery.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <string_view>

#include <fmt/format.h>

namespace archfit::scan {

namespace {

constexpr std::string_view k_magics[] = {
    "\x7f" "ELF",                 // ELF
    "!<arch>\n",                  // ar archive
    "__CLANG_OFFLOAD_BUNDLE__",   // plain offload bundle
    "CCOB",                       // compressed offload bundle
    "\x50\xed\x55\xba",           // CUDA fatbin container (0xBA55ED50, little-endian)
    "PK\x03\x04",                 // zip archive (Python wheel)
    "MZ",                         // Windows PE image (scan/pe_scan.hpp), so a .hip_fat is never skipped
};

struct Walker {
  DiscoveredInputs& out;
  std::set<std::pair<dev_t, ino_t>> visited_directories;

  bool keep_by_magic(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
      return false;
    }
    std::uint8_t head[32] = {};
    ssize_t got = ::pread(fd, head, sizeof head, 0);
    ::close(fd);
    return got > 0 && has_scannable_magic(head, static_cast<std::size_t>(got));
  }

  void walk(const std::string& directory) {
    DIR* dir = ::opendir(directory.c_str());
    if (dir == nullptr) {
      out.errors.push_back(fmt::format("{}: cannot read directory: {}", directory, std::strerror(errno)));
      return;
    }
    std::vector<std::string> names;
    while (dirent* entry = ::readdir(dir)) {
      std::string_view name = entry->d_name;
      if (name != "." && name != "..") {
        names.emplace_back(name);
      }
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
      visit(directory + (directory.ends_with('/') ? "" : "/") + name, false);
    }
  }

  void visit(const std::string& path, bool named_explicitly) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
      if (named_explicitly) {
        out.files.push_back({path, 0});  // the scanner reports why it cannot be opened
      }
      return;  // a dangling symlink inside a tree is not an input
    }
    if (S_ISDIR(info.st_mode)) {
      if (visited_directories.insert({info.st_dev, info.st_ino}).second) {
        walk(path);
      }
      return;
    }
    if (named_explicitly || (S_ISREG(info.st_mode) && keep_by_magic(path))) {
      out.files.push_back({path, static_cast<std::uint64_t>(info.st_size)});
    }
  }
};

}  // namespace

bool has_scannable_magic(const std::uint8_t* head, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(head), size);
  return std::any_of(std::begin(k_magics), std::end(k_magics),
                     [&](std::string_view magic) { return bytes.starts_with(magic); });
}

DiscoveredInputs discover_inputs(const std::vector<std::string>& paths) {
  DiscoveredInputs inputs;
  Walker walker{inputs, {}};
  for (const auto& path : paths) {
    walker.visit(path, true);
  }
  return inputs;
}

}  // namespace archfit::scan
