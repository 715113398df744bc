// `archfit doctor` as text: a header naming the project, backend and targets, then one section per
// group with a line per check (PASS / WARN / FAIL / SKIP and what was seen); checks that did not pass
// add the rule, its source and the fix. The checks are model::Findings, printed by
// findings_to_text (report/finding_text.hpp), which honours -q, -v and the width.
#pragma once

#include <string>

#include "doctor/doctor_report.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

std::string doctor_to_text(const doctor::DoctorReport& report, const TextStyle& style);

}  // namespace archfit::report
