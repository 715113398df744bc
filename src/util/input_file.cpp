#include "util/input_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace archfit {

InputFd& InputFd::operator=(InputFd&& other) noexcept {
  if (this != &other) {
    if (m_fd >= 0) {
      ::close(m_fd);
    }
    m_fd = other.m_fd;
    other.m_fd = -1;
  }
  return *this;
}

InputFd::~InputFd() {
  if (m_fd >= 0) {
    ::close(m_fd);
  }
}

std::string file_type_name(mode_t mode) {
  if (S_ISREG(mode)) {
    return "regular file";
  }
  if (S_ISDIR(mode)) {
    return "directory";
  }
  if (S_ISFIFO(mode)) {
    return "FIFO";
  }
  if (S_ISSOCK(mode)) {
    return "socket";
  }
  if (S_ISCHR(mode)) {
    return "character device";
  }
  if (S_ISBLK(mode)) {
    return "block device";
  }
  if (S_ISLNK(mode)) {
    return "symbolic link";
  }
  return "special file";
}

Result<OpenedInput> open_input(const std::string& path, AllowDirectory directories) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    return Error{fmt::format("cannot open: {}", std::strerror(errno))};
  }
  OpenedInput opened;
  opened.fd = InputFd(fd);
  if (::fstat(fd, &opened.info) != 0) {
    return Error{fmt::format("cannot stat: {}", std::strerror(errno))};
  }
  bool directory_ok = directories == AllowDirectory::yes && S_ISDIR(opened.info.st_mode);
  if (!S_ISREG(opened.info.st_mode) && !directory_ok) {
    return Error{fmt::format("is a {}, not a regular file{}: not read", file_type_name(opened.info.st_mode),
                             directories == AllowDirectory::yes ? " or directory" : "")};
  }
  // O_NONBLOCK has no meaning for regular files and directories; clear it so that readers of the
  // descriptor see ordinary blocking reads.
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) {
    ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  }
  return opened;
}

}  // namespace archfit
