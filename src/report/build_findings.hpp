// build's own findings (the arch-line guard, ccache, out of memory, interrupted) as model::Findings:
// what was seen comes from the build, the rule and its source from data/build_findings.tsv.
#pragma once

#include <string>

#include "model/finding.hpp"

namespace archfit::report {

model::Finding build_finding(std::string id, model::Status status, std::string title, std::string seen);

}  // namespace archfit::report
