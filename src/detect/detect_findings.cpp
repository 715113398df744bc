#include "detect/detect_findings.hpp"

#include "knowledge/tsv_table.hpp"

namespace archfit::detect {

model::Finding detect_finding(const Finding& finding) {
  model::Finding out;
  out.id = finding.id;
  out.status = finding.severity == "error"     ? model::Status::fail
               : finding.severity == "warning" ? model::Status::warn
                                               : model::Status::skip;
  out.title = finding.id;
  out.seen = finding.message;
  out.fix = finding.fix;
  const auto& table = knowledge::embedded_table("detect_findings.tsv");
  for (const auto& row : table.rows) {
    if (table.field(row, "id") == finding.id) {
      out.title = table.field(row, "title");
      out.rule = table.field(row, "rule");
      out.source = table.field(row, "source");
      break;
    }
  }
  return out;
}

std::vector<model::Finding> detect_findings(const DetectReport& report) {
  std::vector<model::Finding> out;
  out.reserve(report.findings.size());
  for (const auto& finding : report.findings) {
    out.push_back(detect_finding(finding));
  }
  return out;
}

}  // namespace archfit::detect
