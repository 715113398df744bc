#include "explain/log_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "explain/line_splitter.hpp"
#include "util/text_encoding.hpp"

namespace archfit::explain {

Status scan_fd(int fd, const std::string& name, LogScanner& scanner) {
  std::vector<char> buffer(std::size_t{64} << 10);
  LineSplitter splitter;
  util::TextDecoder decoder;  // a Windows tool's UTF-16 log reads as UTF-8
  auto on_line = [&](std::string_view line) { scanner.add_line(line); };
  while (true) {
    ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0) {
      if (errno == EINTR) {
        continue;
      }
      return Error{fmt::format("{}: read failed: {}", name, std::strerror(errno))};
    }
    if (got == 0) {
      break;
    }
    splitter.feed(decoder.feed(std::string_view(buffer.data(), static_cast<std::size_t>(got))), on_line);
  }
  splitter.feed(decoder.finish(), on_line);
  splitter.finish(on_line);
  return Ok{};
}

Status scan_file(const std::string& path, LogScanner& scanner) {
  if (path == "-") {
    return scan_fd(STDIN_FILENO, "stdin", scanner);
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return Error{fmt::format("cannot open {}: {}", path, std::strerror(errno))};
  }
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  Status status = scan_fd(fd, path, scanner);
  ::close(fd);
  return status;
}

}  // namespace archfit::explain
