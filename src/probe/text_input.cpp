#include "probe/text_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace archfit::probe {

Result<std::string> read_text_input(const std::string& path, std::size_t limit) {
  bool from_stdin = path == "-";
  int fd = from_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  std::string name = from_stdin ? std::string("stdin") : path;
  if (fd < 0) {
    return Error{fmt::format("{}: {}", name, std::strerror(errno))};
  }
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    if (!from_stdin) {
      ::close(fd);
    }
    return Error{fmt::format("{}: {}", name, std::strerror(EISDIR))};
  }
  std::string text;
  char buffer[65536];
  int error = 0;
  while (text.size() <= limit) {
    ssize_t n = ::read(fd, buffer, std::min(sizeof buffer, limit + 1 - text.size()));
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      error = errno;
      break;
    }
    if (n == 0) {
      break;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  if (!from_stdin) {
    ::close(fd);
  }
  if (error != 0) {
    return Error{fmt::format("{}: {}", name, std::strerror(error))};
  }
  if (text.size() > limit) {
    return Error{fmt::format("{}: larger than {} MiB, more than any output or table archfit reads; give the file itself",
                             name, limit >> 20)};
  }
  return text;
}

}  // namespace archfit::probe
