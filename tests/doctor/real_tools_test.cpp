// The probes against this machine's own tools and packages, each compared with what the tool itself says:
// gcc -dumpfullversion, cmake --version, ninja --version, git --version, python3's platform.python_version(),
// clang -v's "Selected GCC installation", Debian's ROCm packages (dpkg-query, hipconfig --version) and
// /usr/local/cuda's nvcc. A tool that is not installed here skips its test.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include "doctor/doctor.hpp"
#include "doctor/probes.hpp"
#include "support/test_support.hpp"
#include "util/text_lines.hpp"

namespace archfit::doctor {
namespace {

namespace fs = std::filesystem;

probe::Environment system_environment() {
  probe::Environment environment;
  environment.set("PATH", "/usr/local/bin:/usr/bin:/bin");
  if (auto home = probe::Environment::current().get("HOME")) {
    environment.set("HOME", *home);
  }
  return environment;
}

std::string first_match(const std::string& text, const std::string& pattern) {
  std::smatch match;
  if (std::regex_search(text, match, std::regex(pattern))) {
    return match[1].str();
  }
  return {};
}

struct RealMachine {
  probe::SystemRoot root{"/"};
  probe::Environment environment = system_environment();
  probe::ProcessRunner runner;
  ProbeContext context{root, environment, runner, std::chrono::milliseconds(20000)};
};

TEST(DoctorRealTools, CompilersCmakeNinjaGit) {
  RealMachine machine;
  ToolchainFacts facts;
  probe_toolchain(machine.context, ToolchainScope{true}, facts);
  if (facts.cxx.found() && facts.cxx.family == "gnu") {
    auto dump = test::run_command({facts.cxx.path, "-dumpfullversion"});
    ASSERT_EQ(dump.exit_code, 0);
    EXPECT_EQ(facts.cxx.version, std::string(trim(dump.out)));
  }
  if (!facts.cmake_path.empty()) {
    auto cmake = test::run_command({facts.cmake_path, "--version"});
    EXPECT_EQ(facts.cmake_version, first_match(cmake.out, R"(cmake version ([0-9.]+))"));
    EXPECT_FALSE(facts.cmake_version.empty());
  }
  if (!facts.ninja_path.empty()) {
    auto ninja = test::run_command({facts.ninja_path, "--version"});
    EXPECT_EQ(facts.ninja_version, std::string(trim(ninja.out)));
  }
  if (!facts.git_path.empty()) {
    auto git = test::run_command({facts.git_path, "--version"});
    EXPECT_EQ(facts.git_version, first_match(git.out, R"(git version ([0-9.]+))"));
  }
  // clang's own answer, and whether libstdc++'s headers of that GCC are installed.
  if (!facts.clang_gcc.clang_path.empty()) {
    auto clang = test::run_command({facts.clang_gcc.clang_path, "-v"});
    std::string selected = first_match(clang.err, R"(Selected GCC installation: (\S+))");
    if (!selected.empty()) {
      EXPECT_EQ(facts.clang_gcc.selected, fs::weakly_canonical(selected).string());
      std::string major = fs::path(selected).filename().string();
      EXPECT_EQ(facts.clang_gcc.headers_present, fs::exists("/usr/include/c++/" + major + "/cmath"));
    }
  }
}

TEST(DoctorRealTools, Python) {
  RealMachine machine;
  PythonFacts facts;
  probe_python(machine.context, "", facts);
  if (facts.interpreter.empty()) {
    GTEST_SKIP() << "no python3 on PATH";
  }
  ASSERT_TRUE(facts.ok()) << facts.error;
  auto python = test::run_command({facts.interpreter, "-c", "import platform; print(platform.python_version())"});
  EXPECT_EQ(facts.version, std::string(trim(python.out)));
  for (const auto& dir : facts.site_dirs) {
    EXPECT_TRUE(fs::exists(dir)) << dir;
  }
}

TEST(DoctorRealTools, DebianRocmPackages) {
  auto dpkg = test::run_command({"dpkg-query", "-W", "-f=${Version}", "libamdhip64-dev"});
  if (dpkg.exit_code != 0 || !fs::exists("/usr/bin/hipcc")) {
    GTEST_SKIP() << "Debian's libamdhip64-dev/hipcc are not installed";
  }
  RealMachine machine;
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  RocmFacts facts;
  probe_rocm(machine.context, rules->rocm_components(), true, facts);
  const RocmInstall* usr = nullptr;
  for (const auto& install : facts.installs) {
    if (install.root == "/usr") {
      usr = &install;
    }
  }
  ASSERT_NE(usr, nullptr);
  EXPECT_EQ(usr->kind, "debian");
  // "5.2.3-8" -> upstream "5.2.3".
  EXPECT_EQ(usr->version, first_match(dpkg.out, R"(^(?:\d+:)?([0-9.]+))"));
  auto hipconfig = test::run_command({"/usr/bin/hipconfig", "--version"});
  std::string hip = first_match(hipconfig.out, R"(^([0-9.]+))");
  EXPECT_EQ(usr->hip_version, hip);
  if (facts.hipcc_path == "/usr/bin/hipcc") {
    EXPECT_EQ(facts.hipconfig_version, hip);
    EXPECT_EQ(facts.installs[static_cast<std::size_t>(facts.hipcc_install)].root, "/usr");
  }
  // `dpkg -L libamdhip64-dev` lists /usr/lib/x86_64-linux-gnu/cmake/hip/hip-config.cmake.
  auto listing = test::run_command({"dpkg", "-L", "libamdhip64-dev"});
  bool listed = listing.out.find("/usr/lib/x86_64-linux-gnu/cmake/hip/hip-config.cmake") != std::string::npos;
  for (const auto& component : usr->components) {
    if (component.component == "hip") {
      EXPECT_EQ(component.present, listed);
    }
  }
}

// The CUDA toolkit the tests compile with: scripts/test.sh exports $NVCC (/usr/local/cuda's, or the
// PyPI one install_deps.sh puts in /opt/archfit-cuda where no toolkit is installed, as in the fresh
// root); run by hand without it, /usr/local/cuda's.
fs::path test_cuda_home() {
  const char* nvcc = std::getenv("NVCC");
  fs::path path = nvcc != nullptr && *nvcc != '\0' ? fs::path(nvcc) : fs::path("/usr/local/cuda/bin/nvcc");
  return path.parent_path().parent_path();
}

TEST(DoctorRealTools, CudaToolkit) {
  fs::path home = test_cuda_home();
  if (!fs::exists(home / "bin/nvcc")) {
    GTEST_SKIP() << "no " << (home / "bin/nvcc").string() << " (scripts/test.sh sets $NVCC)";
  }
  RealMachine machine;
  machine.environment.set("CUDA_HOME", home.string());
  CudaFacts facts;
  probe_cuda(machine.context, true, facts);
  const NvccInstall* found = nullptr;
  for (const auto& install : facts.installs) {
    for (const auto& origin : install.origins) {
      if (origin == "$CUDA_HOME") {
        found = &install;
      }
    }
  }
  ASSERT_NE(found, nullptr);
  auto nvcc = test::run_command({(home / "bin/nvcc").string(), "--version"});
  EXPECT_EQ(found->version, first_match(nvcc.out, R"(, V([0-9.]+))"));
  std::string header = test::read_text(home / "include/crt/host_config.h");
  std::string gcc = first_match(header, R"(#if __GNUC__ > (\d+))");
  ASSERT_TRUE(found->max_gcc.has_value());
  EXPECT_EQ(std::to_string(*found->max_gcc), gcc);
}

const Check* check_named(const DoctorReport& report, const std::string& id) {
  for (const auto& check : report.checks) {
    if (check.id == id) {
      return &check;
    }
  }
  return nullptr;
}

// Debian 12's hipcc (ROCm 5.2.3) really compiles for gfx1030 and really stops for gfx1100, and doctor's
// rocm.compile-targets verdicts (data/compiler_targets.tsv) agree with the compiler.
TEST(DoctorRealTools, DebianHipccTargetsAgreeWithDoctor) {
  if (!fs::exists("/usr/bin/hipcc") || !fs::exists("/usr/include/hip/hip_runtime.h")) {
    GTEST_SKIP() << "Debian's hipcc is not installed";
  }
  auto dir = test::unique_temp_path("hipcc-targets");
  fs::create_directories(dir);
  {
    std::ofstream source(dir / "kernel.hip");
    source << "#include <hip/hip_runtime.h>\n__global__ void k(int* p) { *p = 1; }\n";
  }
  RealMachine machine;
  machine.environment.set("ROCM_PATH", "/usr");
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  for (const std::string target : {"gfx1030", "gfx1100", "gfx90a"}) {
    SCOPED_TRACE(target);
    auto compiled = test::run_command({"/usr/bin/hipcc", "--offload-arch=" + target, "-c", (dir / "kernel.hip").string(),
                                       "-o", (dir / (target + ".o")).string()});
    bool builds = compiled.exit_code == 0 && fs::exists(dir / (target + ".o"));
    if (!builds) {
      EXPECT_NE(compiled.err.find("cannot find ROCm device library for " + target), std::string::npos) << compiled.err;
    }
    DoctorOptions options;
    options.cwd = dir.string();
    options.targets = {target};
    auto report = run_doctor(machine.root, machine.environment, machine.runner, *rules, options);
    const Check* check = check_named(report, "rocm.compile-targets");
    ASSERT_NE(check, nullptr) << "no rocm.compile-targets check";
    EXPECT_EQ(check->status, builds ? Status::pass : Status::fail) << check->seen;
    if (!builds) {
      // The first release whose device libraries have gfx1100 is ROCm 5.3 (ROCm-Device-Libs@rocm-5.3.0).
      EXPECT_NE(check->fix.find("ROCm 5.3 or newer"), std::string::npos) << check->fix;
    }
  }
  // What the issue names: gfx1100 fails, gfx1030 builds, on this Debian.
  auto gfx1100 = test::run_command({"/usr/bin/hipcc", "--offload-arch=gfx1100", "-c", (dir / "kernel.hip").string(),
                                    "-o", (dir / "again.o").string()});
  EXPECT_NE(gfx1100.exit_code, 0);
  fs::remove_all(dir);
}

// A second source for the ROCm rows: Debian's rocm-device-libs package installs one oclc_isa_version_<N>.bc per
// target it can build, and its list equals the data/compiler_targets.tsv row of its release (5.2, from
// ROCm-Device-Libs@rocm-5.2.0).
TEST(DoctorRealTools, DebianDeviceLibrariesMatchTheTable) {
  const fs::path bitcode = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";
  if (!fs::is_directory(bitcode)) {
    GTEST_SKIP() << "Debian's rocm-device-libs is not installed";
  }
  auto package = test::run_command({"dpkg-query", "-W", "-f=${Version}", "rocm-device-libs"});
  ASSERT_EQ(package.exit_code, 0) << package.err;
  std::string release = first_match(package.out, R"(^([0-9]+\.[0-9]+))");
  ASSERT_FALSE(release.empty()) << package.out;
  std::vector<std::string> installed;
  for (const auto& entry : fs::directory_iterator(bitcode)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with("oclc_isa_version_") && name.ends_with(".bc")) {
      installed.push_back("gfx" + name.substr(17, name.size() - 17 - 3));
    }
  }
  std::sort(installed.begin(), installed.end());
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  for (const auto& row : rules->compiler_targets()) {
    if (row.toolchain == "rocm" && row.release == release) {
      auto table = row.targets;
      std::sort(table.begin(), table.end());
      EXPECT_EQ(table, installed) << "ROCm " << release;
      EXPECT_GE(installed.size(), 30u);
      return;
    }
  }
  FAIL() << "ROCm " << release << " has no row in data/compiler_targets.tsv";
}

// The tests' nvcc lists exactly the targets data/compiler_targets.tsv gives its release.
TEST(DoctorRealTools, NvccTargetListMatchesTheTable) {
  std::string nvcc = (test_cuda_home() / "bin/nvcc").string();
  if (!fs::exists(nvcc)) {
    GTEST_SKIP() << "no " << nvcc << " (scripts/test.sh sets $NVCC)";
  }
  auto version = test::run_command({nvcc, "--version"});
  std::string release = first_match(version.out, R"(release ([0-9]+\.[0-9]+))");
  auto listing = test::run_command({nvcc, "--list-gpu-arch"});
  ASSERT_EQ(listing.exit_code, 0);
  std::vector<std::string> listed;
  std::regex compute(R"(compute_([0-9]+)\b)");
  for (auto it = std::sregex_iterator(listing.out.begin(), listing.out.end(), compute); it != std::sregex_iterator(); ++it) {
    listed.push_back("sm_" + (*it)[1].str());
  }
  std::sort(listed.begin(), listed.end());
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  for (const auto& row : rules->compiler_targets()) {
    if (row.toolchain == "cuda" && row.release == release) {
      auto table = row.targets;
      std::sort(table.begin(), table.end());
      EXPECT_EQ(table, listed);
      return;
    }
  }
  FAIL() << "CUDA " << release << " has no row in data/compiler_targets.tsv";
}

TEST(DoctorRealTools, WholeDoctorOnThisMachine) {
  RealMachine machine;
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  DoctorOptions options;
  options.cwd = fs::current_path().string();
  auto report = run_doctor(machine.root, machine.environment, machine.runner, *rules, options);
  EXPECT_FALSE(report.checks.empty());
  for (const auto& check : report.checks) {
    EXPECT_FALSE(check.id.empty());
    EXPECT_FALSE(check.seen.empty()) << check.id;
    if (check.status == Status::fail || check.status == Status::warn) {
      EXPECT_FALSE(check.rule.empty() && check.fix.empty()) << check.id << " says neither the rule nor the fix";
    }
  }
  // Not a timing test: reported for the record (docs/doctor.md, bench/ is the lead's).
  std::printf("archfit doctor on this machine: %.0f ms, %zu checks\n", report.facts.elapsed_ms, report.checks.size());
}

}  // namespace
}  // namespace archfit::doctor
