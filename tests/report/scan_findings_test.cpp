// scan's errors and warnings are model::Findings: rendered by the shared text renderer under the
// file, written with the shared JSON members beside `errors`/`warnings`, and -q keeps every file
// that has one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "report/scan_findings.hpp"
#include "report/scan_json.hpp"
#include "report/scan_text.hpp"

namespace archfit::report {
namespace {

scan::FileReport file_with_problems() {
  scan::FileReport file;
  file.path = "dist/torch.whl";
  file.member = "torch/lib/libcut.so";
  file.format = "elf-shared-object";
  file.errors.push_back("ELF section header table at offset 0x9a40 runs past end of file (size 0x1388)");
  file.warnings.push_back("nested zip archive: not scanned; extract it and scan it on its own");
  return file;
}

TEST(ScanFindings, EachErrorAndWarningIsAFindingNamingItsFile) {
  auto findings = scan_file_findings(file_with_problems());
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].id, "scan.error");
  EXPECT_EQ(findings[0].status, model::Status::fail);
  EXPECT_EQ(findings[0].seen, "ELF section header table at offset 0x9a40 runs past end of file (size 0x1388)");
  EXPECT_EQ(findings[0].origin, "dist/torch.whl(torch/lib/libcut.so)");
  EXPECT_EQ(findings[1].id, "scan.warning");
  EXPECT_EQ(findings[1].status, model::Status::warn);
  EXPECT_TRUE(scan_file_findings(scan::FileReport{}).empty());
}

TEST(ScanFindings, TextListsThemUnderTheFileAndQuietKeepsAFileWithAWarningOnly) {
  scan::ScanReport report;
  report.files.push_back(file_with_problems());
  scan::FileReport warned;
  warned.path = "warned.whl";
  warned.format = "zip";
  warned.warnings.push_back("member 'a/../b': unsafe name (a '..' component)");
  report.files.push_back(warned);
  scan::FileReport clean;
  clean.path = "clean.so";
  clean.format = "elf-shared-object";
  report.files.push_back(clean);

  std::string text = scan_to_text(report, TextStyle{});
  EXPECT_NE(text.find("  FAIL  error: ELF section header table at offset 0x9a40"), std::string::npos) << text;
  EXPECT_NE(text.find("  WARN  warning: nested zip archive"), std::string::npos) << text;
  EXPECT_NE(text.find("clean.so"), std::string::npos) << text;

  TextStyle quiet;
  quiet.verbosity = Verbosity::quiet;
  std::string problems = scan_to_text(report, quiet);
  EXPECT_NE(problems.find("warned.whl"), std::string::npos) << problems;
  EXPECT_NE(problems.find("WARN  warning: member 'a/../b'"), std::string::npos) << problems;
  EXPECT_EQ(problems.find("clean.so"), std::string::npos) << problems;
}

TEST(ScanFindings, JsonHasTheFindingMembersBesideErrorsAndWarnings) {
  scan::ScanReport report;
  report.files.push_back(file_with_problems());
  auto json = nlohmann::json::parse(scan_to_json(report, 0));
  const auto& file = json["files"][0];
  ASSERT_EQ(file["errors"].size(), 1u);
  ASSERT_EQ(file["findings"].size(), 2u) << file.dump(2);
  EXPECT_EQ(file["findings"][0]["id"], "scan.error");
  EXPECT_EQ(file["findings"][0]["status"], "fail");
  EXPECT_EQ(file["findings"][0]["seen"], file["errors"][0]);
  EXPECT_EQ(file["findings"][0]["origin"], "dist/torch.whl(torch/lib/libcut.so)");
  EXPECT_TRUE(file["findings"][0]["fix"].is_null());
  EXPECT_EQ(file["findings"][1]["status"], "warn");
  EXPECT_EQ(file["findings"][1]["seen"], file["warnings"][0]);
}

}  // namespace
}  // namespace archfit::report
