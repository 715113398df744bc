// Hostile Python environments for `check --python` (issue 14.1, 14.8, 14.9), built at test time:
// a real venv (python3 -m venv) whose torch RECORD names a FIFO and a path that climbs out of
// site-packages, and an "interpreter" that closes its pipes and runs on.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "check/python_env.hpp"
#include "probe/command_runner.hpp"
#include "support/test_support.hpp"

namespace archfit::check {
namespace {

namespace fs = std::filesystem;

class HostileVenv {
 public:
  HostileVenv() : m_root(test::unique_temp_path("hostile-venv")) {
    fs::remove_all(m_root);
    auto made = test::run_command({"python3", "-m", "venv", "--without-pip", m_root.string()});
    EXPECT_EQ(made.exit_code, 0) << made.err;
    for (const auto& entry : fs::directory_iterator(m_root / "lib")) {
      m_site = entry.path() / "site-packages";
    }
  }
  ~HostileVenv() { fs::remove_all(m_root); }
  std::string python() const { return (m_root / "bin/python").string(); }
  const fs::path& site() const { return m_site; }
  // torch's dist-info with a RECORD of exactly `record`.
  void torch(const std::string& record) {
    fs::path dist = m_site / "torch-2.11.0.dist-info";
    fs::create_directories(dist);
    std::ofstream(dist / "METADATA") << "Metadata-Version: 2.1\nName: torch\nVersion: 2.11.0\n\n";
    std::ofstream(dist / "RECORD") << record;
  }

 private:
  fs::path m_root;
  fs::path m_site;
};

TEST(HostilePythonEnv, RecordPathsThatClimbOutAreNotRead) {
  HostileVenv venv;
  // site/torch/lib/../../../outside.so is site/../outside.so: outside site-packages.
  fs::path outside = venv.site().parent_path() / "outside.so";
  std::ofstream(outside) << "not a library";
  fs::create_directories(venv.site() / "torch/lib");
  std::ofstream(venv.site() / "torch/lib/inside.so") << "not a library either";
  venv.torch("torch/lib/../../../outside.so,,\n/etc/passwd.so,,\n../outside.so,,\ntorch/lib/./../lib/inside.so,,\n");
  probe::SystemRoot live("/");
  auto distributions = read_distributions(live, {venv.site().string()});
  ASSERT_EQ(distributions.size(), 1u);
  EXPECT_EQ(distributions[0].files, std::vector<std::string>{venv.site().string() + "/torch/lib/inside.so"});

  auto result = test::run_command({test::archfit_binary(), "check", "--python", venv.python(), "--target", "gfx90a",
                                   "--json"});
  EXPECT_EQ(result.out.find("outside.so"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("inside.so"), std::string::npos) << result.out;
}

TEST(HostilePythonEnv, FifoInRecordIsAnErrorNotAHang) {
  HostileVenv venv;
  fs::create_directories(venv.site() / "torch/lib");
  fs::path fifo = venv.site() / "torch/lib/libtorch_fifo.so";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  venv.torch("torch/lib/libtorch_fifo.so,,\n");
  // timeout(1) ends a run that blocks on the FIFO: exit 124 is that failure.
  auto result = test::run_command({"timeout", "30", test::archfit_binary(), "check", "--python", venv.python(),
                                   "--target", "gfx90a", "--json"});
  ASSERT_NE(result.exit_code, 124) << "check blocked on a FIFO named in RECORD";
  EXPECT_EQ(result.exit_code, 1);
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(json.is_discarded()) << result.out << result.err;
  ASSERT_EQ(json["errors"].size(), 1u) << json.dump(2);
  EXPECT_NE(json["errors"][0].get<std::string>().find("libtorch_fifo.so: a FIFO"), std::string::npos);
}

// An interpreter that closes stdout and stderr and runs on: the pipes reach EOF at once, and the
// exit never comes. The runner's deadline must cover the wait for the exit too.
TEST(HostilePythonEnv, ProgramThatClosesItsPipesIsKilledAtTheDeadline) {
  probe::ProcessRunner runner;
  auto start = std::chrono::steady_clock::now();
  auto result = runner.run({"sh", "-c", "exec >&- 2>&-; exec sleep 60"}, probe::Environment::current(),
                           std::chrono::milliseconds(1000));
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 10.0);
  EXPECT_TRUE(result.timed_out);
  EXPECT_EQ(result.signal, SIGKILL);
}

TEST(HostilePythonEnv, CheckReportsAnInterpreterThatNeverExits) {
  fs::path dir = test::unique_temp_path("silent-python");
  fs::create_directories(dir);
  fs::path python = dir / "python3";
  std::ofstream(python) << "#!/bin/sh\nexec >&- 2>&-\nexec sleep 90\n";
  fs::permissions(python, fs::perms::owner_all);
  auto result = test::run_command({"timeout", "80", test::archfit_binary(), "check", "--python", python.string(),
                                   "--target", "gfx90a", "--json"});
  fs::remove_all(dir);
  ASSERT_NE(result.exit_code, 124) << "check waited for an interpreter that never exits";
  EXPECT_NE(result.err.find("did not answer within"), std::string::npos) << result.err;
  // With --json the failure is a JSON document too (14.10).
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(json.is_discarded()) << result.out;
  EXPECT_EQ(json["schema"], "archfit.error/1");
}

}  // namespace
}  // namespace archfit::check
