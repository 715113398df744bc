// Scanning many files on all cores. Each worker takes the next file, maps it read-only and scans
// it; results are put back in input order, so output does not depend on scheduling. A file that
// is not a regular file (a FIFO, a device) is refused with one error and never read; a file
// truncated during its scan is reported as such (MappedFile's SIGBUS guard), not read as zeros.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "scan/input_discovery.hpp"
#include "scan/scanner.hpp"

namespace archfit::scan {

// Progress as files complete; called from worker threads, so it must be thread-safe and cheap.
struct ScanProgress {
  std::function<void(std::size_t files_done, std::uint64_t bytes_done)> on_file_done;
};

// Scans `inputs` with `threads` workers (0 = one per core).
ScanReport scan_inputs(const std::vector<InputFile>& inputs, const ScanOptions& options, unsigned threads,
                       const ScanProgress& progress);

}  // namespace archfit::scan
