// A captured tree is untrusted input: below a root other than "/", every path is resolved one
// component at a time (openat with O_NOFOLLOW), and a symlink is followed *inside* the root, as
// openat2(RESOLVE_IN_ROOT) does: an absolute target starts again at the root, and ".." stops at the
// root. So no link, however written, reaches a file outside the tree; more than 40 links in one
// path is ELOOP. Only regular files are read, opened with O_NONBLOCK, so a FIFO or a device in the
// tree is refused at once (EINVAL) instead of blocking or touching hardware. The walk is done in
// userspace rather than with openat2 itself so that one code path runs everywhere (openat2 needs
// Linux 5.6 and is often blocked by container seccomp profiles).
#include "probe/system_root.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <deque>
#include <utility>

#include "util/owned_fd.hpp"
#include "util/text_lines.hpp"

namespace archfit::probe {

namespace {

constexpr int k_max_links = 40;  // Linux's MAXSYMLINKS

using Fd = OwnedFd;

void push_components(std::string_view path, std::deque<std::string>& todo) {
  auto parts = path_components(path);
  todo.insert(todo.begin(), parts.begin(), parts.end());
}

// A path resolved inside a root: O_PATH descriptors of every directory walked (front: the root;
// back: the final object), the canonical path inside the root ("/sys/devices/..."), and the errno
// that stopped the walk (then `path` is the canonical prefix plus the rest as written).
struct InRootWalk {
  std::vector<Fd> chain;
  std::string name;  // the final component; "." when the path is the root itself
  std::string path;
  int error = 0;

  int object() const { return chain.back().get(); }
  int parent() const { return chain.size() >= 2 ? chain[chain.size() - 2].get() : chain.back().get(); }
};

// Walks `path` below `root` the way openat2(RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS) would: each
// component is opened with O_NOFOLLOW; a symlink's target is spliced in (an absolute one restarts
// at the root), ".." never climbs above the root. The final symlink is followed when follow_last.
InRootWalk walk_in_root(const std::string& root, std::string_view path, bool follow_last) {
  InRootWalk walk;
  Fd root_fd(::open(root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
  if (!root_fd.valid()) {
    walk.error = errno;
    walk.path = std::string(path);
    return walk;
  }
  walk.chain.push_back(std::move(root_fd));
  std::vector<std::string> names;  // names[i] is chain[i + 1]
  std::deque<std::string> todo;
  push_components(path, todo);
  int links = 0;
  auto pop_to_root = [&] {
    walk.chain.resize(1);
    names.clear();
  };
  while (!todo.empty()) {
    std::string part = std::move(todo.front());
    todo.pop_front();
    if (part == ".") {
      continue;
    }
    if (part == "..") {
      if (!names.empty()) {
        walk.chain.pop_back();
        names.pop_back();
      }
      continue;
    }
    Fd next(::openat(walk.chain.back().get(), part.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC));
    if (!next.valid()) {
      walk.error = errno;
      todo.push_front(std::move(part));
      break;
    }
    struct stat info {};
    if (::fstat(next.get(), &info) != 0) {
      walk.error = errno;
      todo.push_front(std::move(part));
      break;
    }
    if (S_ISLNK(info.st_mode) && (!todo.empty() || follow_last)) {
      if (++links > k_max_links) {
        walk.error = ELOOP;
        todo.push_front(std::move(part));
        break;
      }
      char target[PATH_MAX];
      ssize_t n = ::readlinkat(next.get(), "", target, sizeof target);
      if (n <= 0 || static_cast<std::size_t>(n) >= sizeof target) {
        walk.error = n < 0 ? errno : ENAMETOOLONG;
        todo.push_front(std::move(part));
        break;
      }
      std::string_view link(target, static_cast<std::size_t>(n));
      if (link.front() == '/') {
        pop_to_root();
      }
      push_components(link, todo);
      continue;
    }
    walk.chain.push_back(std::move(next));
    names.push_back(std::move(part));
  }
  for (const auto& name : names) {
    walk.path += '/';
    walk.path += name;
  }
  for (const auto& rest : todo) {  // only after an error
    walk.path += '/';
    walk.path += rest;
  }
  if (walk.path.empty()) {
    walk.path = "/";
  }
  walk.name = names.empty() ? std::string(".") : names.back();
  return walk;
}

// Reads a regular file from an open descriptor, at most `limit` bytes.
void read_all(int fd, std::size_t limit, std::string_view stop_after, TextFile& file) {
  char buffer[8192];
  while (file.text.size() < limit) {
    ssize_t n = ::read(fd, buffer, std::min(sizeof buffer, limit - file.text.size()));
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      file.error = errno;  // sysfs reports EPERM/EIO from read(), not from open()
      break;
    }
    if (n == 0) {
      break;
    }
    std::size_t searched = file.text.size() < stop_after.size() ? 0 : file.text.size() - stop_after.size() + 1;
    file.text.append(buffer, static_cast<std::size_t>(n));
    if (!stop_after.empty() && file.text.find(stop_after, searched) != std::string::npos) {
      break;
    }
  }
}

// Opened for reading only when it is a regular file: a FIFO would block, a device would be touched.
Fd open_regular(int dir, const char* name, bool nofollow, int& error) {
  Fd fd(::openat(dir, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (nofollow ? O_NOFOLLOW : 0)));
  if (!fd.valid()) {
    error = errno;
    return fd;
  }
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    error = errno;
    return Fd();
  }
  if (S_ISDIR(info.st_mode)) {
    error = EISDIR;
    return Fd();
  }
  if (!S_ISREG(info.st_mode)) {
    error = EINVAL;
    return Fd();
  }
  return fd;
}

bool is_regular_or_absent(const char* path, int dir = AT_FDCWD, int flags = 0) {
  struct stat info {};
  return ::fstatat(dir, path, &info, flags) != 0 || S_ISREG(info.st_mode) || S_ISDIR(info.st_mode);
}

}  // namespace

SystemRoot::SystemRoot(std::string root) {
  std::string_view view = root;
  while (view.size() > 1 && view.back() == '/') {
    view.remove_suffix(1);
  }
  m_root = view.empty() ? std::string(1, '/') : std::string(view);
  m_live = m_root == "/";
}

std::string SystemRoot::host_path(std::string_view path) const {
  if (m_live) {
    return std::string(path);
  }
  InRootWalk walk = walk_in_root(m_root, path, true);
  // Where the walk stopped because a component is absent, not a directory or not searchable, the
  // kernel stops at the same component. Past a link it gave up on (ELOOP), the kernel would follow
  // that link itself, possibly out of the tree: such a path has no name here.
  if (walk.error != 0 && walk.error != ENOENT && walk.error != ENOTDIR && walk.error != EACCES) {
    return {};
  }
  return walk.path == "/" ? m_root : m_root + walk.path;
}

TextFile SystemRoot::read_text(std::string_view path, std::size_t limit, std::string_view stop_after) const {
  TextFile file;
  Fd fd;
  if (m_live) {
    std::string name(path);
    // Refused before opening: opening a device can act on it, a FIFO without a writer blocks.
    if (!is_regular_or_absent(name.c_str())) {
      file.error = EINVAL;
      return file;
    }
    fd = open_regular(AT_FDCWD, name.c_str(), false, file.error);
  } else {
    InRootWalk walk = walk_in_root(m_root, path, true);
    if (walk.error != 0) {
      file.error = walk.error;
      return file;
    }
    if (!is_regular_or_absent("", walk.object(), AT_EMPTY_PATH)) {
      file.error = EINVAL;
      return file;
    }
    fd = open_regular(walk.parent(), walk.name.c_str(), true, file.error);
  }
  if (fd.valid()) {
    read_all(fd.get(), limit, stop_after, file);
  }
  return file;
}

std::vector<std::string> SystemRoot::list_dir(std::string_view path) const {
  std::vector<std::string> names;
  int fd = -1;
  if (m_live) {
    fd = ::open(std::string(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  } else {
    InRootWalk walk = walk_in_root(m_root, path, true);
    if (walk.error == 0) {
      fd = ::openat(walk.object(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    }
  }
  if (fd < 0) {
    return names;
  }
  DIR* dir = ::fdopendir(fd);
  if (dir == nullptr) {
    ::close(fd);
    return names;
  }
  while (const dirent* entry = ::readdir(dir)) {
    std::string_view name = entry->d_name;
    if (name != "." && name != "..") {
      names.emplace_back(name);
    }
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

PathAccess SystemRoot::access(std::string_view path) const {
  PathAccess result;
  std::string host;
  if (m_live) {
    host = std::string(path);
    struct stat info {};
    if (::stat(host.c_str(), &info) != 0) {
      return result;
    }
  } else {
    InRootWalk walk = walk_in_root(m_root, path, true);
    if (walk.error != 0) {
      return result;
    }
    host = walk.path == "/" ? m_root : m_root + walk.path;  // symlinks resolved: none left to follow
  }
  result.exists = true;
  result.readable = ::access(host.c_str(), R_OK) == 0;
  result.writable = ::access(host.c_str(), W_OK) == 0;
  return result;
}

std::optional<std::string> SystemRoot::read_link(std::string_view path) const {
  char buffer[4096];
  ssize_t n = -1;
  if (m_live) {
    n = ::readlink(std::string(path).c_str(), buffer, sizeof buffer);
  } else {
    InRootWalk walk = walk_in_root(m_root, path, false);
    if (walk.error != 0) {
      return std::nullopt;
    }
    n = ::readlinkat(walk.object(), "", buffer, sizeof buffer);
  }
  if (n <= 0 || static_cast<std::size_t>(n) >= sizeof buffer) {
    return std::nullopt;
  }
  return std::string(buffer, static_cast<std::size_t>(n));
}

std::optional<std::uint64_t> parse_sysfs_number(std::string_view text) {
  text = trim(text);
  int base = 10;
  if (text.starts_with("0x") || text.starts_with("0X")) {
    text.remove_prefix(2);
    base = 16;
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

}  // namespace archfit::probe
