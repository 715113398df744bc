// `archfit check --json`: schema archfit.check/1 (docs/json.md).
#pragma once

#include <string>

#include "check/check_report.hpp"

namespace archfit::report {

std::string check_to_json(const check::CheckReport& report, int indent);

}  // namespace archfit::report
