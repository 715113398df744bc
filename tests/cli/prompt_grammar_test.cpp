// The prompt's one grammar (docs/cli.md, "One grammar: status of the prompt list"), on the archfit
// binary: CLI11's parse errors in archfit's voice, strict targets (exit 2, with the closest known
// processor), a missing PATH as an error, and `archfit report` on a captured machine. Expected
// processor names come from the public tables (LLVM's AMDGPUUsage processor list, nvcc's
// --list-gpu-arch), not from archfit's output.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

std::string h200() { return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/h200/root"; }

CommandResult archfit(std::vector<std::string> args) {
  args.insert(args.begin(), archfit_binary());
  return run_command(args);
}

TEST(PromptGrammar, ParserErrorsSpeakWithOneVoice) {
  auto flag = archfit({"detect", "--jsn"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_TRUE(flag.err.starts_with("archfit: error: unknown option '--jsn' for 'detect', did you mean '--json'?"))
      << flag.err;
  EXPECT_NE(flag.err.find("Run 'archfit detect --help'"), std::string::npos) << flag.err;

  auto extra = archfit({"detect", "foo"});
  EXPECT_EQ(extra.exit_code, 2);
  EXPECT_TRUE(extra.err.starts_with("archfit: error: unexpected argument 'foo' for 'detect'")) << extra.err;

  auto range = archfit({"doctor", "--timeout", "0"});
  EXPECT_EQ(range.exit_code, 2);
  EXPECT_TRUE(range.err.starts_with("archfit: error: --timeout: '0' is not a positive number")) << range.err;
  for (const auto* result : {&flag, &extra, &range}) {
    EXPECT_EQ(result->err.find("not expected"), std::string::npos) << result->err;   // CLI11's own words
    EXPECT_EQ(result->err.find("17976931348623157"), std::string::npos) << result->err;
    EXPECT_TRUE(result->out.empty()) << result->out;
  }
  // Help is still help: stdout, exit 0.
  auto help = archfit({"detect", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--sysroot"), std::string::npos);
}

TEST(PromptGrammar, UnknownTargetsAreUsageErrorsWithTheClosestKnownOne) {
  auto doctor = archfit({"doctor", "--sysroot", h200(), "--target", "gfx942x"});
  EXPECT_EQ(doctor.exit_code, 2);
  EXPECT_NE(doctor.err.find("archfit: error: --target gfx942x"), std::string::npos) << doctor.err;
  EXPECT_NE(doctor.err.find("did you mean gfx942?"), std::string::npos) << doctor.err;
  EXPECT_EQ(doctor.out.find("PASS"), std::string::npos);

  auto env = archfit({"env", "--sysroot", h200(), "--target", "gfx942x"});
  EXPECT_EQ(env.exit_code, 2);
  EXPECT_EQ(env.out.find("gfx942x"), std::string::npos) << env.out;  // never exported

  // sm_91 is no compute capability (nvcc --list-gpu-arch of CUDA 12.x/13.x lists sm_90 and sm_100).
  auto check = archfit({"check", "--target", "sm_91", "/bin/sh"});
  EXPECT_EQ(check.exit_code, 2);
  EXPECT_NE(check.err.find("compute capability 9.1"), std::string::npos) << check.err;
  EXPECT_NE(check.err.find("did you mean sm_90?"), std::string::npos) << check.err;  // the nearest capability
  // "90" is 9.0, as the docs say (CMake's CUDA_ARCHITECTURES spelling).
  auto ninety = archfit({"check", "--target", "90", "/bin/sh"});
  EXPECT_NE(ninety.exit_code, 2) << ninety.err;
  EXPECT_NE(ninety.out.find("sm_90"), std::string::npos) << ninety.out;
}

TEST(PromptGrammar, OneBuildIsForOneVendor) {
  auto env = archfit({"env", "--sysroot", h200(), "--target", "gfx942,sm_90"});
  EXPECT_EQ(env.exit_code, 2);
  EXPECT_NE(env.err.find("AMD and NVIDIA targets together"), std::string::npos) << env.err;
  auto doctor = archfit({"doctor", "--sysroot", h200(), "--target", "gfx942", "--target", "sm_90"});
  EXPECT_EQ(doctor.exit_code, 2);
  // check judges binaries against any targets: both vendors at once are fine there.
  auto check = archfit({"check", "--target", "gfx942,sm_90", "/bin/sh"});
  EXPECT_NE(check.exit_code, 2) << check.err;
}

TEST(PromptGrammar, CheckOfAMissingPathIsAnErrorNotHostOnly) {
  auto missing = archfit({"check", "--target", "sm_90", "/nonexistent/libfoo.so"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("archfit: error: /nonexistent/libfoo.so: No such file or directory"), std::string::npos)
      << missing.err;
  EXPECT_EQ(missing.out.find("host-only"), std::string::npos) << missing.out;
  auto python = archfit({"check", "--target", "sm_90", "--python", "/nonexistent/python"});
  EXPECT_EQ(python.exit_code, 2);
  EXPECT_TRUE(python.err.starts_with("archfit: error: /nonexistent/python")) << python.err;
}

TEST(PromptGrammar, AMissingPythonIsAnErrorNotAFallBack) {
  for (const char* command : {"doctor", "env", "report"}) {
    auto result = archfit({command, "--python", "/nonexistent/python"});
    EXPECT_EQ(result.exit_code, 2) << command;
    EXPECT_TRUE(result.err.starts_with("archfit: error: --python /nonexistent/python: no such interpreter"))
        << command << ": " << result.err;
  }
}

TEST(PromptGrammar, EnvTakesJsonLikeEveryCommand) {
  auto json = archfit({"env", "--sysroot", h200(), "--target", "sm_90", "--json"});
  auto shell = archfit({"env", "--sysroot", h200(), "--target", "sm_90", "--shell", "json"});
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.out, shell.out);
  EXPECT_TRUE(nlohmann::json::accept(json.out)) << json.out;
  EXPECT_EQ(archfit({"env", "--json", "--shell", "bash"}).exit_code, 2);
}

TEST(PromptGrammar, VerifyThatProvesNothingIsNotSuccess) {
  auto nothing = archfit({"verify", "--only", "no-such-check"});
  EXPECT_EQ(nothing.exit_code, 1) << nothing.out;
  // Every GPU hidden: the native check has no device to run on and is skipped; that proves nothing.
  auto hidden = run_command({"/usr/bin/env", "CUDA_VISIBLE_DEVICES=", "HIP_VISIBLE_DEVICES=", "ROCR_VISIBLE_DEVICES=",
                             archfit_binary(), "verify", "--native-only", "--json"});
  auto json = nlohmann::json::parse(hidden.out);
  ASSERT_FALSE(json["checks"].empty()) << hidden.out;
  for (const auto& check : json["checks"]) {
    EXPECT_EQ(check["status"], "skip") << check.dump();
  }
  EXPECT_EQ(hidden.exit_code, 1);
}

TEST(PromptGrammar, ReportRunsOnACapturedMachine) {
  int exit_code = -1;
  auto json = run_archfit_json({"report", "--sysroot", h200(), "--python", "/nonexistent/python"}, &exit_code);
  EXPECT_EQ(exit_code, 0);
  EXPECT_EQ(json["schema"], "archfit.report/1");
  EXPECT_EQ(json["detect"]["gpus"].size(), 1u);  // the H200 of tests/data/sysroots/h200
  EXPECT_TRUE(json["check"].is_null());
  EXPECT_NE(json["check_skipped"].get<std::string>().find("/nonexistent/python"), std::string::npos);
  auto markdown = archfit({"report", "--sysroot", h200(), "--python", "/nonexistent/python"});
  EXPECT_EQ(markdown.exit_code, 0);
  EXPECT_TRUE(markdown.out.starts_with("### archfit report\n")) << markdown.out.substr(0, 200);
  EXPECT_EQ(markdown.out.find("df22b45f"), std::string::npos);  // the captured H200's UUID
  EXPECT_NE(markdown.out.find("GPU-[uuid]"), std::string::npos);
  auto bad = archfit({"report", "--sysroot", "/nonexistent-root"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(bad.err.starts_with("archfit: error: --sysroot /nonexistent-root")) << bad.err;
}

}  // namespace
}  // namespace archfit::test
