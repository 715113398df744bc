// Turns AMD offload bundles found in a file into report records: one BundleRecord per bundle and
// one GpuCode per device entry, with --deep checks of each code object against its entry ID.
#pragma once

#include <functional>

#include "binfmt/bundle_entry_id.hpp"
#include "binfmt/elf_file.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "scan/scan_report.hpp"
#include "scan/scanner.hpp"

namespace archfit::scan {

// Returns at least the first `size` bytes (an ELF header's worth suffices) of the payload stored
// at `file_offset`, or empty bytes when they are not available.
using PayloadReader = std::function<Bytes(std::uint64_t file_offset, std::uint64_t size)>;

// What a bundle entry ID says of its code (the parsed ID, whose code it is, what kind), decoded
// once per distinct ID: the bundles of a .hip_fatbin repeat the same few IDs (librocsparse: 777
// entries in 111 bundles, 8 distinct IDs), and parsing each again, with a look-up of its
// triple's vendor in data/offload_triple_vendors.tsv, was a sixth of the scan's own work.
class EntryIdDecoder {
 public:
  struct Decoded {
    std::string text;
    binfmt::BundleEntryId id;
    model::Vendor vendor = model::Vendor::unknown;
    std::string kind;  // from the ID alone; --deep reads the payload's
  };
  // Valid until the next call.
  const Decoded& decode(std::string_view text);

 private:
  // A hostile file can hold any number of distinct IDs: past this many, each is decoded anew.
  static constexpr std::size_t k_remembered = 64;
  std::vector<Decoded> m_seen;
  Decoded m_last;
};

// Adds one bundle found at `bundle_file_offset` inside `section_name` to the report: a
// BundleRecord and one GpuCode per device entry (with --deep checks, reading plain payloads
// through `payloads`). `ids` carries decoded entry IDs from one bundle to the next.
void add_found_bundle(const binfmt::FoundBundle& found, std::string_view section_name,
                      std::uint64_t bundle_file_offset, const PayloadReader& payloads, const ScanOptions& options,
                      EntryIdDecoder& ids, FileReport& report);
void add_found_bundle(const binfmt::FoundBundle& found, std::string_view section_name,
                      std::uint64_t bundle_file_offset, const PayloadReader& payloads, const ScanOptions& options,
                      FileReport& report);

// A `.hip_fatbin` section of a linked binary or object: any number of plain or compressed bundles.
void scan_hip_fatbin(const binfmt::ElfFile& elf, const binfmt::ElfSection& section, const ScanOptions& options,
                     FileReport& report);

// A `__CLANG_OFFLOAD_BUNDLE__<entry-id>` section of a relocatable "fat object" (old driver,
// -fgpu-rdc -c): one section per entry, holding that entry's payload (bitcode or code object).
void scan_bundle_entry_section(const binfmt::ElfFile& elf, const binfmt::ElfSection& section,
                               const ScanOptions& options, FileReport& report);

// The same from the section's name, file offset and size and its first bytes (`head`: a code
// object's ELF header is all that is read), for a section whose bytes were streamed past.
void add_bundle_entry_section(std::string_view section_name, std::uint64_t file_offset, std::uint64_t size,
                              Bytes head, const ScanOptions& options, FileReport& report);

// A whole file that is a bundle or a CCOB (a .hipfb, or a .co that is a bundle).
void scan_bundle_file(Bytes data, const ScanOptions& options, FileReport& report);

// A whole file that is one AMDGPU code object (.co, .hsaco).
void scan_code_object_file(Bytes data, FileReport& report);

}  // namespace archfit::scan
