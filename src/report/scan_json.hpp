// The JSON form of a scan report (schema: docs/json.md). Keys are snake_case and stable.
#pragma once

#include <nlohmann/json.hpp>

#include "scan/scan_report.hpp"

namespace archfit::report {

nlohmann::ordered_json scan_to_json(const scan::ScanReport& report);

}  // namespace archfit::report
