#include "report/build_findings.hpp"

#include "knowledge/finding_rules.hpp"

namespace archfit::report {

model::Finding build_finding(std::string id, model::Status status, std::string title, std::string seen) {
  model::Finding finding;
  finding.id = std::move(id);
  finding.status = status;
  finding.title = std::move(title);
  finding.seen = std::move(seen);
  if (auto row = knowledge::finding_rule("build_findings.tsv", finding.id)) {
    finding.rule = std::move(row->rule);
    finding.source = std::move(row->source);
  }
  return finding;
}

}  // namespace archfit::report
