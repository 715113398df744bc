// `archfit fleet node` and `fleet report` / `fleet check` on real node reports: each made by the
// real archfit binary reading a captured sysroot (tests/data/sysroots/*/root), as `fleet collect`
// would on that node. Expected values come from the captures' own oracles: expected.tsv (rocminfo),
// tools/nvidia-smi-query.csv, the kernel's /sys/module/amdgpu/version file, and the check
// fixture's build line (--offload-arch=gfx90a:xnack-, tests/fixtures/check/make_check_fixtures.sh).
#include <sys/stat.h>

#include <algorithm>
#include <tuple>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "fleet/fleet_report.hpp"
#include "fleet/hostlist.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path sysroot(const std::string& name) { return fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots" / name; }

// Column `column` of a sysroot's expected.tsv (the rocminfo capture), as a set.
std::set<std::string> expected_column(const std::string& name, const std::string& column) {
  auto rows = lines(read_text(sysroot(name) / "expected.tsv"));
  std::set<std::string> values;
  std::vector<std::string> header;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::vector<std::string> cells;
    std::string cell;
    for (char c : rows[r] + "\t") {
      if (c == '\t') {
        cells.push_back(cell);
        cell.clear();
      } else {
        cell += c;
      }
    }
    if (r == 0) {
      header = cells;
      continue;
    }
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) {
      if (header[i] == column) values.insert(cells[i]);
    }
  }
  return values;
}

// The H200 capture's nvidia-smi CSV: (compute_cap, driver_version).
std::pair<std::string, std::string> h200_smi() {
  auto rows = lines(read_text(sysroot("h200") / "tools/nvidia-smi-query.csv"));
  std::vector<std::string> cells;
  std::string cell;
  for (char c : rows.at(1) + ",") {
    if (c == ',') {
      cells.push_back(cell.substr(cell.find_first_not_of(' ')));
      cell.clear();
    } else {
      cell += c;
    }
  }
  return {cells.at(1), cells.at(4)};
}

std::string first_line(const fs::path& path) {
  auto all = lines(read_text(path));
  return all.empty() ? "" : all.front();
}

class FleetReportTest : public ::testing::Test {
 protected:
  // EXPECT, not ASSERT: a fatal failure in SetUpTestSuite makes GoogleTest skip the suite, and CTest
  // reports skipped tests as skipped, not failed. Non-fatal, the tests run and fail loudly.
  static void SetUpTestSuite() {
    dir_ = unique_temp_path("archfit-fleet-report");
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::string check_input = (fixture_dir("check") / "gpu/libxnack_off.so").string();
    // n1, n2, n10: MI300X; n3: MI250X; n4: H200. n3 and n4 also check the gfx90a:xnack- library.
    for (auto [node, tree] : std::vector<std::pair<std::string, std::string>>{
             {"n1", "mi300x-8gpu"}, {"n2", "mi300x-8gpu"}, {"n10", "mi300x-8gpu"}, {"n3", "mi250x"}, {"n4", "h200"}}) {
      std::vector<std::string> argv = {archfit_binary(), "fleet", "node", "--node", node, "--out", dir_.string(),
                                       "--sysroot", (sysroot(tree) / "root").string()};
      if (node == "n3" || node == "n4") argv.insert(argv.end(), {"--check", check_input});
      auto result = run_command(argv);
      EXPECT_EQ(result.exit_code, 0) << result.err;
    }
    // Hostile files: what a broken or malicious node could leave in the directory.
    std::string good = read_text(dir_ / "n1.json");
    std::ofstream(dir_ / "n5.json") << good.substr(0, good.size() / 2);                   // truncated
    std::ofstream(dir_ / "n6.json") << json{{"hello", "world"}}.dump();                   // not archfit's
    std::ofstream(dir_ / "n7.json") << good;                                               // a second n1
    std::string evil = good;
    evil.replace(evil.find("\"node\":\"n1\""), 11, "\"node\":\"../etc/passwd\"");
    std::ofstream(dir_ / "evil.json") << evil;                                             // path-like name
    std::ofstream(dir_ / "n8.json") << std::string(5u << 20, ' ') << good;                // oversized
    EXPECT_EQ(::mkfifo((dir_ / "n9.json").c_str(), 0600), 0);                              // a FIFO: never opened to block
    std::ofstream(dir_ / "n11.json") << std::string(100000, '[') << std::string(100000, ']');  // nested deeper than any report
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static fs::path dir_;
};
fs::path FleetReportTest::dir_;

TEST_F(FleetReportTest, NodeReportsEmbedTheNodesOwnDocuments) {
  auto doc = json::parse(read_text(dir_ / "n3.json"));
  EXPECT_EQ(doc["schema"], "archfit.fleet-node/1");
  EXPECT_EQ(doc["node"], "n3");
  EXPECT_EQ(doc["detect"]["schema"], "archfit.detect/1");
  EXPECT_EQ(doc["doctor"]["schema"], "archfit.doctor/1");
  ASSERT_EQ(doc["checks"].size(), 1u);
  EXPECT_EQ(doc["checks"][0]["report"]["schema"], "archfit.check/1");
  // A node report stays small: docs/fleet.md promises under 64 KB for detect + doctor.
  EXPECT_LT(fs::file_size(dir_ / "n1.json"), 64u * 1024);
}

TEST_F(FleetReportTest, GroupsArchListAndDriftFollowTheCaptures) {
  int code = 0;
  auto report = run_archfit_json({"fleet", "report", dir_.string()}, &code);
  EXPECT_EQ(code, 1);  // rejected files
  EXPECT_EQ(report["schema"], "archfit.fleet/1");
  std::map<std::string, std::string> groups;  // targets -> hostlist
  for (const auto& group : report["groups"]) {
    std::string targets;
    for (const auto& t : group["targets"]) targets += (targets.empty() ? "" : " ") + t.get<std::string>();
    groups[targets] = group["nodes"];
  }
  auto mi300x = expected_column("mi300x-8gpu", "target");
  auto mi250x = expected_column("mi250x", "target");
  ASSERT_EQ(mi300x.size(), 1u);
  ASSERT_EQ(mi250x.size(), 1u);
  auto [compute_cap, nvidia_driver] = h200_smi();
  std::string sm = "sm_" + compute_cap.substr(0, compute_cap.find('.')) + compute_cap.substr(compute_cap.find('.') + 1);
  EXPECT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[*mi300x.begin()], "n[1-2,10]");
  EXPECT_EQ(groups[*mi250x.begin()], "n3");
  EXPECT_EQ(groups[sm], "n4");
  EXPECT_EQ(report["build_targets"]["PYTORCH_ROCM_ARCH"], *mi250x.begin() + ";" + *mi300x.begin());
  EXPECT_EQ(report["build_targets"]["TORCH_CUDA_ARCH_LIST"], compute_cap);

  // Drift: the drivers differ (amdgpu module versions of the two AMD captures, nvidia-smi's driver).
  std::map<std::string, std::string> driver;
  bool saw_driver = false;
  for (const auto& row : report["drift"]) {
    if (row["fact"] != "driver") continue;
    saw_driver = true;
    for (const auto& value : row["values"]) driver[value["nodes"]] = value["value"];
  }
  ASSERT_TRUE(saw_driver);
  EXPECT_EQ(driver["n[1-2,10]"], "amdgpu " + first_line(sysroot("mi300x-8gpu") / "root/sys/module/amdgpu/version"));
  EXPECT_EQ(driver["n3"], "amdgpu " + first_line(sysroot("mi250x") / "root/sys/module/amdgpu/version"));
  EXPECT_EQ(driver["n4"], "nvidia " + nvidia_driver);
  // Only differing facts: every node has the same (unknown) torch, so no torch row.
  for (const auto& row : report["drift"]) EXPECT_NE(row["fact"], "torch");
}

TEST_F(FleetReportTest, HostileFilesAreRejectedOneErrorEachAndTheRestAggregates) {
  auto report = run_archfit_json({"fleet", "report", dir_.string()});
  std::map<std::string, std::string> status;
  for (const auto& node : report["nodes"]) status[node["file"]] = node["status"];
  for (const char* ok : {"n1.json", "n2.json", "n3.json", "n4.json", "n10.json"}) EXPECT_EQ(status[ok], "ok") << ok;
  std::vector<std::string> bad = {"n5.json", "n6.json", "n7.json", "n8.json", "n9.json", "n11.json", "evil.json"};
  for (const auto& file : bad) EXPECT_EQ(status[file], "rejected") << file;
  EXPECT_EQ(report["summary"]["ok"], 5);
  EXPECT_EQ(report["summary"]["rejected"], 7);
  // One error per rejected file, naming it.
  ASSERT_EQ(report["errors"].size(), bad.size());
  for (const auto& file : bad) {
    int naming = 0;
    for (const auto& error : report["errors"]) naming += error.get<std::string>().rfind(file + ": ", 0) == 0 ? 1 : 0;
    EXPECT_EQ(naming, 1) << file << " in " << report["errors"].dump();
  }
  std::string errors = report["errors"].dump();
  // Truncated: where the text ends, as an offset (the file's size).
  std::string truncated = fmt::format("n5.json: not a complete JSON document (truncated or not JSON): unexpected end of "
                                      "the text at offset {}", fs::file_size(dir_ / "n5.json"));
  EXPECT_NE(errors.find(truncated), std::string::npos) << errors;
  EXPECT_NE(errors.find("n6.json: not an archfit node report"), std::string::npos) << errors;
  EXPECT_NE(errors.find("n7.json: names node 'n1'"), std::string::npos) << errors;
  EXPECT_NE(errors.find(fmt::format("n8.json: {} bytes, more than a node report's limit", fs::file_size(dir_ / "n8.json"))),
            std::string::npos) << errors;
  EXPECT_NE(errors.find("n9.json: is a FIFO, not a regular file"), std::string::npos) << errors;
  EXPECT_NE(errors.find("n11.json: not a complete JSON document (truncated or not JSON): nested more than"),
            std::string::npos) << errors;
  EXPECT_NE(errors.find("evil.json: node name \\\"../etc/passwd\\\" is not a plain host name"), std::string::npos)
      << errors;
}

// The same problems are Findings: in --json's `findings` (fleet.rejected, fail, seen = the error line,
// origin the node or the file), in the text's Errors section and in Markdown through the shared renderers.
TEST_F(FleetReportTest, RejectedFilesAreFindingsInJsonTextAndMarkdown) {
  auto report = run_archfit_json({"fleet", "report", dir_.string()});
  ASSERT_EQ(report["findings"].size(), report["errors"].size()) << report["findings"].dump(2);
  for (std::size_t i = 0; i < report["findings"].size(); ++i) {
    const auto& finding = report["findings"][i];
    EXPECT_EQ(finding["id"], "fleet.rejected");
    EXPECT_EQ(finding["status"], "fail");
    EXPECT_EQ(finding["seen"], report["errors"][i]);
    std::string origin = finding["origin"];
    EXPECT_EQ(finding["seen"].get<std::string>().rfind(origin, 0), 0u) << finding.dump();
  }
  auto text = run_command({archfit_binary(), "fleet", "report", "--color", "never", dir_.string()});
  EXPECT_NE(text.out.find("\nErrors\n  FAIL  rejected report: "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("\n  FAIL  rejected report: n6.json: not an archfit node report"), std::string::npos) << text.out;
  auto quiet = run_command({archfit_binary(), "-q", "fleet", "report", dir_.string()});
  EXPECT_NE(quiet.out.find("FAIL  rejected report: n6.json"), std::string::npos) << quiet.out;
  auto markdown = run_command({archfit_binary(), "fleet", "report", "--markdown", dir_.string()});
  EXPECT_NE(markdown.out.find("**fail** `fleet.rejected` (n6): rejected report"), std::string::npos) << markdown.out;
}

// The minimum of --json: {"schema","nodes":[{"name","status","targets"}],"groups":[{"targets","nodes"}],"errors"}.
TEST_F(FleetReportTest, JsonHasTheMinimumSchema) {
  auto report = run_archfit_json({"fleet", "report", dir_.string()});
  EXPECT_EQ(report["schema"], "archfit.fleet/1");
  ASSERT_TRUE(report["nodes"].is_array());
  std::set<std::string> statuses;
  for (const auto& node : report["nodes"]) {
    ASSERT_TRUE(node.contains("name") && (node["name"].is_string() || node["name"].is_null())) << node.dump();
    ASSERT_TRUE(node["status"].is_string()) << node.dump();
    statuses.insert(node["status"]);
    ASSERT_TRUE(node["targets"].is_array()) << node.dump();
    for (const auto& target : node["targets"]) EXPECT_TRUE(target.is_string());
  }
  EXPECT_EQ(statuses, (std::set<std::string>{"ok", "rejected"}));
  ASSERT_TRUE(report["groups"].is_array());
  for (const auto& group : report["groups"]) {
    EXPECT_TRUE(group["targets"].is_array()) << group.dump();
    ASSERT_TRUE(group["nodes"].is_string()) << group.dump();
    auto names = fleet::expand_hostlist(group["nodes"].get<std::string>());
    ASSERT_TRUE(names);
    EXPECT_EQ(names->size(), group["count"].get<std::size_t>());
  }
  EXPECT_TRUE(report["errors"].is_array());
}

// Each doctor check that is not PASS, with its nodes: compared with the doctor documents the nodes
// embedded in their own reports.
TEST_F(FleetReportTest, DoctorChecksThatAreNotPassListTheirNodes) {
  std::map<std::pair<std::string, std::string>, std::set<std::string>> expected;  // (id, status) -> nodes
  for (const char* node : {"n1", "n2", "n3", "n4", "n10"}) {
    auto doc = json::parse(read_text(dir_ / (std::string(node) + ".json")));
    for (const auto& check : doc["doctor"]["checks"]) {
      if (check["status"] != "pass") expected[{check["id"], check["status"]}].insert(node);
    }
  }
  ASSERT_FALSE(expected.empty());  // the captured trees have no compilers: toolchain checks fail
  auto report = run_archfit_json({"fleet", "report", dir_.string()});
  std::map<std::pair<std::string, std::string>, std::set<std::string>> got;
  std::vector<std::string> order;
  for (const auto& row : report["checks"]) {
    auto names = fleet::expand_hostlist(row["nodes"].get<std::string>());
    ASSERT_TRUE(names);
    got[{row["id"], row["status"]}].insert(names->begin(), names->end());
    order.push_back(row["status"]);
  }
  EXPECT_EQ(got, expected);
  // fail first, then warn, then the rest.
  auto rank = [](const std::string& s) { return s == "fail" ? 0 : s == "warn" ? 1 : 2; };
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end(),
                             [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); }));
  auto text = run_command({archfit_binary(), "fleet", "report", dir_.string()});
  EXPECT_NE(text.out.find("Doctor checks that are not PASS"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Drift (facts that differ between nodes)"), std::string::npos) << text.out;
}

// Inside an accepted report, a value of the wrong type counts as absent (unknown), never as an error
// of the whole file and never as a crash.
TEST(FleetReport, ValuesOfTheWrongTypeCountAsUnknown) {
  fs::path dir = unique_temp_path("archfit-fleet-types");
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto made = run_command({archfit_binary(), "fleet", "node", "--node", "t1", "--out", dir.string(), "--sysroot",
                           (sysroot("mi250x") / "root").string()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  auto doc = json::parse(read_text(dir / "t1.json"));
  doc["detect"]["gpus"] = "eight";
  doc["detect"]["drivers"]["amdgpu"] = 6;
  doc["detect"]["host"] = json::array();
  doc["doctor"]["checks"] = json::object();
  doc["doctor"]["facts"]["python"]["version"] = 3.11;
  doc["errors"] = {1, "kept", nullptr};
  std::ofstream(dir / "t1.json") << doc.dump();
  auto report = run_archfit_json({"fleet", "report", dir.string()});
  fs::remove_all(dir);
  ASSERT_EQ(report["nodes"].size(), 1u);
  const auto& node = report["nodes"][0];
  EXPECT_EQ(node["status"], "ok");
  EXPECT_EQ(node["targets"], json::array());
  for (const char* fact : {"driver", "glibc", "libstdc++", "python"}) EXPECT_EQ(node["facts"][fact], "unknown") << fact;
  EXPECT_EQ(report["checks"], json::array());
  EXPECT_EQ(report["errors"], json::array({"t1: kept"}));
}

// A doctor status is read as model::Status: a word model does not name (a newer archfit's, a
// capitalised one, a wrong type, none at all) is unknown, never a crash and never pass; the rows
// come worst first (fail, warn, unknown, skip: model::severity_rank), by id within a status.
TEST(FleetReport, DoctorStatusesOutsideTheVocabularyAreUnknownNotPass) {
  json doc = {{"schema", "archfit.fleet-node/1"}, {"node", "u1"}, {"status", "ok"}};
  doc["doctor"] = {{"schema", "archfit.doctor/1"},
                   {"checks", json::array({{{"id", "a.passed"}, {"status", "pass"}},
                                           {{"id", "b.skipped"}, {"status", "skip"}},
                                           {{"id", "c.newer-word"}, {"status", "degraded"}},
                                           {{"id", "d.capital"}, {"status", "PASS"}},
                                           {{"id", "e.wrong-type"}, {"status", 1}},
                                           {{"id", "f.absent"}},
                                           {{"id", "g.warned"}, {"status", "warn"}},
                                           {{"id", "h.failed"}, {"status", "fail"}},
                                           {{"id", "i.unknown"}, {"status", "unknown"}}})}};
  auto node = fleet::read_node_report(doc.dump(), "u1.json");
  ASSERT_TRUE(node) << node.error().message;
  std::map<std::string, model::Status> seen;
  for (const auto& check : node->doctor) seen[check.id] = check.status;
  EXPECT_EQ(seen, (std::map<std::string, model::Status>{{"b.skipped", model::Status::skip},
                                                         {"c.newer-word", model::Status::unknown},
                                                         {"d.capital", model::Status::unknown},
                                                         {"e.wrong-type", model::Status::unknown},
                                                         {"f.absent", model::Status::unknown},
                                                         {"g.warned", model::Status::warn},
                                                         {"h.failed", model::Status::fail},
                                                         {"i.unknown", model::Status::unknown}}));
  auto report = fleet::aggregate_node_reports({{"u1.json", doc.dump(), ""}});
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& row : report.checks) rows.emplace_back(std::string(model::status_name(row.status)), row.id);
  EXPECT_EQ(rows, (std::vector<std::pair<std::string, std::string>>{{"fail", "h.failed"},
                                                                     {"warn", "g.warned"},
                                                                     {"unknown", "c.newer-word"},
                                                                     {"unknown", "d.capital"},
                                                                     {"unknown", "e.wrong-type"},
                                                                     {"unknown", "f.absent"},
                                                                     {"unknown", "i.unknown"},
                                                                     {"skip", "b.skipped"}}));
  auto json_report = json::parse(fleet::fleet_report_json(report, 0));
  ASSERT_EQ(json_report["checks"].size(), rows.size());
  EXPECT_EQ(json_report["checks"][2]["status"], "unknown");
  EXPECT_EQ(json_report["nodes"][0]["status"], "ok");
}

// A node's own status is ok or failed; anything else rejects the file, with the word it found.
TEST(FleetReport, NodeStatusOtherThanOkOrFailedRejectsTheFile) {
  json doc = {{"schema", "archfit.fleet-node/1"}, {"node", "u2"}, {"status", "pass"}};
  auto node = fleet::read_node_report(doc.dump(), "u2.json");
  ASSERT_FALSE(node);
  EXPECT_NE(node.error().message.find("status \"pass\" is neither ok nor failed"), std::string::npos)
      << node.error().message;
  doc["status"] = "failed";
  doc["failure"] = {{"reason", "node-down"}};
  node = fleet::read_node_report(doc.dump(), "u2.json");
  ASSERT_TRUE(node) << node.error().message;
  EXPECT_EQ(node->status, fleet::NodeStatus::failed);
  EXPECT_EQ(fleet::node_status_name(node->status), "failed");
  auto report = fleet::aggregate_node_reports({{"u2.json", doc.dump(), ""}, {"u3.json", "{}", ""}});
  ASSERT_EQ(report.nodes.size(), 2u);
  EXPECT_EQ(report.nodes[0].status, fleet::NodeStatus::failed);
  EXPECT_EQ(report.nodes[1].status, fleet::NodeStatus::rejected);
  auto json_report = json::parse(fleet::fleet_report_json(report, 0));
  EXPECT_EQ(json_report["summary"], (json{{"nodes", 2}, {"ok", 0}, {"failed", 1}, {"rejected", 1}}));
}

TEST_F(FleetReportTest, PerNodeVerdictsFromTheNodesChecks) {
  // libxnack_off.so carries gfx90a:xnack- only: it runs on the MI250X (n3, gfx90a with xnack off per
  // expected.tsv) and has no code for the H200 (n4).
  ASSERT_EQ(expected_column("mi250x", "target_id"), std::set<std::string>{"gfx90a:sramecc+:xnack-"});
  auto report = run_archfit_json({"fleet", "report", dir_.string()});
  ASSERT_EQ(report["verdicts"].size(), 1u);
  std::map<std::string, std::string> verdict;
  for (const auto& group : report["verdicts"][0]["groups"]) verdict[group["nodes"]] = group["verdict"];
  EXPECT_EQ(verdict["n3"], "runs");
  EXPECT_EQ(verdict["n4"], "fails");
  EXPECT_EQ(report["verdicts"][0]["not_checked"], "n[1-2,10]");
  auto text = run_command({archfit_binary(), "fleet", "report", dir_.string()});
  EXPECT_NE(text.out.find("will not run on n4 (sm_90, no code)"), std::string::npos) << text.out;
}

TEST_F(FleetReportTest, FleetCheckAnswersFromTheReportsAlone) {
  std::string input = (fixture_dir("check") / "gpu/libxnack_off.so").string();
  int code = 0;
  auto answer = run_archfit_json({"fleet", "check", input, "--reports", dir_.string()}, &code);
  EXPECT_EQ(code, 1);
  EXPECT_EQ(answer["schema"], "archfit.fleet-check/1");
  ASSERT_EQ(answer["verdicts"].size(), 1u);
  std::map<std::string, std::string> verdict;
  for (const auto& group : answer["verdicts"][0]["groups"]) verdict[group["nodes"]] = group["verdict"];
  EXPECT_EQ(verdict["n3"], "runs");
  EXPECT_EQ(verdict["n[1-2,10]"], "fails");  // gfx942: no code
  EXPECT_EQ(verdict["n4"], "fails");         // sm_90: no code
  EXPECT_EQ(answer["verdicts"][0]["groups"].size(), 3u);
}

// -q: the problems only (no GPU groups or arch lists; of the verdicts, where the input does not
// run); -v: every ok node's targets and facts. The exit code is the same at every verbosity.
TEST_F(FleetReportTest, QuietAndVerboseChangeWhatIsSaidNotTheAnswer) {
  std::string input = (fixture_dir("check") / "gpu/libxnack_off.so").string();
  auto normal = run_command({archfit_binary(), "fleet", "report", dir_.string()});
  auto quiet = run_command({archfit_binary(), "-q", "fleet", "report", dir_.string()});
  auto verbose = run_command({archfit_binary(), "-v", "fleet", "report", dir_.string()});
  EXPECT_EQ(quiet.exit_code, normal.exit_code);
  EXPECT_EQ(verbose.exit_code, normal.exit_code);
  EXPECT_NE(normal.out.find("runs on n3"), std::string::npos) << normal.out;
  EXPECT_NE(normal.out.find("PYTORCH_ROCM_ARCH="), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("runs on n3"), std::string::npos) << quiet.out;
  EXPECT_EQ(quiet.out.find("PYTORCH_ROCM_ARCH="), std::string::npos) << quiet.out;
  EXPECT_NE(quiet.out.find("will not run on n4 (sm_90, no code)"), std::string::npos) << quiet.out;
  EXPECT_NE(quiet.out.find("Nodes without a report"), std::string::npos) << quiet.out;  // the rejected files
  EXPECT_EQ(normal.out.find("\nNodes\n"), std::string::npos) << normal.out;
  // n3 is the MI250X: its target ID as the capture's rocminfo gives it (expected.tsv).
  auto n3_target = *expected_column("mi250x", "target_id").begin();
  EXPECT_NE(verbose.out.find("\n  n3 "), std::string::npos) << verbose.out;
  EXPECT_NE(verbose.out.find(n3_target), std::string::npos) << verbose.out;
  auto check = run_command({archfit_binary(), "fleet", "check", input, "--reports", dir_.string()});
  auto check_quiet = run_command({archfit_binary(), "-q", "fleet", "check", input, "--reports", dir_.string()});
  EXPECT_EQ(check.exit_code, check_quiet.exit_code);
  EXPECT_NE(check.out.find("runs on n3"), std::string::npos) << check.out;
  EXPECT_EQ(check_quiet.out.find("runs on n3"), std::string::npos) << check_quiet.out;
  EXPECT_NE(check_quiet.out.find("will not run on n4"), std::string::npos) << check_quiet.out;
}

// The PYTORCH_ROCM_ARCH union sorts as versions, not as text ("gfx1100" < "gfx908" as text). The
// targets come from the captures' rocminfo (expected.tsv); the order from LLVM's AMDGPUUsage
// processor table, where gfxNNN is major (all but the last two characters), minor and stepping (one
// hex digit each): gfx908 = 9.0.8, gfx90a = 9.0.10, gfx942 = 9.4.2, gfx1100 = 11.0.0.
TEST(FleetReport, AmdArchitectureUnionSortsAsVersions) {
  fs::path dir = unique_temp_path("archfit-fleet-order");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<std::string> expected;
  for (auto [node, tree] : std::vector<std::pair<std::string, std::string>>{
           {"a1", "rx7900xtx"}, {"a2", "mi300x-8gpu"}, {"a3", "mi100"}, {"a4", "mi250x"}}) {
    auto result = run_command({archfit_binary(), "fleet", "node", "--node", node, "--out", dir.string(), "--sysroot",
                               (sysroot(tree) / "root").string()});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    for (const auto& target : expected_column(tree, "target")) {
      if (std::find(expected.begin(), expected.end(), target) == expected.end()) expected.push_back(target);
    }
  }
  int code = 0;
  auto report = run_archfit_json({"fleet", "report", dir.string()}, &code);
  fs::remove_all(dir);
  auto version = [](const std::string& gfx) {
    std::string digits = gfx.substr(3);
    return std::make_tuple(std::stoi(digits.substr(0, digits.size() - 2)),
                           std::stoi(digits.substr(digits.size() - 2, 1), nullptr, 16),
                           std::stoi(digits.substr(digits.size() - 1), nullptr, 16));
  };
  std::vector<std::string> actual;
  std::string list = report["build_targets"]["PYTORCH_ROCM_ARCH"];
  for (std::size_t at = 0; at <= list.size();) {
    auto end = std::min(list.find(';', at), list.size());
    actual.push_back(list.substr(at, end - at));
    at = end + 1;
  }
  // Every capture's GPUs are in the union (the 7900 XTX box's iGPU too, where detect counts it)…
  for (const auto& target : {"gfx908", "gfx90a", "gfx942", "gfx1100"}) {
    EXPECT_NE(std::find(expected.begin(), expected.end(), target), expected.end()) << target;
    EXPECT_NE(std::find(actual.begin(), actual.end(), target), actual.end()) << list;
  }
  // …in version order.
  EXPECT_TRUE(std::is_sorted(actual.begin(), actual.end(),
                             [&](const auto& a, const auto& b) { return version(a) < version(b); }))
      << list;
}

// Expected values that follow from the notation itself (a range pads to its low end's width); the
// scontrol oracle tests are in tests/slurm (they need Slurm installed).
TEST(Hostlist, DocumentedExamples) {
  auto names = fleet::expand_hostlist("lx[10-20]");
  ASSERT_TRUE(names);
  EXPECT_EQ(names->size(), 11u);
  EXPECT_EQ(names->front(), "lx10");
  EXPECT_EQ(names->back(), "lx20");
  auto padded = fleet::expand_hostlist("linux[000-023]");
  ASSERT_TRUE(padded);
  EXPECT_EQ(padded->size(), 24u);
  EXPECT_EQ(padded->at(7), "linux007");
  EXPECT_EQ(fleet::compress_hostlist(*padded), "linux[000-023]");
  EXPECT_EQ(fleet::compress_hostlist({"n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11", "n12", "n13",
                                      "n14", "n15", "n16", "n20"}),
            "n[1-16,20]");
  EXPECT_FALSE(fleet::expand_hostlist("n[3-1]"));
  EXPECT_FALSE(fleet::expand_hostlist("n[1-2"));
  EXPECT_FALSE(fleet::expand_hostlist("n[1-99999999]"));
}

}  // namespace
}  // namespace archfit::test
