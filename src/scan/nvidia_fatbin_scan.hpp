// Turns CUDA fatbins found in a file into report records: one BundleRecord (format
// "cuda-fatbin") per fatbin container and one GpuCode per entry, named as cuobjdump names it
// ("sm_90a", "sm_100f", "compute_90"). With --deep each entry is decompressed (LZ4 or zstd) and
// a cubin's own ELF header, or a PTX text's `.version`/`.target`, is checked against the entry.
#pragma once

#include <functional>
#include <vector>

#include "binfmt/cuda_fatbin.hpp"
#include "binfmt/elf_file.hpp"
#include "scan/scan_report.hpp"
#include "scan/scanner.hpp"

namespace archfit::scan {

// An entry's payload, decompressed, for --deep (read from the mapped section, or from bytes
// captured while a zip member streamed past).
using EntryContentsReader = std::function<Result<std::vector<std::uint8_t>>(const binfmt::FatbinEntry&)>;

// The --deep reader of entries whose offsets count from the start of `region` (the decoded bytes
// are charged to options.budget). `options` must outlive the reader.
EntryContentsReader fatbin_contents_reader(Bytes region, const ScanOptions& options);

// Adds one container to the report: a BundleRecord and a GpuCode per entry. Offsets in the
// container are relative to a region starting at `region_file_offset` in the file.
void add_fatbin_container(const binfmt::FatbinContainer& container, std::string_view section_name,
                          std::uint64_t region_file_offset, const EntryContentsReader& contents,
                          const ScanOptions& options, FileReport& report);

// A `.nv_fatbin` (linked code) or `__nv_relfatbin` (-rdc objects) section.
void scan_nv_fatbin_section(const binfmt::ElfFile& elf, const binfmt::ElfSection& section,
                            const ScanOptions& options, FileReport& report);

// A whole file that is a fatbin (`nvcc -fatbin` output).
void scan_fatbin_file(Bytes data, const ScanOptions& options, FileReport& report);

// A whole file that is one cubin (`nvcc -cubin` output). Its target has no 'f': a cubin does
// not record it.
void scan_cubin_file(Bytes data, FileReport& report);

}  // namespace archfit::scan
