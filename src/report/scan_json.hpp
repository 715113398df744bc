// The JSON form of a scan report (schema: docs/json.md). Keys are snake_case and stable. Written
// with the streaming JsonWriter: a scan of a large library lists thousands of entries, and
// building a JSON tree first cost six times the scan itself.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "scan/scan_report.hpp"

namespace archfit::report {

// `indent` 0 gives compact JSON.
std::string scan_to_json(const scan::ScanReport& report, int indent);

// The same text, handed to `sink` a piece of about 64 KiB at a time as it is written (the CLI
// writes each to stdout): one buffer that stays in the cache instead of a string of the whole
// report, whose every page is faulted in once (librocsparse: 255 KB, libcublasLt: 2.4 MB).
void write_scan_json(const scan::ScanReport& report, int indent, const std::function<void(std::string_view)>& sink);

}  // namespace archfit::report
