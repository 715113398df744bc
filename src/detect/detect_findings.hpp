// detect's problems as model::Findings, the unit every command reports (report/finding_*.cpp render
// them). detect's own report, doctor's gpus.* checks and `archfit report` all take them from here, so
// the three say the same title, rule and source. detect::Finding stays the raw record its probes raise
// (severity error|warning|info, id, message, fix: detect --json keeps those members); this adds the
// title, the rule and its source from data/detect_findings.tsv.
//
//   severity error   -> fail     the GPU will not run the code (an override across families)
//   severity warning -> warn     works with a cost or a risk (a hidden GPU, mixed targets)
//   severity info    -> skip     a note: nothing was judged (no GPU on the bus, NVML not loadable)
#pragma once

#include <vector>

#include "detect/detect_report.hpp"
#include "model/finding.hpp"

namespace archfit::detect {

// The table above: the status a finding of that severity carries.
model::Status status_of(Severity severity);
model::Finding detect_finding(const Finding& finding);
std::vector<model::Finding> detect_findings(const DetectReport& report);

}  // namespace archfit::detect
