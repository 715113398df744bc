// Every JSON schema docs/json.md documents, held against the real binary's output on real inputs:
// captured sysroots (tests/data/sysroots), fixtures built by real compilers (build/fixtures), real
// logs (tests/data/logs) and small real CMake projects. Each documented key must be there with its
// documented type, no key may be undocumented, and enumerated values (status, confidence, ids,
// "unknown") must be among those documented. The schema is read from the docs by
// support/documented_schema.hpp; a difference names the command, the key path and what differs.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "support/documented_schema.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path source_dir() { return ARCHFIT_SOURCE_DIR; }
fs::path sysroot(const std::string& name) { return source_dir() / "tests/data/sysroots" / name / "root"; }

std::vector<std::string> sysroot_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(source_dir() / "tests/data/sysroots")) {
    if (fs::is_directory(entry.path() / "root")) {
      names.push_back(entry.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The schemas these tests cover; SchemaTest.EveryDocumentedSchemaHasATest keeps it complete.
const std::set<std::string> k_tested = {
    "archfit.error/1",  "archfit.scan/1",   "archfit.detect/1",     "archfit.check/1",
    "archfit.verify/1", "archfit.doctor/1", "archfit.env/1",        "archfit.report/1",
    "archfit.fleet/1",  "archfit.fleet-node/1", "archfit.fleet-check/1", "archfit.clean/1",
    "archfit.build/1",  "archfit.explain/1", "archfit.run/1",       "archfit.config/1"};

// Runs archfit with ARGS (exactly as given: add --json yourself) and holds stdout against NAME.
json run_json(const std::vector<std::string>& args, int* exit_code = nullptr) {
  std::vector<std::string> argv{archfit_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  auto result = run_command(argv);
  if (exit_code != nullptr) {
    *exit_code = result.exit_code;
  }
  auto parsed = json::parse(result.out, nullptr, false);
  if (parsed.is_discarded()) {
    ADD_FAILURE() << "archfit " << args.front() << " printed no JSON; stderr: " << result.err;
    return json::object();
  }
  return parsed;
}

std::string command_line(const std::vector<std::string>& args) {
  std::string out = "archfit";
  for (const auto& arg : args) {
    std::string shown = arg;
    auto source = source_dir().string() + "/";
    if (shown.starts_with(source)) {
      shown = shown.substr(source.size());
    }
    out += " " + shown;
  }
  return out;
}

void expect_documented(const std::string& name, const json& actual, const std::string& what) {
  DocumentedSchema schema;
  try {
    schema = documented_schema(name);
  } catch (const std::exception& error) {
    ADD_FAILURE() << error.what();
    return;
  }
  ASSERT_TRUE(actual.is_object()) << what;
  EXPECT_EQ(actual.value("schema", ""), name) << what;
  auto differences = schema_differences(schema, actual, what);
  std::string all;
  for (const auto& line : differences) {
    all += line + "\n";
  }
  EXPECT_TRUE(differences.empty()) << differences.size() << " difference(s) between " << schema.file
                                   << " and real output:\n" << all;
}

// Runs ARGS and holds its output against NAME.
json expect_command_documented(const std::string& name, const std::vector<std::string>& args) {
  json actual = run_json(args);
  expect_documented(name, actual, command_line(args));
  return actual;
}

TEST(SchemaTest, EveryDocumentedSchemaHasATest) {
  for (const auto& name : schema_names_in_json_md()) {
    EXPECT_TRUE(k_tested.count(name)) << "docs/json.md documents " << name << ", which no test in "
                                      << "tests/schema holds against real output";
    EXPECT_NO_THROW(documented_schema(name)) << name;
  }
  auto names = schema_names_in_json_md();
  for (const auto& name : k_tested) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name << " is not in docs/json.md";
  }
  // Every schema name the code writes ("archfit.X/N" string literals in src/) is documented.
  const std::regex literal(R"re("(archfit\.[a-z-]+/[0-9]+)")re");
  for (const auto& entry : fs::recursive_directory_iterator(source_dir() / "src")) {
    if (!entry.is_regular_file()) {
      continue;
    }
    std::string text = read_text(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), literal), last; it != last; ++it) {
      EXPECT_NE(std::find(names.begin(), names.end(), (*it)[1].str()), names.end())
          << entry.path().lexically_relative(source_dir()).string() << " writes " << (*it)[1]
          << ", which docs/json.md does not document";
    }
  }
}

// The reader itself: a difference of each kind is found and named (a test that could not fail
// would prove nothing).
TEST(SchemaTest, DifferencesNameTheKeyPathAndWhatDiffers) {
  auto schema = documented_schema("archfit.verify/1");
  json good = {{"schema", "archfit.verify/1"}, {"python", "python3"}, {"targets", {"sm_90"}},
               {"checks", json::array()}, {"failed", false}};
  EXPECT_TRUE(schema_differences(schema, good, "verify").empty());
  json check = {{"id", "python.matmul.cuda:0"}, {"group", "python"}, {"status", "pass"}, {"title", ""},
                {"seen", "x"}, {"rule", nullptr}, {"source", nullptr}, {"fix", nullptr}, {"milliseconds", 1},
                {"summary", "x"}, {"evidence", json::array()}, {"crash", nullptr}, {"stderr_tail", json::array()},
                {"metrics", json::object()}};
  json bad = good;
  bad["checks"].push_back(check);
  EXPECT_TRUE(schema_differences(schema, bad, "verify").empty());
  bad["checks"][0]["status"] = "maybe";         // not in the enumeration
  bad["checks"][0]["id"] = "native.vector-add"; // not of the documented form
  bad["checks"][0]["findings"] = json::array();  // not documented
  bad["checks"][0].erase("group");               // documented, missing
  bad["failed"] = "no";                          // wrong type
  auto differences = schema_differences(schema, bad, "verify --json");
  std::string all;
  for (const auto& line : differences) {
    all += line + "\n";
  }
  EXPECT_EQ(differences.size(), 5u) << all;
  for (const char* expected : {"archfit.verify/1 (verify --json): checks[0].status: \"maybe\" is not one of pass | fail | skip",
                               "checks[0].id: \"native.vector-add\" is not one of",
                               "checks[0].findings: not documented", "checks[0].group: documented, missing",
                               "failed: documented as boolean, is string"}) {
    EXPECT_NE(all.find(expected), std::string::npos) << expected << "\n" << all;
  }
}

TEST(SchemaTest, ErrorDocumentIsDocumented) {
  fs::path empty = unique_temp_path("schema-empty.txt");
  std::ofstream(empty) << "";
  int code = 0;
  std::vector<std::string> args = {"detect", "--from-rocminfo", empty.string(), "--json"};
  json actual = run_json(args, &code);
  EXPECT_NE(code, 0);
  expect_documented("archfit.error/1", actual, command_line(args));
  fs::remove(empty);
}

TEST(SchemaTest, ScanIsDocumented) {
  fs::path amd = fixture_dir("amd"), nvidia = fixture_dir("nvidia");
  expect_command_documented("archfit.scan/1",
                            {"scan", "--json", "--deep", (amd / "hip19_ccob.so").string(),
                             (amd / "hip15_two_bundles.so").string(), (amd / "libmixed.a").string(),
                             (amd / "bare_gfx90a.co").string(), (amd / "other_kinds.bundle").string(),
                             (amd / "ccob_v1_zlib.hipfb").string(), (amd / "libhost_needs.so").string(),
                             (nvidia / "libfamily_lz4.so").string(), (nvidia / "libmulti_zstd.so").string(),
                             (nvidia / "kernel_a.fatbin").string(), (nvidia / "kernel_a_sm_90a.cubin").string(),
                             (source_dir() / "README.md").string()});
  expect_command_documented("archfit.scan/1", {"scan", "--json", (amd / "zip").string()});
  // A file cut inside its ELF header: an error, so `findings` has an element to hold against the page.
  fs::path cut = fs::temp_directory_path() / ("archfit_schema_cut_" + std::to_string(::getpid()) + ".so");
  {
    std::ifstream whole(amd / "hip19_ccob.so", std::ios::binary);
    std::string head(40, '\0');
    whole.read(head.data(), static_cast<std::streamsize>(head.size()));
    std::ofstream(cut, std::ios::binary) << head;
  }
  json actual = run_json({"scan", "--json", cut.string()});
  fs::remove(cut);
  ASSERT_FALSE(actual["files"][0]["findings"].empty()) << actual.dump(2);
  expect_documented("archfit.scan/1", actual, "scan --json (a cut ELF file)");
}

TEST(SchemaTest, DetectIsDocumentedOnEveryCapturedSysroot) {
  for (const auto& name : sysroot_names()) {
    expect_command_documented("archfit.detect/1", {"detect", "--json", "--sysroot", sysroot(name).string()});
  }
}

TEST(SchemaTest, DetectIsDocumentedOnEveryToolOutput) {
  for (auto [flag, dir] : std::vector<std::pair<std::string, std::string>>{
           {"--from-rocminfo", "rocminfo"}, {"--from-nvidia-smi", "nvidia-smi"}}) {
    for (const auto& entry : fs::directory_iterator(source_dir() / "tests/data/tool-outputs" / dir)) {
      int code = 0;
      std::vector<std::string> args = {"detect", "--json", flag, entry.path().string()};
      json actual = run_json(args, &code);
      expect_documented(actual.value("schema", "") == "archfit.error/1" ? "archfit.error/1" : "archfit.detect/1",
                        actual, command_line(args));
    }
  }
}

TEST(SchemaTest, CheckIsDocumented) {
  fs::path check = fixture_dir("check"), amd = fixture_dir("amd"), nvidia = fixture_dir("nvidia");
  expect_command_documented("archfit.check/1",
                            {"check", "--json", "--target", "gfx942,gfx90a:xnack-,sm_90", (check / "gpu").string(),
                             (check / "load").string(), (amd / "hip19_ccob.so").string(),
                             (nvidia / "libfamily.so").string()});
  expect_command_documented("archfit.check/1", {"check", "--json", "--sysroot", sysroot("mi300x-8gpu").string(),
                                                (check / "gpu").string()});
  // An installed torch (the captured metadata of torch 2.11 for CUDA) judged for AMD targets: packages,
  // consistency and the vendor mismatch.
  fs::path venv = unique_temp_path("schema-venv");
  fs::remove_all(venv);
  fs::path site = venv / "lib/python3.12/site-packages";
  fs::create_directories(site);
  fs::create_directories(venv / "bin");
  std::ofstream(venv / "pyvenv.cfg") << "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n";
  fs::path captured = source_dir() / "tests/data/python-envs/h200-torch-2.11";
  for (const auto& entry : fs::directory_iterator(captured)) {
    fs::copy(entry.path(), site / entry.path().filename(), fs::copy_options::recursive);
  }
  fs::create_symlink("/usr/bin/python3", venv / "bin/python3");
  expect_command_documented("archfit.check/1",
                            {"check", "--json", "--target", "gfx942", "--python", (venv / "bin/python3").string()});
  fs::remove_all(venv);
}

TEST(SchemaTest, DoctorAndEnvAreDocumented) {
  for (const std::string name : {"mi300x-8gpu", "h200", "mixed-vendor"}) {
    expect_command_documented("archfit.doctor/1", {"doctor", "--json", "--sysroot", sysroot(name).string()});
    expect_command_documented("archfit.env/1", {"env", "--json", "--sysroot", sysroot(name).string()});
  }
  expect_command_documented("archfit.doctor/1", {"doctor", "--json", "--project", "vllm", "--target", "gfx942",
                                                 "--sysroot", sysroot("rx7900xtx").string()});
  // An arch variable set (gpus.arch-list.<VAR>) that leaves the GPUs out.
  std::vector<std::string> with_variable = {"env", "PYTORCH_ROCM_ARCH=gfx90a", archfit_binary(), "doctor", "--json",
                                            "--sysroot", sysroot("mi300x-8gpu").string()};
  auto result = run_command(with_variable);
  expect_documented("archfit.doctor/1", json::parse(result.out, nullptr, false),
                    "PYTORCH_ROCM_ARCH=gfx90a archfit doctor --json --sysroot mi300x-8gpu");
  EXPECT_NE(result.out.find("\"gpus.arch-list.PYTORCH_ROCM_ARCH\""), std::string::npos) << result.out;
  expect_command_documented("archfit.env/1", {"env", "--shell", "json", "--project", "flash-attn", "--target",
                                              "sm_90", "--sysroot", sysroot("h200").string()});
}

TEST(SchemaTest, VerifyIsDocumented) {
  // No GPU here (or one): verify's checks run, skip or fail, and each is a documented record.
  expect_command_documented("archfit.verify/1", {"verify", "--json", "--native-only"});
  // The Python part in this machine's python3 (torch or not: a failed import is a documented record too).
  expect_command_documented("archfit.verify/1", {"verify", "--json", "--python", "python3"});
}

TEST(SchemaTest, ReportIsDocumented) {
  expect_command_documented("archfit.report/1", {"report", "--json", "--sysroot", sysroot("mixed-vendor").string()});
}

TEST(SchemaTest, FleetNodeReportAndCheckAreDocumented) {
  fs::path dir = unique_temp_path("schema-fleet");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string input = (fixture_dir("check") / "gpu/libxnack_off.so").string();
  for (auto [node, tree] : std::vector<std::pair<std::string, std::string>>{
           {"n1", "mi300x-8gpu"}, {"n2", "mi250x"}, {"n3", "h200"}}) {
    auto result = run_command({archfit_binary(), "fleet", "node", "--node", node, "--out", dir.string(), "--sysroot",
                               sysroot(tree).string(), "--check", input});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    std::string text = read_text(dir / (node + ".json"));
    expect_documented("archfit.fleet-node/1", json::parse(text, nullptr, false), "fleet node --node " + node);
  }
  std::ofstream(dir / "n4.json") << "{\"schema\": \"archfit.fleet-node/1\"";  // a truncated report: errors
  std::string good = read_text(dir / "n1.json");
  good.replace(good.find("\"node\":\"n1\""), 11, "\"node\":\"../etc/passwd\"");
  std::ofstream(dir / "evil.json") << good;  // a path-like node name: rejected
  expect_command_documented("archfit.fleet/1", {"fleet", "report", dir.string(), "--json"});
  expect_command_documented("archfit.fleet-check/1", {"fleet", "check", input, "--reports", dir.string(), "--json"});
  fs::remove_all(dir);
}

TEST(SchemaTest, CleanIsDocumented) {
  fs::path tree = unique_temp_path("schema-clean");
  fs::remove_all(tree);
  fs::create_directories(tree / "build/CMakeFiles");
  std::ofstream(tree / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.20)\nproject(p CXX)\n";
  std::ofstream(tree / "build/CMakeCache.txt") << "CMAKE_CXX_COMPILER:FILEPATH=/nonexistent/c++\n";
  fs::create_directories(tree / "dist");
  std::ofstream(tree / "dist/p-1.0-py3-none-any.whl") << "not a wheel";
  fs::create_directories(tree / "pkg/__pycache__");
  std::ofstream(tree / "pkg/__pycache__/m.cpython-312.pyc") << "x";
  expect_command_documented("archfit.clean/1", {"clean", "--json", "--src", tree.string()});
  expect_command_documented("archfit.clean/1", {"clean", "--json", "--apply", "--src", tree.string()});
  fs::remove_all(tree);
}

TEST(SchemaTest, BuildIsDocumented) {
  fs::path tree = unique_temp_path("schema-build");
  fs::remove_all(tree);
  fs::create_directories(tree);
  std::ofstream(tree / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.20)\nproject(p CXX)\nadd_executable(p a.cpp)\n";
  std::ofstream(tree / "a.cpp") << "int main() { return 0; }\n";
  expect_command_documented("archfit.build/1", {"build", "--src", tree.string(), "--force", "--json", "--target", "gfx942"});
  // A compile error: the failed build names explain's findings.
  std::ofstream(tree / "a.cpp") << "#include <no_such_header_archfit.h>\nint main() { return 0; }\n";
  expect_command_documented("archfit.build/1", {"build", "--src", tree.string(), "--force", "--json", "--target", "gfx942"});
  fs::remove_all(tree);
}

TEST(SchemaTest, ExplainIsDocumentedOnEveryTrainingLog) {
  std::size_t log_number = 0;  // under a sanitizer one log in test::k_sanitized_corpus_stride
  for (const auto& category : fs::directory_iterator(source_dir() / "tests/data/logs")) {
    if (!category.is_directory()) {
      continue;
    }
    for (const auto& log : fs::directory_iterator(category.path())) {
      if (!in_corpus_sample(log_number++)) {
        continue;
      }
      expect_command_documented("archfit.explain/1", {"explain", "--json", log.path().string()});
    }
  }
  expect_command_documented("archfit.explain/1",
                            {"explain", "--json", "--sysroot", sysroot("rx6700xt-override").string(),
                             (source_dir() / "tests/data/logs/gpu-isa-override").string() + "/" +
                                 fs::directory_iterator(source_dir() / "tests/data/logs/gpu-isa-override")->path().filename().string()});
}

TEST(SchemaTest, RunReportIsDocumented) {
  fs::path log;
  for (const auto& entry : fs::directory_iterator(source_dir() / "tests/data/logs/libstdcxx-version")) {
    log = entry.path();
    break;
  }
  fs::path report = unique_temp_path("schema-run.json");
  for (const std::string status : {"1", "0"}) {
    auto result = run_command({archfit_binary(), "run", "--report", report.string(), "--", "sh", "-c",
                               "cat '" + log.string() + "'; exit " + status});
    auto actual = json::parse(read_text(report), nullptr, false);
    expect_documented("archfit.run/1", actual, "run --report FILE -- sh -c 'cat " + log.filename().string() + "; exit " + status + "'");
  }
  // run --json: stdout is one archfit.run/1 document (the command's own stdout goes to stderr).
  for (const std::string status : {"1", "0"}) {
    auto relayed = run_command({archfit_binary(), "run", "--json", "--", "sh", "-c", "cat '" + log.string() + "'; exit " + status});
    expect_documented("archfit.run/1", json::parse(relayed.out, nullptr, false),
                      "run --json -- sh -c 'cat " + log.filename().string() + "; exit " + status + "'");
  }
  auto missing = run_command({archfit_binary(), "run", "--report", report.string(), "--", "/nonexistent/archfit-cmd"});
  expect_documented("archfit.run/1", json::parse(read_text(report), nullptr, false), "run --report FILE -- /nonexistent/archfit-cmd");
  fs::remove(report);
}

TEST(SchemaTest, ConfigShowIsDocumented) {
  fs::path home = unique_temp_path("schema-config");
  fs::remove_all(home);
  fs::create_directories(home / "archfit");
  std::ofstream(home / "archfit/config.toml") << "targets = [\"gfx942\"]\nproject = \"pytorch\"\n";
  for (const std::string& config : {home.string(), (home / "none").string()}) {
    auto result = run_command({"env", "XDG_CONFIG_HOME=" + config, archfit_binary(), "config", "show", "--json"});
    expect_documented("archfit.config/1", json::parse(result.out, nullptr, false),
                      "XDG_CONFIG_HOME=" + config + " archfit config show --json");
  }
  fs::remove_all(home);
}

}  // namespace
}  // namespace archfit::test
