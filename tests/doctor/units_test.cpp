// The pieces of doctor and env on their own: version strings as the tools print them (each quoted from a real
// output), dotted-version order, the `when` conditions of toolchain_advice.tsv, the rules tables and their
// lookups, shell quoting, and the --write block.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "doctor/conditions.hpp"
#include "doctor/env_file.hpp"
#include "doctor/rules.hpp"
#include "doctor/versions.hpp"
#include "report/env_output.hpp"

namespace archfit::doctor {
namespace {

TEST(DoctorVersions, CompilersAsTheyPrintThemselves) {
  // Debian 12 gcc-12 (archfit build machine).
  auto gcc = identify_compiler("gcc (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.\n");
  EXPECT_EQ(gcc.family, "gnu");
  EXPECT_EQ(gcc.version, "12.2.0");
  // Ubuntu 24.04 g++-13 (public bug report).
  EXPECT_EQ(identify_compiler("g++ (Ubuntu 13.2.0-23ubuntu4) 13.2.0\nCopyright (C) 2023 Free Software Foundation, Inc.\n").version,
            "13.2.0");
  // Arch Linux GCC, with the snapshot date after the version (Frogging-Family/linux-tkg#1098).
  auto arch = identify_compiler("gcc (GCC) 14.2.1 20250207\nCopyright (C) 2024 Free Software Foundation, Inc.\n");
  EXPECT_EQ(arch.family, "gnu");
  EXPECT_EQ(arch.version, "14.2.1");
  // Debian clang 14 (archfit build machine), AMD's clang through Spack (kokkos/kokkos#8708).
  auto clang = identify_compiler("Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu\n");
  EXPECT_EQ(clang.family, "clang");
  EXPECT_EQ(clang.version, "14.0.6");
  EXPECT_EQ(identify_compiler("AMD clang version 18.0.0git\nTarget: x86_64-unknown-linux-gnu\n").version, "18.0.0");
  EXPECT_EQ(identify_compiler("").family, "");
}

TEST(DoctorVersions, BuildToolsAsTheyPrintThemselves) {
  EXPECT_EQ(parse_cmake_version("cmake version 3.25.1\n\nCMake suite maintained and supported by Kitware (kitware.com/cmake).\n"),
            "3.25.1");
  EXPECT_EQ(parse_ninja_version("1.11.1\n"), "1.11.1");
  EXPECT_EQ(parse_git_version("git version 2.39.5\n"), "2.39.5");
  // nvcc 13.0 of the archfit build machine.
  EXPECT_EQ(parse_nvcc_version("nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2025 NVIDIA Corporation\n"
                               "Built on Wed_Aug_20_01:58:59_PM_PDT_2025\nCuda compilation tools, release 13.0, V13.0.88\n"
                               "Build cuda_13.0.r13.0/compiler.36424714_0\n"),
            "13.0.88");
  // hipconfig --version of Debian's hipcc 5.2.3 (no newline), hipcc --version of a Spack ROCm (kokkos#8708).
  EXPECT_EQ(parse_hip_version("5.2.21153-0"), "5.2.21153");
  EXPECT_EQ(parse_hip_version("HIP version: 6.2.41134-0\nAMD clang version 18.0.0git\n"), "6.2.41134");
}

TEST(DoctorVersions, Order) {
  EXPECT_LT(compare_versions("3.25.1", "3.27"), 0);
  EXPECT_EQ(compare_versions("3.27", "3.27.0"), 0);
  EXPECT_GT(compare_versions("580.159.04", "580.65.06"), 0);
  EXPECT_EQ(compare_versions("2.9.0a0", "2.9.0"), 0);
  EXPECT_EQ(major_minor("6.4.43483"), "6.4");
  EXPECT_EQ(major_of("12.2.0"), 12);
}

TEST(DoctorConditions, TermsOfTheAdviceTable) {
  probe::Environment environment;
  ConditionFacts facts;
  facts.environment = &environment;
  facts.values = {{"project", "pytorch"}, {"backend", "rocm"}, {"cxx", "gnu"}, {"gcc", "12.2.0"}};
  facts.targets = {"gfx942:sramecc+:xnack-"};
  // rocm-gcc12-werror's `when`.
  std::string when = "project=pytorch backend=rocm cxx=gnu gcc>=12 env.CXXFLAGS!~*-Wno-error=maybe-uninitialized*";
  EXPECT_TRUE(*evaluate_condition(when, facts));
  environment.set("CXXFLAGS", "-O2 -Wno-error=maybe-uninitialized");
  EXPECT_FALSE(*evaluate_condition(when, facts));
  EXPECT_TRUE(*evaluate_condition("target=gfx90a|gfx942", facts));
  EXPECT_FALSE(*evaluate_condition("nvcc<12.8", facts)) << "unknown fact: false";
  EXPECT_FALSE(*evaluate_condition("-", facts));
  EXPECT_TRUE(*evaluate_condition("gcc<12.10", facts)) << "versions compare as numbers";
  EXPECT_FALSE(evaluate_condition("compiler=gnu", facts).ok());
  EXPECT_FALSE(evaluate_condition("gcc", facts).ok());
  EXPECT_TRUE(glob_match("*-Wno-error=restrict*", "-O2 -Wno-error=restrict"));
  EXPECT_FALSE(glob_match("a*b", "ac"));
}

TEST(DoctorRules, TablesAndLookups) {
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok()) << rules.error().message;
  // rocm_releases.tsv has rows 6.4.0, 6.4.2 and 6.4.3.
  EXPECT_EQ(rules->rocm_release("6.4.1")->rocm, "6.4.0");
  EXPECT_EQ(rules->rocm_release("6.4.3")->rocm, "6.4.3");
  EXPECT_EQ(rules->rocm_release("6.2.4")->rocm, "6.2");
  EXPECT_FALSE(rules->rocm_release("5.2.3").has_value());
  // cuda_toolkits.tsv: 12.2 -> GCC <= 12 (host_config.h "#if __GNUC__ > 12").
  EXPECT_EQ(rules->cuda_toolkit("12.2.140")->max_gcc, 12);
  EXPECT_EQ(rules->cuda_toolkit("13.0")->sm_list.front(), "sm_75");
  // project_requirements.tsv: vLLM 0.24.0 introduced the GCC 11.3 floor.
  EXPECT_EQ(rules->project_requirement("vllm", "0.25.1")->version, "0.24.0");
  EXPECT_EQ(rules->project_requirement("vllm", "0.25.1")->gcc_min, "11.3");
  EXPECT_EQ(rules->triton_pin("2.10.0+rocm7.1")->triton, "==3.6.0");
  EXPECT_EQ(rules->package("libstdcxx-dev", "debian")->package, "libstdc++-{N}-dev");
  auto components = rules->rocm_components();
  ASSERT_FALSE(components.empty());
  EXPECT_EQ(components.front().component, "hip");
  EXPECT_EQ(components.front().proofs.front(), "{cmake}/hip/hip-config.cmake");
  for (const auto& advice : rules->advice()) {
    {
      ConditionFacts facts;
      auto result = evaluate_condition(advice.when, facts);
      EXPECT_TRUE(result.ok()) << advice.id << ": " << result.error().message;
    }
  }
}

TEST(DoctorEnvOutput, Quoting) {
  EXPECT_EQ(report::quote_posix("gfx942;gfx90a"), "'gfx942;gfx90a'");
  EXPECT_EQ(report::quote_posix("it's"), "'it'\\''s'");
  EXPECT_EQ(report::quote_fish("it's \\ x"), "'it\\'s \\\\ x'");
  EnvPlan plan;
  plan.summary = "test";
  plan.variables.push_back({"PYTORCH_ROCM_ARCH", "gfx942;gfx90a", "why", false, {}});
  plan.variables.push_back({"PATH", "/opt/rocm/bin", "why", true, "/opt/rocm/bin:/usr/bin"});
  auto bash = report::env_to_shell(plan, "bash");
  EXPECT_NE(bash.find("export PYTORCH_ROCM_ARCH='gfx942;gfx90a'\n"), std::string::npos);
  EXPECT_NE(bash.find("export PATH='/opt/rocm/bin'\"${PATH:+:$PATH}\"\n"), std::string::npos);
  auto fish = report::env_to_shell(plan, "fish");
  EXPECT_NE(fish.find("set -gx PATH '/opt/rocm/bin' $PATH\n"), std::string::npos);
  auto dotenv = report::env_to_shell(plan, "dotenv");
  EXPECT_NE(dotenv.find("PYTORCH_ROCM_ARCH=gfx942;gfx90a\n"), std::string::npos);
  EXPECT_NE(dotenv.find("PATH=/opt/rocm/bin:/usr/bin\n"), std::string::npos);
  EXPECT_EQ(report::env_to_shell(plan, "github"), "PYTORCH_ROCM_ARCH=gfx942;gfx90a\nPATH=/opt/rocm/bin:/usr/bin\n");
}

TEST(DoctorEnvFile, BlockIsReplacedNotRepeated) {
  auto first = replace_block("# mine\nexport A=1", "export B='2'\n");
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->rfind("# mine\nexport A=1\n# >>> archfit env >>>\n", 0), 0u);
  bool replaced = false;
  auto second = replace_block(*first + "export C=3\n", "export B='3'\n", &replaced);
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(replaced);
  EXPECT_EQ(second->find("export B='2'"), std::string::npos);
  EXPECT_NE(second->find("export B='3'"), std::string::npos);
  EXPECT_TRUE(second->ends_with("# <<< archfit env <<<\nexport C=3\n")) << *second;
  // Two blocks (written by hand or by an older tool) collapse into one.
  auto twice = replace_block(*first + *first, "x\n");
  ASSERT_TRUE(twice.ok());
  EXPECT_EQ(twice->find(k_block_begin), twice->rfind(k_block_begin));
  EXPECT_FALSE(replace_block("# >>> archfit env >>>\nexport A=1\n", "x\n").ok());
  EXPECT_FALSE(replace_block("export A=1\n# <<< archfit env <<<\n", "x\n").ok());
}

}  // namespace
}  // namespace archfit::doctor

namespace archfit::doctor {
namespace {

// data/compiler_targets.tsv: the verdicts the ROCm device-library lists and CUDA release notes give, and the
// CUDA rows agree with cuda_toolkits.tsv where both have the release (two sources, one fact).
TEST(DoctorRules, CompilerTargets) {
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok()) << rules.error().message;
  // ROCm-Device-Libs@rocm-5.2.0 has no isa_version_1100.cl, rocm-5.3.0 has.
  auto gfx1100 = rules->judge_target("rocm", "5.2.3", "gfx1100");
  ASSERT_TRUE(gfx1100.installed.has_value());
  EXPECT_FALSE(gfx1100.builds);
  EXPECT_EQ(gfx1100.first_release, "5.3");
  EXPECT_TRUE(rules->judge_target("rocm", "5.2.3", "gfx1030").builds);
  EXPECT_EQ(rules->judge_target("rocm", "5.6.1", "gfx942").first_release, "5.7");
  // ROCm 6.0 is the last row (ROCm-Device-Libs@rocm-6.0.0): it has gfx942 and no gfx1150, and no row read here has
  // gfx1150 at all, so there is no first release from this table. 6.1 and later have no row (their
  // ROCm/llvm-project@rocm-6.x/7.x tag lists were not read): no verdict, rather than one from a distribution's list.
  EXPECT_TRUE(rules->judge_target("rocm", "6.0.2", "gfx942").builds);
  auto gfx1150 = rules->judge_target("rocm", "6.0.2", "gfx1150");
  ASSERT_TRUE(gfx1150.installed.has_value());
  EXPECT_FALSE(gfx1150.builds);
  EXPECT_TRUE(gfx1150.first_release.empty());
  EXPECT_TRUE(gfx1100.unread_before_first.empty());
  for (const char* release : {"6.1.2", "6.2.4", "6.3.3", "6.4.1", "7.0.2", "7.1.0"}) {
    EXPECT_FALSE(rules->judge_target("rocm", release, "gfx1100").installed.has_value()) << release;
  }
  for (const auto& row : rules->compiler_targets()) {
    if (row.toolchain == "rocm") {
      // Every ROCm row is an upstream tag's list (ROCm-Device-Libs to 6.0, ROCm/llvm-project from 6.1), not a
      // distribution's.
      bool upstream = row.source.starts_with("ROCm/ROCm-Device-Libs@rocm-") ||
                      row.source.starts_with("ROCm/llvm-project@rocm-");
      EXPECT_TRUE(upstream) << row.release << ": " << row.source;
    }
  }
  // CUDA 13.0 dropped Volta; sm_70 was built from 11.0 to 12.9. sm_120 arrived in 12.8.
  auto sm70 = rules->judge_target("cuda", "13.0.88", "sm_70");
  EXPECT_FALSE(sm70.builds);
  EXPECT_EQ(sm70.first_release, "11.0");
  EXPECT_EQ(sm70.last_release, "12.9");
  EXPECT_EQ(rules->judge_target("cuda", "12.4", "sm_120").first_release, "12.8");
  EXPECT_FALSE(rules->judge_target("cuda", "11.7", "sm_89").builds);
  std::size_t compared = 0;
  for (const auto& row : rules->compiler_targets()) {
    if (row.toolchain != "cuda") {
      continue;
    }
    if (auto toolkit = rules->cuda_toolkit(row.release)) {
      EXPECT_EQ(row.targets, toolkit->sm_list) << "CUDA " << row.release;
      ++compared;
    }
  }
  EXPECT_GE(compared, 10u);
}

// Every ROCm row equals the file list it cites, as captured from the tag (tests/data/doctor/device-libs/rocm-X.Y.0.txt:
// `git ls-tree --name-only rocm-X.Y.0 oclc/src/` of ROCm/ROCm-Device-Libs, isa_version_<N>.cl -> gfx<N>), and its
// source names that tag and commit. A row without a captured list fails: a row for ROCm 6.1 or later must come
// with the ROCm/llvm-project@rocm-X.Y.0 amd/device-libs list it was read from.
TEST(DoctorRules, RocmRowsEqualTheirTagsDeviceLibraryLists) {
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok()) << rules.error().message;
  const std::filesystem::path captured = std::filesystem::path(ARCHFIT_SOURCE_DIR) / "tests/data/doctor/device-libs";
  std::size_t compared = 0;
  for (const auto& row : rules->compiler_targets()) {
    if (row.toolchain != "rocm") {
      continue;
    }
    const auto file = captured / ("rocm-" + row.release + ".0.txt");
    std::ifstream in(file);
    ASSERT_TRUE(in) << "ROCm " << row.release << ": no captured device-library list " << file;
    std::string header;
    std::getline(in, header);
    // "# <repository>@<tag> (<40-hex commit>): <command>"
    auto at = header.find(' ', 2);
    auto open = header.find(" (", 2);
    auto close = header.find("):", 2);
    ASSERT_TRUE(header.starts_with("# ") && open != std::string::npos && close == open + 2 + 40 && at == open)
        << file << ": " << header;
    std::string tag = header.substr(2, open - 2);
    std::string commit = header.substr(open + 2, 40);
    EXPECT_TRUE(row.source.starts_with(tag + " (" + commit.substr(0, 12) + ")")) << row.release << ": " << row.source;
    std::vector<std::string> listed;
    for (std::string line; std::getline(in, line);) {
      const std::string prefix = "oclc/src/isa_version_";
      ASSERT_TRUE(line.starts_with(prefix) && line.ends_with(".cl")) << file << ": " << line;
      listed.push_back("gfx" + line.substr(prefix.size(), line.size() - prefix.size() - 3));
    }
    auto targets = row.targets;
    std::sort(targets.begin(), targets.end());
    std::sort(listed.begin(), listed.end());
    EXPECT_EQ(targets, listed) << "ROCm " << row.release << " against " << file;
    ++compared;
  }
  EXPECT_GE(compared, 9u);  // 5.0 - 6.0
}

// Two sources, one fact: every target the compatibility matrix supports for a release (data/rocm_releases.tsv,
// AMD's documentation) is among the device libraries of that release (data/compiler_targets.tsv, file lists).
TEST(DoctorRules, MatrixTargetsHaveDeviceLibraries) {
  auto rules = RuleSet::embedded();
  ASSERT_TRUE(rules.ok()) << rules.error().message;
  std::size_t compared = 0;
  for (const auto& release : rules->rocm_releases()) {
    for (const auto& target : release.targets) {
      auto verdict = rules->judge_target("rocm", release.rocm, target);
      if (!verdict.installed) {
        continue;
      }
      EXPECT_TRUE(verdict.builds) << "ROCm " << release.rocm << " supports " << target
                                  << " but its device libraries lack it";
      ++compared;
    }
  }
  // Only ROCm 6.0 is in both tables now (the matrix starts at 6.0, the device-library lists stop there): its 5
  // targets. Rows for 6.1 and later, once their tags are read, add theirs.
  EXPECT_GE(compared, 5u);
}

}  // namespace
}  // namespace archfit::doctor
