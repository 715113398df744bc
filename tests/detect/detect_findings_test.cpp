// Every finding id detect can raise (docs/json.md lists them under detect's "findings") has a row in
// data/detect_findings.tsv (its title, rule and public source), and the table names no other id; a
// finding becomes a model::Finding with the status its severity says.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "knowledge/tsv_table.hpp"
#include "report/detect_findings.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

std::set<std::string> documented_ids() {
  std::string doc = read_text(std::string(ARCHFIT_SOURCE_DIR) + "/docs/json.md");
  auto section = doc.find("## `archfit detect --json`");
  auto start = doc.find("\"id\": \"", section);
  auto end = doc.find("\"message\"", start);
  std::string block = doc.substr(start, end - start);
  std::set<std::string> ids;
  std::regex id("[a-z]+(-[a-z]+)+");
  for (auto it = std::sregex_iterator(block.begin(), block.end(), id); it != std::sregex_iterator(); ++it) {
    ids.insert(it->str());
  }
  return ids;
}

TEST(DetectFindings, EveryDocumentedIdHasARowAndNoRowIsUndocumented) {
  auto ids = documented_ids();
  ASSERT_GE(ids.size(), 12u);
  const auto& table = knowledge::embedded_table("detect_findings.tsv");
  std::set<std::string> rows;
  for (const auto& row : table.rows) {
    rows.insert(table.field(row, "id"));
    EXPECT_FALSE(table.field(row, "title").empty()) << table.field(row, "id");
    EXPECT_FALSE(table.field(row, "rule").empty()) << table.field(row, "id");
    EXPECT_TRUE(table.field(row, "source").starts_with("https://")) << table.field(row, "id");
  }
  EXPECT_EQ(rows, ids);
}

TEST(DetectFindings, SeverityBecomesStatusAndTheTableGivesTitleRuleAndSource) {
  detect::Finding warning{"warning", "visible-devices-empty", "HIP_VISIBLE_DEVICES is set but empty: programs see no GPU",
                          "unset HIP_VISIBLE_DEVICES"};
  auto finding = report::detect_finding(warning);
  EXPECT_EQ(finding.status, model::Status::warn);
  EXPECT_EQ(finding.id, "visible-devices-empty");
  EXPECT_EQ(finding.title, "visible GPUs");
  EXPECT_EQ(finding.seen, warning.message);
  EXPECT_EQ(finding.fix, warning.fix);
  EXPECT_NE(finding.source.find("gpu-isolation"), std::string::npos) << finding.source;
  EXPECT_EQ(report::detect_finding({"error", "override-crosses-family", "m", ""}).status, model::Status::fail);
  EXPECT_EQ(report::detect_finding({"info", "no-gpu", "m", ""}).status, model::Status::skip);
  // An id the table does not know keeps its id as the title and says no rule it does not have.
  auto unknown = report::detect_finding({"warning", "not-a-row", "m", ""});
  EXPECT_EQ(unknown.title, "not-a-row");
  EXPECT_TRUE(unknown.rule.empty());
}

}  // namespace
}  // namespace archfit::test
