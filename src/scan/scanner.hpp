// The scan engine: identifies an input by its magic bytes and collects the GPU code and host
// needs in it. Inputs: ELF executables, shared objects and relocatable objects; static archives
// (members scanned in place); bare AMDGPU code objects; bare offload bundles.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scan/scan_report.hpp"
#include "util/bytes.hpp"
#include "util/decompression_budget.hpp"
#include "util/mapped_file.hpp"

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
  // What decompression the input being scanned may cost (util/decompression_budget.hpp). When
  // none is given, scan_bytes makes the default one for each top-level input; the members of a
  // zip or ar archive share their archive's.
  std::shared_ptr<DecompressionBudget> budget;
  // The file mapping the bytes come from, when they do (a top-level input): readers of scattered
  // headers may pread them from it (MappedFile::read_copy) instead of touching the mapping.
  const MappedFile* mapping = nullptr;
};

// At most this many errors (and as many warnings) are listed per file; the rest are counted in one
// last line, so that a file of 300,000 malformed containers cannot flood the report.
inline constexpr std::size_t k_max_errors_per_file = 100;

// Scans bytes already in memory (a whole input, or a zip member). Appends one FileReport per file
// (archives add one per member and one for the archive itself when it has errors or no members).
// Never throws: running out of memory becomes an error on the file. For a whole input (no
// `member`), each report's messages are capped (cap_messages).
void scan_bytes(const std::string& path, const std::optional<std::string>& member, Bytes data,
                const ScanOptions& options, std::vector<FileReport>& out);

// The report for a file (or member) whose scan ran out of memory.
FileReport out_of_memory_report(const std::string& path, const std::optional<std::string>& member);

// Keeps the first k_max_errors_per_file errors and warnings of each report from `first` on, and
// replaces the rest with one line that counts them.
void cap_messages(std::vector<FileReport>& reports, std::size_t first = 0);

}  // namespace archfit::scan
