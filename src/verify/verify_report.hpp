// The one model `verify` produces; report/verify_*.cpp render it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/finding.hpp"

namespace archfit::verify {

// A verify check is a model::Finding with what the run measured:
//   id      "native.vector-add.hip", "python.import", "python.matmul.cuda:0", ...
//   group   "native" | "python" | "distributed"
//   status  pass | fail | skip (a check's process reports pass/fail/skip; anything else is fail)
//   seen    one line: what was seen (the JSON's "summary")
struct CheckResult : model::Finding {
  double seconds = 0;
  std::vector<std::string> evidence;       // detail lines (per-device results, compiler errors)
  std::string crash;                       // "SIGILL", "SIGSEGV", "timeout after 120 s", or empty
  std::vector<std::string> stderr_tail;    // the last lines the check printed on stderr
  std::map<std::string, double> metrics;   // "relative_error", "bus_bandwidth_gbps", ...
};

struct VerifyReport {
  std::string python;
  std::vector<std::string> targets;  // what detect found, e.g. "sm_90"
  std::vector<CheckResult> checks;

  bool failed() const {
    for (const auto& check : checks) {
      if (check.status == model::Status::fail) {
        return true;
      }
    }
    return false;
  }
};

}  // namespace archfit::verify
