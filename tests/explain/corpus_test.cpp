// Every real log of tests/data/logs/INDEX.tsv (excerpts of public issues, each with the cause the
// issue established) must be explained with the category and signature INDEX.tsv records, and the
// explanation must quote a line of the log.
#include <set>

#include <gtest/gtest.h>

#include "explain/line_splitter.hpp"
#include "explain_test_support.hpp"

namespace archfit::test {
namespace {

// The log's lines as explain sees them (escape sequences and trailing blanks removed).
std::set<std::string> visible_lines(const std::filesystem::path& path) {
  std::set<std::string> result;
  std::string visible;
  for (const auto& line : lines(read_text(path))) {
    explain::visible_text(line, visible);
    result.insert(visible);
  }
  return result;
}

TEST(LogCorpus, IndexListsEnoughRealLogsAndEveryLogFile) {
  auto index = read_log_index();
  EXPECT_GE(index.size(), 40u);
  std::set<std::string> indexed;
  for (const auto& row : index) {
    EXPECT_TRUE(std::filesystem::is_regular_file(logs_dir() / row.file)) << row.file;
    EXPECT_TRUE(row.source_url.starts_with("https://github.com/")) << row.file;
    EXPECT_FALSE(row.established_cause.empty()) << row.file;
    EXPECT_TRUE(explain::is_known_category(row.category)) << row.file << ": " << row.category;
    EXPECT_EQ(row.file.substr(0, row.file.find('/')), row.category) << "logs live in a directory named for their category";
    indexed.insert(row.file);
  }
  for (const auto& entry : std::filesystem::recursive_directory_iterator(logs_dir())) {
    if (entry.path().extension() == ".log") {
      EXPECT_TRUE(indexed.count(std::filesystem::relative(entry.path(), logs_dir()).string()))
          << entry.path() << " is not listed in INDEX.tsv";
    }
  }
}

TEST(LogCorpus, EveryLogGetsItsEstablishedCategoryAndSignatureFirst) {
  auto index = read_log_index();
  ASSERT_FALSE(index.empty());
  for (const auto& row : index) {
    SCOPED_TRACE(row.file + " (" + row.source_url + ")");
    auto explanation = explain_file_without_context(logs_dir() / row.file);
    ASSERT_FALSE(explanation.findings.empty());
    const auto& top = explanation.findings.front();
    EXPECT_TRUE(explanation.explained);
    EXPECT_EQ(top.category, row.category) << "established cause: " << row.established_cause;
    EXPECT_EQ(top.id, row.signature);
    ASSERT_FALSE(top.evidence.empty());
    auto log_lines = visible_lines(logs_dir() / row.file);
    for (const auto& evidence : top.evidence) {
      EXPECT_TRUE(log_lines.count(evidence.text)) << "evidence is not a line of the log: " << evidence.text;
      EXPECT_GE(evidence.line, 1u);
    }
    EXPECT_FALSE(top.fix.empty());
    EXPECT_TRUE(top.source.starts_with("https://"));
  }
}

TEST(LogCorpus, EverySignatureIsExercisedByTheCorpusOrNamed) {
  // Signatures without a log in the corpus yet; the list may only shrink.
  const std::set<std::string> without_log = {
      "hsa-invalid-isa", "triton-attrsdescriptor-import-error", "triton-passmanager-failed", "llvm-unrecognized-processor",
      "cxx11-abi-symbol-undefined", "exit-137", "rocm-arch-detect-failed", "no-gpu-arch-specified", "sigill-received",
      "hipcc-not-on-path", "rocm-home-not-set", "find-hip-module-failed",
  };
  auto set = explain::builtin_signatures();
  ASSERT_TRUE(set.ok());
  std::set<std::string> exercised;
  for (const auto& row : read_log_index()) {
    exercised.insert(row.signature);
  }
  for (const auto& signature : (*set)->signatures) {
    if (!exercised.count(signature.id)) {
      EXPECT_TRUE(without_log.count(signature.id)) << signature.id << " has no log in tests/data/logs";
    } else {
      EXPECT_FALSE(without_log.count(signature.id)) << signature.id << " now has a log: remove it from the list";
    }
  }
}

// The same through the binary: `archfit explain --json --no-context LOG`, schema and exit code.
TEST(LogCorpus, CommandLineJsonForEveryLog) {
  for (const auto& row : read_log_index()) {
    SCOPED_TRACE(row.file);
    int exit_code = -1;
    auto json = run_archfit_json({"explain", "--no-context", (logs_dir() / row.file).string()}, &exit_code);
    EXPECT_EQ(exit_code, 0);
    EXPECT_EQ(json.value("schema", ""), "archfit.explain/1");
    EXPECT_TRUE(json.value("explained", false));
    ASSERT_TRUE(json.contains("findings") && !json["findings"].empty());
    const auto& top = json["findings"][0];
    EXPECT_EQ(top["category"], row.category);
    EXPECT_EQ(top["id"], row.signature);
    ASSERT_FALSE(top["evidence"].empty());
    EXPECT_EQ(top["evidence"].size(), top["evidence_lines"].size());
    EXPECT_TRUE(top["source"].is_string());
    EXPECT_TRUE(json["context"].is_null());
  }
}

}  // namespace
}  // namespace archfit::test
