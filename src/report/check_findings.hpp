// `check`'s judged facts as model::Findings, so that its text, its JSON and `archfit report` say
// them through the shared renderers (report/finding_text, finding_json, finding_markdown):
//   check.vendor-mismatch            fail  a build for the other vendor (one per package; the PATH
//                                          inputs of one vendor pair folded into one)
//   check.gpu-code.<verdict>         fail (no-code, host-only), warn (jit), unknown (opaque): one per
//                                    cause (report/check_causes.hpp), its files folded
//   check.gpu-code.native            pass: with `native` only (-v), one per cause like the others
//   check.load.<kind>                fail: missing-library, symbol-version, isa-level
//   check.<consistency id>           pass | warn | fail: triton-pin, torch-cuda-driver, …
// in that order. A finding's `details` are the lines below it in the text (the files of a cause,
// the evidence of a mismatch); the JSON writes them as "details". Each finding's rule and source
// are its id's row of data/check_findings.tsv.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "model/finding.hpp"

namespace archfit::report {

struct CheckFinding : model::Finding {
  std::vector<std::string> details;  // "files: a, b, c and 2 more", "found: torch/version.py: cuda 12.4"
};

struct CheckFindingOptions {
  std::size_t names_per_cause = 3;  // files named under a repeated cause before "and N more"; 0: all
  bool native = false;              // also the native results, as passes (-v)
};

// `group` is "vendor" for the mismatches (said first, before the matrix), "check" for the others.
std::vector<CheckFinding> check_findings(const check::CheckReport& report, const CheckFindingOptions& options = {});

// A binary's name as check shows it: relative to site-packages, with its member "(…)".
std::string check_file_name(const std::string& path, const std::string& site_packages,
                            const std::optional<std::string>& member);

}  // namespace archfit::report
