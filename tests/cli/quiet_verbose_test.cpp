// -q and -v on `check`, `report` and `fleet` (docs/cli.md, "Output for humans"), on the binary, in
// either place (a global option before the command, or after its name): -q leaves out what is not a
// problem, -v adds the facts behind each verdict, and neither changes the exit code. On the real
// fixtures (libsm80.so: nvcc -gencode arch=compute_80,code=sm_80; libsm90a.so: code=sm_90a) and the
// captured H200 sysroot (tests/data/sysroots/h200).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::string h200() { return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/h200/root"; }

TEST(QuietVerbose, CheckListsProblemsOnlyOrEveryVerdictWithItsReason) {
  std::string sm80 = (fixture_dir("check") / "gpu/libsm80.so").string();
  std::string sm90a = (fixture_dir("check") / "gpu/libsm90a.so").string();
  auto normal = run_archfit({"check", "--target", "sm_90", sm80, sm90a});
  auto quiet = run_archfit({"--quiet", "check", "--target", "sm_90", sm80, sm90a});
  auto verbose = run_archfit({"--verbose", "check", "--target", "sm_90", sm80, sm90a});
  for (const auto* result : {&normal, &quiet, &verbose}) {
    EXPECT_EQ(result->exit_code, 1) << result->err;
    EXPECT_NE(result->out.find("  FAIL  no-code " + sm80 + " on sm_90: "), std::string::npos) << result->out;
  }
  EXPECT_NE(normal.out.find("Targets: sm_90 (from --target)"), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("Targets:"), std::string::npos) << quiet.out;
  EXPECT_EQ(quiet.out.find(sm90a), std::string::npos) << quiet.out;  // it runs: neither a row nor a finding
  EXPECT_EQ(normal.out.find("PASS"), std::string::npos) << normal.out;
  EXPECT_NE(verbose.out.find("  PASS  native " + sm90a + " on sm_90: "), std::string::npos) << verbose.out;
  // --json is the same document whatever the verbosity.
  auto json = run_archfit({"check", "--json", "--target", "sm_90", sm80});
  auto json_quiet = run_archfit({"-q", "check", "--json", "--target", "sm_90", sm80});
  EXPECT_EQ(json.out, json_quiet.out);
}

TEST(QuietVerbose, ReportLeavesTheFoldsOutOrFoldsTheVerboseReports) {
  std::vector<std::string> args = {"report", "--sysroot", h200(), "--python", "/nonexistent/python"};
  auto normal = run_archfit(args);
  args.insert(args.begin() + 1, "-q");
  auto quiet = run_archfit(args);
  args[1] = "-v";
  auto verbose = run_archfit(args);
  for (const auto* result : {&normal, &quiet, &verbose}) {
    EXPECT_EQ(result->exit_code, 0) << result->err;  // a paste, not a gate
    EXPECT_NE(result->out.find("| Verdict |"), std::string::npos) << result->out;
  }
  EXPECT_NE(normal.out.find("<details>"), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("<details>"), std::string::npos) << quiet.out;
  // The findings are the same; the folds are what -q leaves out.
  EXPECT_TRUE(normal.out.starts_with(quiet.out.substr(0, quiet.out.find("<sub>")))) << quiet.out;
  // -v: doctor's fold gives the rule and source of its passes too.
  EXPECT_GT(count_of(verbose.out, "source: "), count_of(normal.out, "source: ")) << verbose.out;
}

TEST(QuietVerbose, FleetReportAndCheckSayTheProblemsOnlyOrEveryNode) {
  fs::path dir = unique_temp_path("quiet-verbose-fleet");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string input = (fixture_dir("check") / "gpu/libsm80.so").string();
  auto node = run_archfit({"fleet", "node", "--node", "h1", "--out", dir.string(), "--sysroot", h200(), "--check", input});
  ASSERT_EQ(node.exit_code, 0) << node.err;
  auto normal = run_archfit({"fleet", "report", dir.string()});
  auto quiet = run_archfit({"fleet", "-q", "report", dir.string()});
  auto verbose = run_archfit({"fleet", "-v", "report", dir.string()});
  auto check_normal = run_archfit({"fleet", "check", input, "--reports", dir.string()});
  auto check_quiet = run_archfit({"-q", "fleet", "check", input, "--reports", dir.string()});
  auto check_verbose = run_archfit({"-v", "fleet", "check", input, "--reports", dir.string()});
  fs::remove_all(dir);
  EXPECT_EQ(normal.exit_code, quiet.exit_code);
  EXPECT_EQ(normal.exit_code, verbose.exit_code);
  EXPECT_NE(normal.out.find("\nGPU groups\n"), std::string::npos) << normal.out;
  EXPECT_NE(normal.out.find("TORCH_CUDA_ARCH_LIST="), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("GPU groups"), std::string::npos) << quiet.out;
  EXPECT_EQ(quiet.out.find("TORCH_CUDA_ARCH_LIST="), std::string::npos) << quiet.out;
  EXPECT_NE(quiet.out.find("\nDrift"), std::string::npos) << quiet.out;
  EXPECT_EQ(normal.out.find("\nNodes\n"), std::string::npos) << normal.out;
  EXPECT_NE(verbose.out.find("\nNodes\n  h1 "), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("sm_90"), std::string::npos) << verbose.out;
  // The H200 has sm_90; the sm_80 cubin does not run there: a problem, said at every verbosity.
  for (const auto* result : {&check_normal, &check_quiet, &check_verbose}) {
    EXPECT_EQ(result->exit_code, 1) << result->err;
    EXPECT_NE(result->out.find(input + " will not run on h1"), std::string::npos) << result->out;
  }
  EXPECT_EQ(check_normal.out.find("GPU groups"), std::string::npos) << check_normal.out;
  EXPECT_NE(check_verbose.out.find("GPU groups\n  sm_90 "), std::string::npos) << check_verbose.out;
}

}  // namespace
}  // namespace archfit::test
