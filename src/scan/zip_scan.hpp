// Scanning the members of a zip archive (a Python wheel) without unpacking it to disk. Members are
// scanned in parallel; each is read straight from the memory map when stored, inflated into memory
// when small, and streamed through inflate when it is a large ELF file, so a wheel of several GB
// needs tens of MB. Hostile archives get bounded work: members that claim more than 1100 bytes
// per compressed byte (deflate cannot) and members sharing their data with another (overlapping
// "zip bombs") are refused; unsafe names are reported (nothing is ever written to disk).
#pragma once

#include <string>
#include <vector>

#include "scan/scanner.hpp"

namespace archfit::scan {

// Appends one FileReport per scanned member (path = the archive, member = the member name), and
// one for the archive itself when it has errors or warnings of its own.
void scan_zip(const std::string& path, Bytes data, const ScanOptions& options, std::vector<FileReport>& out);

}  // namespace archfit::scan
