// A read-only memory map of a whole file (PROT_READ, MAP_PRIVATE; opened O_RDONLY).
// Mapping instead of reading means a 1.3 GB library costs only the pages the parsers touch. The
// map is advised MADV_RANDOM: parsers jump from header to header, and the kernel's default
// read-ahead (often 8 MiB around each first touch) would read a third of such a file from disk.
// Code that does read a range front to back (inflating a zip member) says so with
// advise_sequential().
//
// A file that shrinks while it is mapped (another process truncates it) turns reads of the lost
// pages into SIGBUS, which would kill the whole scan. Every mapping is registered with a SIGBUS
// handler that, for a fault inside a registered mapping, maps a zero page over the lost page and
// marks the mapping: the reader goes on reading zeros, and the caller asks changed_while_read()
// afterwards and reports the file instead of its (meaningless) contents. A SIGBUS anywhere else
// keeps its default action.
#pragma once

#include <string>

#include "util/bytes.hpp"
#include "util/input_file.hpp"
#include "util/result.hpp"

namespace archfit {

class MappedFile {
 public:
  // Maps `path`. Fails with a message naming the path and the errno text; an empty file maps to
  // an empty span.
  static Result<MappedFile> open(const std::string& path);

  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  Bytes bytes() const { return {m_data, m_size}; }

  // True once a read of this mapping hit a page the file no longer has (it was truncated).
  bool changed_while_read() const;

  // Hints that `range` (inside some mapping) will be read sequentially; harmless elsewhere.
  static void advise_sequential(Bytes range);

  // Lets the pages wholly inside `range` (of a read-only mapping) go: they leave this process's
  // resident set and are read again from the page cache if touched. Keeps memory flat while a
  // large zip member is inflated.
  static void release(Bytes range);

  // Copies the `size` bytes at `at` (an address inside this mapping) into `out` with pread, without
  // touching the mapping. Used to search hundreds of MB of data sections a chunk at a time: the
  // mapping's pages would otherwise be faulted in, stay resident and be unmapped one by one. (For
  // small scattered reads the mapping is cheaper: bench/device/page_floor.c.) False when the range
  // is not inside the mapping or the read fails or comes up short (the file shrank): read the
  // mapping then.
  bool read_copy(const std::uint8_t* at, std::size_t size, std::uint8_t* out) const;

 private:
  MappedFile(const std::uint8_t* data, std::size_t size, int slot, InputFd fd)
      : m_data(data), m_size(size), m_slot(slot), m_fd(std::move(fd)) {}
  void unmap();
  const std::uint8_t* m_data = nullptr;
  std::size_t m_size = 0;
  int m_slot = -1;  // index in the SIGBUS guard's table, -1 when not guarded
  InputFd m_fd;     // kept open for read_copy
};

// Collects ranges to release and hands them to MappedFile::release in large batches: madvise
// costs a few microseconds a call, and libraries like libcublasLt have thousands of containers.
class PageReleaser {
 public:
  explicit PageReleaser(bool enabled) : m_enabled(enabled) {}
  PageReleaser(const PageReleaser&) = delete;
  PageReleaser& operator=(const PageReleaser&) = delete;
  ~PageReleaser() { flush(); }

  // Adds `range`; contiguous ranges are merged, and a batch is released once it reaches 32 MiB.
  void add(Bytes range);
  void flush();

 private:
  bool m_enabled;
  const std::uint8_t* m_start = nullptr;
  const std::uint8_t* m_end = nullptr;
};

}  // namespace archfit
