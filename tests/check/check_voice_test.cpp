// `check`'s voice (docs/check.md, "What check says first"; issue 16): a build for the other vendor is
// said first, in one line, and never gets the other vendor's fixes; repeated findings are grouped
// under one cause with their files folded; inputs that cannot be read are `archfit: error:` lines on
// stderr, not part of the report. On the archfit binary, with the real fixtures: libsm80.so and
// libsm80_nvrtc.so are nvcc -gencode arch=compute_80,code=sm_80 builds (NVIDIA code only),
// libxnack_off.so a hipcc --offload-arch=gfx90a:xnack- build (AMD code only);
// tests/fixtures/check/make_check_fixtures.sh. A "CUDA torch" is a venv laid out at test time with
// the captured torch 2.11.0+cu130 metadata and version.py (tests/data/python-envs/h200-torch-2.11)
// and the nvcc fixture as its libraries, listed in a RECORD as pip writes it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "check/vendor_mismatch.hpp"
#include "knowledge/finding_rules.hpp"
#include "knowledge/tsv_table.hpp"
#include "report/check_text.hpp"
#include "report/finding_text.hpp"
#include "support/documented_schema.hpp"
#include "support/test_support.hpp"
#include "util/text_lines.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> k_torch_libraries = {"libtorch_cuda.so", "libc10_cuda.so", "libtorch_cuda_linalg.so",
                                                    "libcaffe2_nvrtc.so", "libtorch_global_deps.so"};

// A venv whose torch is the captured CUDA 13.0 build, its libraries copies of an nvcc-built one.
fs::path cuda_torch_venv(const fs::path& top) {
  fs::path venv = top / "venv";
  fs::path site = venv / "lib/python3.12/site-packages";
  fs::create_directories(site / "torch/lib");
  fs::create_directories(venv / "bin");
  std::ofstream(venv / "pyvenv.cfg") << "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n";
  fs::path captured = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/python-envs/h200-torch-2.11";
  fs::copy(captured / "torch-2.11.0.dist-info", site / "torch-2.11.0.dist-info", fs::copy_options::recursive);
  fs::copy(captured / "torch/version.py", site / "torch/version.py");
  std::ofstream record(site / "torch-2.11.0.dist-info/RECORD");
  for (const auto& name : k_torch_libraries) {
    fs::copy_file(fixture_dir("check") / "gpu/libsm80.so", site / "torch/lib" / name);
    record << "torch/lib/" << name << ",sha256=x,1\n";
  }
  record << "torch/version.py,sha256=x,1\n";
  fs::create_symlink("/usr/bin/python3", venv / "bin/python3");
  return venv;
}

TEST(CheckVoice, ACudaTorchOnAmdTargetsSaysSoFirstInOneLine) {
  fs::path top = unique_temp_path("check-voice-torch");
  fs::remove_all(top);
  fs::path venv = cuda_torch_venv(top);
  auto result = run_archfit({"check", "--python", (venv / "bin/python3").string(), "--target", "gfx942"});
  auto json = run_archfit({"check", "--json", "--python", (venv / "bin/python3").string(), "--target", "gfx942"});
  fs::remove_all(top);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  // The first line is the verdict (version.py: cuda = '13.0'; the libraries: sm_80 only).
  EXPECT_TRUE(result.out.starts_with("  FAIL  vendor mismatch: this is a CUDA build of torch, and the targets are AMD "
                                     "(gfx942): it cannot run on them\n"))
      << result.out;
  EXPECT_NE(result.out.find("install a ROCm build of torch"), std::string::npos) << result.out;
  // Never the fixes of the wrong vendor.
  EXPECT_EQ(result.out.find("--offload-arch"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("PYTORCH_ROCM_ARCH"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("NVIDIA driver"), std::string::npos) << result.out;
  // The five libraries: one cause, one block, three names and "and 2 more".
  EXPECT_EQ(count_of(result.out, "FAIL  no-code "), 1u) << result.out;  // the matrix has one cell each
  EXPECT_NE(result.out.find("\n  FAIL  no-code on gfx942, 5 files: carries only NVIDIA GPU code"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find(" and 2 more\n"), std::string::npos) << result.out;
  // --json has every file, and the mismatch.
  auto parsed = nlohmann::json::parse(json.out);
  ASSERT_EQ(parsed["vendor_mismatches"].size(), 1u) << json.out;
  EXPECT_EQ(parsed["vendor_mismatches"][0]["code_vendor"], "nvidia");
  EXPECT_EQ(parsed["vendor_mismatches"][0]["target_vendor"], "amd");
  EXPECT_EQ(parsed["results"].size(), k_torch_libraries.size());
  // The same facts as findings: the mismatch first, then the one cause with every file named, then
  // one per consistency check (the triton pin, the torch flavour).
  ASSERT_EQ(parsed["findings"].size(), 2u + parsed["consistency"].size()) << json.out;
  EXPECT_EQ(parsed["findings"].back()["id"], "check." + parsed["consistency"].back()["id"].get<std::string>());
  EXPECT_EQ(parsed["findings"][0]["id"], "check.vendor-mismatch");
  EXPECT_EQ(parsed["findings"][0]["status"], "fail");
  EXPECT_EQ(parsed["findings"][1]["id"], "check.gpu-code.no-code");
  ASSERT_EQ(parsed["findings"][1]["details"].size(), 1u);
  std::string files = parsed["findings"][1]["details"][0];
  for (const auto& name : k_torch_libraries) {
    EXPECT_NE(files.find("torch/lib/" + name), std::string::npos) << files;
  }
}

TEST(CheckVoice, AnAmdOnlyFileOnNvidiaTargetsNeverGetsCudaFixes) {
  std::string file = (fixture_dir("check") / "gpu/libxnack_off.so").string();
  auto result = run_archfit({"check", "--target", "sm_90", file});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(result.out.starts_with("  FAIL  vendor mismatch: " + file +
                                     " is a ROCm build, and the targets are NVIDIA (sm_90): it cannot run on them\n"))
      << result.out;
  EXPECT_EQ(result.out.find("-gencode"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("TORCH_CUDA_ARCH_LIST"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("use a CUDA build of it"), std::string::npos) << result.out;
  // Several inputs of the other vendor: one line, the names folded.
  std::string nvidia = (fixture_dir("check") / "gpu").string();
  auto several = run_archfit({"check", "--target", "gfx942", nvidia + "/libsm80.so", nvidia + "/libsm90a.so",
                          nvidia + "/libptx80.so"});
  EXPECT_TRUE(several.out.starts_with("  FAIL  vendor mismatch: 3 inputs are CUDA builds, and the targets are AMD "
                                      "(gfx942): they cannot run on them\n"))
      << several.out;
  EXPECT_EQ(count_of(several.out, "vendor mismatch:"), 1u) << several.out;
  EXPECT_NE(several.out.find("\n        inputs: " + nvidia + "/libptx80.so, "), std::string::npos) << several.out;
  // Targets of both vendors: judged per target, no headline.
  auto both = run_archfit({"check", "--target", "gfx90a,sm_90", file});
  EXPECT_EQ(both.out.find("vendor mismatch"), std::string::npos) << both.out;
  // The same vendor: no headline, and the same-vendor fix (a rebuild for the target).
  auto same = run_archfit({"check", "--target", "gfx942", file});
  EXPECT_EQ(same.out.find("vendor mismatch"), std::string::npos) << same.out;
  EXPECT_NE(same.out.find("--offload-arch=gfx942"), std::string::npos) << same.out;
}

// The one fix of a mismatch names every target, not the first one only: an AMD-only file checked
// for two NVIDIA targets, an NVIDIA-only file for two AMD targets.
TEST(CheckVoice, AVendorMismatchFixNamesEveryTarget) {
  struct Case {
    std::string file;
    std::string targets;
    std::vector<std::string> processors;
  };
  std::string gpu = (fixture_dir("check") / "gpu").string();
  for (const auto& [file, targets, processors] :
       {Case{gpu + "/libxnack_off.so", "sm_80,sm_90", {"sm_80", "sm_90"}},
        Case{gpu + "/libsm80.so", "gfx90a,gfx942", {"gfx90a", "gfx942"}}}) {
    auto json = run_archfit({"check", "--json", "--target", targets, file});
    auto text = run_archfit({"check", "--target", targets, file});
    EXPECT_EQ(json.exit_code, 1) << json.err;
    auto parsed = nlohmann::json::parse(json.out);
    ASSERT_EQ(parsed["vendor_mismatches"].size(), 1u) << json.out;
    std::string fix = parsed["vendor_mismatches"][0]["fix"];
    EXPECT_NE(fix.find(processors[0] + " and " + processors[1]), std::string::npos) << fix;
    EXPECT_NE(text.out.find(processors[0] + " and " + processors[1]), std::string::npos) << text.out;
  }
}

TEST(CheckVoice, RepeatedCausesAreOneBlockWithTheFilesFolded) {
  fs::path dir = unique_temp_path("check-voice-group");
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (int i = 1; i <= 6; ++i) {
    fs::copy_file(fixture_dir("check") / "gpu/libsm80.so", dir / ("libk" + std::to_string(i) + ".so"));
  }
  // sm_80 cubins do not run on 9.0 (another major): no-code, six times over, one cause.
  auto result = run_archfit({"check", "--target", "sm_90", dir.string()});
  auto json = run_archfit({"check", "--json", "--target", "sm_90", dir.string()});
  fs::remove_all(dir);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(result.out.find("vendor mismatch"), std::string::npos) << result.out;
  EXPECT_EQ(count_of(result.out, "  FAIL  no-code on sm_90, 6 files: "), 1u) << result.out;
  EXPECT_EQ(count_of(result.out, "fix: "), 1u) << result.out;
  EXPECT_NE(result.out.find("\n        files: " + (dir / "libk").string()), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(" and 3 more\n"), std::string::npos) << result.out;
  auto parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed["results"].size(), 6u);  // every file in --json
}

// -q: the problems only (no targets, no matrix, no passes), the summary kept; -v: the facts behind
// each verdict: every file of a cause named, and the native results as passes with their reason.
// Six sm_80-only copies (no code for 9.0) and one -gencode arch=compute_90a,code=sm_90a build
// (native on sm_90, as tests/check/check_gpu_test.cpp asserts) against sm_90.
TEST(CheckVoice, QuietSaysTheProblemsOnlyAndVerboseTheFactsBehindThem) {
  fs::path dir = unique_temp_path("check-voice-verbosity");
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (int i = 1; i <= 6; ++i) {
    fs::copy_file(fixture_dir("check") / "gpu/libsm80.so", dir / ("libk" + std::to_string(i) + ".so"));
  }
  fs::copy_file(fixture_dir("check") / "gpu/libsm90a.so", dir / "libnative.so");
  auto normal = run_archfit({"check", "--target", "sm_90", dir.string()});
  auto quiet = run_archfit({"check", "-q", "--target", "sm_90", dir.string()});
  auto verbose = run_archfit({"check", "-v", "--target", "sm_90", dir.string()});
  fs::remove_all(dir);
  for (const auto* result : {&normal, &quiet, &verbose}) {
    EXPECT_EQ(result->exit_code, 1) << result->err;  // the exit code does not depend on the verbosity
    EXPECT_EQ(count_of(result->out, "  FAIL  no-code on sm_90, 6 files: "), 1u) << result->out;
    EXPECT_NE(result->out.find("\nSummary: 7 binaries × 1 target: 6 will not run"), std::string::npos) << result->out;
  }
  EXPECT_NE(normal.out.find("Targets: sm_90"), std::string::npos) << normal.out;
  EXPECT_NE(normal.out.find("libnative.so"), std::string::npos) << normal.out;  // its matrix row
  EXPECT_NE(normal.out.find(" and 3 more\n"), std::string::npos) << normal.out;
  EXPECT_EQ(normal.out.find("PASS"), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("Targets:"), std::string::npos) << quiet.out;
  EXPECT_EQ(quiet.out.find("libnative.so"), std::string::npos) << quiet.out;  // no matrix
  EXPECT_NE(quiet.out.find(" and 3 more\n"), std::string::npos) << quiet.out;
  EXPECT_EQ(verbose.out.find(" more\n"), std::string::npos) << verbose.out;  // every file named
  for (int i = 1; i <= 6; ++i) {
    EXPECT_NE(verbose.out.find("libk" + std::to_string(i) + ".so"), std::string::npos) << verbose.out;
  }
  EXPECT_NE(verbose.out.find("  PASS  native " + (dir / "libnative.so").string() + " on sm_90: "), std::string::npos)
      << verbose.out;
}

// The documented node at `path` (member names; "[]" steps into an array's element).
const SchemaNode& schema_at(const SchemaNode& root, const std::vector<std::string>& path) {
  const SchemaNode* node = &root;
  for (const auto& step : path) {
    if (step == "[]") {
      node = node->element.get();
    } else {
      auto it = std::find_if(node->members.begin(), node->members.end(),
                             [&](const SchemaMember& member) { return member.first == step; });
      node = it == node->members.end() ? nullptr : &it->second;
    }
    if (node == nullptr) {
      throw std::runtime_error("docs/json.md: archfit.check/1 has no " + step);
    }
  }
  return *node;
}

// Every finding id check can raise (docs/json.md: check.vendor-mismatch, check.gpu-code.<verdict>,
// check.load.<kind>, check.<consistency id>, each part from its documented enumeration) has a row of
// data/check_findings.tsv with a rule and a public source, and the table names no other id; check's
// findings carry their row's rule and source, in --json and under the failures in the text.
TEST(CheckVoice, EveryFindingCarriesTheRuleAndSourceOfItsRow) {
  auto schema = documented_schema("archfit.check/1");
  std::set<std::string> documented = {"check.vendor-mismatch"};
  for (const auto& verdict : schema_at(schema.root, {"results", "[]", "verdict"}).enumeration) {
    documented.insert("check.gpu-code." + verdict);
  }
  for (const auto& kind : schema_at(schema.root, {"load", "[]", "problems", "[]", "kind"}).enumeration) {
    documented.insert("check.load." + kind);
  }
  for (const auto& id : schema_at(schema.root, {"consistency", "[]", "id"}).enumeration) {
    documented.insert("check." + id);
  }
  ASSERT_GE(documented.size(), 15u);
  const auto& table = knowledge::embedded_table("check_findings.tsv");
  std::set<std::string> rows;
  for (const auto& row : table.rows) {
    rows.insert(table.field(row, "id"));
    EXPECT_FALSE(table.field(row, "rule").empty()) << table.field(row, "id");
    EXPECT_TRUE(table.field(row, "source").starts_with("https://")) << table.field(row, "id");
  }
  EXPECT_EQ(rows, documented);

  // A CUDA torch on an AMD target (vendor mismatch, torch-flavour, the triton pin) and six sm_80
  // libraries on sm_90 (one no-code cause).
  fs::path top = unique_temp_path("check-voice-rules");
  fs::remove_all(top);
  fs::path venv = cuda_torch_venv(top);
  fs::create_directories(top / "libs");
  for (int i = 1; i <= 6; ++i) {
    fs::copy_file(fixture_dir("check") / "gpu/libsm80.so", top / "libs" / ("libk" + std::to_string(i) + ".so"));
  }
  auto torch = run_archfit_json({"check", "--json", "--python", (venv / "bin/python3").string(), "--target", "gfx942"});
  auto libs = run_archfit_json({"check", "--json", "--target", "sm_90", (top / "libs").string()});
  auto text = run_archfit({"check", "--target", "sm_90", (top / "libs").string()});
  fs::remove_all(top);
  std::set<std::string> seen;
  for (const auto* json : {&torch, &libs}) {
    ASSERT_TRUE((*json)["findings"].is_array()) << json->dump();
    for (const auto& finding : (*json)["findings"]) {
      std::string id = finding["id"];
      seen.insert(id);
      auto row = knowledge::finding_rule("check_findings.tsv", id);
      ASSERT_TRUE(row) << id;
      EXPECT_EQ(finding["rule"], row->rule) << id;
      EXPECT_EQ(finding["source"], row->source) << id;
    }
  }
  EXPECT_TRUE(seen.count("check.vendor-mismatch")) << torch.dump();
  EXPECT_TRUE(seen.count("check.gpu-code.no-code")) << libs.dump();
  auto no_code = knowledge::finding_rule("check_findings.tsv", "check.gpu-code.no-code");
  ASSERT_TRUE(no_code);
  EXPECT_NE(text.out.find("source: " + no_code->source.substr(0, 30)), std::string::npos) << text.out;
}

// Issue 16, lines wrap to the terminal width: with a width, check's prose (the package list, the
// notes, the summary, the findings) wraps at spaces; the matrix (a table) and a path are never cut.
// The report is built by hand: two no-code results of one file on two targets, a long note.
TEST(CheckVoice, ProseWrapsAtTheWidthAndTheMatrixDoesNot) {
  check::CheckReport report;
  for (const char* target : {"sm_90", "sm_100"}) {
    report.targets.push_back(*check::parse_device_target(target));
    report.results.push_back({.path = "/opt/lib/libk.so", .member = std::nullopt, .package = "",
                              .target = report.targets.back().display, .verdict = "no-code", .matched = "",
                              .reason = "carries only sm_80: no code for this GPU and no PTX to compile at load time",
                              .fix = "rebuild with -gencode arch=compute_90,code=sm_90"});
  }
  report.targets_source = "--target";
  report.notes.push_back("an HSA_OVERRIDE_GFX_VERSION in effect was applied to the targets, as the runtime "
                         "looks up code for the overridden processor");
  for (std::size_t width : {60u, 40u}) {
    std::string text = report::check_to_text(report, report::TextStyle{false, report::Verbosity::normal, width});
    std::string flat = report::check_to_text(report, report::TextStyle{});
    bool summary_wrapped = false;
    for (const auto& line : lines(text)) {
      if (line.starts_with("/opt/lib/libk.so") || line.starts_with("binary")) {
        continue;  // the matrix: a table, never wrapped
      }
      std::string body(trim(line));
      for (std::string_view label : {"rule:", "source:", "fix:"}) {
        if (body.starts_with(label)) {
          body = std::string(trim(std::string_view(body).substr(label.size())));
        }
      }
      bool command = body == "rebuild with -gencode arch=compute_90,code=sm_90";
      EXPECT_TRUE(report::text_columns(line) <= width || command || body.find(' ') == std::string::npos)
          << width << ": " << line;
      summary_wrapped = summary_wrapped || (line.starts_with("Summary:") && line.find("inconsistencies") == std::string::npos);
    }
    EXPECT_TRUE(summary_wrapped) << text;
    // Wrapping moves words to new lines and nothing else.
    auto words = [](const std::string& all) {
      std::vector<std::string> out;
      std::istringstream in(all);
      for (std::string word; in >> word;) {
        out.push_back(word);
      }
      return out;
    };
    EXPECT_EQ(words(text), words(flat));
    // Without a width the summary is one line.
    EXPECT_NE(flat.find("Summary: 1 binary × 2 targets: 2 will not run, 0 only after a JIT compile; 0 load problems; "
                        "0 inconsistencies\n"),
              std::string::npos)
        << flat;
  }
}

TEST(CheckVoice, UnreadableInputsAreErrorsOnStderrNotInTheReport) {
  fs::path dir = unique_temp_path("check-voice-errors");
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(fixture_dir("check") / "gpu/libsm90a.so", dir / "libgood.so");
  // The first 200 bytes of an ELF: the header promises section headers past the end.
  std::string elf = read_text(fixture_dir("check") / "gpu/libsm80.so");
  std::ofstream(dir / "libcut.so", std::ios::binary) << elf.substr(0, 200);
  auto result = run_archfit({"check", "--target", "sm_90", dir.string()});
  fs::remove_all(dir);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out.find("error:"), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("archfit: error: " + (dir / "libcut.so").string() + ": "), std::string::npos)
      << result.err;
  EXPECT_NE(result.out.find("Summary:"), std::string::npos) << result.out;
}

// A library of NVIDIA's runtime missing on AMD targets: installing it (libcuda: "install the NVIDIA
// driver") cannot make the file run; the fix is a build for ROCm. The load problem is as
// check/loadability.cpp reports a DT_NEEDED libcuda.so.1 that the loader does not find.
TEST(CheckVoice, TheOtherVendorsRuntimeIsNeverToBeInstalled) {
  for (const char* target : {"gfx942", "sm_90"}) {
    check::CheckReport report;
    report.targets.push_back(*check::parse_device_target(target));
    bool amd = report.targets.front().vendor == model::Vendor::amd;
    std::string soname = amd ? "libcuda.so.1" : "libamdhip64.so.6";
    check::LoadResult load;
    load.path = "/opt/x/libfoo.so";
    load.problems.push_back({"missing-library", soname, "", soname + " is not found by the loader's search",
                             amd ? "install the NVIDIA driver (libcuda comes with it, not with the CUDA toolkit)"
                                 : "install the ROCm release that provides libamdhip64.so.6"});
    report.load.push_back(load);
    std::vector<scan::FileReport> files;
    std::map<std::string, std::string> package_of;
    std::vector<std::string> roots;
    check::judge_vendor_mismatches({.files = &files, .package_of = &package_of, .roots = &roots}, report);
    const std::string& fix = report.load.front().problems.front().fix;
    EXPECT_EQ(fix.find("install the NVIDIA driver"), std::string::npos) << fix;
    EXPECT_EQ(fix.find("install the ROCm release"), std::string::npos) << fix;
    EXPECT_NE(fix.find(amd ? "use a ROCm build" : "use a CUDA build"), std::string::npos) << fix;
    EXPECT_TRUE(report.vendor_mismatches.empty());  // no GPU code seen: no headline from a library name alone
  }
}

// Whose runtime a missing library is, read from data/runtime_library_vendors.tsv with
// model::vendor_from_name: libcudart is the CUDA runtime (docs.nvidia.com/cuda/cuda-runtime-api),
// libamdhip64 the HIP runtime (rocm.docs.amd.com/projects/HIP); a library of neither vendor's runtime
// is unknown, never taken for AMD's or NVIDIA's.
TEST(CheckVoice, RuntimeLibraryVendorIsUnknownForAnyOtherLibrary) {
  EXPECT_EQ(check::runtime_library_vendor("libcudart.so.12"), model::Vendor::nvidia);
  EXPECT_EQ(check::runtime_library_vendor("libamdhip64.so.6"), model::Vendor::amd);
  for (const char* soname : {"libc.so.6", "libstdc++.so.6", "libfoo.so", ""}) {
    EXPECT_EQ(check::runtime_library_vendor(soname), model::Vendor::unknown) << soname;
  }
}

}  // namespace
}  // namespace archfit::test
