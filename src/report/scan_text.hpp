// The human form of a scan report: per file a compact table of GPU code plus a summary line,
// e.g. "gfx90a:xnack-, gfx942 (2 bundles, 17 code objects, zstd)".
#pragma once

#include <string>

#include "report/text_style.hpp"
#include "scan/scan_report.hpp"

namespace archfit::report {

// The one-line summary of a file's GPU code.
std::string scan_summary_line(const scan::FileReport& file);

std::string scan_to_text(const scan::ScanReport& report, const TextStyle& style);

}  // namespace archfit::report
