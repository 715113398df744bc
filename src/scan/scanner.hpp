// The scan engine: identifies an input by its magic bytes and collects the GPU code and host
// needs in it. Inputs: ELF executables, shared objects and relocatable objects; static archives
// (members scanned in place); bare AMDGPU code objects; bare offload bundles.
#pragma once

#include <string>
#include <vector>

#include "scan/scan_report.hpp"
#include "util/bytes.hpp"

namespace archfit::scan {

struct ScanOptions {
  // Decode each code object's own ELF header (decompressing CCOBs fully) and cross-check it
  // against its bundle entry ID.
  bool deep = false;
};

// Scans bytes already in memory. Appends one FileReport per file (archives add one per member
// and one for the archive itself when it has errors or no members).
void scan_bytes(const std::string& path, const std::optional<std::string>& member, Bytes data,
                const ScanOptions& options, std::vector<FileReport>& out);

// Opens (read-only, memory-mapped) and scans each path in order. A file that cannot be opened
// gets a report with the error; the others are still scanned.
ScanReport scan_paths(const std::vector<std::string>& paths, const ScanOptions& options);

}  // namespace archfit::scan
