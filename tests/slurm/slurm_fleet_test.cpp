// `archfit fleet collect` + `fleet report` through a real Slurm: munged, slurmctld and three slurmd
// (n1, n2, n3) on this host, started by scripts/slurm_localhost.sh in a temporary directory and
// stopped by PID when the suite ends. Each node's task reads a different captured sysroot (%n ->
// a link per node), so the reports really differ by node. Also the hostlist functions against
// `scontrol show hostnames` / `scontrol show hostlistsorted` as the oracle. Label `slurm`: needs
// the ci-stage packages of scripts/tools.tsv and root (the daemons run as this user).
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "fleet/hostlist.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path source(const std::string& relative) { return fs::path(ARCHFIT_SOURCE_DIR) / relative; }

class SlurmCluster : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = unique_temp_path("archfit-slurm");
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "sysroots");
    // n1: MI300X, n2: MI250X, n3: H200 (the captures of tests/data/sysroots).
    for (auto [node, tree] : std::vector<std::pair<std::string, std::string>>{
             {"n1", "mi300x-8gpu"}, {"n2", "mi250x"}, {"n3", "h200"}}) {
      fs::create_directory_symlink(source("tests/data/sysroots/" + tree + "/root"), dir_ / "sysroots" / node);
    }
    auto started = run_command({"bash", source("scripts/slurm_localhost.sh").string(), "start", (dir_ / "slurm").string()});
    started_ = started.exit_code == 0;
    // EXPECT: a fatal failure here would make GoogleTest skip every test (CTest: "Skipped", not
    // failed); each test asserts started_ itself.
    EXPECT_TRUE(started_) << started.out << started.err;
    ::setenv("SLURM_CONF", (dir_ / "slurm/slurm.conf").c_str(), 1);
  }
  static void TearDownTestSuite() {
    auto stopped = run_command({"bash", source("scripts/slurm_localhost.sh").string(), "stop", (dir_ / "slurm").string()});
    EXPECT_EQ(stopped.exit_code, 0) << stopped.err;
    fs::remove_all(dir_);
  }
  static std::string sysroot_pattern() { return (dir_ / "sysroots/%n").string(); }
  static fs::path dir_;
  static bool started_;
};
fs::path SlurmCluster::dir_;
bool SlurmCluster::started_ = false;

// Waits (up to 30 s) until sinfo shows every node of `nodes` idle: a node resumed from down or drain
// answers the controller's next ping first ("idle*" until then).
bool wait_idle(const std::string& nodes) {
  for (int i = 0; i < 300; ++i) {
    auto result = run_command({"sinfo", "--noheader", "--Node", "--format=%T", "--nodes=" + nodes});
    auto states = lines(result.out);
    if (result.exit_code == 0 && !states.empty() &&
        std::all_of(states.begin(), states.end(), [](const std::string& s) { return s == "idle"; })) {
      return true;
    }
    ::usleep(100 * 1000);
  }
  return false;
}

json report_of(const fs::path& out) {
  return run_archfit_json({"fleet", "report", out.string()});
}

std::map<std::string, json> nodes_by_name(const json& report) {
  std::map<std::string, json> nodes;
  for (const auto& node : report["nodes"]) nodes[node["name"]] = node;
  return nodes;
}

TEST_F(SlurmCluster, CollectAsksEveryNodeAndReportGroupsThem) {
  ASSERT_TRUE(started_);
  fs::path out = dir_ / "all";
  auto collected = run_command({archfit_binary(), "fleet", "collect", "--out", out.string(), "--sysroot", sysroot_pattern()});
  EXPECT_EQ(collected.exit_code, 0) << collected.out << collected.err;
  for (const char* node : {"n1", "n2", "n3"}) EXPECT_TRUE(fs::exists(out / (std::string(node) + ".json"))) << node;
  auto report = report_of(out);
  EXPECT_EQ(report["summary"]["ok"], 3);
  std::map<std::string, std::string> groups;
  for (const auto& group : report["groups"]) groups[group["nodes"]] = group["targets"].dump();
  // The targets of each capture: expected.tsv (rocminfo) and tools/nvidia-smi-query.csv (9.0).
  EXPECT_EQ(groups["n1"], R"(["gfx942"])");
  EXPECT_EQ(groups["n2"], R"(["gfx90a"])");
  EXPECT_EQ(groups["n3"], R"(["sm_90"])");
  EXPECT_EQ(report["build_targets"]["TORCH_CUDA_ARCH_LIST"], "9.0");
}

// collect --check: every node checks the same library through srun; the report says where it runs.
// libxnack_off.so (fixtures.check, clang 19) carries gfx90a:xnack- only: the MI250X (n2, gfx90a, xnack
// off in its capture) runs it; the MI300X (n1, gfx942) and the H200 (n3) have no code in it.
TEST_F(SlurmCluster, CollectChecksAPathOnEveryNodeAndTheReportSaysWhereItRuns) {
  ASSERT_TRUE(started_);
  fs::path out = dir_ / "check";
  std::string input = (fixture_dir("check") / "gpu/libxnack_off.so").string();
  ASSERT_TRUE(fs::exists(input)) << input;
  auto collected = run_command({archfit_binary(), "fleet", "collect", "--out", out.string(), "--sysroot", sysroot_pattern(),
                                "--check", input});
  EXPECT_EQ(collected.exit_code, 0) << collected.out << collected.err;
  for (const char* node : {"n1", "n2", "n3"}) {
    auto doc = json::parse(read_text(out / (std::string(node) + ".json")));
    ASSERT_EQ(doc["checks"].size(), 1u) << node;
    EXPECT_EQ(doc["checks"][0]["report"]["schema"], "archfit.check/1") << node;
  }
  auto report = report_of(out);
  ASSERT_EQ(report["verdicts"].size(), 1u) << report.dump();
  // Nodes are grouped by verdict and reason: the two failing nodes fail for different targets.
  std::map<std::string, std::string> verdict, reasons;
  for (const auto& group : report["verdicts"][0]["groups"]) {
    verdict[group["nodes"]] = group["verdict"];
    reasons[group["nodes"]] = group["reasons"].dump();
  }
  EXPECT_EQ(verdict["n2"], "runs") << report["verdicts"].dump();
  EXPECT_EQ(verdict["n1"], "fails") << report["verdicts"].dump();
  EXPECT_EQ(verdict["n3"], "fails") << report["verdicts"].dump();
  EXPECT_NE(reasons["n1"].find("gfx942"), std::string::npos) << reasons["n1"];
  EXPECT_NE(reasons["n1"].find("no code"), std::string::npos) << reasons["n1"];
  EXPECT_NE(reasons["n3"].find("sm_90"), std::string::npos) << reasons["n3"];
  EXPECT_EQ(report["verdicts"][0]["not_checked"], "");
}

TEST_F(SlurmCluster, DownAndDrainedNodesAreRecordedNotDropped) {
  ASSERT_TRUE(started_);
  auto down = run_command({"scontrol", "update", "nodename=n3", "state=down", "reason=archfit-test"});
  ASSERT_EQ(down.exit_code, 0) << down.err;
  auto drain = run_command({"scontrol", "update", "nodename=n2", "state=drain", "reason=archfit-test"});
  ASSERT_EQ(drain.exit_code, 0) << drain.err;
  fs::path out = dir_ / "down";
  auto collected = run_command({archfit_binary(), "fleet", "collect", "--out", out.string(), "--sysroot", sysroot_pattern()});
  auto resumed = run_command({"scontrol", "update", "nodename=n[2-3]", "state=resume"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_TRUE(wait_idle("n[1-3]"));
  EXPECT_EQ(collected.exit_code, 1) << collected.out << collected.err;
  auto nodes = nodes_by_name(report_of(out));
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes["n1"]["status"], "ok");
  EXPECT_EQ(nodes["n2"]["status"], "failed");
  EXPECT_EQ(nodes["n2"]["failure"]["reason"], "node-drained") << nodes["n2"].dump();
  EXPECT_EQ(nodes["n3"]["status"], "failed");
  EXPECT_EQ(nodes["n3"]["failure"]["reason"], "node-down");
  // sinfo's own word for the state is the oracle.
  EXPECT_EQ(nodes["n2"]["failure"]["state"].get<std::string>().rfind("drain", 0), 0u) << nodes["n2"].dump();
  EXPECT_EQ(nodes["n3"]["failure"]["state"].get<std::string>().rfind("down", 0), 0u) << nodes["n3"].dump();
}

TEST_F(SlurmCluster, AMissingBinaryIsRecordedWithSrunsExitCodeAndStderr) {
  ASSERT_TRUE(started_);
  fs::path out = dir_ / "missing";
  auto collected = run_command({archfit_binary(), "fleet", "collect", "--out", out.string(), "--nodes", "n[1-2]",
                                "--archfit", (dir_ / "no-such-archfit").string()});
  EXPECT_EQ(collected.exit_code, 1);
  auto nodes = nodes_by_name(report_of(out));
  ASSERT_EQ(nodes.size(), 2u);
  for (const char* name : {"n1", "n2"}) {
    const auto& failure = nodes[name]["failure"];
    EXPECT_EQ(nodes[name]["status"], "failed");
    EXPECT_EQ(failure["reason"], "archfit-missing") << failure.dump();
    EXPECT_TRUE(failure["exit_code"].is_number_integer() && failure["exit_code"] != 0) << failure.dump();
    EXPECT_NE(failure["stderr"].get<std::string>().find("no-such-archfit"), std::string::npos) << failure.dump();
  }
}

// -q says the problem outcomes only; -v adds the srun command line and every node's own outcome.
TEST_F(SlurmCluster, QuietAndVerboseCollectSayProblemsOnlyOrEveryNode) {
  ASSERT_TRUE(started_);
  auto quiet_ok = run_command({archfit_binary(), "fleet", "-q", "collect", "--out", (dir_ / "quiet-ok").string(),
                               "--nodes", "n[1-2]", "--sysroot", sysroot_pattern()});
  EXPECT_EQ(quiet_ok.exit_code, 0) << quiet_ok.out << quiet_ok.err;
  EXPECT_EQ(quiet_ok.out, "") << "nothing failed, so -q says nothing";
  auto verbose = run_command({archfit_binary(), "fleet", "-v", "collect", "--out", (dir_ / "verbose").string(),
                              "--nodes", "n[1-2]", "--sysroot", sysroot_pattern()});
  EXPECT_EQ(verbose.exit_code, 0) << verbose.out << verbose.err;
  EXPECT_NE(verbose.out.find("srun: srun"), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("  n1: ok\n"), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find("  n2: ok\n"), std::string::npos) << verbose.out;
  auto quiet_failed = run_command({archfit_binary(), "fleet", "-q", "collect", "--out", (dir_ / "quiet-failed").string(),
                                   "--nodes", "n1", "--archfit", (dir_ / "no-such-archfit").string()});
  EXPECT_EQ(quiet_failed.exit_code, 1);
  EXPECT_NE(quiet_failed.out.find("failed (archfit-missing)"), std::string::npos) << quiet_failed.out;
  EXPECT_EQ(quiet_failed.out.find("reports in"), std::string::npos) << quiet_failed.out;
}

// A stand-in for archfit that only sleeps: a task that runs past any limit.
fs::path sleeping_binary(const fs::path& path, int seconds) {
  std::ofstream(path) << "#!/bin/sh\nsleep " << seconds << "\n";
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

TEST_F(SlurmCluster, ATaskKilledByItsTimeLimitIsRecorded) {
  ASSERT_TRUE(started_);
  // collect's own --timeout stops srun and cancels the job (Slurm's --time: the next test).
  fs::path out = dir_ / "timeout";
  fs::path slow = sleeping_binary(dir_ / "slow-archfit", 60);
  auto collected = run_command({archfit_binary(), "fleet", "collect", "--out", out.string(), "--nodes", "n1",
                                "--archfit", slow.string(), "--timeout", "3"});
  EXPECT_EQ(collected.exit_code, 1);
  auto nodes = nodes_by_name(report_of(out));
  EXPECT_EQ(nodes["n1"]["status"], "failed");
  EXPECT_EQ(nodes["n1"]["failure"]["reason"], "timeout") << nodes["n1"].dump();
}

TEST_F(SlurmCluster, ATaskPastSlurmsTimeLimitIsRecordedWithSlurmsMessage) {
  ASSERT_TRUE(started_);
  // Slurm's own limit (srun --time, "minutes:seconds", which Slurm rounds up to a whole minute):
  // slurmctld enforces it at its periodic check (about every 30 s), then slurmstepd kills the step
  // after KillWait and srun prints why. About 80 s.
  fs::path out = dir_ / "time-limit";
  fs::path slow = sleeping_binary(dir_ / "slower-archfit", 300);
  auto collected = run_command({archfit_binary(), "fleet", "collect", "--out", out.string(), "--nodes", "n2",
                                "--archfit", slow.string(), "--timeout", "240", "--", "--time=0:05"});
  EXPECT_EQ(collected.exit_code, 1) << collected.out << collected.err;
  auto nodes = nodes_by_name(report_of(out));
  const auto& failure = nodes["n2"]["failure"];
  EXPECT_EQ(nodes["n2"]["status"], "failed");
  EXPECT_EQ(failure["reason"], "timeout") << failure.dump();
  EXPECT_TRUE(failure["exit_code"].is_number_integer() && failure["exit_code"] != 0) << failure.dump();
  EXPECT_NE(failure["stderr"].get<std::string>().find("DUE TO TIME LIMIT"), std::string::npos) << failure.dump();
}

TEST_F(SlurmCluster, BcastCopiesTheBinaryToTheNodeBeforeTheTask) {
  ASSERT_TRUE(started_);
  // --bcast: srun copies the binary (Slurm's sbcast) to --bcast-path on each node, then runs that copy.
  fs::path out = dir_ / "bcast";
  fs::path staged = dir_ / "bcast-dest";
  fs::create_directories(staged);
  auto collected = run_command({archfit_binary(), "fleet", "collect", "--out", out.string(), "--nodes", "n1",
                                "--sysroot", sysroot_pattern(), "--bcast", "--bcast-path",
                                (staged / "archfit-copy").string()});
  EXPECT_EQ(collected.exit_code, 0) << collected.out << collected.err;
  auto nodes = nodes_by_name(report_of(out));
  EXPECT_EQ(nodes["n1"]["status"], "ok") << nodes["n1"].dump();
  ASSERT_TRUE(fs::exists(staged / "archfit-copy"));
  EXPECT_EQ(read_text(staged / "archfit-copy"), read_text(archfit_binary()));
}

// scontrol expands and compresses with Slurm's own hostlist code.
std::vector<std::string> scontrol_hostnames(const std::string& expression) {
  auto result = run_command({"scontrol", "show", "hostnames", expression});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return lines(result.out);
}

TEST_F(SlurmCluster, HostlistExpansionMatchesScontrol) {
  ASSERT_TRUE(started_);
  for (std::string expression : {"n[1-3]", "n[1-16,20]", "gpu[001-004],login1", "n[8-11]", "n[08-11]", "a[1-2]b[3-4]",
                                 "rack1-n[1-2],rack2-n[09-10]", "n[098-100]", "x", "n[1,1-2]", "n1,,n2", "[1-2]"}) {
    auto ours = fleet::expand_hostlist(expression);
    ASSERT_TRUE(ours) << expression << ": " << ours.error().message;
    EXPECT_EQ(*ours, scontrol_hostnames(expression)) << expression;
  }
}

TEST_F(SlurmCluster, HostlistsScontrolRefusesAreRefused) {
  ASSERT_TRUE(started_);
  for (std::string expression : {"node-[1-3]-ib", "a[1-2]b", "n[3-1]", "n[a-b]"}) {
    auto result = run_command({"scontrol", "show", "hostnames", expression});
    EXPECT_NE(result.out + result.err, "") << expression;
    EXPECT_NE((result.out + result.err).find("Invalid hostlist"), std::string::npos) << expression;
    EXPECT_FALSE(fleet::expand_hostlist(expression)) << expression;
  }
}

TEST_F(SlurmCluster, CompressedHostlistsExpandBackThroughScontrol) {
  ASSERT_TRUE(started_);
  std::vector<std::vector<std::string>> sets = {
      {"n1", "n2", "n3"},
      {"n3", "n1", "n2", "n20", "n16"},
      {"n9", "n10", "n08", "n09", "n010", "n1"},
      {"n99", "n100", "n098", "n099"},
      {"gpu001", "gpu002", "gpu004", "login1", "login", "rack1-n1", "rack1-n2", "rack2-n1"},
      {"n0", "n00", "n000", "n1", "n01"},
      {"gpu09998", "gpu09999", "gpu10000", "gpu10001", "gpu00001"},
      {"n9", "n10", "n11", "n09", "n010"},
  };
  for (auto names : sets) {
    std::string compressed = fleet::compress_hostlist(names);
    auto back = scontrol_hostnames(compressed);
    std::sort(back.begin(), back.end());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(back, names) << compressed;
  }
  // Where Slurm's sorted form is unambiguous, ours is the same text.
  for (std::string list : {"n1,n2,n3", "n3,n1,n2,n5", "login,node-1,node-2", "rack1-n1,rack1-n2,rack2-n1", "a01,a02,a03"}) {
    auto sorted = run_command({"scontrol", "show", "hostlistsorted", list});
    auto ours = fleet::expand_hostlist(list);
    ASSERT_TRUE(ours);
    EXPECT_EQ(fleet::compress_hostlist(*ours), lines(sorted.out).at(0)) << list;
  }
}

}  // namespace
}  // namespace archfit::test
