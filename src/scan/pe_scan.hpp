// Windows PE images (DLLs and EXEs shipped in wheels). HIP on Windows puts the offload bundles in
// a section named `.hip_fat` (PE section names are at most 8 bytes: `.hip_fatbin` truncated), CUDA
// its fatbins in `.nv_fatb`. Layout (Microsoft PE format): "MZ", e_lfanew (u32 at 0x3c) points
// at "PE\0\0"; the COFF header follows (NumberOfSections u16 at +6, SizeOfOptionalHeader u16 at
// +20 from the signature), then the optional header, then 40-byte section headers (Name[8],
// VirtualSize, VirtualAddress, SizeOfRawData at 16, PointerToRawData at 20).
//
// `.hip_fat` bundles are listed with the same walk as `.hip_fatbin`. `.nv_fatb` is named in a
// warning as not read: never skipped silently.
#pragma once

#include "scan/scan_report.hpp"
#include "scan/scanner.hpp"
#include "util/bytes.hpp"

namespace archfit::scan {

// "MZ" followed by a PE signature where e_lfanew points (when `data` reaches that far), or "MZ"
// alone for a short prefix.
bool is_pe_image(Bytes data);

void scan_pe_file(Bytes data, const ScanOptions& options, FileReport& report);

}  // namespace archfit::scan
