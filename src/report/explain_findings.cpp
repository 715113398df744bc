#include "report/explain_findings.hpp"

namespace archfit::report {

model::Finding explain_finding(const explain::Finding& finding) {
  model::Finding out;
  out.id = finding.id;
  out.fix = finding.fix;
  out.source = finding.source;
  if (finding.id == "unknown") {
    out.status = model::Status::unknown;
    out.title = "cause";
    out.seen = finding.cause;
    return out;
  }
  out.status = model::Status::fail;
  out.title = finding.category;
  out.seen = finding.id;
  out.rule = finding.cause;
  return out;
}

}  // namespace archfit::report
