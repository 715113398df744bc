// `archfit check` as text: its findings (report/check_findings.hpp) through the one renderer of
// Findings (report/finding_text.hpp), around the matrix of binaries × targets:
//
//     FAIL  vendor mismatch: this is a CUDA build of torch, and the targets are AMD (gfx942): …
//           found: torch/version.py: cuda 13.0; 5 files with NVIDIA GPU code only (sm_80)
//           fix:    install a ROCm build of torch: …
//
//   Targets: gfx942 (from --target)          the inputs (not with -q)
//   binary            gfx942                 the matrix (not with -q)
//
//     FAIL  no-code on gfx942, 5 files: carries only NVIDIA GPU code
//           files: torch/lib/libtorch_cuda.so, … and 2 more
//           fix:    …
//     PASS  …                                 consistency checks (not with -q)
//
//   Summary: …
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
// matrix, then the causes (report/check_causes.hpp: repeated findings grouped, their files folded;
// -v names every file and adds the native results as passes), the consistency checks and the
// summary. The inputs that could not be read are not in it.
std::string check_to_text(const check::CheckReport& report, const TextStyle& style,
                          const CheckTextOptions& options = {});

// The inputs that could not be read, one `archfit: error: FILE: MESSAGE` line each (docs/cli.md):
// the CLI writes them to stderr, `archfit report` appends them to its check section.
std::string check_errors_to_text(const check::CheckReport& report, const TextStyle& style);

}  // namespace archfit::report
