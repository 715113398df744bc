// `archfit detect` as text: short enough to paste into a bug report, exact enough to act on.
#pragma once

#include <string>

#include "detect/detect_report.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

std::string detect_to_text(const detect::DetectReport& report, const TextStyle& style);

// "192 GiB", "15.6 GiB", "512 MiB".
std::string human_bytes(std::uint64_t bytes);

}  // namespace archfit::report
