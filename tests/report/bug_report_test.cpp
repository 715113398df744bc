// `archfit report` (report/bug_report.hpp, report/redaction.hpp) on a captured machine: the
// mixed-vendor sysroot (tests/data/sysroots/mixed-vendor: a real RX 7900 XTX half with its KFD
// unique_id, and a real RTX 3090 half with its GPU UUID in /proc/driver/nvidia), copied to a temporary
// directory and given a host name, an AMD serial number, a user, a home directory and a virtualenv
// holding the real torch 2.11.0 metadata captured on the H200 machine
// (tests/data/python-envs/h200-torch-2.11). Commands are answered by a FakeCommandRunner that knows
// none, so nothing on this machine is asked.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "report/bug_report.hpp"
#include "support/documented_schema.hpp"
#include "support/fake_command_runner.hpp"
#include "support/test_support.hpp"

namespace archfit::report {
namespace {

namespace fs = std::filesystem;

// Identifying values planted in the machine and its environment. archfit reads no serial number for
// its own reports, so the serial (and the AMD unique ID, as ROCm spells it in a UUID) is also put in
// a visibility variable that `detect` repeats: the report would carry it if redaction missed it.
constexpr const char* k_user = "zelda7";
constexpr const char* k_host = "gpunode-4711";
constexpr const char* k_home = "/home/zelda7";
constexpr const char* k_nvidia_uuid = "GPU-4aba3cfa-7b42-cca6-97f4-5cdd281b0746";  // in the captured information file
constexpr const char* k_amd_unique_id = "dd12161dec38e7a2";  // the captured KFD unique_id, in hex
constexpr const char* k_serial = "PJ5431A0102X";

class PlantedMachine {
 public:
  PlantedMachine() {
    static int counter = 0;
    top_ = test::unique_temp_path("bug-report-" + std::to_string(counter++));
    fs::remove_all(top_);
    fs::copy(fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots/mixed-vendor/root", top_,
             fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    write("/proc/sys/kernel/hostname", std::string(k_host) + "\n");
    write("/etc/hostname", std::string(k_host) + "\n");
    write("/sys/devices/pci0000:00/0000:03:00.0/serial_number", std::string(k_serial) + "\n");
    write("/sys/devices/pci0000:00/0000:03:00.0/unique_id", std::string(k_amd_unique_id) + "\n");
    // A venv as `python3 -m venv` lays it out, with the captured metadata in its site-packages.
    std::string venv = std::string("/opt/") + k_user + "/venv";
    write(venv + "/pyvenv.cfg", "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n");
    fs::path site = at(venv + "/lib/python3.12/site-packages");
    fs::create_directories(site);
    fs::path captured = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/python-envs/h200-torch-2.11";
    for (const char* item : {"torch-2.11.0.dist-info", "triton-3.6.0.dist-info", "torch"}) {
      fs::copy(captured / item, site / item, fs::copy_options::recursive);
    }
    python = venv + "/bin/python3";
    environment.set("PATH", "/usr/bin:/bin");
    environment.set("USER", k_user);
    environment.set("HOME", k_home);
    environment.set("HOSTNAME", k_host);
    environment.set("TMPDIR", std::string("/tmp/") + k_host);  // where clusters often put it
    environment.set("ROCR_VISIBLE_DEVICES", std::string("GPU-") + k_amd_unique_id);
    environment.set("HIP_VISIBLE_DEVICES", k_serial);
  }
  ~PlantedMachine() {
    std::error_code error;
    fs::remove_all(top_, error);
  }
  PlantedMachine(const PlantedMachine&) = delete;
  PlantedMachine& operator=(const PlantedMachine&) = delete;

  fs::path at(const std::string& path) const { return top_ / fs::path(path).relative_path(); }
  void write(const std::string& path, const std::string& content) const {
    fs::create_directories(at(path).parent_path());
    std::ofstream(at(path)) << content;
  }

  BugReport collect(BugReportOptions options = {}) const {
    probe::SystemRoot root(top_.string());
    auto rules = doctor::RuleSet::embedded();
    EXPECT_TRUE(rules.ok());
    options.doctor.python = python;
    if (options.doctor.cwd.empty()) {
      options.doctor.cwd = "/proc";
    }
    options.files_root = &root;
    options.version = "archfit test";
    return collect_bug_report(options, *rules, root, environment, runner);
  }

  probe::Environment environment;
  std::string python;
  test::FakeCommandRunner runner;

 private:
  fs::path top_;
};

void expect_nothing_identifying(const std::string& text, const std::string& what) {
  for (std::string value : {std::string(k_user), std::string(k_host), std::string(k_home),
                            std::string(k_nvidia_uuid), std::string("4aba3cfa"), std::string(k_amd_unique_id),
                            std::string(k_serial)}) {
    EXPECT_EQ(text.find(value), std::string::npos) << what << " still holds " << value;
  }
}

TEST(BugReport, NothingIdentifyingSurvivesInMarkdownOrJson) {
  PlantedMachine machine;
  auto report = machine.collect();
  ASSERT_TRUE(report.check.has_value()) << report.check_skipped;
  std::string markdown = bug_report_markdown(report);
  std::string json = bug_report_json(report, 2);
  expect_nothing_identifying(markdown, "Markdown");
  expect_nothing_identifying(json, "JSON");
  // The values did reach the report, in their redacted form: the test would see a leak.
  for (const std::string& text : {markdown, json}) {
    EXPECT_NE(text.find("GPU-[uuid]"), std::string::npos);          // detect's RTX 3090, ROCR_VISIBLE_DEVICES
    EXPECT_NE(text.find("/opt/[user]/venv"), std::string::npos);    // the interpreter
    EXPECT_NE(text.find("~/.cache/pip"), std::string::npos);        // doctor's pip cache below $HOME
    EXPECT_NE(text.find("/tmp/[host]"), std::string::npos);         // doctor's $TMPDIR
    EXPECT_NE(text.find("[serial]"), std::string::npos);            // HIP_VISIBLE_DEVICES
  }
  auto parsed = nlohmann::json::parse(json);
  std::set<std::string> redacted(parsed["redacted"].begin(), parsed["redacted"].end());
  for (const char* kind : {"home directory", "user name", "host name", "GPU serial number", "GPU UUID"}) {
    EXPECT_TRUE(redacted.count(kind)) << kind;
  }
}

TEST(BugReport, MarkdownFitsAGitHubCommentAndIsCutWithANote) {
  PlantedMachine machine;
  auto report = machine.collect();
  std::string whole = bug_report_markdown(report);
  EXPECT_LT(whole.size(), k_github_comment_limit);
  EXPECT_EQ(whole.find("cut to fit"), std::string::npos);
  // Every fold is a <details> block with its own text, in a fixed order.
  auto detect_at = whole.find("<details><summary>detect: 2 GPUs</summary>");
  auto doctor_at = whole.find("<details><summary>doctor</summary>");
  auto check_at = whole.find("<details><summary>check --python</summary>");
  ASSERT_NE(detect_at, std::string::npos);
  ASSERT_NE(doctor_at, std::string::npos);
  ASSERT_NE(check_at, std::string::npos);
  EXPECT_LT(detect_at, doctor_at);
  EXPECT_LT(doctor_at, check_at);

  // Half the size: the longest fold gives up lines, says so, and the folds stay closed.
  std::size_t limit = whole.size() / 2;
  std::string cut = bug_report_markdown(report, limit);
  EXPECT_LT(cut.size(), limit);
  EXPECT_NE(cut.find("lines cut to fit a GitHub comment"), std::string::npos);
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = cut.find(what); at != std::string::npos; at = cut.find(what, at + 1)) {
      ++n;
    }
    return n;
  };
  EXPECT_EQ(count("<details>"), 3u);
  EXPECT_EQ(count("</details>"), 3u);
  EXPECT_NE(cut.find("#### Needs attention"), std::string::npos);  // the judged part is never cut first
}

TEST(BugReport, TwoReportsOfTheSameMachineDiffEmpty) {
  PlantedMachine machine;
  // Free disk space is measured on this machine's file systems, which other processes fill: /proc
  // always has none free, so both runs see the same value.
  machine.environment.set("TMPDIR", "/proc");
  machine.environment.set("PIP_CACHE_DIR", "/proc");
  auto first = machine.collect();
  auto second = machine.collect();
  EXPECT_EQ(bug_report_markdown(first), bug_report_markdown(second));
  EXPECT_EQ(bug_report_json(first, 2), bug_report_json(second, 2));
  // Doctor's timing is the one thing that always differs: the report leaves it out.
  EXPECT_EQ(bug_report_json(first, 0).find("\"elapsed_ms\":1"), std::string::npos);
  EXPECT_FALSE(std::regex_search(bug_report_markdown(first), std::regex(R"(skip in [0-9]+ ms)")));
}

TEST(BugReport, JudgedFindingsComeFirstAndRepeatedCausesAreGrouped) {
  PlantedMachine machine;
  auto report = machine.collect();
  ASSERT_FALSE(report.findings.empty());
  for (std::size_t i = 1; i < report.findings.size(); ++i) {
    auto rank = [](model::Status s) { return s == model::Status::fail ? 0 : s == model::Status::warn ? 1 : 2; };
    EXPECT_LE(rank(report.findings[i - 1].status), rank(report.findings[i].status));
  }
  std::set<std::string> ids;
  for (const auto& finding : report.findings) {
    EXPECT_FALSE(finding.ok()) << finding.id;
    // One finding per cause: the same id never comes twice with the same title.
    EXPECT_TRUE(ids.insert(finding.id + "\n" + finding.title).second) << finding.id;
  }
}

// The documented schema (docs/json.md, `archfit report --json`) against real output, read by the
// shared reader (support/documented_schema.hpp): every key of the report, of its findings and of the
// detect, doctor and check documents it holds, with their types and enumerations.
TEST(BugReport, JsonHasTheDocumentedFields) {
  PlantedMachine machine;
  auto parsed = nlohmann::json::parse(bug_report_json(machine.collect(), 0));
  ASSERT_FALSE(parsed["findings"].empty());
  EXPECT_EQ(parsed["check"]["schema"], "archfit.check/1");
  EXPECT_TRUE(parsed["check_skipped"].is_null());
  auto differences = test::schema_differences(test::documented_schema("archfit.report/1"), parsed,
                                              "report on the planted mixed-vendor machine");
  std::string all;
  for (const auto& line : differences) {
    all += line + "\n";
  }
  EXPECT_TRUE(differences.empty()) << all;
}

// check's unreadable inputs go to stderr in `archfit check` (report/check_text.hpp), but the paste
// keeps them in its check section; a vendor mismatch is one finding, not one per file.
TEST(BugReport, CheckSectionKeepsTheErrorLinesAndTheVendorMismatch) {
  BugReport report;
  report.version = "archfit test";
  check::CheckReport checked;
  checked.targets.push_back(*check::parse_device_target("gfx942"));
  checked.errors.push_back("/srv/libcut.so: ELF section headers past the end of the file");
  checked.vendor_mismatches.push_back({"torch", "torch", model::Vendor::nvidia, model::Vendor::amd, "torch/version.py: cuda 12.4",
                                       "this is a CUDA build of torch, and the targets are AMD (gfx942): it cannot "
                                       "run here",
                                       "install a ROCm build of torch", "AMD (gfx942)", "here"});
  report.check = checked;
  report.findings = judge(report.doctor.facts.detect, report.doctor, &*report.check);
  std::string markdown = bug_report_markdown(report);
  EXPECT_NE(markdown.find("archfit: error: /srv/libcut.so: ELF section headers past the end of the file"),
            std::string::npos)
      << markdown;
  ASSERT_EQ(report.findings.size(), 1u);
  EXPECT_EQ(report.findings.front().id, "check.vendor-mismatch");
  EXPECT_EQ(report.findings.front().status, model::Status::fail);
}

// -q: the facts table and the findings without the folded reports; -v: the folds hold the
// commands' -v text (doctor's passes with their rule and source).
TEST(BugReport, QuietLeavesTheFoldsOutAndVerboseFoldsTheVerboseReports) {
  PlantedMachine machine;
  auto report = machine.collect();
  std::string normal = bug_report_markdown(report);
  std::string quiet = bug_report_markdown(report, k_github_comment_limit, Verbosity::quiet);
  std::string verbose = bug_report_markdown(report, k_github_comment_limit, Verbosity::verbose);
  EXPECT_NE(normal.find("<details>"), std::string::npos) << normal;
  EXPECT_EQ(quiet.find("<details>"), std::string::npos) << quiet;
  auto folds = normal.find("<details>");
  EXPECT_TRUE(quiet.starts_with(normal.substr(0, folds))) << quiet;  // the same table and findings
  EXPECT_GT(test::count_of(verbose, "source: "), test::count_of(normal, "source: "));
  EXPECT_LT(verbose.size(), k_github_comment_limit);
  expect_nothing_identifying(verbose, "verbose Markdown");
}

TEST(Redactor, ValuesAreReplacedAsWholeWordsAndPatternsNeedNoValue) {
  auto table = knowledge::parse_tsv("kind\tname\tplaceholder\twhat\tsource\n"
                                    "env\tUSER\t[user]\tuser name\ttest row\n"
                                    "prefix\tGPU-\t[uuid]\tGPU UUID\ttest row\n"
                                    "path\t/home\t[user]\tuser name in a home directory\ttest row\n",
                                    "t");
  ASSERT_TRUE(table.ok());
  probe::Environment environment;
  environment.set("USER", "root");
  auto redactor = Redactor::from_rules(*table, probe::SystemRoot("/nonexistent-root"), environment);
  EXPECT_EQ(redactor.redact("--sysroot /root/x root"), "--sysroot /[user]/x [user]");
  Redactor home;
  home.add_value("/root", "~", "home directory");  // a path value matches only where a path starts
  EXPECT_EQ(home.redact("/root/.cache sysroots/h200/root"), "~/.cache sysroots/h200/root");
  EXPECT_EQ(redactor.redact("GPU-2b1a0f3c-1111 GPU-0 MYGPU-12345678"), "GPU-[uuid] GPU-0 MYGPU-12345678");
  EXPECT_EQ(redactor.redact("\"/home/ab/venv\", /home/[user]/x"), "\"/home/[user]/venv\", /home/[user]/x");
  redactor.add_value("a\"b\\c", "[v]", "test");
  EXPECT_EQ(redactor.redact(R"({"k": "a\"b\\c"})"), R"({"k": "[v]"})");  // the JSON spelling too
}

}  // namespace
}  // namespace archfit::report
