// explain's diagnoses as model::Findings, the unit every command reports (report/finding_*.cpp
// render them; explain_text.cpp and explain_json.cpp add the evidence lines and the facts):
//
//   id      the signature or rule id (data/error_signatures.tsv, error_facet_rules.tsv, error_log_rules.tsv), or "unknown"
//   status  fail: a signature names the cause; unknown: nothing matched (the fix says what explain needs)
//   title   the category (gpu-code-missing, cpu-isa, ...); "cause" when nothing matched
//   seen    the signature that matched, by id; for "unknown", why nothing was named
//   rule    the cause the signature row states: what the matched lines mean
//   source  the row's URLs; fix: the row's fix, filled from the log and this machine
#pragma once

#include "explain/explanation.hpp"
#include "model/finding.hpp"

namespace archfit::report {

model::Finding explain_finding(const explain::Finding& finding);

}  // namespace archfit::report
