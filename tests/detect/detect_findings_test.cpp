// Every finding id detect can raise (docs/json.md lists them under detect's "findings") has a row in
// data/detect_findings.tsv (its title, rule and public source), and the table names no other id; a
// finding becomes a model::Finding with the status its severity says.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "detect/detect_findings.hpp"
#include "detect/detector.hpp"
#include "knowledge/tsv_table.hpp"
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
  detect::Finding warning{detect::Severity::warning, "visible-devices-empty", "HIP_VISIBLE_DEVICES is set but empty: programs see no GPU",
                          "unset HIP_VISIBLE_DEVICES"};
  auto finding = detect::detect_finding(warning);
  EXPECT_EQ(finding.status, model::Status::warn);
  EXPECT_EQ(finding.id, "visible-devices-empty");
  EXPECT_EQ(finding.title, "visible GPUs");
  EXPECT_EQ(finding.seen, warning.message);
  EXPECT_EQ(finding.fix, warning.fix);
  EXPECT_NE(finding.source.find("gpu-isolation"), std::string::npos) << finding.source;
  EXPECT_EQ(detect::detect_finding({detect::Severity::error, "override-crosses-family", "m", ""}).status, model::Status::fail);
  EXPECT_EQ(detect::detect_finding({detect::Severity::info, "no-gpu", "m", ""}).status, model::Status::skip);
  // An id the table does not know keeps its id as the title and says no rule it does not have.
  auto unknown = detect::detect_finding({detect::Severity::warning, "not-a-row", "m", ""});
  EXPECT_EQ(unknown.title, "not-a-row");
  EXPECT_TRUE(unknown.rule.empty());
}

// detect --json spells a severity as docs/json.md says ("error" | "warning" | "info"), and each maps
// to the status detect_findings.hpp's table gives it.
TEST(DetectFindings, EachSeverityHasItsJsonSpellingAndOneStatus) {
  EXPECT_EQ(detect::severity_name(detect::Severity::error), "error");
  EXPECT_EQ(detect::severity_name(detect::Severity::warning), "warning");
  EXPECT_EQ(detect::severity_name(detect::Severity::info), "info");
  EXPECT_EQ(detect::status_of(detect::Severity::error), model::Status::fail);
  EXPECT_EQ(detect::status_of(detect::Severity::warning), model::Status::warn);
  EXPECT_EQ(detect::status_of(detect::Severity::info), model::Status::skip);
  // Only problems count: a report with notes alone has none.
  detect::DetectReport report;
  report.findings.push_back({detect::Severity::info, "no-gpu", "m", ""});
  EXPECT_FALSE(report.has_problems());
  report.findings.push_back({detect::Severity::warning, "visible-devices-empty", "m", ""});
  EXPECT_TRUE(report.has_problems());
}

const detect::Finding* find(const detect::DetectReport& report, const std::string& id) {
  for (const auto& finding : report.findings) {
    if (finding.id == id) {
      return &finding;
    }
  }
  return nullptr;
}

std::string tree(const std::string& name) {
  return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/" + name + "/root";
}

// A valid visibility list that leaves GPUs out is a note (often meant), not a warning; the whole
// list, or none, says nothing.
TEST(DetectFindings, AVisibilityListThatHidesGpusIsANote) {
  auto detect_with = [](std::map<std::string, std::string> variables) {
    probe::SystemRoot root(tree("mi300x-8gpu"));
    return detect::detect_system(root, probe::Environment(std::move(variables)));
  };
  auto one = detect_with({{"HIP_VISIBLE_DEVICES", "3"}});
  const auto* note = find(one, "visible-devices-hiding");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->severity, detect::Severity::info);
  EXPECT_EQ(note->message, "HIP_VISIBLE_DEVICES=3: programs see 1 of the 8 GPUs it applies to");
  EXPECT_EQ(note->fix, "unset HIP_VISIBLE_DEVICES to use all of them");
  EXPECT_FALSE(one.has_problems());
  EXPECT_EQ(find(detect_with({}), "visible-devices-hiding"), nullptr);
  EXPECT_EQ(find(detect_with({{"HIP_VISIBLE_DEVICES", "7,6,5,4,3,2,1,0"}}), "visible-devices-hiding"), nullptr);
  // An empty list is the warning visible-devices-empty, not this note as well.
  auto none = detect_with({{"HIP_VISIBLE_DEVICES", ""}});
  EXPECT_EQ(find(none, "visible-devices-hiding"), nullptr);
  EXPECT_NE(find(none, "visible-devices-empty"), nullptr);
}

// The mixed-vendor tree (MemTotal 16268680 kB = 15.5 GiB in its /proc/meminfo) given a cgroup v2
// memory.max of 4 GiB: a note that names both; without the limit, none.
TEST(DetectFindings, ACgroupMemoryLimitBelowTheMachinesRamIsANote) {
  namespace fs = std::filesystem;
  EXPECT_EQ(find(detect::detect_system(probe::SystemRoot(tree("mixed-vendor")), probe::Environment{}), "resources-limited"),
            nullptr);
  auto root = unique_temp_path("detect-cgroup-limit");
  fs::remove_all(root);
  fs::copy(tree("mixed-vendor"), root, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  fs::create_directories(root / "proc/self");
  fs::create_directories(root / "sys/fs/cgroup/build.slice");
  std::ofstream(root / "proc/self/cgroup") << "0::/build.slice\n";
  std::ofstream(root / "sys/fs/cgroup/build.slice/memory.max") << "4294967296\n";
  auto report = detect::detect_system(probe::SystemRoot(root.string()), probe::Environment{});
  fs::remove_all(root);
  const auto* note = find(report, "resources-limited");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->severity, detect::Severity::info);
  EXPECT_EQ(note->message, "this process may use 4.0 GiB of the machine's 15.5 GiB RAM (cgroup memory limit)");
  auto finding = detect::detect_finding(*note);
  EXPECT_EQ(finding.status, model::Status::skip);
  EXPECT_EQ(finding.title, "usable resources");
}

}  // namespace
}  // namespace archfit::test
