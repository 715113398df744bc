#include "report/build_findings.hpp"

#include "knowledge/tsv_table.hpp"

namespace archfit::report {

model::Finding build_finding(std::string id, model::Status status, std::string title, std::string seen) {
  model::Finding finding;
  finding.id = std::move(id);
  finding.status = status;
  finding.title = std::move(title);
  finding.seen = std::move(seen);
  const auto& table = knowledge::embedded_table("build_findings.tsv");
  for (const auto& row : table.rows) {
    if (table.field(row, "id") == finding.id) {
      finding.rule = table.field(row, "rule");
      finding.source = table.field(row, "source");
      break;
    }
  }
  return finding;
}

}  // namespace archfit::report
