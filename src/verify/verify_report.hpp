// The one model `verify` produces; report/verify_*.cpp render it.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace archfit::verify {

struct CheckResult {
  std::string id;       // "native.vector-add", "python.import", "python.matmul.cuda:0", ...
  std::string group;    // "native" | "python" | "distributed"
  std::string status;   // "pass" | "fail" | "skip"
  double seconds = 0;
  std::string summary;  // one line: what was seen
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
      if (check.status == "fail") {
        return true;
      }
    }
    return false;
  }
};

}  // namespace archfit::verify
