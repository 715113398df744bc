// `archfit doctor --json`: schema archfit.doctor/1 (docs/doctor.md). Scripts rely on
// {"checks": [{"id", "group", "status", "seen", "rule", "source", "fix"}]}; the facts behind the checks
// follow under "facts".
#pragma once

#include <string>

#include "doctor/doctor_report.hpp"

namespace archfit::report {

std::string doctor_to_json(const doctor::DoctorReport& report, int indent);

}  // namespace archfit::report
