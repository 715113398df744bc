// CUDA: the nvcc toolkits found and the one the build uses, its host-compiler ceiling (from the toolkit's
// own host_config.h, else data/cuda_toolkits.tsv), the driver against the toolkit's floor, and the
// target compute capabilities against what the toolkit can build.
#include <algorithm>

#include <fmt/format.h>

#include "doctor/checks_common.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"

namespace archfit::doctor {

namespace {

constexpr const char* k_group = "cuda";

std::string origins(const NvccInstall& install) { return join(install.origins, ", "); }

void check_toolkits(const CheckContext& context) {
  const auto& cuda = context.facts.cuda;
  if (cuda.installs.empty()) {
    context.add("cuda.nvcc", k_group, Status::fail, "CUDA toolkit",
                "no nvcc found ($CUDA_HOME, $CUDA_PATH, PATH, /usr/local/cuda, /usr/local/cuda-*)",
                "A CUDA build compiles with nvcc; torch.utils.cpp_extension finds it from CUDA_HOME/CUDA_PATH, then nvcc "
                "on PATH, then /usr/local/cuda",
                "pytorch/pytorch torch/utils/cpp_extension.py (_find_cuda_home)",
                "install the CUDA toolkit (https://developer.nvidia.com/cuda-downloads) and export "
                "CUDA_HOME=/usr/local/cuda-<version>");
    return;
  }
  std::vector<std::string> lines;
  std::vector<std::string> versions;
  for (const auto& install : cuda.installs) {
    std::string version = install.version.empty() ? (install.run.error.empty() ? "no version" : install.run.error)
                                                  : install.version;
    lines.push_back(install.nvcc + " " + version + " (" + origins(install) + ")");
    if (!install.version.empty() && std::find(versions.begin(), versions.end(), major_minor(install.version)) == versions.end()) {
      versions.push_back(major_minor(install.version));
    }
  }
  const NvccInstall* selected = selected_nvcc(context.facts);
  std::string seen = join(lines, "; ") + (selected != nullptr ? "; the build uses " + selected->nvcc + " (" +
                                                                    cuda.selected_reason + ")"
                                                              : "");
  // Two different toolkits reachable through PATH and CUDA_HOME: nvcc and the libraries can come from both.
  const NvccInstall* on_path = nullptr;
  for (const auto& install : cuda.installs) {
    if (std::find(install.origins.begin(), install.origins.end(), "PATH") != install.origins.end()) {
      on_path = &install;
    }
  }
  if (selected != nullptr && on_path != nullptr && on_path != selected && !on_path->version.empty() &&
      major_minor(on_path->version) != major_minor(selected->version)) {
    context.add("cuda.nvcc", k_group, Status::warn, "CUDA toolkit", seen,
                "CMake's CUDA language takes the nvcc on PATH (or CUDACXX) while torch.utils.cpp_extension takes "
                "CUDA_HOME: two toolkit versions end up in one build",
                "pytorch/pytorch torch/utils/cpp_extension.py (_find_cuda_home); CMake documentation, CMAKE_CUDA_COMPILER "
                "(CUDACXX environment variable)",
                "export CUDA_HOME=" + selected->home + " PATH=" + selected->home + "/bin:$PATH");
    return;
  }
  bool any_version = std::any_of(cuda.installs.begin(), cuda.installs.end(), [](const auto& i) { return !i.version.empty(); });
  context.add("cuda.nvcc", k_group, any_version ? Status::pass : Status::fail, "CUDA toolkit", seen,
              any_version ? "" : "nvcc --version must answer");
}

void check_host_compiler(const CheckContext& context) {
  const auto& facts = context.facts;
  const NvccInstall* nvcc = selected_nvcc(facts);
  if (nvcc == nullptr || nvcc->version.empty()) {
    return;
  }
  const auto& compiler = facts.cuda.host_compiler;
  auto table = context.rules.cuda_toolkit(nvcc->version);
  std::optional<int> max_gcc = nvcc->max_gcc;
  std::optional<int> max_clang = nvcc->max_clang;
  std::string source = nvcc->host_config.empty() ? std::string() : nvcc->host_config;
  if (!max_gcc && table) {
    max_gcc = table->max_gcc;
    max_clang = table->max_clang;
    source = "data/cuda_toolkits.tsv " + table->cuda + ": " + table->source;
  }
  if (!compiler.found() || compiler.version.empty()) {
    context.add("cuda.host-compiler", k_group, Status::fail, "nvcc host compiler",
                compiler.how + ": " + (compiler.found() ? compiler.run.error : compiler.command + " not found"),
                "nvcc needs a host C++ compiler", source,
                gcc_fix(context, choose_gcc_major(context, 9, max_gcc.value_or(0))));
    return;
  }
  std::string seen = describe(compiler) + " (" + compiler.how + "); nvcc " + nvcc->version;
  if (!max_gcc) {
    context.add("cuda.host-compiler", k_group, Status::skip, "nvcc host compiler",
                seen + "; CUDA " + major_minor(nvcc->version) + " has no host_config.h here and no row in "
                "data/cuda_toolkits.tsv");
    return;
  }
  int major = major_of(compiler.version).value_or(0);
  bool gnu = compiler.family == "gnu";
  int ceiling = gnu ? *max_gcc : max_clang.value_or(0);
  if ((gnu || compiler.family == "clang") && ceiling > 0 && major > ceiling) {
    auto rule = context.rules.advice_by_id(gnu ? "cuda-host-gcc-ceiling" : "cuda-host-clang-ceiling");
    int use = choose_gcc_major(context, 0, *max_gcc);
    std::string fix = gcc_fix(context, use);
    fix += "\nexport CUDAHOSTCXX=g++-" + std::to_string(use) + "   # nvcc's host compiler (CMake: CMAKE_CUDA_HOST_COMPILER)";
    context.add("cuda.host-compiler", k_group, Status::fail, "nvcc host compiler",
                seen + fmt::format(": {} {} is newer than CUDA {} accepts ({} <= {})", gnu ? "GCC" : "clang", major,
                                   major_minor(nvcc->version), gnu ? "GCC" : "clang", ceiling),
                rule ? rule->advice : "", source + (rule ? "; " + rule->source : ""), fix);
    return;
  }
  context.add("cuda.host-compiler", k_group, Status::pass, "nvcc host compiler",
              seen + fmt::format(" (CUDA {} accepts GCC <= {}, clang <= {})", major_minor(nvcc->version), *max_gcc,
                                 max_clang.value_or(0)),
              "", source);
}

void check_driver(const CheckContext& context) {
  const auto& facts = context.facts;
  const NvccInstall* nvcc = selected_nvcc(facts);
  if (nvcc == nullptr || nvcc->version.empty()) {
    return;
  }
  const std::string& driver = facts.detect.drivers.nvidia_version;
  if (driver.empty()) {
    context.add("cuda.driver", k_group, Status::skip, "NVIDIA driver",
                "no NVIDIA driver here (/proc/driver/nvidia/version): building needs none, running the result does");
    return;
  }
  auto table = context.rules.cuda_toolkit(nvcc->version);
  if (!table) {
    context.add("cuda.driver", k_group, Status::skip, "NVIDIA driver",
                "driver " + driver + "; CUDA " + major_minor(nvcc->version) + " has no row in data/cuda_toolkits.tsv");
    return;
  }
  auto rule = context.rules.advice_by_id("cuda-driver-floor");
  int cuda_major = major_of(nvcc->version).value_or(0);
  // Minor-version compatibility floors (CUDA release notes): 11.x >= 450, 12.x >= 525, 13.x >= 580.
  std::string floor = cuda_major >= 13 ? "580" : (cuda_major == 12 ? "525" : "450");
  std::string seen = "driver " + driver + "; CUDA " + table->cuda + " toolkit driver >= " + table->min_driver +
                     ", minor-version compatibility >= " + floor;
  std::string source = table->source + (rule ? "; " + rule->source : "");
  if (compare_versions(driver, floor) < 0) {
    context.add("cuda.driver", k_group, Status::fail, "NVIDIA driver", seen,
                "Programs built with this toolkit do not run on this driver (below the minor-version compatibility floor)",
                source, "update the NVIDIA driver to >= " + table->min_driver + ", or build with an older CUDA toolkit");
  } else if (compare_versions(driver, table->min_driver) < 0) {
    context.add("cuda.driver", k_group, Status::warn, "NVIDIA driver", seen, rule ? rule->advice : "", source,
                "update the NVIDIA driver to >= " + table->min_driver);
  } else {
    context.add("cuda.driver", k_group, Status::pass, "NVIDIA driver", seen, "", source);
  }
}

void check_cuda_targets(const CheckContext& context) {
  const auto& facts = context.facts;
  const NvccInstall* nvcc = selected_nvcc(facts);
  std::vector<std::string> targets;
  for (const auto& target : facts.targets) {
    if (target.starts_with("sm_")) {
      std::string base = target;
      while (!base.empty() && (base.back() == 'a' || base.back() == 'f')) {
        base.pop_back();
      }
      targets.push_back(base);
    }
  }
  if (nvcc == nullptr || nvcc->version.empty() || targets.empty()) {
    return;
  }
  // Where each target left or entered nvcc's list (data/compiler_targets.tsv, CUDA 11.0 - 13.x).
  std::vector<std::string> releases_that_work;
  std::optional<CompilerTargets> listed;
  std::vector<std::string> not_listed;
  for (const auto& target : targets) {
    auto verdict = context.rules.judge_target("cuda", nvcc->version, target);
    listed = verdict.installed ? verdict.installed : listed;
    if (verdict.installed && verdict.builds) {
      continue;
    }
    if (verdict.installed) {
      not_listed.push_back(target);
    }
    if (verdict.first_release.empty()) {
      releases_that_work.push_back(target + ": no CUDA release up to 13.x lists it");
    } else if (compare_versions(verdict.first_release, nvcc->version) > 0) {
      releases_that_work.push_back(target + ": CUDA " + verdict.first_release + " or newer");
    } else {
      releases_that_work.push_back(target + ": CUDA " + verdict.first_release + " to " + verdict.last_release);
    }
  }
  auto table = context.rules.cuda_toolkit(nvcc->version);
  if (!table) {
    if (!listed) {
      context.add("cuda.targets", k_group, Status::skip, "targets nvcc can build",
                  "CUDA " + major_minor(nvcc->version) + " has no row in data/cuda_toolkits.tsv or data/compiler_targets.tsv");
    } else if (not_listed.empty()) {
      context.add("cuda.targets", k_group, Status::pass, "targets nvcc can build",
                  join(targets, ", ") + " in CUDA " + listed->release + "'s list", "", listed->source);
    } else {
      context.add("cuda.targets", k_group, Status::fail, "targets nvcc can build",
                  join(not_listed, ", ") + " not in CUDA " + listed->release + "'s targets (" + listed->targets.front() +
                      " ... " + listed->targets.back() + ")",
                  "nvcc rejects a --gpu-name / -gencode target it does not know", listed->source,
                  "use " + join(releases_that_work, "; ") + " and export CUDA_HOME=/usr/local/cuda-<version>");
    }
    return;
  }
  std::vector<std::string> outside;
  for (const auto& target : targets) {
    if (std::find(table->sm_list.begin(), table->sm_list.end(), target) == table->sm_list.end()) {
      outside.push_back(target);
    }
  }
  if (outside.empty()) {
    context.add("cuda.targets", k_group, Status::pass, "targets nvcc can build",
                join(targets, ", ") + " in CUDA " + table->cuda + "'s list", "", table->source);
    return;
  }
  auto rule = compare_versions(cuda_arch_of(outside.front()), "7.5") < 0 && major_of(table->cuda).value_or(0) >= 13
                  ? context.rules.advice_by_id("cuda13-no-pre-turing")
                  : std::nullopt;
  context.add("cuda.targets", k_group, Status::fail, "targets nvcc can build",
              join(outside, ", ") + " not in CUDA " + table->cuda + "'s targets (" + table->sm_list.front() + " ... " +
                  table->sm_list.back() + ")",
              rule ? rule->advice : "nvcc rejects a --gpu-name / -gencode target it does not know",
              table->source + (rule ? "; " + rule->source : ""),
              "use " + (releases_that_work.empty() ? "a CUDA toolkit that lists " + join(outside, ", ")
                                                   : join(releases_that_work, "; ")) +
                  " and export CUDA_HOME=/usr/local/cuda-<version>");
}

}  // namespace

void check_cuda(const CheckContext& context) {
  const auto& facts = context.facts;
  if (facts.backend != "cuda") {
    if (!facts.cuda.installs.empty()) {
      context.add("cuda", k_group, Status::skip, "CUDA", "not building for CUDA (" + facts.backend_reason + ")");
    }
    return;
  }
  check_toolkits(context);
  check_host_compiler(context);
  check_driver(context);
  check_cuda_targets(context);
}

}  // namespace archfit::doctor
