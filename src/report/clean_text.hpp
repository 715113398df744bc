// `archfit clean` as text: one block per item (path, size, why, the stale CMake entries), the
// __pycache__ directories summed on one line, then the total and what was done.
#pragma once

#include <string>

#include "clean/clean_report.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

std::string clean_to_text(const clean::CleanReport& report, const TextStyle& style);

}  // namespace archfit::report
