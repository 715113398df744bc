// Opening a path that names an input (a file to scan, a file in a sysroot, a file in a wheel's
// RECORD) without ever blocking. A FIFO opened O_RDONLY waits for a writer forever, and a device
// node may do anything when read; so inputs are opened O_RDONLY | O_NONBLOCK | O_CLOEXEC |
// O_NOCTTY, checked with fstat on the descriptor (not the name, which could change in between),
// and refused unless they are a regular file (or, where the caller allows it, a directory). A
// refusal is one message that says what the path is: "is a FIFO, not a regular file".
#pragma once

#include <sys/stat.h>

#include <string>

#include "util/result.hpp"

namespace archfit {

// An open descriptor, closed on destruction.
class InputFd {
 public:
  InputFd() = default;
  explicit InputFd(int fd) : m_fd(fd) {}
  InputFd(InputFd&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }
  InputFd& operator=(InputFd&& other) noexcept;
  InputFd(const InputFd&) = delete;
  InputFd& operator=(const InputFd&) = delete;
  ~InputFd();
  int get() const { return m_fd; }

 private:
  int m_fd = -1;
};

struct OpenedInput {
  InputFd fd;
  struct stat info {};
  bool is_directory() const { return S_ISDIR(info.st_mode); }
};

enum class AllowDirectory { no, yes };

// "regular file", "directory", "FIFO", "socket", "character device", "block device", "symbolic link".
std::string file_type_name(mode_t mode);

// Opens `path` for reading as described above. Errors name the problem, not the path (callers
// put the path in front): "cannot open: Permission denied", "is a FIFO, not a regular file".
Result<OpenedInput> open_input(const std::string& path, AllowDirectory directories = AllowDirectory::no);

}  // namespace archfit
