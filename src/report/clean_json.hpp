// `archfit clean --json`: schema archfit.clean/1 (docs/json.md).
#pragma once

#include <string>

#include "clean/clean_report.hpp"

namespace archfit::report {

std::string clean_to_json(const clean::CleanReport& report, int indent);

}  // namespace archfit::report
