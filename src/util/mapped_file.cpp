#include "util/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace archfit {

Result<MappedFile> MappedFile::open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return Error{fmt::format("cannot open: {}", std::strerror(errno))};
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    int saved = errno;
    ::close(fd);
    return Error{fmt::format("cannot stat: {}", std::strerror(saved))};
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    return Error{"not a regular file"};
  }
  auto size = static_cast<std::size_t>(info.st_size);
  if (size == 0) {
    ::close(fd);
    return MappedFile(nullptr, 0);
  }
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  int saved = errno;
  ::close(fd);
  if (data == MAP_FAILED) {
    return Error{fmt::format("cannot map: {}", std::strerror(saved))};
  }
  ::madvise(data, size, MADV_RANDOM);
  return MappedFile(static_cast<const std::uint8_t*>(data), size);
}

void MappedFile::advise_sequential(Bytes range) {
  if (range.empty()) {
    return;
  }
  auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  auto start = reinterpret_cast<std::uintptr_t>(range.data()) & ~(page - 1);
  auto end = reinterpret_cast<std::uintptr_t>(range.data()) + range.size();
  ::madvise(reinterpret_cast<void*>(start), end - start, MADV_SEQUENTIAL);
}

MappedFile::MappedFile(MappedFile&& other) noexcept : m_data(other.m_data), m_size(other.m_size) {
  other.m_data = nullptr;
  other.m_size = 0;
}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    if (m_data != nullptr) {
      ::munmap(const_cast<std::uint8_t*>(m_data), m_size);
    }
    m_data = other.m_data;
    m_size = other.m_size;
    other.m_data = nullptr;
    other.m_size = 0;
  }
  return *this;
}

MappedFile::~MappedFile() {
  if (m_data != nullptr) {
    ::munmap(const_cast<std::uint8_t*>(m_data), m_size);
  }
}

void MappedFile::release(Bytes range) {
  auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  auto start = (reinterpret_cast<std::uintptr_t>(range.data()) + page - 1) & ~(page - 1);
  auto end = (reinterpret_cast<std::uintptr_t>(range.data()) + range.size()) & ~(page - 1);
  if (end > start) {
    ::madvise(reinterpret_cast<void*>(start), end - start, MADV_DONTNEED);
  }
}

void PageReleaser::add(Bytes range) {
  if (!m_enabled || range.empty()) {
    return;
  }
  constexpr std::size_t k_batch = std::size_t{32} << 20;
  if (m_start != nullptr && range.data() >= m_start && range.data() <= m_end) {
    m_end = std::max(m_end, range.data() + range.size());
  } else {
    flush();
    m_start = range.data();
    m_end = range.data() + range.size();
  }
  if (static_cast<std::size_t>(m_end - m_start) >= k_batch) {
    flush();
  }
}

void PageReleaser::flush() {
  if (m_start != nullptr) {
    MappedFile::release(Bytes(m_start, static_cast<std::size_t>(m_end - m_start)));
    m_start = nullptr;
    m_end = nullptr;
  }
}

}  // namespace archfit
