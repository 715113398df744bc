// `archfit check` end to end on libraries built at test time (tests/fixtures/check): what each
// carries is fixed by its compile command, and the verdict follows the documented rules
// (target_rules_test.cpp cites them). Machines come from the captured sysroots.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::string gpu_lib(const std::string& name) { return (fixture_dir("check") / "gpu" / name).string(); }
std::string sysroot(const std::string& name) {
  return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/" + name + "/root";
}

// Runs `env VARS… archfit check ARGS… --json` and returns the parsed report.
nlohmann::json check(const std::vector<std::string>& variables, const std::vector<std::string>& args,
                     int* exit_code = nullptr) {
  std::vector<std::string> argv = {"/usr/bin/env"};
  argv.insert(argv.end(), variables.begin(), variables.end());
  argv.push_back(archfit_binary());
  argv.push_back("check");
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back("--json");
  auto result = run_command(argv);
  if (exit_code != nullptr) {
    *exit_code = result.exit_code;
  }
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << result.out << result.err;
  return json;
}

// verdict of `path` on `target` in a report.
std::string verdict(const nlohmann::json& report, const std::string& path, const std::string& target) {
  for (const auto& result : report["results"]) {
    if (result["path"] == path && result["target"] == target) {
      return result["verdict"];
    }
  }
  return "(none)";
}

TEST(CheckGpu, XnackOffLibraryOnMi250WithXnackOffAndOn) {
  std::string lib = gpu_lib("libxnack_off.so");  // --offload-arch=gfx90a:xnack-
  int exit_code = -1;
  auto off = check({"-u", "HSA_XNACK"}, {"--sysroot", sysroot("mi250x"), lib}, &exit_code);
  ASSERT_EQ(off["targets"].size(), 1u);
  EXPECT_EQ(off["targets"][0]["target"], "gfx90a:sramecc+:xnack-");
  EXPECT_EQ(verdict(off, lib, "gfx90a:sramecc+:xnack-"), "native");
  EXPECT_EQ(exit_code, 0);
  // HSA_XNACK=1 turns xnack on for the process: gfx90a:xnack- code no longer loads.
  auto on = check({"HSA_XNACK=1"}, {"--sysroot", sysroot("mi250x"), lib}, &exit_code);
  EXPECT_EQ(on["targets"][0]["target"], "gfx90a:sramecc+:xnack+");
  EXPECT_EQ(verdict(on, lib, "gfx90a:sramecc+:xnack+"), "no-code");
  EXPECT_EQ(exit_code, 1);
  auto mi300 = check({"-u", "HSA_XNACK"}, {"--sysroot", sysroot("mi300x-8gpu"), lib}, &exit_code);
  ASSERT_EQ(mi300["targets"].size(), 1u);  // eight identical GPUs, one target
  EXPECT_EQ(verdict(mi300, lib, "gfx942:sramecc+:xnack-"), "no-code");
  for (const auto& result : mi300["results"]) {
    EXPECT_NE(result["fix"].get<std::string>().find("--offload-arch=gfx942"), std::string::npos);
    EXPECT_NE(result["reason"].get<std::string>().find("hipErrorNoBinaryForGpu"), std::string::npos);
  }
}

TEST(CheckGpu, OverrideIsApplied) {
  // The RX 6700 XT (gfx1031) with HSA_OVERRIDE_GFX_VERSION=9.0.10 is looked up as gfx90a.
  std::string lib = gpu_lib("libxnack_off.so");
  auto report = check({"HSA_OVERRIDE_GFX_VERSION=9.0.10"}, {"--sysroot", sysroot("rx6700xt-override"), lib});
  ASSERT_EQ(report["targets"].size(), 1u);
  EXPECT_EQ(report["targets"][0]["processor"], "gfx90a");
  EXPECT_FALSE(report["notes"].empty());
}

TEST(CheckGpu, GenericTargetCoversItsFamilyOnly) {
  std::string lib = gpu_lib("libgfx11_generic.so");  // --offload-arch=gfx11-generic, code object v6
  auto report = check({}, {"--target", "gfx1100,gfx1151,gfx1103,gfx1030,gfx1201", lib});
  EXPECT_EQ(verdict(report, lib, "gfx1100"), "native");
  EXPECT_EQ(verdict(report, lib, "gfx1151"), "native");
  EXPECT_EQ(verdict(report, lib, "gfx1103"), "native");
  EXPECT_EQ(verdict(report, lib, "gfx1030"), "no-code");
  EXPECT_EQ(verdict(report, lib, "gfx1201"), "no-code");
}

TEST(CheckGpu, CudaSassArchAndPtx) {
  std::string sm80 = gpu_lib("libsm80.so");    // -gencode arch=compute_80,code=sm_80
  std::string sm90a = gpu_lib("libsm90a.so");  // -gencode arch=compute_90a,code=sm_90a
  std::string ptx = gpu_lib("libptx80.so");    // -gencode arch=compute_80,code=compute_80
  int exit_code = -1;
  auto report = check({}, {"--target", "sm_86", "--target", "sm_90,sm_100", sm80, sm90a, ptx}, &exit_code);
  EXPECT_EQ(verdict(report, sm80, "sm_86"), "native");
  EXPECT_EQ(verdict(report, sm80, "sm_90"), "no-code");
  EXPECT_EQ(verdict(report, sm80, "sm_100"), "no-code");
  EXPECT_EQ(verdict(report, sm90a, "sm_86"), "no-code");
  EXPECT_EQ(verdict(report, sm90a, "sm_90"), "native");
  EXPECT_EQ(verdict(report, sm90a, "sm_100"), "no-code");
  EXPECT_EQ(verdict(report, ptx, "sm_86"), "jit");
  EXPECT_EQ(verdict(report, ptx, "sm_90"), "jit");
  EXPECT_EQ(verdict(report, ptx, "sm_100"), "jit");
  EXPECT_EQ(exit_code, 1);
  for (const auto& result : report["results"]) {
    if (result["verdict"] == "no-code") {
      EXPECT_NE(result["reason"].get<std::string>().find("no kernel image is available"), std::string::npos);
    }
  }
}

TEST(CheckGpu, H200SysrootAndSavedDetectReport) {
  std::string sm90a = gpu_lib("libsm90a.so");
  auto live = check({}, {"--sysroot", sysroot("h200"), sm90a});
  EXPECT_EQ(verdict(live, sm90a, "sm_90"), "native");
  // The same through a saved `detect --json` of that machine.
  fs::path saved = unique_temp_path("detect.json");
  auto detect = run_command({archfit_binary(), "detect", "--sysroot", sysroot("h200"), "--json"});
  {
    std::ofstream(saved) << detect.out;
  }
  auto from_file = check({}, {"--targets-from", saved.string(), gpu_lib("libsm80.so")});
  EXPECT_EQ(from_file["targets_source"], "--targets-from " + saved.string() + " (detect --json)");
  EXPECT_EQ(verdict(from_file, gpu_lib("libsm80.so"), "sm_90"), "no-code");
  fs::remove(saved);
}

TEST(CheckGpu, HostOnlyAndUsageErrors) {
  int exit_code = -1;
  auto report = check({}, {"--target", "gfx942", "/usr/lib/x86_64-linux-gnu/libz.so.1"}, &exit_code);
  EXPECT_EQ(verdict(report, "/usr/lib/x86_64-linux-gnu/libz.so.1", "gfx942"), "host-only");
  EXPECT_EQ(exit_code, 1);
  auto bad = run_command({archfit_binary(), "check", "--target", "gfx11-generic", gpu_lib("libsm80.so")});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("generic"), std::string::npos);
  auto nothing = run_command({archfit_binary(), "check"});
  EXPECT_EQ(nothing.exit_code, 2);
  // No GPU in the sysroot and no --target: say how to name targets.
  auto no_gpu = run_command({archfit_binary(), "check", "--sysroot", "/nonexistent-root", gpu_lib("libsm80.so")});
  EXPECT_EQ(no_gpu.exit_code, 2);
  EXPECT_NE(no_gpu.err.find("--target"), std::string::npos);
}

}  // namespace
}  // namespace archfit::test
