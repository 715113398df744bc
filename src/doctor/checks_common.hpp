// Shared by the check groups (doctor/checks_*.cpp): where checks are collected, and how fixes are worded
// for the distribution detected (package names from data/doctor_packages.tsv; CC/CXX and PATH exports
// rather than changes to the system).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "doctor/doctor_report.hpp"
#include "doctor/rules.hpp"
#include "probe/environment.hpp"

namespace archfit::doctor {

struct CheckContext {
  const Facts& facts;
  const RuleSet& rules;
  const probe::Environment& environment;
  std::vector<Check>& out;

  Check& add(std::string id, std::string group, Status status, std::string title, std::string seen,
             std::string rule = {}, std::string source = {}, std::string fix = {}) const {
    out.push_back(Check{.id = std::move(id),
                        .status = status,
                        .title = std::move(title),
                        .seen = std::move(seen),
                        .rule = std::move(rule),
                        .source = std::move(source),
                        .fix = std::move(fix),
                        .origin = {},  // doctor's own report: the origin goes without saying
                        .group = std::move(group)});
    return out.back();
  }

  // "sudo apt-get install g++-12" for `need` ({N} = major) on the detected distribution, or "" when the
  // distribution's package is not known.
  std::string install(std::string_view need, std::string_view major = {}) const;
  // "sudo " unless running as root.
  std::string sudo() const { return facts.root_user ? std::string() : std::string("sudo "); }
  // The effective project version for table lookups: the source tree's, else "" (= newest row).
  const std::string& project_version() const { return facts.project_version; }
};

void check_gpus(const CheckContext& context);
void check_toolchain(const CheckContext& context);
void check_rocm(const CheckContext& context);
void check_cuda(const CheckContext& context);
void check_python(const CheckContext& context);
void check_source(const CheckContext& context);
void check_resources(const CheckContext& context);
void check_advice(const CheckContext& context);

// Helpers shared by several groups.
std::string join(const std::vector<std::string>& items, std::string_view separator);
std::string processor_of(std::string_view target);   // "gfx90a:xnack-" -> "gfx90a"
std::string cuda_arch_of(std::string_view target);   // "sm_90" -> "9.0", "sm_100a" -> "10.0a"
// The allow-list row of `project` that applies to `vendor` ("rocm" or "cuda") for the project version
// (and for vLLM's CUDA lists, the selected nvcc version).
std::optional<ArchAllowlist> applicable_allowlist(const CheckContext& context, std::string_view vendor);
// A compiler in one line: "/usr/bin/c++ -> g++-12: GNU 12.2.0".
std::string describe(const Compiler& compiler);
// The selected ROCm install, or nullptr.
const RocmInstall* selected_rocm(const Facts& facts);
const NvccInstall* selected_nvcc(const Facts& facts);
// Commands that make CMake take GCC `major` (install when missing, then CC/CXX). When
// data/distro_gcc_majors.tsv says the release's archive has no GCC `major`, no install line is printed
// (it would fail): a comment says so and names the majors the archive has.
std::string gcc_fix(const CheckContext& context, int major);
// The GCC major to propose: the highest g++-N already on PATH within [min_major, max_major], else the
// highest major the release's archive ships within that range (data/distro_gcc_majors.tsv), else
// max_major when given (> 0), else min_major.
int choose_gcc_major(const CheckContext& context, int min_major, int max_major = 0);

}  // namespace archfit::doctor
