// The scan engine: identifies an input by its magic bytes and collects the GPU code and host
// needs in it. Inputs: ELF executables, shared objects and relocatable objects; static archives
// (members scanned in place); bare AMDGPU code objects; bare offload bundles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scan/scan_report.hpp"
#include "util/bytes.hpp"

namespace archfit::scan {

struct ScanOptions {
  // Decode each code object's own ELF header (decompressing CCOBs fully) and cross-check it
  // against its bundle entry ID.
  bool deep = false;
  // Workers for members of a zip (0 = one per core, at most 8).
  unsigned jobs = 0;
  // Zip members up to this size are inflated into memory and scanned like files; larger ELF
  // members are scanned as a stream (elf_stream_scan.hpp), so memory stays bounded.
  std::uint64_t zip_buffer_limit = std::uint64_t{4} << 20;
  // The bytes being scanned are a read-only file mapping whose pages may be dropped once read
  // (MappedFile::release), which keeps the resident set small on libraries of hundreds of MB.
  // Never set for bytes in ordinary memory: dropping those would zero them.
  bool release_mapped_pages = false;
};

// Scans bytes already in memory. Appends one FileReport per file (archives add one per member
// and one for the archive itself when it has errors or no members).
void scan_bytes(const std::string& path, const std::optional<std::string>& member, Bytes data,
                const ScanOptions& options, std::vector<FileReport>& out);

}  // namespace archfit::scan
