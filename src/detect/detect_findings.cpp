#include "detect/detect_findings.hpp"

#include "knowledge/finding_rules.hpp"

namespace archfit::detect {

model::Status status_of(Severity severity) {
  switch (severity) {
    case Severity::error:
      return model::Status::fail;
    case Severity::warning:
      return model::Status::warn;
    case Severity::info:
      break;
  }
  return model::Status::skip;
}

model::Finding detect_finding(const Finding& finding) {
  model::Finding out;
  out.id = finding.id;
  out.status = status_of(finding.severity);
  out.title = finding.id;
  out.seen = finding.message;
  out.fix = finding.fix;
  if (auto row = knowledge::finding_rule("detect_findings.tsv", finding.id)) {
    out.title = std::move(row->title);
    out.rule = std::move(row->rule);
    out.source = std::move(row->source);
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
