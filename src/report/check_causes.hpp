// check's per-file results repeat one cause for many files (the 19 libraries of a CUDA torch that
// all miss libcudart.so.12, or carry no code for gfx942): one group per cause, with every file it
// covers. report/check_findings.cpp makes each group one finding.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "check/check_report.hpp"

namespace archfit::report {

struct CheckFile {
  std::string path;
  std::optional<std::string> member;  // a zip member
};

struct CheckCause {
  std::string id;       // "check.gpu-code.no-code", "check.gpu-code.jit", "check.load.missing-library", …
  std::string verdict;  // the result's verdict ("no-code", "host-only", "jit", "opaque") or "will not load"
  std::string what;     // the target ("gfx942") or what is missing ("libcudart.so.12", "GLIBCXX_3.4.30")
  std::string reason;
  std::string fix;
  std::vector<CheckFile> files;  // in the report's order
};

// The results that are not native and the load problems, one group per (id, what, reason, fix), the
// failures (no-code, host-only, will not load) first, then jit, then opaque (then native, when
// `include_native`); within those, by id, what and reason, so the order is the same on every run.
std::vector<CheckCause> group_check_causes(const check::CheckReport& report, bool include_native = false);

}  // namespace archfit::report
