// An owned file descriptor: closed when it goes out of scope; moves, never copies.
#pragma once

#include <unistd.h>

#include <utility>

namespace archfit {

class OwnedFd {
 public:
  OwnedFd() = default;
  explicit OwnedFd(int fd) : m_fd(fd) {}
  OwnedFd(OwnedFd&& other) noexcept : m_fd(std::exchange(other.m_fd, -1)) {}
  OwnedFd& operator=(OwnedFd&& other) noexcept {
    std::swap(m_fd, other.m_fd);
    return *this;
  }
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
  ~OwnedFd() {
    if (m_fd >= 0) {
      ::close(m_fd);
    }
  }
  int get() const { return m_fd; }
  bool valid() const { return m_fd >= 0; }

 private:
  int m_fd = -1;
};

}  // namespace archfit
