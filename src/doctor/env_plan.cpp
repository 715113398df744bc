#include "doctor/env_plan.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "doctor/checks_common.hpp"
#include "doctor/doctor.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"

namespace archfit::doctor {

namespace {

struct Planner {
  const Facts& facts;
  const RuleSet& rules;
  const probe::Environment& environment;
  const EnvOptions& options;
  EnvPlan plan;

  void set(std::string name, std::string value, std::string why) {
    plan.variables.push_back({std::move(name), std::move(value), std::move(why), false, {}});
  }

  // Puts `entry` in front of $name unless it already is first (so that running `eval "$(archfit env)"`
  // twice does not grow the list).
  void prepend(std::string name, std::string entry, std::string why) {
    auto current = environment.get(name).value_or("");
    std::vector<std::string> parts = path_entries(environment, name);
    if (!parts.empty() && normalize_path(parts.front()) == normalize_path(entry)) {
      return;
    }
    std::string full = entry + (current.empty() ? "" : ":" + current);
    plan.variables.push_back({std::move(name), std::move(entry), std::move(why), true, std::move(full)});
  }

  void note(std::string id, std::string title, std::string seen, std::string fix = {}, std::string source = {}) {
    model::Finding finding;
    finding.id = std::move(id);
    finding.status = model::Status::warn;
    finding.title = std::move(title);
    finding.seen = std::move(seen);
    finding.fix = std::move(fix);
    finding.source = std::move(source);
    plan.notes.push_back(std::move(finding));
  }

  std::optional<ArchAllowlist> allowlist(std::string_view vendor) {
    std::vector<Check> unused;
    CheckContext context{facts, rules, environment, unused};
    return applicable_allowlist(context, vendor);
  }

  std::vector<std::string> amd_targets() const {
    std::vector<std::string> result;
    for (const auto& target : facts.targets) {
      if (target.starts_with("gfx")) {
        result.push_back(target);
      }
    }
    return result;
  }

  std::vector<std::string> nvidia_targets() const {
    std::vector<std::string> result;
    for (const auto& target : facts.targets) {
      if (target.starts_with("sm_")) {
        result.push_back(target);
      }
    }
    std::sort(result.begin(), result.end(),
              [](const std::string& a, const std::string& b) { return compare_versions(a.substr(3), b.substr(3)) < 0; });
    return result;
  }

  std::string target_origin() const {
    return facts.targets_source == "detect" || facts.targets_source.empty() ? std::string("the GPUs found by archfit detect")
                                                                            : facts.targets_source;
  }

  void backend_variables() {
    bool rocm = facts.backend == "rocm";
    bool cuda = facts.backend == "cuda";
    if (facts.project == "pytorch") {
      set("USE_ROCM", rocm ? "1" : "0",
          rocm ? "build the ROCm backend (PyTorch README: USE_ROCM=0 disables it)"
               : "no ROCm backend (" + facts.backend_reason + ")");
      set("USE_CUDA", cuda ? "1" : "0",
          cuda ? "build the CUDA backend" : "no CUDA backend, even if a CUDA toolkit is found (" + facts.backend_reason + ")");
    } else if (facts.project == "vllm" && facts.backend != "cpu") {
      set("VLLM_TARGET_DEVICE", facts.backend,
          "vLLM's setup.py/CMake target device (its ROCm Dockerfile sets ENV VLLM_TARGET_DEVICE=rocm)");
    } else if (facts.project == "flash-attn" && facts.backend != "cpu") {
      set("BUILD_TARGET", facts.backend, "flash-attn's setup.py backend (default auto: from the installed torch)");
    }
  }

  void rocm_arch() {
    auto targets = amd_targets();
    if (targets.empty()) {
      note("env.no-amd-gpu", "AMD targets",
           "no AMD GPU found and no --target: PYTORCH_ROCM_ARCH is left unset (the build then asks "
           "rocm_agent_enumerator); give --target gfx942 to set it");
      return;
    }
    if (facts.project == "flash-attn") {
      auto list = allowlist("rocm");
      std::vector<std::string> inside;
      std::vector<std::string> outside;
      for (const auto& target : targets) {
        std::string processor = processor_of(target);
        bool allowed = list && std::find(list->archs.begin(), list->archs.end(), processor) != list->archs.end();
        (allowed ? inside : outside).push_back(processor);
      }
      if (!outside.empty() || !list) {
        set("FLASH_ATTENTION_TRITON_AMD_ENABLE", "TRUE",
            (list ? join(outside, ", ") + " not in flash-attn " + list->version + "'s CK allow-list (" +
                        join(list->archs, ";") + ")"
                  : std::string("no CK allow-list known for this flash-attn")) +
                ": use the Triton backend (set it at run time too)");
        return;
      }
      set("GPU_ARCHS", join(inside, ";"),
          "CK kernels for " + target_origin() + " (all in flash-attn " + list->version + "'s allow-list)");
      return;
    }
    if (facts.project == "triton") {
      return;  // Triton compiles kernels at run time
    }
    std::vector<std::string> kept = targets;
    std::string why = "exactly " + target_origin();
    if (facts.project == "vllm") {
      if (auto list = allowlist("rocm")) {
        std::vector<std::string> dropped;
        kept.clear();
        for (const auto& target : targets) {
          bool supported = std::find(list->archs.begin(), list->archs.end(), processor_of(target)) != list->archs.end();
          (supported ? kept : dropped).push_back(target);
        }
        if (!dropped.empty()) {
          note("env.targets-unsupported", "targets vLLM does not build",
               join(dropped, ", ") + " not in vLLM " + list->version +
                   "'s HIP_SUPPORTED_ARCHS: vLLM builds no kernels for them",
               {}, list->source);
          plan.notes.back().rule = "vLLM builds kernels only for the targets of its HIP_SUPPORTED_ARCHS";
          why += " that vLLM " + list->version + " supports";
        }
      }
    }
    if (!kept.empty()) {
      set("PYTORCH_ROCM_ARCH", join(kept, ";"), why + " (';'-separated; read by cmake/public/utils.cmake)");
    }
  }

  void cuda_arch() {
    auto targets = nvidia_targets();
    if (targets.empty()) {
      note("env.no-nvidia-gpu", "NVIDIA targets",
           "no NVIDIA GPU found and no --target: TORCH_CUDA_ARCH_LIST is left unset (the build then "
           "targets the visible GPUs); give --target sm_90 to set it");
      return;
    }
    if (facts.project == "triton") {
      return;
    }
    std::vector<std::string> archs;
    for (const auto& target : targets) {
      archs.push_back(cuda_arch_of(target));
    }
    if (facts.project == "flash-attn") {
      std::vector<std::string> numbers;
      for (const auto& target : targets) {
        numbers.push_back(target.substr(3));
      }
      set("FLASH_ATTN_CUDA_ARCHS", join(numbers, ";"), "flash-attn's own SASS list (default \"80;90;100;120\"), for " +
                                                           target_origin());
      return;
    }
    if (options.ptx && !archs.empty()) {
      archs.back() += "+PTX";
    }
    set("TORCH_CUDA_ARCH_LIST", join(archs, ";"),
        "compute capabilities of " + target_origin() +
            (options.ptx ? "; +PTX on the newest adds PTX for later GPUs (--ptx)" : " (no PTX: add --ptx for later GPUs)"));
  }

  void rocm_paths() {
    const RocmInstall* rocm = selected_rocm(facts);
    if (rocm == nullptr) {
      note("env.no-rocm", "ROCm", "no ROCm install found: ROCM_PATH is left unset");
      return;
    }
    std::string label = rocm->root + (rocm->version.empty() ? "" : " (ROCm " + rocm->version + ")");
    set("ROCM_PATH", rocm->root, label + ": " + facts.rocm.selected_reason);
    set("HIP_PATH", rocm->root, "the same install for hipcc (it takes HIP_PATH before its own location)");
    if (facts.project == "vllm" || facts.project == "flash-attn") {
      set("ROCM_HOME", rocm->root, "torch.utils.cpp_extension reads ROCM_HOME first");
    }
    std::string bin = rocm->kind == "pip-sdk" ? join_path(parent_dir(rocm->root), "_rocm_sdk_core/bin") : join_path(rocm->root, "bin");
    if (facts.rocm.hipcc_install != facts.rocm.selected || facts.rocm.hipcc_path.empty()) {
      prepend("PATH", bin, "hipcc and hipconfig of " + label + " first on PATH");
    }
  }

  void cuda_paths() {
    const NvccInstall* nvcc = selected_nvcc(facts);
    if (nvcc == nullptr) {
      note("env.no-cuda", "CUDA toolkit", "no CUDA toolkit found: CUDA_HOME is left unset");
      return;
    }
    set("CUDA_HOME", nvcc->home,
        "CUDA " + (nvcc->version.empty() ? std::string("?") : nvcc->version) + ": " + facts.cuda.selected_reason);
    bool path_is_it = false;
    for (const auto& origin : nvcc->origins) {
      path_is_it = path_is_it || origin == "PATH";
    }
    if (!path_is_it) {
      prepend("PATH", join_path(nvcc->home, "bin"), "the same nvcc for CMake's CUDA language (it takes nvcc from PATH)");
    }
    // nvcc's host compiler above the toolkit's ceiling: a g++-N on PATH that fits.
    const auto& host = facts.cuda.host_compiler;
    auto table = rules.cuda_toolkit(nvcc->version);
    std::optional<int> ceiling = nvcc->max_gcc;
    if (!ceiling && table) {
      ceiling = table->max_gcc;
    }
    if (ceiling && host.family == "gnu" && major_of(host.version).value_or(0) > *ceiling) {
      for (auto it = facts.toolchain.gxx_on_path.rbegin(); it != facts.toolchain.gxx_on_path.rend(); ++it) {
        std::string name = base_name(*it);
        if (name.starts_with("g++-") && std::atoi(name.c_str() + 4) <= *ceiling) {
          set("CUDAHOSTCXX", *it, fmt::format("host GCC {} is above CUDA {}'s ceiling (GCC <= {}); {} fits", host.version,
                                              major_minor(nvcc->version), *ceiling, name));
          break;
        }
      }
    }
  }

  void common() {
    if (auto jobs = max_jobs(facts, rules)) {
      set("MAX_JOBS", std::to_string(jobs->jobs), jobs->why);
    }
    if (facts.project == "pytorch" && facts.python.ok() && (facts.python.venv || facts.python.conda)) {
      prepend("CMAKE_PREFIX_PATH", facts.python.prefix,
              "the build environment's prefix, as PyTorch's README says (" +
                  std::string(facts.python.conda ? "conda" : "venv") + ")");
    }
    if (!facts.toolchain.ccache_path.empty()) {
      std::string why = "ccache found (" + facts.toolchain.ccache_path + "); CMake >= 3.17 reads CMAKE_<LANG>_COMPILER_LAUNCHER "
                        "from the environment";
      set("CMAKE_C_COMPILER_LAUNCHER", "ccache", why);
      set("CMAKE_CXX_COMPILER_LAUNCHER", "ccache", "the same for C++");
      if (facts.backend == "cuda") {
        set("CMAKE_CUDA_COMPILER_LAUNCHER", "ccache", "the same for CUDA");
      } else if (facts.backend == "rocm") {
        set("CMAKE_HIP_COMPILER_LAUNCHER", "ccache", "the same for HIP");
      }
    }
  }

  void steps() {
    auto& s = plan.steps;
    bool rocm = facts.backend == "rocm";
    std::string src = facts.source.dir.empty() ? "<source tree>" : facts.source.dir;
    if (facts.project == "pytorch") {
      s.push_back("git -C " + src + " submodule sync && git -C " + src + " submodule update --init --recursive");
      s.push_back("python -m pip install -r " + src + "/requirements.txt   # newer trees: pip install --group dev");
      if (rocm) {
        s.push_back("cd " + src + " && python tools/amd_build/build_amd.py   # hipify: writes the HIP sources");
      }
      s.push_back("cd " + src + " && python -m pip install --no-build-isolation -v -e .   # scikit-build-core trees: "
                  "python -m build --wheel --no-isolation");
      s.push_back("# optional, for torch.compile: make triton   (installs the Triton of .ci/docker/ci_commit_pins/triton.txt)");
    } else if (facts.project == "vllm") {
      const RocmInstall* install = selected_rocm(facts);
      if (rocm) {
        s.push_back("python -m pip install torch --index-url https://download.pytorch.org/whl/rocm" +
                    (install != nullptr && !install->version.empty() ? major_minor(install->version) : std::string("X.Y")) +
                    "   # the ROCm torch first");
        s.push_back("# Triton at torch's pin: git clone https://github.com/ROCm/triton && git -C triton checkout <pin>; "
                    "then in triton/ (or triton/python on older trees): python -m pip install --no-build-isolation .");
        s.push_back("python -m pip install " + (install != nullptr ? join_path(install->root, "share/amd_smi")
                                                                    : std::string("/opt/rocm/share/amd_smi")));
        s.push_back("python -m pip install -r " + src + "/requirements/rocm.txt");
        s.push_back("cd " + src + " && python setup.py develop   # vLLM docs: pip install . does not work for ROCm");
      } else {
        s.push_back("python -m pip install torch   # the torch this vLLM pins (requirements/build.txt or pyproject)");
        s.push_back("cd " + src + " && python -m pip install --no-build-isolation -e .");
      }
    } else if (facts.project == "flash-attn") {
      s.push_back("python -m pip install torch --index-url <the index of your ROCm/CUDA>   # torch first");
      s.push_back("git -C " + src + " submodule update --init");
      s.push_back("cd " + src + " && python -m pip install --no-build-isolation .");
    } else if (facts.project == "triton") {
      s.push_back("git -C " + src + " checkout $(cat <pytorch tree>/.ci/docker/ci_commit_pins/triton.txt)   # torch's pin");
      s.push_back("cd " + src + " && python -m pip install --no-build-isolation .   # older trees: cd python first");
    }
  }
};

}  // namespace

EnvPlan plan_env(const Facts& facts, const RuleSet& rules, const probe::Environment& environment,
                 const EnvOptions& options) {
  Planner planner{facts, rules, environment, options, {}};
  auto& plan = planner.plan;
  plan.project = facts.project;
  plan.backend = facts.backend;
  std::string backend = facts.backend == "rocm" ? "ROCm" : (facts.backend == "cuda" ? "CUDA" : "CPU");
  std::string where;
  if (const RocmInstall* rocm = facts.backend == "rocm" ? selected_rocm(facts) : nullptr) {
    where = " " + rocm->version + " (" + rocm->root + ")";
  } else if (const NvccInstall* nvcc = facts.backend == "cuda" ? selected_nvcc(facts) : nullptr) {
    where = " " + nvcc->version + " (" + nvcc->home + ")";
  }
  plan.summary = facts.project + (facts.project_version.empty() ? "" : " " + facts.project_version) + " for " + backend +
                 where + (facts.targets.empty() ? "" : " on " + join(facts.targets, ", "));
  planner.backend_variables();
  if (facts.backend == "rocm") {
    planner.rocm_arch();
    planner.rocm_paths();
  } else if (facts.backend == "cuda") {
    planner.cuda_arch();
    planner.cuda_paths();
  }
  planner.common();
  planner.steps();
  return plan;
}

}  // namespace archfit::doctor
