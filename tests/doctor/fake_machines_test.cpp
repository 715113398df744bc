// archfit doctor on assembled machines: captured sysroots (tests/data/sysroots) plus fake tools that answer
// as the real ones print (tests/data/doctor/tools, each citing its source), ROCm trees with real file names
// and version headers, PyTorch-shaped source trees and site-packages with real METADATA. The expected
// values come from those sources and from the rules' own data rows, never from running archfit.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "doctor/distro_release.hpp"
#include "fake_machine.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::doctor::testing {
namespace {

// Ubuntu 22.04's compilers as its users have them: GCC 11 the default with its libstdc++ headers,
// GCC 12's runtime without them (what clang then picks, and fails on), and clang 15.
void ubuntu2204_compilers(FakeMachine& machine) {
  machine.tool("/usr/bin/x86_64-linux-gnu-gcc-11", "gcc-11-ubuntu2204");
  machine.tool("/usr/bin/x86_64-linux-gnu-g++-11", "gxx-11-ubuntu2204");
  machine.link("/usr/bin/gcc", "x86_64-linux-gnu-gcc-11");
  machine.link("/usr/bin/g++", "x86_64-linux-gnu-g++-11");
  machine.gcc_installation("11", true);
  machine.gcc_installation("12", false);
  machine.tool("/usr/bin/clang-15", "clang-15-debian");
  machine.link("/usr/bin/clang++", "clang-15");
}

// MI300X x8 (gfx942) with /opt/rocm -> rocm-6.4.1, /opt/rocm-6.3.3 next to it, Debian's GCC 12, CMake 3.31.
void mi300x_with_two_rocms(FakeMachine& machine) {
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv();
  machine.rocm("6.4.1");
  machine.rocm("6.3.3", false);
  machine.environment.set("PATH", "/opt/rocm/bin:/usr/bin:/bin");
}

TEST(DoctorRocm, TwoReleasesSideBySideAndHipPathOnTheOther) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.environment.set("HIP_PATH", "/opt/rocm-6.3.3");
  auto report = machine.doctor();
  const auto& rocm = report.facts.rocm;
  ASSERT_EQ(rocm.installs.size(), 2u) << dump(report);
  auto install = [&](const std::string& root) -> const RocmInstall& {
    for (const auto& candidate : rocm.installs) {
      if (candidate.root == root) {
        return candidate;
      }
    }
    ADD_FAILURE() << "no install " << root;
    return rocm.installs.front();
  };
  // Versions from each tree's .info/version (rocm-core writes "MAJOR.MINOR.PATCH\n") and hip_version.h.
  const auto& new_one = install("/opt/rocm-6.4.1");
  EXPECT_EQ(new_one.version, "6.4.1");
  EXPECT_EQ(new_one.version_source, "/opt/rocm-6.4.1/.info/version");
  EXPECT_EQ(new_one.hip_version, "6.4.43483");
  EXPECT_EQ(install("/opt/rocm-6.3.3").version, "6.3.3");
  EXPECT_EQ(install("/opt/rocm-6.3.3").hip_version, "6.3.42134");
  EXPECT_NE(std::find(new_one.aliases.begin(), new_one.aliases.end(), "/opt/rocm"), new_one.aliases.end());
  // hipcc on PATH is /opt/rocm/bin/hipcc = 6.4.1; `hipconfig --version` next to it: 6.4.43483-a187df25c.
  ASSERT_GE(rocm.hipcc_install, 0);
  EXPECT_EQ(rocm.installs[static_cast<std::size_t>(rocm.hipcc_install)].root, "/opt/rocm-6.4.1");
  EXPECT_EQ(rocm.hipconfig_version, "6.4.43483");
  EXPECT_EQ(report.facts.targets, std::vector<std::string>{"gfx942"});
  ASSERT_CHECK(report, "rocm.selected", Status::pass);
  ASSERT_CHECK(report, "rocm.paths", Status::warn);
  const auto* paths = find_check(report, "rocm.paths");
  EXPECT_NE(paths->seen.find("$HIP_PATH=/opt/rocm-6.3.3 is /opt/rocm-6.3.3 (ROCm 6.3.3)"), std::string::npos) << paths->seen;
  EXPECT_NE(paths->fix.find("HIP_PATH=/opt/rocm-6.4.1"), std::string::npos) << paths->fix;
  ASSERT_CHECK(report, "rocm.components", Status::pass);
  // gfx942 is in the 6.4.0 row of data/rocm_releases.tsv (the row that applies to 6.4.1).
  ASSERT_CHECK(report, "rocm.targets", Status::pass);
}

TEST(DoctorRocm, AgreeingPathsPassAndLdLibraryPathOfTheOtherRelease) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.environment.set("HIP_PATH", "/opt/rocm-6.4.1");
  auto report = machine.doctor();
  ASSERT_CHECK(report, "rocm.paths", Status::pass);
  machine.environment.set("LD_LIBRARY_PATH", "/opt/rocm-6.3.3/lib");
  report = machine.doctor();
  ASSERT_CHECK(report, "rocm.paths", Status::warn);
  EXPECT_NE(find_check(report, "rocm.paths")->seen.find("$LD_LIBRARY_PATH has libamdhip64 in /opt/rocm-6.3.3/lib "
                                                        "(/opt/rocm-6.3.3 (ROCm 6.3.3))"),
            std::string::npos)
      << find_check(report, "rocm.paths")->seen;
}

TEST(DoctorRocm, RocmPathOnAPartialInstallNamesTheMissingFiles) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.environment.set("ROCM_PATH", "/opt/rocm-6.3.3");
  auto report = machine.doctor();
  EXPECT_EQ(report.facts.rocm.installs[static_cast<std::size_t>(report.facts.rocm.selected)].root, "/opt/rocm-6.3.3");
  ASSERT_CHECK(report, "rocm.components", Status::fail);
  const auto* components = find_check(report, "rocm.components");
  // The 6.3.3 tree has no lib/cmake/hipblaslt and lib/cmake/miopen (LoadHIP.cmake REQUIRED packages).
  EXPECT_NE(components->seen.find("hipblaslt (lib/cmake/hipblaslt/hipblaslt-config.cmake)"), std::string::npos)
      << components->seen;
  EXPECT_NE(components->seen.find("miopen (lib/cmake/miopen/miopen-config.cmake)"), std::string::npos);
  EXPECT_EQ(components->seen.find("rocblas"), std::string::npos);
  // AMD's package names, on the Ubuntu 22.04 of the captured MI300X tree.
  EXPECT_NE(components->fix.find("apt-get install hipblaslt-dev miopen-hip-dev"), std::string::npos) << components->fix;
  // hipcc on PATH (6.4.1) is not the install the build uses.
  ASSERT_CHECK(report, "rocm.paths", Status::warn);
}

TEST(DoctorRocm, RocmPathThatDoesNotExistFails) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.environment.set("ROCM_PATH", "/opt/rocm-7.0.0");
  auto report = machine.doctor();
  ASSERT_CHECK(report, "rocm.selected", Status::fail);
  EXPECT_NE(find_check(report, "rocm.selected")->rule.find("ROCM_PATH environment variable is set to"), std::string::npos);
  EXPECT_TRUE(report.has_failures());
}

TEST(DoctorRocm, DebianPackagesUnderUsr) {
  FakeMachine machine("mi210");
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv();
  machine.copy("rocm/debian/usr", "/usr");
  machine.copy("rocm/debian/var", "/var");
  auto report = machine.doctor();
  const auto& rocm = report.facts.rocm;
  ASSERT_EQ(rocm.installs.size(), 1u) << dump(report);
  EXPECT_EQ(rocm.installs[0].root, "/usr");
  EXPECT_EQ(rocm.installs[0].kind, "debian");
  // dpkg status: "Package: libamdhip64-dev ... Version: 5.2.3-8"; hip_version.h: 5.2.21153.
  EXPECT_EQ(rocm.installs[0].version, "5.2.3");
  EXPECT_EQ(rocm.installs[0].hip_version, "5.2.21153");
  EXPECT_EQ(rocm.hipconfig_version, "5.2.21153");
  // PyTorch's LoadHIP.cmake looks at $ROCM_PATH, else /opt/rocm: neither is there.
  ASSERT_CHECK(report, "rocm.selected", Status::fail);
  EXPECT_NE(find_check(report, "rocm.selected")->fix.find("export ROCM_PATH=/usr"), std::string::npos);

  machine.environment.set("ROCM_PATH", "/usr");
  report = machine.doctor();
  ASSERT_CHECK(report, "rocm.selected", Status::pass);
  ASSERT_CHECK(report, "rocm.components", Status::fail);
  const auto* components = find_check(report, "rocm.components");
  EXPECT_NE(components->seen.find("rocm-version-header (include/rocm-core/rocm_version.h)"), std::string::npos);
  EXPECT_EQ(components->seen.find("hip (lib"), std::string::npos) << "hip-config.cmake is in lib/x86_64-linux-gnu/cmake";
}

TEST(DoctorRocm, PipInstalledSdk) {
  FakeMachine machine("mi300x-8gpu");
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv("rocm-sdk");
  // The venv's bin/ holds the SDK's `rocm-sdk` entry point (a stub: doctor only looks for it).
  machine.tool("/venv/bin/rocm-sdk", "hipcc-fake");
  machine.environment.set("PATH", "/venv/bin:/usr/bin:/bin");
  auto report = machine.doctor();
  const auto& rocm = report.facts.rocm;
  ASSERT_EQ(rocm.installs.size(), 1u) << dump(report);
  const auto& sdk = rocm.installs.front();
  EXPECT_EQ(sdk.kind, "pip-sdk");
  EXPECT_EQ(sdk.root, "/venv/lib/python3.12/site-packages/_rocm_sdk_devel");
  EXPECT_EQ(sdk.version, "7.2.1");
  EXPECT_TRUE(sdk.has_hipcc);
  ASSERT_CHECK(report, "rocm.selected", Status::pass);
  // gfx942 is in rocm_releases.tsv's 7.2 row.
  ASSERT_CHECK(report, "rocm.targets", Status::pass);
  ASSERT_CHECK(report, "rocm.components", Status::fail);
  const auto* components = find_check(report, "rocm.components");
  EXPECT_EQ(components->seen.find("hip (lib"), std::string::npos) << components->seen;
  EXPECT_NE(components->seen.find("rocblas (lib/cmake/rocblas/rocblas-config.cmake)"), std::string::npos);
  EXPECT_NE(components->fix.find("rocm[libraries,devel]"), std::string::npos);
}

// Ubuntu 22.04 with gcc-12 installed but not libstdc++-12-dev: clang (and hipcc) take GCC 12 and every C++
// compile fails with "'cmath' file not found" (ROCm/rocHPCG#56: "Installing libstdc++-12-dev fixes this").
TEST(DoctorToolchain, ClangTakesTheNewestGccWhoseHeadersAreMissing) {
  FakeMachine machine("mi210");
  machine.file("/etc/os-release",
               "PRETTY_NAME=\"Ubuntu 22.04.5 LTS\"\nNAME=\"Ubuntu\"\nVERSION_ID=\"22.04\"\n"
               "VERSION=\"22.04.5 LTS (Jammy Jellyfish)\"\nVERSION_CODENAME=jammy\nID=ubuntu\nID_LIKE=debian\n");
  ubuntu2204_compilers(machine);
  machine.link("/usr/bin/cc", "gcc");
  machine.link("/usr/bin/c++", "g++");
  machine.build_tools();
  machine.python_venv();
  machine.rocm("6.4.1");
  auto report = machine.doctor();
  EXPECT_EQ(report.facts.toolchain.cxx.version, "11.4.0");
  EXPECT_EQ(report.facts.toolchain.cxx.family, "gnu");
  EXPECT_EQ(report.facts.toolchain.clang_gcc.selected, "/usr/lib/gcc/x86_64-linux-gnu/12");
  ASSERT_CHECK(report, "toolchain.clang-gcc-headers", Status::fail);
  const auto* check = find_check(report, "toolchain.clang-gcc-headers");
  EXPECT_NE(check->seen.find("/usr/include/c++/12 is missing"), std::string::npos) << check->seen;
  EXPECT_EQ(check->fix, "apt-get install libstdc++-12-dev");

  machine.gcc_installation("12", true);
  report = machine.doctor();
  ASSERT_CHECK(report, "toolchain.clang-gcc-headers", Status::pass);
}

TEST(DoctorToolchain, CompilerChainAndVersionsAsTheToolsPrintThem) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  auto report = machine.doctor();
  const auto& cxx = report.facts.toolchain.cxx;
  EXPECT_EQ(cxx.path, "/usr/bin/c++");
  EXPECT_EQ(cxx.real_path, "/usr/bin/x86_64-linux-gnu-g++-12");
  EXPECT_EQ(cxx.version, "12.2.0");
  EXPECT_EQ(cxx.version_line, "g++ (Debian 12.2.0-14+deb12u1) 12.2.0");
  EXPECT_EQ(report.facts.toolchain.cc.version, "12.2.0");
  EXPECT_EQ(report.facts.toolchain.cmake_version, "3.31.10");
  EXPECT_EQ(report.facts.toolchain.ninja_version, "1.11.1");
  EXPECT_EQ(report.facts.toolchain.git_version, "2.39.5");
  ASSERT_CHECK(report, "toolchain.cxx", Status::pass);

  // $CXX wins over PATH (CMakeDetermineCXXCompiler.cmake).
  machine.tool("/usr/bin/g++-13", "gxx-13-ubuntu2404");
  machine.environment.set("CXX", "g++-13");
  report = machine.doctor();
  EXPECT_EQ(report.facts.toolchain.cxx.path, "/usr/bin/g++-13");
  EXPECT_EQ(report.facts.toolchain.cxx.version, "13.2.0");
  ASSERT_CHECK(report, "toolchain.cc-cxx-pair", Status::warn);
}

TEST(DoctorToolchain, GccBelowTheProjectFloorFails) {
  // vLLM >= 0.24 stops when GCC < 11.3 (project_requirements.tsv); Ubuntu 22.04's 11.4.0 passes, so the test
  // uses the vLLM row's own number against GCC 11.4.0 and then against a floor above it via --rules.
  FakeMachine machine("mi300x-8gpu");
  machine.tool("/usr/bin/g++", "gxx-11-ubuntu2204");
  machine.tool("/usr/bin/gcc", "gcc-11-ubuntu2204");
  machine.gcc_installation("11", true);
  machine.build_tools();
  machine.python_venv();
  machine.rocm("6.4.1");
  auto options = machine.options();
  options.project = "vllm";
  auto report = machine.doctor(options);
  // 11.4.0 >= 11.3 (vLLM 0.33.0's row, the newest).
  ASSERT_CHECK(report, "toolchain.cxx", Status::pass);

  // The same machine against a vLLM row whose floor is above 11.4 (a --rules file replacing the 0.33.0 row).
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  ASSERT_TRUE(rules
                  ->add_rules_file("project\tversion\tcmake_min\tpython_min\tpython_max\tgcc_min\tsource\n"
                                   "vllm\t0.33.0\t3.26\t3.11\t3.14\t12.1\ttest: a floor above Ubuntu 22.04's GCC\n",
                                   "floor.tsv")
                  .ok());
  probe::SystemRoot root(machine.root().string());
  probe::ProcessRunner runner;
  report = run_doctor(root, machine.environment, runner, *rules, options);
  ASSERT_CHECK(report, "toolchain.cxx", Status::fail);
  const auto* cxx = find_check(report, "toolchain.cxx");
  EXPECT_NE(cxx->rule.find("needs GCC >= 12.1"), std::string::npos) << cxx->rule;
  // Ubuntu 22.04 (the MI300X tree's os-release) ships GCC 9-12 only (data/distro_gcc_majors.tsv): a GCC >= 12.1
  // needs 13, which `apt-get install g++-13` would not find there, so no install line is printed.
  EXPECT_EQ(cxx->fix.find("apt-get install"), std::string::npos) << cxx->fix;
  EXPECT_NE(cxx->fix.find("GCC 13 is not in ubuntu-22.04's archive (it has GCC 9, 10, 11, 12)"), std::string::npos)
      << cxx->fix;
}

// The GCC fix lines name only majors the release's archive ships (data/distro_gcc_majors.tsv): a project floor
// of GCC 12.0 on each release gives that release's newest packaged GCC (GCC Toolset 11 is not in RHEL 9), and a
// floor above every packaged major prints no install line.
struct GccFixCase {
  std::string os_release;
  std::string floor;
  std::string expected;    // a line of the fix
  std::string forbidden;   // text the fix must not contain
};

std::string gcc_floor_fix(const GccFixCase& c) {
  FakeMachine machine("mi300x-8gpu");
  machine.tool("/usr/bin/g++", "gxx-11-ubuntu2204");
  machine.tool("/usr/bin/gcc", "gcc-11-ubuntu2204");
  machine.gcc_installation("11", true);
  machine.build_tools();
  machine.python_venv();
  machine.rocm("6.4.1");
  machine.file("/etc/os-release", c.os_release);
  auto options = machine.options();
  options.project = "vllm";
  auto rules = RuleSet::embedded();
  EXPECT_TRUE(rules.ok());
  EXPECT_TRUE(rules
                  ->add_rules_file("project\tversion\tcmake_min\tpython_min\tpython_max\tgcc_min\tsource\n"
                                   "vllm\t0.33.0\t3.26\t3.11\t3.14\t" + c.floor + "\ttest: a GCC floor\n",
                                   "floor.tsv")
                  .ok());
  probe::SystemRoot root(machine.root().string());
  probe::ProcessRunner runner;
  auto report = run_doctor(root, machine.environment, runner, *rules, options);
  const auto* cxx = find_check(report, "toolchain.cxx");
  if (cxx == nullptr) {
    ADD_FAILURE() << "no toolchain.cxx check";
    return {};
  }
  return cxx->fix;
}

TEST(DoctorToolchain, GccFixLinesNameMajorsTheReleaseShips) {
  const std::string debian = "ID=debian\nVERSION_ID=\"12\"\n";
  const std::string jammy = "ID=ubuntu\nVERSION_ID=\"22.04\"\n";
  const std::string noble = "ID=ubuntu\nVERSION_ID=\"24.04\"\n";
  const std::string rocky = "ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\nVERSION_ID=\"9.4\"\n";
  for (const GccFixCase& c : {
           // GCC 11.4 on PATH is below 12.0: the newest packaged GCC of each release, never one it lacks.
           GccFixCase{debian, "12.0", "apt-get install g++-12 gcc-12", "g++-13"},
           GccFixCase{jammy, "12.0", "apt-get install g++-12 gcc-12", "g++-13"},
           GccFixCase{noble, "12.0", "apt-get install g++-14 gcc-14", "g++-13 "},
           GccFixCase{rocky, "12.0", "dnf install gcc-toolset-14-gcc-c++ gcc-toolset-14-gcc", "gcc-toolset-11"},
           GccFixCase{rocky, "12.0", "source /opt/rh/gcc-toolset-14/enable", "CC=gcc-14"},
           // Above every major the archive has: say so, print no install line.
           GccFixCase{debian, "13.0", "GCC 13 is not in debian-12's archive (it has GCC 11, 12)", "apt-get install"},
           GccFixCase{jammy, "13.0", "GCC 13 is not in ubuntu-22.04's archive (it has GCC 9, 10, 11, 12)",
                      "apt-get install"},
           GccFixCase{rocky, "15.0", "GCC 15 is not in rhel-9's archive (it has GCC 11, 12, 13, 14)", "dnf install"},
       }) {
    SCOPED_TRACE(c.os_release + " floor " + c.floor);
    std::string fix = gcc_floor_fix(c);
    EXPECT_NE(fix.find(c.expected), std::string::npos) << fix;
    EXPECT_EQ(fix.find(c.forbidden), std::string::npos) << fix;
  }
}

TEST(DoctorToolchain, CmakeBelowTheTreesMinimumAndAProbeThatHangs) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.tool("/usr/bin/cmake", "cmake-3.25.1");
  fs::copy(data_dir() / "src/pytorch", machine.work() / "pytorch", fs::copy_options::recursive);
  auto options = machine.options();
  options.src = (machine.work() / "pytorch").string();
  auto report = machine.doctor(options);
  // tests/data/doctor/src/pytorch/CMakeLists.txt: cmake_minimum_required(VERSION 3.27 FATAL_ERROR).
  ASSERT_CHECK(report, "toolchain.cmake", Status::fail);
  EXPECT_NE(find_check(report, "toolchain.cmake")->rule.find("CMake >= 3.27"), std::string::npos);
  EXPECT_NE(find_check(report, "toolchain.cmake")->fix.find("cmake>=3.27"), std::string::npos);

  machine.tool("/usr/bin/cmake", "hang");
  options.timeout = std::chrono::milliseconds(300);
  auto start = std::chrono::steady_clock::now();
  report = machine.doctor(options);
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_LT(elapsed, std::chrono::seconds(5));
  ASSERT_CHECK(report, "toolchain.cmake", Status::fail);
  EXPECT_NE(find_check(report, "toolchain.cmake")->seen.find("killed (the probe timed out)"), std::string::npos)
      << find_check(report, "toolchain.cmake")->seen;
  EXPECT_TRUE(report.facts.toolchain.cmake.timed_out);
}

// H200 (sm_90, driver 580.159.04) with CUDA 12.2 and Ubuntu 24.04's g++ 13: CUDA 12.2's host_config.h stops
// every compile with "gcc versions later than 12 are not supported".
TEST(DoctorCuda, HostGccAboveTheToolkitsCeiling) {
  FakeMachine machine("h200");
  machine.tool("/usr/bin/g++", "gxx-13-ubuntu2404");
  machine.tool("/usr/bin/gcc", "gcc-12-debian");
  machine.gcc_installation("13", true);
  machine.build_tools();
  machine.python_venv();
  machine.copy("cuda/cuda-12.2", "/usr/local/cuda-12.2");
  machine.tool("/usr/local/cuda-12.2/bin/nvcc", "nvcc-12.2");
  machine.link("/usr/local/cuda", "cuda-12.2");
  machine.environment.set("PATH", "/usr/local/cuda/bin:/usr/bin:/bin");
  auto report = machine.doctor();
  EXPECT_EQ(report.facts.backend, "cuda");
  EXPECT_EQ(report.facts.targets, std::vector<std::string>{"sm_90"});
  ASSERT_EQ(report.facts.cuda.installs.size(), 1u);
  EXPECT_EQ(report.facts.cuda.installs[0].version, "12.2.140");
  EXPECT_EQ(report.facts.cuda.installs[0].max_gcc, 12);
  EXPECT_EQ(report.facts.cuda.installs[0].max_clang, 16);
  ASSERT_CHECK(report, "cuda.host-compiler", Status::fail);
  const auto* check = find_check(report, "cuda.host-compiler");
  EXPECT_NE(check->seen.find("GCC 13 is newer than CUDA 12.2 accepts (GCC <= 12)"), std::string::npos) << check->seen;
  EXPECT_NE(check->source.find("/usr/local/cuda/include/crt/host_config.h"), std::string::npos) << check->source;
  EXPECT_NE(check->fix.find("apt-get install g++-12"), std::string::npos) << check->fix;
  EXPECT_NE(check->fix.find("export CUDAHOSTCXX=g++-12"), std::string::npos);
  // Driver 580.159.04 >= 535.54.03 (CUDA 12.2's toolkit driver, cuda_toolkits.tsv).
  ASSERT_CHECK(report, "cuda.driver", Status::pass);
  ASSERT_CHECK(report, "cuda.targets", Status::pass);

  // CUDAHOSTCXX names a compiler inside the ceiling.
  machine.tool("/usr/bin/g++-12", "gxx-12-debian");
  machine.environment.set("CUDAHOSTCXX", "g++-12");
  report = machine.doctor();
  ASSERT_CHECK(report, "cuda.host-compiler", Status::pass);
}

TEST(DoctorCuda, ArchListEntriesThatCoverHopper) {
  // The H200 machine's own environment had TORCH_CUDA_ARCH_LIST=9.0a: arch-specific code for CC 9.0 runs on it.
  FakeMachine machine("h200");
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv();
  for (const char* value : {"9.0a", "8.0;9.0", "8.0+PTX", "9.0f"}) {
    machine.environment.set("TORCH_CUDA_ARCH_LIST", value);
    auto report = machine.doctor();
    ASSERT_CHECK(report, "gpus.arch-list.TORCH_CUDA_ARCH_LIST", Status::pass);
  }
  for (const char* value : {"8.0;8.6", "10.0+PTX", "10.0f"}) {
    machine.environment.set("TORCH_CUDA_ARCH_LIST", value);
    auto report = machine.doctor();
    ASSERT_CHECK(report, "gpus.arch-list.TORCH_CUDA_ARCH_LIST", Status::fail);
  }
}

// ROCm 6.3.3 and 6.4.1 (their /opt/rocm trees): data/compiler_targets.tsv has no row for 6.1 and later (the
// ROCm/llvm-project@rocm-6.x tag lists could not be read), so rocm.compile-targets SKIPs and says why, whatever
// the target (never a PASS or FAIL it cannot back); the compatibility matrix (rocm.targets) still judges support:
// gfx950 is not listed for 6.3, gfx1100 is.
TEST(DoctorRocm, ReleasesWithoutADeviceLibraryListGetNoCompileVerdict) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.environment.set("ROCM_PATH", "/opt/rocm-6.3.3");
  auto options = machine.options();
  options.targets = {"gfx950"};
  auto report = machine.doctor(options);
  ASSERT_CHECK(report, "rocm.compile-targets", Status::skip);
  const auto* check = find_check(report, "rocm.compile-targets");
  EXPECT_NE(check->seen.find("ROCm 6.3's device-library list is not in data/compiler_targets.tsv (ROCm rows: 5.0 - 6.0)"),
            std::string::npos)
      << check->seen;
  EXPECT_NE(check->seen.find("gfx950 is not judged here"), std::string::npos) << check->seen;
  EXPECT_TRUE(check->fix.empty());
  ASSERT_CHECK(report, "rocm.targets", Status::warn);

  machine.environment.set("ROCM_PATH", "/opt/rocm-6.4.1");
  options.targets = {"gfx1100"};
  report = machine.doctor(options);
  ASSERT_CHECK(report, "rocm.compile-targets", Status::skip);
  EXPECT_NE(find_check(report, "rocm.compile-targets")->seen.find("ROCm 6.4's"), std::string::npos);
  ASSERT_CHECK(report, "rocm.targets", Status::pass);
}

// Debian 12's ROCm 5.2.3 and an RDNA4 target: no device-library list read here has gfx1201 (the rows stop at 6.0),
// so the fix names the first release whose compatibility matrix lists it and says that this is what it is.
TEST(DoctorRocm, TargetNewerThanEveryListFallsBackToTheMatrix) {
  FakeMachine machine("mi210");
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv();
  machine.copy("rocm/debian/usr", "/usr");
  machine.copy("rocm/debian/var", "/var");
  machine.environment.set("ROCM_PATH", "/usr");
  auto options = machine.options();
  options.targets = {"gfx1201"};
  auto report = machine.doctor(options);
  ASSERT_CHECK(report, "rocm.compile-targets", Status::fail);
  const auto* check = find_check(report, "rocm.compile-targets");
  EXPECT_NE(check->fix.find("gfx1201: ROCm 6.4.2 or newer (the first release whose compatibility matrix lists it)"),
            std::string::npos)
      << check->fix;
  EXPECT_EQ(check->fix.find("device libraries are the first"), std::string::npos) << check->fix;
}

TEST(DoctorCuda, Cuda13CannotBuildVolta) {
  FakeMachine machine("h200");
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv();
  machine.copy("cuda/cuda-13.0", "/usr/local/cuda-13.0");
  machine.tool("/usr/local/cuda-13.0/bin/nvcc", "nvcc-13.0");
  machine.link("/usr/local/cuda", "cuda-13.0");
  auto options = machine.options();
  options.targets = {"7.0"};
  auto report = machine.doctor(options);
  EXPECT_EQ(report.facts.targets, std::vector<std::string>{"sm_70"});
  EXPECT_EQ(report.facts.cuda.installs.at(0).version, "13.0.88");
  ASSERT_CHECK(report, "cuda.targets", Status::fail);
  // data/toolchain_advice.tsv row cuda13-no-pre-turing.
  EXPECT_NE(find_check(report, "cuda.targets")->rule.find("CUDA 13 cannot build sm_50...sm_72"), std::string::npos);
  // data/compiler_targets.tsv: Volta from CUDA 11.0 (release notes) to 12.9, the last before 13.0 dropped it.
  EXPECT_NE(find_check(report, "cuda.targets")->fix.find("sm_70: CUDA 11.0 to 12.9"), std::string::npos)
      << find_check(report, "cuda.targets")->fix;
  ASSERT_CHECK(report, "cuda.host-compiler", Status::pass);
}

TEST(DoctorPython, CudaTorchInAnRocmBuildOfVllm) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.python_venv("torch-cuda");
  auto options = machine.options();
  options.project = "vllm";
  auto report = machine.doctor(options);
  ASSERT_CHECK(report, "python.torch", Status::fail);
  const auto* check = find_check(report, "python.torch");
  // torch/version.py: cuda = '12.8', hip = None.
  // The version is the METADATA's ("Version: 2.10.0"; version.py says 2.10.0+cu128).
  EXPECT_NE(check->seen.find("torch 2.10.0 (cuda CUDA 12.8"), std::string::npos) << check->seen;
  EXPECT_NE(check->fix.find("https://download.pytorch.org/whl/rocm6.4"), std::string::npos) << check->fix;
  // METADATA "Requires-Dist: triton==3.6.0; ..." and triton 3.6.0 installed.
  ASSERT_CHECK(report, "python.triton", Status::pass);
  // Build isolation is what pulls a CUDA torch in (vllm#17445).
  ASSERT_CHECK(report, "python.build-isolation", Status::warn);
  machine.environment.set("PIP_NO_BUILD_ISOLATION", "1");
  report = machine.doctor(options);
  ASSERT_CHECK(report, "python.build-isolation", Status::warn);
  EXPECT_NE(find_check(report, "python.build-isolation")->seen.find("inverted"), std::string::npos);
  machine.environment.set("PIP_NO_BUILD_ISOLATION", "0");
  report = machine.doctor(options);
  ASSERT_CHECK(report, "python.build-isolation", Status::pass);
}

TEST(DoctorPython, RocmTorchWithTwoTritons) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.python_venv("torch-rocm");
  auto options = machine.options();
  options.project = "vllm";
  auto report = machine.doctor(options);
  // torch/version.py hip = '6.4.43482' and the build's ROCm 6.4.1: same 6.4.
  ASSERT_CHECK(report, "python.torch", Status::pass);
  ASSERT_CHECK(report, "python.triton-several", Status::fail);
  const auto* check = find_check(report, "python.triton-several");
  EXPECT_NE(check->seen.find("triton 3.5.1"), std::string::npos);
  EXPECT_NE(check->seen.find("pytorch-triton-rocm 3.5.1"), std::string::npos);
}

TEST(DoctorPython, TritonPinOfTheSourceTree) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.python_venv("torch-cuda");
  fs::copy(data_dir() / "src/pytorch", machine.work() / "pytorch", fs::copy_options::recursive);
  auto options = machine.options();
  options.src = (machine.work() / "pytorch").string();
  auto report = machine.doctor(options);
  // .ci/docker/triton_version.txt says 3.4.0; triton 3.6.0 is installed.
  ASSERT_CHECK(report, "python.triton", Status::fail);
  EXPECT_NE(find_check(report, "python.triton")->seen.find("the pin is Triton ==3.4.0"), std::string::npos);
  // Python 3.12.3 against the tree's requires-python ">=3.10".
  ASSERT_CHECK(report, "python.interpreter", Status::pass);
}

TEST(DoctorPython, SourceBuiltTorchGetsThePinFromTheTable) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.python_venv("torch-source-build");
  auto options = machine.options();
  options.project = "vllm";
  auto report = machine.doctor(options);
  // torch_triton_pins.tsv: 2.7.1 -> pytorch-triton-rocm==3.3.1 for the ROCm build; none installed.
  ASSERT_CHECK(report, "python.triton", Status::warn);
  const auto* triton = find_check(report, "python.triton");
  EXPECT_NE(triton->seen.find("the pin is pytorch-triton-rocm==3.3.1"), std::string::npos) << triton->seen;
  EXPECT_NE(triton->source.find("data/torch_triton_pins.tsv 2.7.1"), std::string::npos) << triton->source;
}

TEST(DoctorPython, ExternallyManagedSystemPython) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.python_venv("", "/usr");
  // Debian 12's /usr/lib/python3.11/EXTERNALLY-MANAGED marker (PEP 668), as the python3.12 of the fake.
  machine.file("/usr/lib/python3.12/EXTERNALLY-MANAGED", "[externally-managed]\nError=To install Python packages system-wide, try apt install\n");
  auto report = machine.doctor();
  ASSERT_CHECK(report, "python.environment", Status::fail);
  EXPECT_NE(find_check(report, "python.environment")->fix.find("python3 -m venv"), std::string::npos);
}

TEST(DoctorSource, HipifySubmodulesAndAStaleBuildCache) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  auto tree = machine.work() / "pytorch";
  fs::copy(data_dir() / "src/pytorch", tree, fs::copy_options::recursive);
  fs::create_directories(tree / ".git");
  std::ofstream(tree / ".gitmodules") << "[submodule \"third_party/FP16\"]\n";
  machine.environment.set("ARCHFIT_TEST_SUBMODULES", (data_dir() / "submodules/one-missing.txt").string());
  auto options = machine.options();
  options.src = tree.string();
  auto report = machine.doctor(options);
  EXPECT_EQ(report.facts.project_version, "2.9.0a0");
  ASSERT_CHECK(report, "source.tree", Status::pass);
  ASSERT_CHECK(report, "source.submodules", Status::fail);
  const auto* submodules = find_check(report, "source.submodules");
  EXPECT_NE(submodules->seen.find("1 not initialised: third_party/FP16"), std::string::npos) << submodules->seen;
  EXPECT_NE(submodules->seen.find("1 at another commit: third_party/FXdiv"), std::string::npos);
  ASSERT_CHECK(report, "source.hipify", Status::warn);
  EXPECT_NE(find_check(report, "source.hipify")->fix.find("tools/amd_build/build_amd.py"), std::string::npos);
  EXPECT_EQ(find_check(report, "source.build-cache"), nullptr);

  machine.environment.set("ARCHFIT_TEST_SUBMODULES", (data_dir() / "submodules/all-initialised.txt").string());
  fs::copy(data_dir() / "src/hipified", tree, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  fs::create_directories(tree / "build");
  fs::copy_file(data_dir() / "src/CMakeCache.rocm-gfx1100.txt", tree / "build/CMakeCache.txt");
  report = machine.doctor(options);
  ASSERT_CHECK(report, "source.submodules", Status::pass);
  ASSERT_CHECK(report, "source.hipify", Status::pass);
  // The cache was configured for gfx1100; this machine's GPUs are gfx942. Compiler (/usr/bin/c++), ROCm
  // (hip_DIR in /opt/rocm-6.4.1) and Python (/venv) are the same as now.
  ASSERT_CHECK(report, "source.build-cache", Status::fail);
  const auto* cache = find_check(report, "source.build-cache");
  EXPECT_NE(cache->seen.find("PYTORCH_ROCM_ARCH=gfx1100 (now: gfx942)"), std::string::npos) << cache->seen;
  EXPECT_EQ(cache->seen.find("CMAKE_CXX_COMPILER"), std::string::npos) << cache->seen;
  EXPECT_EQ(cache->seen.find("hip_DIR"), std::string::npos) << cache->seen;
  EXPECT_EQ(cache->seen.find("Python_EXECUTABLE"), std::string::npos) << cache->seen;
  EXPECT_NE(cache->fix.find("archfit clean"), std::string::npos);

  // Building for the cache's own target: fresh.
  options.targets = {"gfx1100"};
  report = machine.doctor(options);
  ASSERT_CHECK(report, "source.build-cache", Status::pass);

  // Another environment, another compiler, another ROCm: each entry is named.
  machine.environment.set("FAKE_PY_PREFIX", "/venv2");
  fs::create_directories(machine.at("/venv2/lib/python3.12/site-packages"));
  machine.tool("/usr/bin/g++-13", "gxx-13-ubuntu2404");
  machine.environment.set("CXX", "g++-13");
  machine.environment.set("ROCM_PATH", "/opt/rocm-6.3.3");
  report = machine.doctor(options);
  cache = find_check(report, "source.build-cache");
  ASSERT_NE(cache, nullptr);
  EXPECT_EQ(cache->status, Status::fail);
  EXPECT_NE(cache->seen.find("Python_EXECUTABLE=/venv/bin/python3"), std::string::npos) << cache->seen;
  EXPECT_NE(cache->seen.find("CMAKE_CXX_COMPILER=/usr/bin/c++ (now: /usr/bin/g++-13)"), std::string::npos);
  EXPECT_NE(cache->seen.find("hip_DIR=/opt/rocm-6.4.1/lib/cmake/hip (now: /opt/rocm-6.3.3)"), std::string::npos);
}

TEST(DoctorGpus, ArchListThatLeavesTheGpuOutAndFlashAttnAllowList) {
  FakeMachine machine("rx7900xtx");
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv("torch-rocm");
  machine.rocm("6.4.1");
  machine.environment.set("PYTORCH_ROCM_ARCH", "gfx1100");
  auto report = machine.doctor();
  // The RX 7900 XTX (gfx1100) and the Raphael iGPU (gfx1036) are both visible.
  EXPECT_EQ(report.facts.targets, (std::vector<std::string>{"gfx1100", "gfx1036"}));
  ASSERT_CHECK(report, "gpus.arch-list.PYTORCH_ROCM_ARCH", Status::fail);
  EXPECT_NE(find_check(report, "gpus.arch-list.PYTORCH_ROCM_ARCH")->seen.find("leaves out gfx1036"), std::string::npos);
  ASSERT_CHECK(report, "gpus.integrated-gpu-visible", Status::warn);

  // flash-attn's CK allow-list (newest release in project_arch_allowlists.tsv: native;gfx90a;gfx942;gfx950).
  auto options = machine.options();
  options.project = "flash-attn";
  options.targets = {"gfx1100"};
  report = machine.doctor(options);
  ASSERT_CHECK(report, "gpus.project-archs", Status::fail);
  machine.environment.set("FLASH_ATTENTION_TRITON_AMD_ENABLE", "TRUE");
  report = machine.doctor(options);
  ASSERT_CHECK(report, "gpus.project-archs", Status::pass);
}

// The gpus.* checks made of detect's findings say what detect says: the status its severity gives (error =
// FAIL), and the title, rule and source of the finding's row in data/detect_findings.tsv, a public URL, never
// a page of this repository's docs.
TEST(DoctorGpus, DetectsFindingsCarryTheirRowOfDetectFindingsTsv) {
  const auto& table = knowledge::embedded_table("detect_findings.tsv");
  auto field = [&](const std::string& id, const std::string& column) {
    for (const auto& row : table.rows) {
      if (table.field(row, "id") == id) {
        return std::string(table.field(row, column));
      }
    }
    ADD_FAILURE() << "no row " << id;
    return std::string();
  };
  auto expect_row = [&](const DoctorReport& report, const std::string& id) {
    const auto* check = find_check(report, "gpus." + id);
    ASSERT_NE(check, nullptr) << dump(report);
    EXPECT_EQ(check->title, field(id, "title"));
    EXPECT_EQ(check->rule, field(id, "rule"));
    EXPECT_EQ(check->source, field(id, "source"));
  };
  auto expect_no_local_citation = [](const DoctorReport& report) {
    const std::regex local_page("(^|[ ;(])docs/");  // a page of this repository, not https://…/docs/
    for (const auto& check : report.checks) {
      if (check.id.starts_with("gpus.")) {
        EXPECT_FALSE(std::regex_search(check.source, local_page)) << check.id << ": " << check.source;
      }
    }
  };

  // The RX 6700 XT (gfx1031) seen as gfx1030: the override is in effect, in the same family.
  FakeMachine navi22("rx6700xt-override");
  navi22.environment.set("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  auto report = navi22.doctor();
  ASSERT_CHECK(report, "gpus.override-in-effect", Status::warn);
  expect_row(report, "override-in-effect");
  EXPECT_EQ(find_check(report, "gpus.environment"), nullptr);
  expect_no_local_citation(report);

  // MI300X (gfx942) seen as gfx1030: across families, detect's error and doctor's FAIL.
  FakeMachine mi300x("mi300x-8gpu");
  mi300x.environment.set("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  report = mi300x.doctor();
  ASSERT_CHECK(report, "gpus.override-crosses-family", Status::fail);
  expect_row(report, "override-crosses-family");
  expect_no_local_citation(report);

  // A container without /dev/kfd: gpus.access gathers detect's gpu-not-accessible, citing its row first.
  FakeMachine container("container-no-kfd");
  report = container.doctor();
  ASSERT_CHECK(report, "gpus.access", Status::warn);
  EXPECT_TRUE(find_check(report, "gpus.access")->source.starts_with(field("gpu-not-accessible", "source") + "; "))
      << find_check(report, "gpus.access")->source;
  expect_no_local_citation(report);
}

TEST(DoctorRules, RulesFileAddsAndOverridesRows) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  // Debian 12's GCC 12 with $CXXFLAGS unset fires rocm-gcc12-werror (TheRock's GCC 12 workaround).
  probe::SystemRoot root(machine.root().string());
  probe::ProcessRunner runner;
  auto report = run_doctor(root, machine.environment, runner, *rules, machine.options());
  ASSERT_CHECK(report, "toolchain.rule.rocm-gcc12-werror", Status::warn);
  std::string file =
      "# site rules\n"
      "id\tapplies_to\tseverity\tadvice\twhen\tfix\tsource\n"
      "rocm-gcc12-werror\tnot here\twarn\tdisabled\t-\t-\tsite policy: our builds set the flags in CMake\n"
      "site-gcc-13\tall builds\tfail\tThis site builds with GCC 13\tproject=pytorch cxx=gnu gcc<13\t-\tsite policy\n";
  ASSERT_TRUE(rules->add_rules_file(file, "site.tsv").ok());
  report = run_doctor(root, machine.environment, runner, *rules, machine.options());
  EXPECT_EQ(find_check(report, "toolchain.rule.rocm-gcc12-werror"), nullptr);
  ASSERT_CHECK(report, "toolchain.rule.site-gcc-13", Status::fail);
  // The MI300X tree is Ubuntu 22.04, whose archive stops at GCC 12 (data/distro_gcc_majors.tsv): the fix is for
  // GCC 13 but prints no apt-get line that would fail.
  EXPECT_NE(find_check(report, "toolchain.rule.site-gcc-13")->fix.find("GCC 13 is not in ubuntu-22.04's archive"),
            std::string::npos)
      << find_check(report, "toolchain.rule.site-gcc-13")->fix;
  EXPECT_EQ(report.rules_files, std::vector<std::string>{"site.tsv"});

  EXPECT_FALSE(rules->add_rules_file("id\tsource\nx\ty\n", "bad.tsv").ok());
  EXPECT_FALSE(rules->add_rules_file("cuda\tmax_gcc\tsource\n12.2\t13\n", "short.tsv").ok());
}

TEST(DoctorResources, JobsFromTheMachinesMemoryAndCpus) {
  // mi300x-8gpu: /proc/cpuinfo with 1 processor block, MemTotal 2113236380 kB, no cgroup files: MAX_JOBS =
  // min(1, 2015 GiB / 5.3 GiB (compile_memory.tsv pytorch)) = 1.
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  auto report = machine.doctor();
  ASSERT_CHECK(report, "resources.jobs", Status::pass);
  EXPECT_NE(find_check(report, "resources.jobs")->seen.find("MAX_JOBS=1:"), std::string::npos);
  machine.environment.set("MAX_JOBS", "64");
  report = machine.doctor();
  ASSERT_CHECK(report, "resources.jobs", Status::warn);
}

TEST(DoctorEnv, PlanForRocmAndCuda) {
  FakeMachine machine("mi300x-8gpu");
  mi300x_with_two_rocms(machine);
  machine.python_venv();
  machine.environment.set("VIRTUAL_ENV", "/venv");
  machine.tool("/usr/bin/ccache", "ninja-1.11.1");
  auto plan = machine.env(machine.options());
  ASSERT_NE(find_variable(plan, "PYTORCH_ROCM_ARCH"), nullptr);
  EXPECT_EQ(find_variable(plan, "PYTORCH_ROCM_ARCH")->value, "gfx942");
  EXPECT_EQ(find_variable(plan, "ROCM_PATH")->value, "/opt/rocm-6.4.1");
  EXPECT_EQ(find_variable(plan, "HIP_PATH")->value, "/opt/rocm-6.4.1");
  EXPECT_EQ(find_variable(plan, "USE_ROCM")->value, "1");
  EXPECT_EQ(find_variable(plan, "USE_CUDA")->value, "0");
  EXPECT_EQ(find_variable(plan, "MAX_JOBS")->value, "1");
  EXPECT_EQ(find_variable(plan, "CMAKE_CXX_COMPILER_LAUNCHER")->value, "ccache");
  EXPECT_EQ(find_variable(plan, "CMAKE_HIP_COMPILER_LAUNCHER")->value, "ccache");
  ASSERT_NE(find_variable(plan, "CMAKE_PREFIX_PATH"), nullptr);
  EXPECT_TRUE(find_variable(plan, "CMAKE_PREFIX_PATH")->prepend);
  EXPECT_EQ(find_variable(plan, "CMAKE_PREFIX_PATH")->value, "/venv");
  // hipcc on PATH (/opt/rocm/bin) is the selected install: PATH is not touched.
  EXPECT_EQ(find_variable(plan, "PATH"), nullptr);
  ASSERT_GE(plan.steps.size(), 4u);
  EXPECT_NE(plan.steps[2].find("tools/amd_build/build_amd.py"), std::string::npos);
  EXPECT_NE(plan.steps[3].find("--no-build-isolation"), std::string::npos);

  // vLLM: only the targets in its HIP_SUPPORTED_ARCHS; gfx1036 is not.
  auto options = machine.options();
  options.project = "vllm";
  options.targets = {"gfx942", "gfx1036"};
  plan = machine.env(options);
  EXPECT_EQ(find_variable(plan, "PYTORCH_ROCM_ARCH")->value, "gfx942");
  EXPECT_EQ(find_variable(plan, "VLLM_TARGET_DEVICE")->value, "rocm");
  EXPECT_EQ(find_variable(plan, "ROCM_HOME")->value, "/opt/rocm-6.4.1");
  ASSERT_FALSE(plan.notes.empty());

  // flash-attn on gfx1100: outside the CK allow-list, so the Triton backend.
  options.project = "flash-attn";
  options.targets = {"gfx1100"};
  plan = machine.env(options);
  EXPECT_EQ(find_variable(plan, "FLASH_ATTENTION_TRITON_AMD_ENABLE")->value, "TRUE");
  EXPECT_EQ(find_variable(plan, "GPU_ARCHS"), nullptr);
  options.targets = {"gfx942"};
  plan = machine.env(options);
  EXPECT_EQ(find_variable(plan, "GPU_ARCHS")->value, "gfx942");

  // CUDA with --ptx.
  options.project = "pytorch";
  options.targets = {"9.0", "sm_120"};
  machine.copy("cuda/cuda-13.0", "/usr/local/cuda-13.0");
  machine.tool("/usr/local/cuda-13.0/bin/nvcc", "nvcc-13.0");
  machine.environment.set("CUDA_HOME", "/usr/local/cuda-13.0");
  plan = machine.env(options, EnvOptions{true});
  EXPECT_EQ(plan.backend, "cuda");
  EXPECT_EQ(find_variable(plan, "TORCH_CUDA_ARCH_LIST")->value, "9.0;12.0+PTX");
  EXPECT_EQ(find_variable(plan, "CUDA_HOME")->value, "/usr/local/cuda-13.0");
  ASSERT_NE(find_variable(plan, "PATH"), nullptr);
  EXPECT_EQ(find_variable(plan, "PATH")->value, "/usr/local/cuda-13.0/bin");
}

}  // namespace
}  // namespace archfit::doctor::testing

namespace archfit::doctor::testing {
namespace {

// Debian's ROCm 5.2.3 under /usr (the packages' real file lists), on a machine whose os-release says
// `os_release`: the rocm.components fix. Returns its lines.
std::vector<std::string> components_fix_on(const std::string& os_release) {
  FakeMachine machine("mi210");
  machine.debian_gcc12();
  machine.build_tools();
  machine.python_venv();
  machine.copy("rocm/debian/usr", "/usr");
  machine.copy("rocm/debian/var", "/var");
  machine.file("/etc/os-release", os_release);
  machine.environment.set("ROCM_PATH", "/usr");
  auto report = machine.doctor();
  const auto* check = find_check(report, "rocm.components");
  if (check == nullptr) {
    ADD_FAILURE() << "no rocm.components check";
    return {};
  }
  EXPECT_EQ(check->status, Status::fail);
  return test::lines(check->fix);
}

// The packages an install line names: the words after "install" up to a comment.
std::vector<std::string> installed_by(const std::string& line, const std::string& manager) {
  std::vector<std::string> names;
  auto at = line.find(manager + " install ");
  if (at == std::string::npos) {
    return names;
  }
  std::string rest = line.substr(at + manager.size() + 9, line.find('#') == std::string::npos
                                                              ? std::string::npos
                                                              : line.find('#') - at - manager.size() - 9);
  std::istringstream words(rest);
  for (std::string word; words >> word;) {
    names.push_back(word);
  }
  return names;
}

bool apt_knows(const std::string& package) {
  return test::run_command({"apt-cache", "show", package}).exit_code == 0;
}

// On Debian 12 the fix names only packages that bookworm has (checked with apt-cache on this machine),
// and sends the rest (rocBLAS, hipBLAS, hipCUB, MIOpen, ...) to AMD's repository with its setup page.
TEST(DoctorRocm, DebianFixLinesNamePackagesThatExist) {
  if (!apt_knows("coreutils")) {
    GTEST_SKIP() << "apt-cache has no package lists here (run scripts/install_deps.sh, which runs apt-get update)";
  }
  auto fix = components_fix_on("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\n"
                               "VERSION_ID=\"12\"\nVERSION=\"12 (bookworm)\"\nID=debian\n");
  std::size_t archive_names = 0;
  bool vendor_setup = false;
  for (std::size_t i = 0; i < fix.size(); ++i) {
    const auto& line = fix[i];
    if (line.find("debian-12's own archive") != std::string::npos) {
      for (const auto& name : installed_by(line, "apt-get")) {
        ++archive_names;
        EXPECT_TRUE(apt_knows(name)) << name << " is not in this Debian's archive: " << line;
      }
    } else if (line.find("apt-get install") != std::string::npos) {
      // AMD's meta-package: only after the line that registers AMD's repository.
      ASSERT_GT(i, 0u);
      EXPECT_NE(fix[i - 1].find("package-manager-debian.html"), std::string::npos) << fix[i - 1];
      EXPECT_EQ(installed_by(line, "apt-get"), std::vector<std::string>{"rocm"});
      vendor_setup = true;
    }
  }
  EXPECT_GT(archive_names, 0u);
  EXPECT_TRUE(vendor_setup);
  std::string all;
  for (const auto& line : fix) {
    all += line + "\n";
  }
  // The issue's seven names that bookworm lacks never reach an apt-get line.
  for (const char* absent : {"librocblas-dev", "libhipblas-dev", "libhipcub-dev", "librocthrust-dev", "libhipfft-dev",
                             "libhipsolver-dev", "librccl-dev"}) {
    EXPECT_FALSE(apt_knows(absent)) << absent << " is in this archive after all: update data/doctor_distro_packages.tsv";
    EXPECT_EQ(all.find(absent), std::string::npos) << all;
  }
  EXPECT_NE(all.find("not in debian-12's archive: "), std::string::npos) << all;
  EXPECT_NE(all.find("rocblas"), std::string::npos) << all;
}

// The debian-12 row of data/distro_gcc_majors.tsv is exactly the g++-N packages apt-cache knows on Debian 12, and
// a GCC fix on Debian 12 names a g++-N that apt-cache shows.
TEST(DoctorToolchain, DistroGccTableAgreesWithAptCache) {
  if (!apt_knows("coreutils") || test::read_text("/etc/os-release").find("VERSION_ID=\"12\"") == std::string::npos) {
    GTEST_SKIP() << "not Debian 12 with package lists";
  }
  auto search = test::run_command({"apt-cache", "search", "--names-only", "^g\\+\\+-[0-9]+$"});
  ASSERT_EQ(search.exit_code, 0);
  std::vector<int> apt_majors;
  for (const auto& line : test::lines(search.out)) {
    // "g++-12 - GNU C++ compiler"
    if (line.starts_with("g++-")) {
      apt_majors.push_back(std::atoi(line.c_str() + 4));
    }
  }
  std::sort(apt_majors.begin(), apt_majors.end());
  auto row = distro_gcc("debian-12");
  ASSERT_TRUE(row.has_value());
  EXPECT_EQ(row->majors, apt_majors);
  std::string fix = gcc_floor_fix({"ID=debian\nVERSION_ID=\"12\"\n", "12.0", "", ""});
  auto names = installed_by(test::lines(fix).at(0), "apt-get");
  ASSERT_FALSE(names.empty()) << fix;
  for (const auto& name : names) {
    EXPECT_TRUE(apt_knows(name)) << name << " is not in this Debian's archive: " << fix;
  }
}

// Every Debian 12 row of data/doctor_distro_packages.tsv exists in this Debian's archive.
TEST(DoctorRocm, DistroPackageTableAgreesWithAptCache) {
  if (!apt_knows("coreutils") || test::read_text("/etc/os-release").find("VERSION_ID=\"12\"") == std::string::npos) {
    GTEST_SKIP() << "not Debian 12 with package lists";
  }
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  std::size_t checked = 0;
  for (const auto& component : rules->rocm_components()) {
    if (auto package = rules->distro_package(component.component, "debian-12")) {
      EXPECT_TRUE(apt_knows(*package)) << *package;
      ++checked;
    }
  }
  EXPECT_GE(checked, 9u);
}

// Ubuntu 22.04/24.04 and RHEL 9: the archive line names only that release's rows of the table, and the
// rest goes to AMD's repository page for that release with the manager the release uses.
TEST(DoctorRocm, UbuntuAndRhelFixLinesComeFromTheirLists) {
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok());
  struct Case {
    std::string os_release;
    std::string distro;
    std::string manager;
    std::string page;
  };
  for (const Case& c : {Case{"ID=ubuntu\nVERSION_ID=\"22.04\"\n", "ubuntu-22.04", "apt-get", "package-manager-ubuntu.html"},
                        Case{"ID=ubuntu\nVERSION_ID=\"24.04\"\n", "ubuntu-24.04", "apt-get", "package-manager-ubuntu.html"},
                        Case{"ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\nVERSION_ID=\"9.4\"\n", "rhel-9", "dnf",
                             "package-manager-rhel.html"}}) {
    SCOPED_TRACE(c.distro);
    std::vector<std::string> listed;
    for (const auto& component : rules->rocm_components()) {
      if (auto package = rules->distro_package(component.component, c.distro)) {
        listed.push_back(*package);
      }
    }
    auto fix = components_fix_on(c.os_release);
    bool setup = false;
    for (const auto& line : fix) {
      if (line.find(c.distro + "'s own archive") != std::string::npos) {
        for (const auto& name : installed_by(line, c.manager)) {
          EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end()) << name;
        }
      } else if (line.find(c.page) != std::string::npos) {
        setup = true;
      } else if (line.find(" install ") != std::string::npos) {
        EXPECT_TRUE(setup) << "an install line before the repository's setup: " << line;
        EXPECT_EQ(installed_by(line, c.manager), std::vector<std::string>{"rocm"}) << line;
      }
    }
    EXPECT_TRUE(setup);
  }
}


// ---- Every install line on Ubuntu 22.04/24.04 and RHEL 9 pastes (data/distro_package_lists.tsv) ----

// The captured /etc/os-release of a release (tests/data/os-release/<name>, see its SOURCE.md).
std::string captured_os_release(const std::string& name) {
  return test::read_text(fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/os-release" / name / "etc/os-release");
}

// Every fix doctor gives on `machine` after its os-release is replaced by `os_release`, as lines per check.
void collect_fixes(FakeMachine& machine, const std::string& os_release, std::vector<std::vector<std::string>>& fixes,
                   const DoctorOptions* options = nullptr) {
  machine.file("/etc/os-release", os_release);
  auto report = options != nullptr ? machine.doctor(*options) : machine.doctor();
  for (const auto& check : report.checks) {
    if (!check.fix.empty()) {
      fixes.push_back(test::lines(check.fix));
    }
  }
}

// The fixes of machines that make doctor print every kind of install line it has: ROCm components missing from
// Debian-style packages under /usr and from an /opt/rocm tree, GCC floors from 9 to 15, clang's newest GCC without
// its libstdc++ headers, and no ninja, git, python3 or venv at all.
std::vector<std::vector<std::string>> every_install_fix(const std::string& os_release) {
  std::vector<std::vector<std::string>> fixes;
  fixes.push_back(components_fix_on(os_release));
  {
    FakeMachine machine("mi300x-8gpu");
    mi300x_with_two_rocms(machine);
    machine.environment.set("ROCM_PATH", "/opt/rocm-6.3.3");
    collect_fixes(machine, os_release, fixes);
  }
  for (const char* floor : {"9.0", "11.0", "12.0", "13.0", "14.0", "15.0"}) {
    fixes.push_back(test::lines(gcc_floor_fix({os_release, floor, "", ""})));
  }
  {
    FakeMachine machine("mi210");
    ubuntu2204_compilers(machine);
    machine.build_tools();
    machine.python_venv();
    machine.rocm("6.4.1");
    collect_fixes(machine, os_release, fixes);
  }
  {
    FakeMachine machine("mi300x-8gpu");  // no build tools, no Python
    machine.debian_gcc12();
    machine.rocm("6.4.1");
    collect_fixes(machine, os_release, fixes);
  }
  return fixes;
}

// data/distro_package_lists.tsv for one release: package -> where (archive | amd | absent).
std::map<std::string, std::string> package_list(const std::string& distro) {
  std::map<std::string, std::string> listed;
  const auto& table = knowledge::embedded_table("distro_package_lists.tsv");
  for (const auto& row : table.rows) {
    if (table.field(row, "distro") == distro) {
      listed[table.field(row, "package")] = table.field(row, "where");
    }
  }
  return listed;
}

// Every row of data/distro_package_lists.tsv and data/doctor_packages.tsv cites something a user can open: a URL, or a public repository at a
// commit with a path (owner/name@hex path). An observation made on some machine ("on Debian 12 `apt-cache show ...`")
// or a document title without its address is no source.
TEST(DoctorPackages, EveryPackageListRowCitesAnOpenableSource) {
  const std::regex openable{R"((https://[^ ]+)|([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+@[0-9a-f]{7,40} [^ ]+))"};
  for (const auto& [name, first_column] :
       {std::pair{"distro_package_lists.tsv", "distro"}, std::pair{"doctor_packages.tsv", "family"}}) {
    const auto& table = knowledge::embedded_table(name);
    ASSERT_FALSE(table.rows.empty()) << name;
    for (const auto& row : table.rows) {
      const std::string source = table.field(row, "source");
      const std::string what = std::string(name) + ": " + table.field(row, first_column) + " " +
                               table.field(row, "package");
      EXPECT_TRUE(std::regex_search(source, openable)) << what << ": " << source;
      EXPECT_EQ(source.find("apt-cache"), std::string::npos) << what << ": a local observation is no source";
      EXPECT_EQ(source.find("on Debian"), std::string::npos) << what << ": a local observation is no source";
    }
  }
}

// Doctor on the captured os-release trees of Ubuntu 22.04, Ubuntu 24.04, RHEL 9.6, Rocky 9.3 and AlmaLinux 9.1:
// every name of every `apt-get install` / `dnf install` line it prints is in that release's list; a name of AMD's
// repository only after the line that registers AMD's repository for that release; an `absent` name never.
TEST(DoctorPackages, EveryInstallLineNamesPackagesOfTheDetectedRelease) {
  struct Case {
    std::string tree;
    std::string distro;
    std::string manager;
    std::string setup_page;
  };
  for (const Case& c : {Case{"ubuntu-22.04", "ubuntu-22.04", "apt-get", "package-manager-ubuntu.html"},
                        Case{"ubuntu-24.04", "ubuntu-24.04", "apt-get", "package-manager-ubuntu.html"},
                        Case{"rhel-9.6", "rhel-9", "dnf", "package-manager-rhel.html"},
                        Case{"rocky-9.3", "rhel-9", "dnf", "package-manager-rhel.html"},
                        Case{"almalinux-9.1", "rhel-9", "dnf", "package-manager-rhel.html"}}) {
    SCOPED_TRACE(c.tree);
    std::string os_release = captured_os_release(c.tree);
    ASSERT_FALSE(os_release.empty());
    auto listed = package_list(c.distro);
    ASSERT_GT(listed.size(), 5u);
    std::size_t names = 0;
    std::set<std::string> seen;
    for (const auto& fix : every_install_fix(os_release)) {
      bool amd_setup = false;
      for (const auto& line : fix) {
        if (line.find("AMD's ROCm repository for " + c.distro) != std::string::npos &&
            line.find(c.setup_page) != std::string::npos) {
          amd_setup = true;
        }
        const std::string other = c.manager == "dnf" ? "apt-get" : "dnf";
        EXPECT_EQ(line.find(other + " install "), std::string::npos) << "the other family's manager: " << line;
        for (const auto& name : installed_by(line, c.manager)) {
          ++names;
          seen.insert(name);
          auto it = listed.find(name);
          if (it == listed.end()) {
            ADD_FAILURE() << name << " is not in data/distro_package_lists.tsv for " << c.distro << ": " << line;
            continue;
          }
          EXPECT_NE(it->second, "absent") << name << " does not exist for " << c.distro << ": " << line;
          if (it->second == "amd") {
            EXPECT_TRUE(amd_setup) << name << " is AMD's, but no line before it registers AMD's repository: " << line;
          }
        }
      }
    }
    // The scenarios reach the kinds of line the table covers: GCC, ROCm (archive or AMD), Python on Ubuntu.
    EXPECT_GE(names, 5u);
    EXPECT_TRUE(seen.count("rocm") == 1 || seen.count("hipblaslt-dev") == 1) << c.tree;
    if (c.manager == "apt-get") {
      EXPECT_EQ(seen.count("python3-venv"), 1u) << c.tree;
      EXPECT_EQ(seen.count("libstdc++-12-dev"), 1u) << c.tree;
    } else {
      EXPECT_TRUE(std::any_of(seen.begin(), seen.end(), [](const std::string& name) {
        return name.starts_with("gcc-toolset-");
      })) << c.tree;
    }
  }
}

// The table's own consistency with the GCC majors table: a release's g++-N rows are `archive` exactly for the
// majors data/distro_gcc_majors.tsv gives it.
TEST(DoctorPackages, GccRowsAgreeWithTheMajorsTable) {
  for (const std::string distro : {"ubuntu-22.04", "ubuntu-24.04"}) {
    SCOPED_TRACE(distro);
    auto gcc = distro_gcc(distro);
    ASSERT_TRUE(gcc.has_value());
    auto listed = package_list(distro);
    for (int major = 5; major <= 16; ++major) {
      std::string name = "g++-" + std::to_string(major);
      bool in_archive = std::find(gcc->majors.begin(), gcc->majors.end(), major) != gcc->majors.end();
      auto it = listed.find(name);
      if (in_archive) {
        ASSERT_NE(it, listed.end()) << name;
        EXPECT_EQ(it->second, "archive") << name;
        EXPECT_EQ(listed["libstdc++-" + std::to_string(major) + "-dev"], "archive") << major;
      } else if (it != listed.end()) {
        EXPECT_EQ(it->second, "absent") << name;
      }
    }
  }
}

}  // namespace
}  // namespace archfit::doctor::testing
