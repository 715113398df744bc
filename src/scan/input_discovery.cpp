#include "scan/input_discovery.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
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

// Pseudo-filesystems that a walk never enters unless the user names them: /proc alone holds every
// process's root (/proc/*/root), so walking it walks the whole machine again and again.
constexpr std::string_view k_pseudo_trees[] = {"/proc", "/sys", "/dev"};

std::string real_path(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (resolved == nullptr) {
    return {};
  }
  std::string result = resolved;
  std::free(resolved);
  return result;
}

bool inside(std::string_view path, std::string_view tree) {
  return path == tree || (path.starts_with(tree) && (tree.ends_with('/') || path[tree.size()] == '/'));
}

struct Walker {
  DiscoveredInputs& out;
  std::set<std::pair<dev_t, ino_t>> visited_directories;
  std::string root;  // real path of the directory named on the command line that is being walked

  // True when the file starts with a scannable magic; an unreadable file is reported, not skipped.
  bool keep_by_magic(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
      out.errors.push_back(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
      return false;
    }
    std::uint8_t head[32] = {};
    ssize_t got = ::pread(fd, head, sizeof head, 0);
    int saved = errno;
    ::close(fd);
    if (got < 0) {
      out.errors.push_back(fmt::format("{}: cannot read: {}", path, std::strerror(saved)));
      return false;
    }
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

  // Whether a directory met inside a walk is entered: never a pseudo-filesystem, and never one that
  // a symlink leads to outside the tree being walked.
  bool may_enter(const std::string& path) {
    std::string real = real_path(path);
    if (real.empty()) {
      return false;
    }
    for (auto tree : k_pseudo_trees) {
      if (inside(real, tree) && !inside(root, tree)) {
        return false;
      }
    }
    return inside(real, root);
  }

  void visit(const std::string& path, bool named_explicitly) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
      int error = errno;
      if (named_explicitly) {
        out.files.push_back({path, 0});  // the scanner reports why it cannot be opened
      } else if (error == ENAMETOOLONG) {
        out.errors.push_back(fmt::format("{}: path is longer than the system allows (PATH_MAX {}): not read",
                                         path.substr(0, 200) + "...", PATH_MAX));
      } else if (error != ENOENT && error != ELOOP) {
        out.errors.push_back(fmt::format("{}: cannot stat: {}", path, std::strerror(error)));
      }
      return;  // a dangling symlink (ENOENT) or a symlink loop (ELOOP) inside a tree is not an input
    }
    if (S_ISDIR(info.st_mode)) {
      if (named_explicitly) {
        root = real_path(path);
      } else if (!may_enter(path)) {
        return;
      }
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
  Walker walker{inputs, {}, {}};
  for (const auto& path : paths) {
    walker.visit(path, true);
  }
  return inputs;
}

}  // namespace archfit::scan
