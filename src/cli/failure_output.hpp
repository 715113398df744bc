// How a command reports a failure that leaves it without a report (an unreadable or empty input,
// a missing --sysroot): one `archfit: error:` line on stderr, and, with --json, one JSON document
// on stdout as well, so a pipeline (`archfit detect --json ... | jq`) reads why instead of nothing:
//   {"schema": "archfit.error/1", "command": "detect", "error": "...", "exit_code": 1}
#pragma once

#include <string_view>

#include "report/text_style.hpp"

namespace archfit::cli {

// Prints the failure and returns `exit_code`.
int report_failure(const report::TextStyle& error_style, bool json, std::string_view command, std::string_view message,
                   int exit_code);

}  // namespace archfit::cli
