#include "doctor/doctor.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "detect/detector.hpp"
#include "doctor/build_cache.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"
#include "util/text_lines.hpp"
#include "util/concurrent_tasks.hpp"

namespace archfit::doctor {

namespace {

bool truthy(const std::optional<std::string>& value) {
  if (!value) {
    return false;
  }
  std::string v = *value;
  for (auto& c : v) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return v == "1" || v == "ON" || v == "TRUE" || v == "YES";
}

bool falsy(const std::optional<std::string>& value) {
  if (!value) {
    return false;
  }
  std::string v = *value;
  for (auto& c : v) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return v == "0" || v == "OFF" || v == "FALSE" || v == "NO";
}

std::string os_family(const detect::OsRelease& os) {
  std::string words = " " + os.id + " " + os.id_like + " ";
  for (const char* id : {" debian ", " ubuntu "}) {
    if (words.find(id) != std::string::npos) {
      return "debian";
    }
  }
  for (const char* id : {" rhel ", " fedora ", " centos ", " rocky ", " almalinux ", " ol "}) {
    if (words.find(id) != std::string::npos) {
      return "rhel";
    }
  }
  return {};
}

// Which ROCm install the build will use.
//   PyTorch's cmake/public/LoadHIP.cmake: $ROCM_PATH (FATAL_ERROR when it does not exist), else (newest
//   versions) `rocm-sdk path --root` of a pip SDK, else /opt/rocm.
//   torch.utils.cpp_extension (vLLM, flash-attn): $ROCM_HOME or $ROCM_PATH, else the install of the
//   hipcc on PATH, else /opt/rocm.
void select_rocm(const ProbeContext& context, const std::string& project, RocmFacts& rocm) {
  auto index_with_alias = [&](std::string_view alias) {
    for (std::size_t i = 0; i < rocm.installs.size(); ++i) {
      const auto& aliases = rocm.installs[i].aliases;
      if (std::find(aliases.begin(), aliases.end(), alias) != aliases.end() || rocm.installs[i].root == alias) {
        return static_cast<int>(i);
      }
    }
    return -1;
  };
  bool extension = project == "vllm" || project == "flash-attn";
  auto rocm_home = context.environment.get("ROCM_HOME");
  if (extension && rocm_home && !rocm_home->empty()) {
    std::string real = resolve_path(context.root, normalize_path(*rocm_home));
    for (std::size_t i = 0; i < rocm.installs.size(); ++i) {
      if (rocm.installs[i].root == real) {
        rocm.selected = static_cast<int>(i);
        rocm.selected_reason = "$ROCM_HOME names it (torch.utils.cpp_extension reads ROCM_HOME first)";
        return;
      }
    }
  }
  if (rocm.rocm_path_env && !rocm.rocm_path_env->empty()) {
    rocm.selected = rocm.rocm_path_install;
    rocm.selected_reason = rocm.rocm_path_install >= 0 ? "$ROCM_PATH names it (LoadHIP.cmake reads ROCM_PATH first)"
                                                       : "$ROCM_PATH names a directory that is not a ROCm install";
    return;
  }
  if (extension && rocm.hipcc_install >= 0) {
    rocm.selected = rocm.hipcc_install;
    rocm.selected_reason = "the install of the hipcc on PATH (torch.utils.cpp_extension's ROCM_HOME)";
    return;
  }
  for (std::size_t i = 0; i < rocm.installs.size(); ++i) {
    if (rocm.installs[i].kind == "pip-sdk" && !find_on_path(context, "rocm-sdk").empty()) {
      rocm.selected = static_cast<int>(i);
      rocm.selected_reason = "a pip ROCm SDK with rocm-sdk on PATH (newest LoadHIP.cmake asks `rocm-sdk path --root`)";
      return;
    }
  }
  int opt = index_with_alias("/opt/rocm");
  if (opt >= 0) {
    rocm.selected = opt;
    rocm.selected_reason = "the default /opt/rocm (ROCM_PATH unset)";
    return;
  }
  if (rocm.hipcc_install >= 0) {
    rocm.selected = rocm.hipcc_install;
    rocm.selected_reason = "the install of the hipcc on PATH (PyTorch's CMake looks only at $ROCM_PATH and /opt/rocm: "
                           "set ROCM_PATH to it)";
    return;
  }
  if (!rocm.installs.empty()) {
    rocm.selected = 0;
    rocm.selected_reason = "the only ROCm found (not where PyTorch's CMake looks: set ROCM_PATH to it)";
  }
}

std::vector<std::string> detected_targets(const detect::DetectReport& report) {
  std::vector<std::string> targets;
  auto add = [&](const std::string& target) {
    if (!target.empty() && std::find(targets.begin(), targets.end(), target) == targets.end()) {
      targets.push_back(target);
    }
  };
  for (const auto& gpu : report.gpus) {
    if (!gpu.visible) {
      continue;
    }
    add(gpu.vendor == model::Vendor::amd && !gpu.override_target.empty() ? gpu.override_target : gpu.target);
  }
  return targets;
}

}  // namespace

std::string normalize_target(std::string_view target) {
  std::string t(trim(target));
  if (t.starts_with("gfx")) {
    return t;
  }
  if (t.starts_with("sm_")) {
    return t;
  }
  if (t.starts_with("compute_")) {
    return "sm_" + t.substr(8);
  }
  // "9.0", "9.0a", "12.0+PTX", "90"
  auto plus = t.find('+');
  if (plus != std::string::npos) {
    t = t.substr(0, plus);
  }
  std::string digits;
  for (char c : t) {
    if (c >= '0' && c <= '9') {
      digits += c;
    } else if (c == '.') {
      continue;
    } else if (c == 'a' || c == 'f') {
      digits += c;
    } else {
      return {};
    }
  }
  return digits.empty() ? std::string() : "sm_" + digits;
}

Facts gather_facts(const probe::SystemRoot& root, const probe::Environment& environment,
                   const probe::CommandRunner& runner, const RuleSet& rules, const DoctorOptions& options) {
  auto start = std::chrono::steady_clock::now();
  Facts facts;
  ProbeContext context{root, environment, runner, options.timeout};
  auto components = rules.rocm_components();
  std::vector<std::pair<std::string, std::string>> places;
  places.emplace_back("build directory", options.src.empty() ? (options.cwd.empty() ? "." : options.cwd) : options.src);
  if (auto pip = environment.get("PIP_CACHE_DIR"); pip && !pip->empty()) {
    places.emplace_back("pip cache ($PIP_CACHE_DIR)", *pip);
  } else if (auto xdg = environment.get("XDG_CACHE_HOME"); xdg && !xdg->empty()) {
    places.emplace_back("pip cache ($XDG_CACHE_HOME/pip)", join_path(*xdg, "pip"));
  } else if (auto home = environment.get("HOME"); home && !home->empty()) {
    places.emplace_back("pip cache (~/.cache/pip)", join_path(*home, ".cache/pip"));
  }
  auto tmp = environment.get("TMPDIR");
  places.emplace_back(tmp && !tmp->empty() ? "temporary directory ($TMPDIR)" : "temporary directory (/tmp)",
                      tmp && !tmp->empty() ? *tmp : "/tmp");

  bool versions = !options.env_only;
  run_concurrently({
      [&] { facts.detect = detect::detect_system(root, environment, {.runner = &runner}); },
      [&] { probe_toolchain(context, ToolchainScope{versions}, facts.toolchain); },
      [&] { probe_rocm(context, components, versions, facts.rocm); },
      [&] { probe_cuda(context, true, facts.cuda); },
      [&] { probe_python(context, options.python, facts.python); },
      [&] {
        if (!options.src.empty()) {
          probe_source(context, options.src, facts.source);
        }
      },
      [&] { probe_disks(context, places, facts.resources); },
  });
  add_python_rocm_and_select(context, components, facts.python, facts.rocm);
  facts.source.cache_real = resolve_cache_paths(root, facts.source.cache);

  // Project and version.
  facts.project = !options.project.empty() ? options.project
                                           : (!facts.source.project.empty() ? facts.source.project : "pytorch");
  if (!facts.source.version.empty() && facts.source.project == facts.project) {
    facts.project_version = facts.source.version;
    facts.project_version_source = facts.source.dir + "/" + facts.source.version_source;
  }
  select_rocm(context, facts.project, facts.rocm);

  // Targets.
  if (!options.targets.empty()) {
    for (const auto& target : options.targets) {
      std::string normalized = normalize_target(target);
      if (!normalized.empty() && std::find(facts.targets.begin(), facts.targets.end(), normalized) == facts.targets.end()) {
        facts.targets.push_back(normalized);
      }
    }
    facts.targets_source = options.targets_source.empty() ? "--target" : options.targets_source;
  } else {
    facts.targets = detected_targets(facts.detect);
    facts.targets_source = facts.targets.empty() ? "" : "detect";
    if (facts.targets.empty() && !options.fallback_targets.empty()) {
      // No GPU here (a build host): the arch variables name what the build is for.
      for (const auto& target : options.fallback_targets) {
        std::string normalized = normalize_target(target);
        if (!normalized.empty() &&
            std::find(facts.targets.begin(), facts.targets.end(), normalized) == facts.targets.end()) {
          facts.targets.push_back(normalized);
        }
      }
      facts.targets_source = facts.targets.empty() ? "" : options.fallback_source;
    }
  }

  // Backend.
  bool amd = false;
  bool nvidia = false;
  for (const auto& target : facts.targets) {
    amd = amd || target.starts_with("gfx");
    nvidia = nvidia || target.starts_with("sm_");
  }
  auto use_rocm = environment.get("USE_ROCM");
  auto use_cuda = environment.get("USE_CUDA");
  if (truthy(use_rocm)) {
    facts.backend = "rocm";
    facts.backend_reason = "$USE_ROCM=" + *use_rocm;
  } else if (truthy(use_cuda)) {
    facts.backend = "cuda";
    facts.backend_reason = "$USE_CUDA=" + *use_cuda;
  } else if (falsy(use_rocm) && falsy(use_cuda)) {
    facts.backend = "cpu";
    facts.backend_reason = "$USE_ROCM and $USE_CUDA are off";
  } else if (amd && (!nvidia || !facts.rocm.installs.empty())) {
    facts.backend = "rocm";
    facts.backend_reason = "the targets are AMD GPUs";
  } else if (nvidia) {
    facts.backend = "cuda";
    facts.backend_reason = "the targets are NVIDIA GPUs";
  } else if (!facts.rocm.installs.empty()) {
    facts.backend = "rocm";
    facts.backend_reason = "no GPU target; a ROCm install is present";
  } else if (!facts.cuda.installs.empty()) {
    facts.backend = "cuda";
    facts.backend_reason = "no GPU target; a CUDA toolkit is present";
  } else {
    facts.backend = "cpu";
    facts.backend_reason = "no GPU target, no ROCm, no CUDA toolkit";
  }
  facts.os_family = os_family(facts.detect.host.system.os);
  facts.root_user = root.is_live() ? ::geteuid() == 0 : true;
  facts.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return facts;
}

std::optional<JobsAdvice> max_jobs(const Facts& facts, const RuleSet& rules) {
  std::string row = facts.project == "flash-attn" ? "flash-attn-cuda" : facts.project;
  auto memory = rules.compile_memory(row);
  const auto& resources = facts.detect.host.resources;
  auto usable = resources.usable_memory_bytes();
  if (!memory || !usable || memory->gib_per_job <= 0) {
    return std::nullopt;
  }
  JobsAdvice advice;
  advice.cpus = resources.usable_cpus(facts.detect.host.cpu.logical_cpus);
  advice.memory_gib = static_cast<double>(*usable) / static_cast<double>(std::uint64_t{1} << 30);
  advice.gib_per_job = memory->gib_per_job;
  advice.memory_row = row;
  advice.source = memory->source;
  auto by_memory = static_cast<unsigned>(std::floor(advice.memory_gib / advice.gib_per_job));
  advice.jobs = std::max(1u, std::min(advice.cpus == 0 ? by_memory : advice.cpus, by_memory));
  advice.why = fmt::format("min({} usable CPUs, {:.1f} GiB usable memory / {:g} GiB per compile job ({} in "
                           "compile_memory.tsv)) = {}",
                           advice.cpus, advice.memory_gib, advice.gib_per_job, row, advice.jobs);
  return advice;
}

DoctorReport run_doctor(const probe::SystemRoot& root, const probe::Environment& environment,
                        const probe::CommandRunner& runner, const RuleSet& rules, const DoctorOptions& options) {
  DoctorReport report;
  auto start = std::chrono::steady_clock::now();
  report.facts = gather_facts(root, environment, runner, rules, options);
  report.checks = run_checks(report.facts, rules, environment);
  report.rules_files = rules.rules_files();
  report.facts.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace archfit::doctor
