// `archfit verify` as text: each check a model::Finding rendered by finding_to_text (PASS/FAIL/SKIP,
// id and time, what was seen), its evidence below it and the stderr tail under failures; -q leaves
// out passes and skips (verify_check_line returns "").
#pragma once

#include <string>

#include "report/text_style.hpp"
#include "verify/verify_report.hpp"

namespace archfit::report {

std::string verify_check_line(const verify::CheckResult& check, const TextStyle& style);
std::string verify_to_text(const verify::VerifyReport& report, const TextStyle& style);

}  // namespace archfit::report
