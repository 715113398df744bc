// Walking and removing files below a directory descriptor without ever following a symlink: every
// component is opened with openat(O_NOFOLLOW), every stat is fstatat(AT_SYMLINK_NOFOLLOW), every
// removal is unlinkat() on the parent's descriptor. A symlink is an entry like a file: removing it
// removes the link, never what it points to. A directory is opened, then checked to be the one that
// was stat'ed (same device and inode), so a directory swapped for a link between the two calls is
// left alone. Nothing crosses into another file system (a mount inside a build tree), and an entry
// that vanishes while the walk runs is counted, not an error.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "util/owned_fd.hpp"
#include "util/result.hpp"

namespace archfit::clean {

// The files git tracks, as paths below the tree (sorted).
class TrackedFiles {
 public:
  TrackedFiles() = default;
  explicit TrackedFiles(std::vector<std::string> paths);
  bool contains(std::string_view path) const;
  // Tracked files at `path` or below it.
  std::uint64_t count_at_or_below(std::string_view path) const;

 private:
  std::vector<std::string> m_paths;
};

// `relative` ("a/b/c") below `dirfd`, each component opened with O_NOFOLLOW, the last one as a
// directory. The error names the component that is missing, a symlink, or not a directory.
Result<OwnedFd> open_directory_below(int dirfd, std::string_view relative);

// "a/b" + "c" -> "a/b/c"; "" + "c" -> "c".
std::string child_path(std::string_view parent, std::string_view name);

// The names in a directory (not "." and ".."), in the order readdir gives them.
Result<std::vector<std::string>> list_directory(int dirfd);

struct Usage {
  std::uint64_t bytes = 0;
  std::uint64_t files = 0;
  std::vector<std::string> cmake_caches;  // "CMakeCache.txt" files met (paths below the tree)
  std::vector<std::string> skipped;       // "path: why" for what was not entered
};

// Adds the size of `name` in `parent_fd` (at `path` below the tree) and of everything below it.
void measure(int parent_fd, const std::string& name, const std::string& path, dev_t device, Usage& usage);

struct Removal {
  std::uint64_t files = 0;     // non-directories removed
  std::uint64_t bytes = 0;
  std::uint64_t vanished = 0;  // gone before it was removed
  std::uint64_t kept = 0;      // tracked files left in place
  std::vector<std::string> errors;
};

// Called with an entry's path below the tree just before it is removed (tests use it to race the
// removal: to make a file vanish, or swap a directory for a symlink).
using BeforeRemove = std::function<void(const std::string& path)>;

// Removes `name` in `parent_fd` and everything below it except tracked files (and the directories
// that hold them). A read-only directory owned by this user is made writable first, as `rm -rf`'s
// user would have to.
void remove(int parent_fd, const std::string& name, const std::string& path, dev_t device, const TrackedFiles& tracked,
            const BeforeRemove& before_remove, Removal& removal);

}  // namespace archfit::clean
