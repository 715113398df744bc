// The JSON form of a scan report (schema: docs/json.md). Keys are snake_case and stable. Written
// with the streaming JsonWriter: a scan of a large library lists thousands of entries, and
// building a JSON tree first cost six times the scan itself.
#pragma once

#include <string>

#include "scan/scan_report.hpp"

namespace archfit::report {

// `indent` 0 gives compact JSON.
std::string scan_to_json(const scan::ScanReport& report, int indent);

}  // namespace archfit::report
