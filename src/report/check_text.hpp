// `archfit check` as text: a matrix of binaries × targets, then every failure with its reason and
// fix (grouped by cause), the load problems and the consistency checks.
#pragma once

#include <cstddef>
#include <string>

#include "check/check_report.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

struct CheckTextOptions {
  std::size_t names_per_cause = 3;  // files named under a repeated cause before "and N more"; 0: all
};

// The report for stdout: a vendor mismatch first (one line each), the targets and packages, the
// matrix, then the causes (report/check_causes.hpp: repeated findings grouped, their files folded),
// the consistency checks and the summary. The inputs that could not be read are not in it.
std::string check_to_text(const check::CheckReport& report, const TextStyle& style,
                          const CheckTextOptions& options = {});

// The inputs that could not be read, one `archfit: error: FILE: MESSAGE` line each (docs/cli.md):
// the CLI writes them to stderr, `archfit report` appends them to its check section.
std::string check_errors_to_text(const check::CheckReport& report, const TextStyle& style);

}  // namespace archfit::report
