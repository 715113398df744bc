// Scanning a large ELF file that can only be read forward, as it is inflated out of a zip member,
// in bounded memory. The section table sits at the end of an ELF file, so sections are not known
// while the bytes pass. Instead:
//
// pass 1  reads the ELF and program headers (at the start), probes every 4096-aligned offset for
//         an offload bundle and every 8-aligned offset for a CUDA fatbin container, and captures
//         just their headers and entry tables (a CCOB is captured whole, it is small); it also
//         captures the section header table (at e_shoff, from the ELF header) and keeps the last
//         1 MiB of the stream, where linkers put the section-name table.
// pass 2  (only when needed) re-reads the stream up to the last of the small sections that host
//         needs come from (.dynamic, .dynstr, .gnu.version_r, notes), located by the table.
// finish  keeps the bundles and containers that lie inside .hip_fatbin / .nv_fatbin /
//         __nv_relfatbin, exactly as a scan of the whole file would, and reads the host needs.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "scan/scan_report.hpp"
#include "scan/scanner.hpp"
#include "util/bytes.hpp"

namespace archfit::scan {

class ElfStreamScanner {
 public:
  ElfStreamScanner(std::uint64_t file_size, const ScanOptions& options);
  ~ElfStreamScanner();
  ElfStreamScanner(const ElfStreamScanner&) = delete;
  ElfStreamScanner& operator=(const ElfStreamScanner&) = delete;

  // Pass 1: the next chunk of the file.
  void feed(Bytes chunk);

  // After pass 1: whether pass 2 is needed. If so, call `feed_second` with the stream from its start
  // until it returns false.
  bool wants_second_pass();
  bool feed_second(Bytes chunk);

  // Builds the report (format, bundles, GPU code, needs, errors).
  void finish(FileReport& report);

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

}  // namespace archfit::scan
