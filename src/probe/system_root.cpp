#include "probe/system_root.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>

namespace archfit::probe {

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
  std::string result = m_root;
  if (!path.starts_with('/')) {
    result += '/';
  }
  result += path;
  return result;
}

TextFile SystemRoot::read_text(std::string_view path, std::size_t limit) const {
  TextFile file;
  int fd = ::open(host_path(path).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    file.error = errno;
    return file;
  }
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
    file.text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return file;
}

std::vector<std::string> SystemRoot::list_dir(std::string_view path) const {
  std::vector<std::string> names;
  DIR* dir = ::opendir(host_path(path).c_str());
  if (dir == nullptr) {
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
  std::string host = host_path(path);
  struct stat info {};
  if (::stat(host.c_str(), &info) != 0) {
    return result;
  }
  result.exists = true;
  result.readable = ::access(host.c_str(), R_OK) == 0;
  result.writable = ::access(host.c_str(), W_OK) == 0;
  return result;
}

std::optional<std::string> SystemRoot::read_link(std::string_view path) const {
  char buffer[4096];
  ssize_t n = ::readlink(host_path(path).c_str(), buffer, sizeof buffer);
  if (n <= 0 || static_cast<std::size_t>(n) >= sizeof buffer) {
    return std::nullopt;
  }
  return std::string(buffer, static_cast<std::size_t>(n));
}

std::string_view trim(std::string_view text) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && is_space(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && is_space(text.back())) {
    text.remove_suffix(1);
  }
  return text;
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
