// `verify` runs each check in its own process: these tests drive it with small stand-in
// interpreters (shell scripts on a temp dir) that crash, hang, or answer, so the harness's
// classification and the all-reduce rank merging are checked without a GPU. The real runs on the
// H200 machine are in docs/verify.md.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/test_support.hpp"
#include "verify/check_process.hpp"

namespace archfit::verify {
namespace {

namespace fs = std::filesystem;

TEST(VerifyProcess, ResultLineWins) {
  probe::CommandResult result;
  result.started = true;
  result.exit_code = 0;
  result.out = "noise\nARCHFIT_RESULT {\"status\": \"pass\", \"summary\": \"ok\", \"metrics\": {\"x\": 1.5}}\n";
  auto check = interpret_check_output(result, std::chrono::seconds(5));
  EXPECT_EQ(check.status, model::Status::pass);
  EXPECT_EQ(check.seen, "ok");
  EXPECT_DOUBLE_EQ(check.metrics.at("x"), 1.5);
}

TEST(VerifyProcess, PassThenCrashIsAFailure) {
  probe::CommandResult result;
  result.started = true;
  result.signal = SIGSEGV;  // e.g. a crash in an atexit handler of a mismatched Triton
  result.out = "ARCHFIT_RESULT {\"status\": \"pass\", \"summary\": \"ok\"}\n";
  auto check = interpret_check_output(result, std::chrono::seconds(5));
  EXPECT_EQ(check.status, model::Status::fail);
  EXPECT_NE(check.seen.find("SIGSEGV"), std::string::npos);
}

TEST(VerifyProcess, SignalsTimeoutsAndExitsAreClassified) {
  probe::CommandResult illegal;
  illegal.started = true;
  illegal.signal = SIGILL;
  illegal.err = "line 1\nline 2\n";
  auto check = interpret_check_output(illegal, std::chrono::seconds(5));
  EXPECT_EQ(check.status, model::Status::fail);
  EXPECT_EQ(check.crash, "SIGILL");
  EXPECT_EQ(check.stderr_tail, (std::vector<std::string>{"line 1", "line 2"}));

  probe::CommandResult hung;
  hung.started = true;
  hung.timed_out = true;
  hung.signal = SIGKILL;
  check = interpret_check_output(hung, std::chrono::seconds(7));
  EXPECT_EQ(check.crash, "timeout after 7 s");

  probe::CommandResult exited;
  exited.started = true;
  exited.exit_code = 1;
  exited.err = "Traceback (most recent call last):\nImportError: cannot import name 'triton_key'\n";
  check = interpret_check_output(exited, std::chrono::seconds(5));
  EXPECT_EQ(check.status, model::Status::fail);
  EXPECT_NE(check.seen.find("triton_key"), std::string::npos);
}

class FakePython {
 public:
  explicit FakePython(const std::string& body) : m_dir(test::unique_temp_path("fake-python")) {
    fs::create_directories(m_dir);
    m_path = (m_dir / "python").string();
    std::ofstream(m_path) << "#!/bin/sh\n# argv: SCRIPT CHECK ARGS...\nshift 1\n" << body;
    ::chmod(m_path.c_str(), 0755);
  }
  ~FakePython() { fs::remove_all(m_dir); }
  const std::string& path() const { return m_path; }

 private:
  fs::path m_dir;
  std::string m_path;
};

nlohmann::json verify(const std::vector<std::string>& args, int* exit_code) {
  std::vector<std::string> argv = {test::archfit_binary(), "verify", "--json"};
  argv.insert(argv.end(), args.begin(), args.end());
  auto result = test::run_command(argv);
  *exit_code = result.exit_code;
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << result.out << result.err;
  return json;
}

TEST(VerifyProcess, ImportCrashIsRecordedWithItsSignal) {
  FakePython python("echo 'Illegal instruction at import' >&2\nkill -ILL $$\n");
  int exit_code = -1;
  auto report = verify({"--python", python.path(), "--python-only"}, &exit_code);
  ASSERT_EQ(report["checks"].size(), 1u);
  EXPECT_EQ(report["checks"][0]["id"], "python.import");
  EXPECT_EQ(report["checks"][0]["crash"], "SIGILL");
  EXPECT_EQ(report["checks"][0]["stderr_tail"][0], "Illegal instruction at import");
  EXPECT_EQ(exit_code, 1);
}

TEST(VerifyProcess, HungCheckIsKilledAndReported) {
  FakePython python("sleep 30\n");
  int exit_code = -1;
  auto report = verify({"--python", python.path(), "--python-only", "--timeout", "1"}, &exit_code);
  ASSERT_EQ(report["checks"].size(), 1u);
  EXPECT_EQ(report["checks"][0]["crash"], "timeout after 1 s");
  EXPECT_LT(report["checks"][0]["milliseconds"].get<int>(), 10000);
}

TEST(VerifyProcess, AllreduceStartsOneProcessPerRankAndMergesThem) {
  // Each rank writes its argv to a file; rank 2 fails.
  auto log = test::unique_temp_path("ranks");
  fs::create_directories(log);
  FakePython python(
      "case $1 in\n"
      "  import) echo 'ARCHFIT_RESULT {\"status\": \"pass\", \"summary\": \"torch imported\"}' ;;\n"
      "  allreduce) echo \"$@\" > " + log.string() + "/rank$2\n"
      "    if [ $2 = 2 ]; then echo 'ARCHFIT_RESULT {\"status\": \"fail\", \"summary\": \"WRONG sum\"}';\n"
      "    else echo \"ARCHFIT_RESULT {\\\"status\\\": \\\"pass\\\", \\\"summary\\\": \\\"exact\\\", \\\"metrics\\\": {\\\"world_size\\\": $3}}\"; fi ;;\n"
      "esac\n");
  int exit_code = -1;
  auto report = verify({"--python", python.path(), "--python-only", "--backend", "gloo", "--world-size", "3"},
                       &exit_code);
  const nlohmann::json* allreduce = nullptr;
  for (const auto& check : report["checks"]) {
    if (check["id"] == "distributed.allreduce") {
      allreduce = &check;
    }
  }
  ASSERT_NE(allreduce, nullptr) << report.dump();
  EXPECT_EQ((*allreduce)["status"], "fail");
  EXPECT_NE((*allreduce)["summary"].get<std::string>().find("rank 2"), std::string::npos);
  std::string port;
  for (int rank = 0; rank < 3; ++rank) {
    auto args = test::read_text(log / ("rank" + std::to_string(rank)));
    // "allreduce RANK WORLD PORT BACKEND MB"
    std::istringstream fields(args);
    std::string check, r, world, p, backend;
    fields >> check >> r >> world >> p >> backend;
    EXPECT_EQ(r, std::to_string(rank));
    EXPECT_EQ(world, "3");
    EXPECT_EQ(backend, "gloo");
    if (rank == 0) {
      port = p;
    }
    EXPECT_EQ(p, port);  // one rendezvous for all ranks
  }
  EXPECT_EQ(exit_code, 1);
  fs::remove_all(log);
}

}  // namespace
}  // namespace archfit::verify
