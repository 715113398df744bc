// fd-relative tree walking and removal (clean/safe_tree.hpp).
#include "clean/safe_tree.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <utility>

namespace archfit::clean {

namespace {

constexpr int k_max_depth = 256;  // deeper trees are left alone (and said so), not walked

std::string errno_text(int error) { return std::strerror(error); }

// O_RDONLY directory descriptor of `name` in `parent_fd`, never through a symlink.
int open_directory(int parent_fd, const std::string& name) {
  return ::openat(parent_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

// Makes a directory this user owns readable, writable and searchable by the user, through its
// parent without following a link (fchmodat AT_SYMLINK_NOFOLLOW refuses a symlink).
bool make_user_accessible(int parent_fd, const std::string& name, const struct stat& info) {
  if (info.st_uid != ::geteuid()) {
    return false;
  }
  return ::fchmodat(parent_fd, name.c_str(), (info.st_mode & 07777) | S_IRWXU, AT_SYMLINK_NOFOLLOW) == 0;
}

std::uint64_t allocated(const struct stat& info) { return static_cast<std::uint64_t>(info.st_blocks) * 512; }

void measure_at(int parent_fd, const std::string& name, const std::string& path, dev_t device, int depth,
                std::set<std::pair<dev_t, ino_t>>& seen, Usage& usage) {
  struct stat info {};
  if (::fstatat(parent_fd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) {
    return;  // vanished while walking
  }
  if (!S_ISDIR(info.st_mode)) {
    ++usage.files;
    if (info.st_nlink <= 1 || seen.insert({info.st_dev, info.st_ino}).second) {
      usage.bytes += allocated(info);
    }
    if (name == "CMakeCache.txt" && S_ISREG(info.st_mode) && usage.cmake_caches.size() < 64) {
      usage.cmake_caches.push_back(path);
    }
    return;
  }
  if (info.st_dev != device) {
    usage.skipped.push_back(path + ": another file system is mounted here");
    return;
  }
  if (depth > k_max_depth) {
    usage.skipped.push_back(path + ": deeper than 256 directories");
    return;
  }
  usage.bytes += allocated(info);
  OwnedFd dir(open_directory(parent_fd, name));
  if (!dir.valid()) {
    if (errno != ENOENT) {
      usage.skipped.push_back(path + ": " + errno_text(errno));
    }
    return;
  }
  auto names = list_directory(dir.get());
  if (!names) {
    usage.skipped.push_back(path + ": " + names.error().message);
    return;
  }
  for (const auto& child : *names) {
    measure_at(dir.get(), child, child_path(path, child), device, depth + 1, seen, usage);
  }
}

void remove_at(int parent_fd, const std::string& name, const std::string& path, dev_t device, int depth,
               const TrackedFiles& tracked, const BeforeRemove& before_remove, Removal& removal) {
  struct stat info {};
  if (::fstatat(parent_fd, name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) {
      ++removal.vanished;
    } else {
      removal.errors.push_back(path + ": " + errno_text(errno));
    }
    return;
  }
  if (!S_ISDIR(info.st_mode)) {
    if (tracked.contains(path)) {
      ++removal.kept;
      return;
    }
    if (before_remove) {
      before_remove(path);
    }
    int result = ::unlinkat(parent_fd, name.c_str(), 0);
    if (result != 0 && (errno == EACCES || errno == EPERM) && depth > 0) {
      // The directory (inside the item, never the tree's own directories) is read-only: make it
      // writable when it is this user's, then try once more.
      struct stat parent {};
      if (::fstat(parent_fd, &parent) == 0 && parent.st_uid == ::geteuid() &&
          ::fchmod(parent_fd, (parent.st_mode & 07777) | S_IRWXU) == 0) {
        result = ::unlinkat(parent_fd, name.c_str(), 0);
      } else {
        errno = EACCES;
      }
    }
    if (result == 0) {
      ++removal.files;
      removal.bytes += allocated(info);
    } else if (errno == ENOENT) {
      ++removal.vanished;
    } else {
      removal.errors.push_back(path + ": " + errno_text(errno));
    }
    return;
  }
  if (info.st_dev != device) {
    removal.errors.push_back(path + ": another file system is mounted here; left alone");
    return;
  }
  if (depth > k_max_depth) {
    removal.errors.push_back(path + ": deeper than 256 directories; left alone");
    return;
  }
  OwnedFd dir(open_directory(parent_fd, name));
  if (!dir.valid() && errno == EACCES && make_user_accessible(parent_fd, name, info)) {
    dir = OwnedFd(open_directory(parent_fd, name));
  }
  if (!dir.valid()) {
    if (errno == ENOENT) {
      ++removal.vanished;
    } else if (errno == ELOOP || errno == ENOTDIR) {
      removal.errors.push_back(path + ": replaced by a symlink or a file while cleaning; left alone");
    } else {
      removal.errors.push_back(path + ": " + errno_text(errno));
    }
    return;
  }
  struct stat opened {};
  if (::fstat(dir.get(), &opened) != 0 || opened.st_dev != info.st_dev || opened.st_ino != info.st_ino) {
    removal.errors.push_back(path + ": replaced while cleaning; left alone");
    return;
  }
  if ((opened.st_mode & S_IRWXU) != S_IRWXU && opened.st_uid == ::geteuid()) {
    ::fchmod(dir.get(), (opened.st_mode & 07777) | S_IRWXU);
  }
  auto names = list_directory(dir.get());
  if (!names) {
    removal.errors.push_back(path + ": " + names.error().message);
    return;
  }
  std::uint64_t kept_before = removal.kept;
  std::size_t errors_before = removal.errors.size();
  for (const auto& child : *names) {
    remove_at(dir.get(), child, child_path(path, child), device, depth + 1, tracked, before_remove, removal);
  }
  if (removal.kept != kept_before || removal.errors.size() != errors_before) {
    return;  // it still holds tracked files, or something that could not be removed
  }
  if (before_remove) {
    before_remove(path);
  }
  if (::unlinkat(parent_fd, name.c_str(), AT_REMOVEDIR) == 0) {
    removal.bytes += allocated(info);
  } else if (errno == ENOENT) {
    ++removal.vanished;
  } else if (errno == ENOTEMPTY || errno == EEXIST) {
    removal.errors.push_back(path + ": new files appeared while cleaning; left in place");
  } else {
    removal.errors.push_back(path + ": " + errno_text(errno));
  }
}

}  // namespace

TrackedFiles::TrackedFiles(std::vector<std::string> paths) : m_paths(std::move(paths)) {
  std::sort(m_paths.begin(), m_paths.end());
  m_paths.erase(std::unique(m_paths.begin(), m_paths.end()), m_paths.end());
}

bool TrackedFiles::contains(std::string_view path) const {
  return std::binary_search(m_paths.begin(), m_paths.end(), path, std::less<>());
}

std::uint64_t TrackedFiles::count_at_or_below(std::string_view path) const {
  std::uint64_t count = contains(path) ? 1 : 0;
  std::string prefix = std::string(path) + "/";
  for (auto it = std::lower_bound(m_paths.begin(), m_paths.end(), prefix); it != m_paths.end() && it->starts_with(prefix);
       ++it) {
    ++count;
  }
  return count;
}

std::string child_path(std::string_view parent, std::string_view name) {
  return parent.empty() ? std::string(name) : std::string(parent) + "/" + std::string(name);
}

Result<OwnedFd> open_directory_below(int dirfd, std::string_view relative) {
  OwnedFd current(::openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!current.valid()) {
    return Error{std::string(".: ") + errno_text(errno)};
  }
  std::string walked;
  std::size_t start = 0;
  while (start <= relative.size()) {
    std::size_t end = std::min(relative.find('/', start), relative.size());
    std::string part(relative.substr(start, end - start));
    start = end + 1;
    if (part.empty() || part == ".") {
      continue;
    }
    walked = child_path(walked, part);
    if (part == "..") {
      return Error{walked + ": '..' is not followed"};
    }
    OwnedFd next(open_directory(current.get(), part));
    if (!next.valid()) {
      int error = errno;
      struct stat info {};
      if (error == ELOOP || (error == ENOTDIR && ::fstatat(current.get(), part.c_str(), &info, AT_SYMLINK_NOFOLLOW) == 0 &&
                             S_ISLNK(info.st_mode))) {
        return Error{walked + ": a symlink (not followed)"};
      }
      return Error{walked + ": " + errno_text(error)};
    }
    current = std::move(next);
  }
  return current;
}

Result<std::vector<std::string>> list_directory(int dirfd) {
  int copy = ::openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (copy < 0) {
    return Error{errno_text(errno)};
  }
  DIR* stream = ::fdopendir(copy);
  if (stream == nullptr) {
    int error = errno;
    ::close(copy);
    return Error{errno_text(error)};
  }
  std::vector<std::string> names;
  errno = 0;
  while (const dirent* entry = ::readdir(stream)) {
    std::string_view name(entry->d_name);
    if (name != "." && name != "..") {
      names.emplace_back(name);
    }
  }
  int error = errno;
  ::closedir(stream);
  if (error != 0) {
    return Error{"reading the directory: " + errno_text(error)};
  }
  return names;
}

void measure(int parent_fd, const std::string& name, const std::string& path, dev_t device, Usage& usage) {
  std::set<std::pair<dev_t, ino_t>> seen;
  measure_at(parent_fd, name, path, device, 0, seen, usage);
}

void remove(int parent_fd, const std::string& name, const std::string& path, dev_t device, const TrackedFiles& tracked,
            const BeforeRemove& before_remove, Removal& removal) {
  remove_at(parent_fd, name, path, device, 0, tracked, before_remove, removal);
}

}  // namespace archfit::clean
