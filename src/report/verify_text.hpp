// `archfit verify` as text: one line per check (PASS/FAIL/SKIP, time, what was seen), evidence
// and the stderr tail under failures.
#pragma once

#include <string>

#include "report/text_style.hpp"
#include "verify/verify_report.hpp"

namespace archfit::report {

std::string verify_check_line(const verify::CheckResult& check, const TextStyle& style);
std::string verify_to_text(const verify::VerifyReport& report, const TextStyle& style);

}  // namespace archfit::report
