// `archfit verify --json`: schema archfit.verify/1 (docs/json.md).
#pragma once

#include <string>

#include "verify/verify_report.hpp"

namespace archfit::report {

std::string verify_to_json(const verify::VerifyReport& report, int indent);

}  // namespace archfit::report
