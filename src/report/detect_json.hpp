// `archfit detect --json`: schema archfit.detect/1 (docs/json.md).
#pragma once

#include <string>

#include "detect/detect_report.hpp"

namespace archfit::report {

std::string detect_to_json(const detect::DetectReport& report, int indent);

}  // namespace archfit::report
