// `archfit doctor` and `archfit env` as library calls: gather the facts (probes in parallel), then judge
// them (doctor) or turn them into the environment to build with (env, doctor/env_plan.hpp).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "doctor/doctor_report.hpp"
#include "doctor/rules.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::doctor {

inline constexpr std::string_view k_projects[] = {"pytorch", "triton", "vllm", "flash-attn"};

// Whether `project` is one of k_projects.
inline bool is_known_project(std::string_view project) {
  for (auto known : k_projects) {
    if (project == known) {
      return true;
    }
  }
  return false;
}

struct DoctorOptions {
  std::string project;               // "" = from --src, else pytorch
  std::string src;                   // source tree (a path on this machine), or ""
  std::vector<std::string> targets;  // --target values ("gfx942", "sm_90", "9.0"), or empty = detect
  // Where `targets` came from, as the report says it: "--target", "--targets-from FILE (rocminfo)",
  // "$PYTORCH_ROCM_ARCH", the config file's "PATH:LINE"; "" = "--target".
  std::string targets_source;
  // Targets for when detect finds no GPU and `targets` is empty: $PYTORCH_ROCM_ARCH /
  // $TORCH_CUDA_ARCH_LIST (cli/target_sources.hpp), with where they came from.
  std::vector<std::string> fallback_targets;
  std::string fallback_source;
  std::string python;                // --python, or "" = the active environment's
  std::string cwd;                   // where the build runs when there is no --src (free disk)
  std::chrono::milliseconds timeout{10000};  // per external command
  bool env_only = false;             // `env`: skip the version runs the checks need
};

// "9.0" / "90" / "sm_90" -> "sm_90"; "gfx942:xnack-" stays; "" when it is neither.
std::string normalize_target(std::string_view target);

Facts gather_facts(const probe::SystemRoot& root, const probe::Environment& environment,
                   const probe::CommandRunner& runner, const RuleSet& rules, const DoctorOptions& options);

std::vector<Check> run_checks(const Facts& facts, const RuleSet& rules, const probe::Environment& environment);

DoctorReport run_doctor(const probe::SystemRoot& root, const probe::Environment& environment,
                        const probe::CommandRunner& runner, const RuleSet& rules, const DoctorOptions& options);

// MAX_JOBS that fits: min(usable CPUs, usable memory / memory per job of `project`), at least 1, with
// the reasoning. nullopt when memory or the project's number is unknown.
struct JobsAdvice {
  unsigned jobs = 1;
  unsigned cpus = 0;
  double memory_gib = 0;
  double gib_per_job = 0;
  std::string memory_row;  // compile_memory.tsv project row used
  std::string source;
  std::string why;         // "min(16 CPUs, 123.4 GiB / 5.3 GiB per job) = 16"
};
std::optional<JobsAdvice> max_jobs(const Facts& facts, const RuleSet& rules);

}  // namespace archfit::doctor
