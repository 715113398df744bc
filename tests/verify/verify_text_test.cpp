// verify's checks are model::Findings: the text comes from the one Finding renderer (with -q and
// wrapping), the JSON carries the Finding members beside verify's own (docs/json.md).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "report/verify_json.hpp"
#include "report/verify_text.hpp"

namespace archfit::verify {
namespace {

CheckResult failed_matmul() {
  CheckResult check;
  check.id = "python.matmul.cuda:0";
  check.group = "python";
  check.status = model::Status::fail;
  check.seen = "wrong results in bf16";
  check.seconds = 1.25;
  check.evidence = {"bf16: relative error 3.1e-01 (bound 1e-02)"};
  check.stderr_tail = {"RuntimeError: CUDA error: no kernel image is available for execution on the device"};
  return check;
}

CheckResult passed_import() {
  CheckResult check;
  check.id = "python.import";
  check.group = "python";
  check.status = model::Status::pass;
  check.seen = "torch 2.9.0 (CUDA 12.8) imported in 1.20 s";
  check.evidence = {"torch at /venv/lib/python3.12/site-packages/torch"};
  return check;
}

TEST(VerifyText, EachCheckIsAFindingAndQuietKeepsOnlyFailures) {
  report::TextStyle normal;
  std::string fail = report::verify_check_line(failed_matmul(), normal);
  EXPECT_NE(fail.find("FAIL  python.matmul.cuda:0 (1.25 s): wrong results in bf16"), std::string::npos) << fail;
  EXPECT_NE(fail.find("bf16: relative error 3.1e-01"), std::string::npos) << fail;
  EXPECT_NE(fail.find("no kernel image is available"), std::string::npos) << fail;
  std::string pass = report::verify_check_line(passed_import(), normal);
  EXPECT_NE(pass.find("PASS  python.import"), std::string::npos) << pass;

  report::TextStyle quiet{false, report::Verbosity::quiet, 0};
  EXPECT_EQ(report::verify_check_line(passed_import(), quiet), "");
  EXPECT_EQ(report::verify_check_line(failed_matmul(), quiet), fail);

  // At 60 columns the stderr line (99 characters of prose) wraps; no word is lost.
  report::TextStyle narrow{false, report::Verbosity::normal, 60};
  std::string wrapped = report::verify_check_line(failed_matmul(), narrow);
  std::size_t start = 0;
  while (start < wrapped.size()) {
    auto end = wrapped.find('\n', start);
    EXPECT_LE(end - start, 60u) << wrapped.substr(start, end - start);
    start = end + 1;
  }
  std::string joined;  // the words again, one space between them
  for (char c : wrapped) {
    bool space = c == ' ' || c == '\n';
    if (!space || (!joined.empty() && joined.back() != ' ')) {
      joined += space ? ' ' : c;
    }
  }
  EXPECT_NE(joined.find("no kernel image is available for execution on the device"), std::string::npos) << wrapped;
}

TEST(VerifyJson, ChecksCarryTheFindingMembersAndTheSchemaOnesBeside) {
  VerifyReport report;
  report.python = "python3";
  report.checks = {passed_import(), failed_matmul()};
  auto json = nlohmann::json::parse(report::verify_to_json(report, 0));
  const auto& check = json["checks"][1];
  EXPECT_EQ(check["id"], "python.matmul.cuda:0");
  EXPECT_EQ(check["group"], "python");
  EXPECT_EQ(check["status"], "fail");
  EXPECT_EQ(check["summary"], "wrong results in bf16");  // archfit.verify/1's name
  EXPECT_EQ(check["seen"], check["summary"]);            // the Finding's
  EXPECT_TRUE(check["fix"].is_null());
  EXPECT_EQ(check["milliseconds"], 1250);
  EXPECT_EQ(check["stderr_tail"].size(), 1u);
  EXPECT_EQ(json["failed"], true);
  EXPECT_EQ(json["checks"][0]["status"], "pass");
}

// -v: the measurements behind a verdict (the JSON's metrics) and a passing check's stderr; neither
// is in the normal text, and -q still leaves the pass out.
TEST(VerifyText, VerboseAddsTheMetricsAndAPassingChecksStderr) {
  CheckResult matmul = passed_import();
  matmul.id = "python.matmul.cuda:0";
  matmul.metrics = {{"fp32_relative_error", 5.74e-07}, {"bf16_relative_error", 0.0031}};
  matmul.stderr_tail = {"UserWarning: TF32 is enabled"};
  report::TextStyle normal;
  report::TextStyle verbose{false, report::Verbosity::verbose, 0};
  std::string plain = report::verify_check_line(matmul, normal);
  std::string detailed = report::verify_check_line(matmul, verbose);
  EXPECT_EQ(plain.find("metric"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("TF32 is enabled"), std::string::npos) << plain;
  EXPECT_NE(detailed.find("metric fp32_relative_error: 5.74e-07"), std::string::npos) << detailed;
  EXPECT_NE(detailed.find("metric bf16_relative_error: 0.0031"), std::string::npos) << detailed;
  EXPECT_NE(detailed.find("UserWarning: TF32 is enabled"), std::string::npos) << detailed;
  EXPECT_EQ(report::verify_check_line(matmul, report::TextStyle{false, report::Verbosity::quiet, 0}), "");
}

}  // namespace
}  // namespace archfit::verify
