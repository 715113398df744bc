// The model `archfit doctor` produces: grouped checks, each PASS / WARN / FAIL / SKIP with the fact
// seen, the rule it was judged by (and that rule's source) and, when it did not pass, the fix as
// commands to paste. report/doctor_text.cpp and report/doctor_json.cpp render it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "doctor/facts.hpp"
#include "model/finding.hpp"
#include "model/status.hpp"

namespace archfit::doctor {

// The one status vocabulary (model/status.hpp); doctor's checks never end `unknown`.
using Status = model::Status;
using model::status_name;

// A doctor check is a model::Finding: id "toolchain.cxx", "rocm.components", ...; group "gpus" |
// "toolchain" | "rocm" | "cuda" | "python" | "source" | "resources"; fix = commands, one per line.
using Check = model::Finding;

// The groups in report order, with their titles.
inline const std::vector<std::pair<std::string_view, std::string_view>>& check_groups() {
  static const std::vector<std::pair<std::string_view, std::string_view>> groups = {
      {"gpus", "GPUs"},       {"toolchain", "Toolchain"}, {"rocm", "ROCm"},          {"cuda", "CUDA"},
      {"python", "Python"},   {"source", "Source tree"},  {"resources", "Resources"},
  };
  return groups;
}

struct DoctorReport {
  Facts facts;
  std::vector<Check> checks;
  std::vector<std::string> rules_files;  // --rules files applied
  std::vector<std::string> notes;        // what was assumed

  int count(Status status) const {
    int n = 0;
    for (const auto& check : checks) {
      n += check.status == status ? 1 : 0;
    }
    return n;
  }
  bool has_failures() const { return count(Status::fail) > 0; }
};

}  // namespace archfit::doctor
