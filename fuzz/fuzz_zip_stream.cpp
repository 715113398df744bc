// Fuzzes the zip reader and the streaming ELF scanner: the input is scanned as a zip whose every
// ELF member is streamed (zip_buffer_limit 0), and fed to ElfStreamScanner directly in chunks of a
// size taken from the first byte, so that structures straddle chunk boundaries in every way.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "scan/elf_stream_scan.hpp"
#include "scan/zip_scan.hpp"

namespace {

void stream(archfit::Bytes bytes, std::size_t chunk, bool deep) {
  archfit::scan::ScanOptions options;
  options.deep = deep;
  archfit::scan::ElfStreamScanner scanner(bytes.size(), options);
  for (std::size_t at = 0; at < bytes.size(); at += chunk) {
    scanner.feed(bytes.subspan(at, std::min(chunk, bytes.size() - at)));
  }
  if (scanner.wants_second_pass()) {
    for (std::size_t at = 0; at < bytes.size(); at += chunk) {
      if (!scanner.feed_second(bytes.subspan(at, std::min(chunk, bytes.size() - at)))) {
        break;
      }
    }
  }
  archfit::scan::FileReport report;
  scanner.finish(report);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) {
    return 0;
  }
  std::size_t chunk = 1 + (static_cast<std::size_t>(data[0]) * 37) % 4099;
  archfit::Bytes bytes(data + 1, size - 1);
  stream(bytes, chunk, false);
  stream(bytes, chunk, true);
  archfit::scan::ScanOptions options;
  options.zip_buffer_limit = 0;
  options.jobs = 1;
  std::vector<archfit::scan::FileReport> out;
  archfit::scan::scan_zip("fuzz-input", bytes, options, out);
  return 0;
}
