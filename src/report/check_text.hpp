// `archfit check` as text: a matrix of binaries × targets, then every failure with its reason and
// fix, the load problems and the consistency checks.
#pragma once

#include <string>

#include "check/check_report.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

std::string check_to_text(const check::CheckReport& report, const TextStyle& style);

}  // namespace archfit::report
