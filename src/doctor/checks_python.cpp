// Python: the interpreter against the project's range, isolation (venv/conda, PEP 668), the torch that
// is installed (read from torch/version.py, never imported) against the backend, the Triton pin, build
// isolation, AOTriton downloads, and a conda libstdc++ that would shadow the system's.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "check/install_consistency.hpp"
#include "doctor/checks_common.hpp"
#include "doctor/probes.hpp"
#include "doctor/versions.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::doctor {

namespace {

constexpr const char* k_group = "python";

const check::Distribution* find_distribution(const Facts& facts, std::string_view name) {
  for (const auto& distribution : facts.python.distributions) {
    if (distribution.info.name == name) {
      return &distribution;
    }
  }
  return nullptr;
}

std::string flavor(const check::PackageInfo& torch) {
  if (!torch.torch_hip.empty()) {
    return "rocm";
  }
  if (!torch.torch_cuda.empty()) {
    return "cuda";
  }
  return "cpu";
}

std::string torch_index(const Facts& facts) {
  if (facts.backend == "rocm") {
    const RocmInstall* rocm = selected_rocm(facts);
    return "https://download.pytorch.org/whl/rocm" + (rocm != nullptr && !rocm->version.empty() ? major_minor(rocm->version)
                                                                                                : std::string("6.4"));
  }
  const NvccInstall* nvcc = selected_nvcc(facts);
  std::string version = nvcc != nullptr && !nvcc->version.empty() ? major_minor(nvcc->version) : "12.8";
  version.erase(std::remove(version.begin(), version.end(), '.'), version.end());
  return "https://download.pytorch.org/whl/cu" + version;
}

void check_interpreter(const CheckContext& context) {
  const auto& facts = context.facts;
  const auto& python = facts.python;
  if (!python.ok()) {
    context.add("python.interpreter", k_group, Status::fail, "Python interpreter", python.error,
                "The build runs setup.py / pip with this interpreter", "",
                facts.os_family == "debian" ? context.sudo() + "apt-get install python3 python3-venv" : "install Python 3");
    return;
  }
  std::string seen = "Python " + python.version + " (" + python.interpreter + ", " + python.requested + ")";
  // The source tree's own requirement first, else the table's.
  if (!facts.source.python_requires.empty() && facts.source.project == facts.project) {
    bool ok = true;
    for (const auto& clause : knowledge::split_list_field(facts.source.python_requires, true)) {
      ok = ok && check::version_satisfies(python.version, clause);
    }
    if (!ok) {
      context.add("python.interpreter", k_group, Status::fail, "Python interpreter", seen,
                  facts.project + " requires Python " + facts.source.python_requires,
                  facts.source.dir + "/" + facts.source.python_requires_source,
                  "create the build environment with a matching Python: python3.X -m venv ~/venvs/build");
      return;
    }
    context.add("python.interpreter", k_group, Status::pass, "Python interpreter",
                seen + " satisfies " + facts.source.python_requires, "",
                facts.source.dir + "/" + facts.source.python_requires_source);
    return;
  }
  auto requirement = context.rules.project_requirement(facts.project, facts.project_version);
  if (!requirement || requirement->python_min.empty()) {
    context.add("python.interpreter", k_group, Status::pass, "Python interpreter", seen);
    return;
  }
  std::string range = ">=" + requirement->python_min + (requirement->python_max.empty() ? "" : ", <=" + requirement->python_max + ".x");
  bool too_old = compare_versions(python.version, requirement->python_min) < 0;
  bool too_new = !requirement->python_max.empty() && compare_versions(major_minor(python.version), requirement->python_max) > 0;
  std::string label = facts.project + " " + requirement->version;
  if (too_old || too_new) {
    context.add("python.interpreter", k_group, Status::fail, "Python interpreter", seen,
                label + " supports Python " + range, requirement->source,
                "create the build environment with Python " + (too_old ? requirement->python_min : requirement->python_max) +
                    ": python" + (too_old ? requirement->python_min : requirement->python_max) + " -m venv ~/venvs/build");
    return;
  }
  context.add("python.interpreter", k_group, Status::pass, "Python interpreter",
              seen + " within " + label + "'s " + range, "", requirement->source);
}

void check_environment(const CheckContext& context) {
  const auto& python = context.facts.python;
  if (!python.ok()) {
    return;
  }
  if (python.venv || python.conda) {
    context.add("python.environment", k_group, Status::pass, "isolated environment",
                std::string(python.conda ? "conda environment " : "virtual environment ") + python.prefix);
    return;
  }
  // Debian/Ubuntu split venv out of their python3; other Pythons (pyenv, conda, python.org builds) have it.
  bool distro_python = python.interpreter.starts_with("/usr/bin/") || python.executable.starts_with("/usr/bin/");
  std::string venv = context.facts.os_family == "debian" && distro_python ? context.install("python-venv") : "";
  std::string fix = (venv.empty() ? "" : venv + "\n") + "python3 -m venv ~/venvs/build && . ~/venvs/build/bin/activate";
  if (python.externally_managed) {
    context.add("python.environment", k_group, Status::fail, "isolated environment",
                "system Python " + python.prefix + " is marked externally managed (" +
                    join_path(python.stdlib, "EXTERNALLY-MANAGED") + ")",
                "pip refuses to install into it (\"error: externally-managed-environment\"): build in a virtual "
                "environment",
                "PEP 668 (https://peps.python.org/pep-0668/)", fix);
    return;
  }
  context.add("python.environment", k_group, Status::warn, "isolated environment",
              "system Python " + python.prefix + " (no venv, no conda)",
              "Installing the build's requirements into the system Python mixes them with the distribution's packages",
              "pytorch/pytorch README.md (conda or venv: export CMAKE_PREFIX_PATH=\"${VIRTUAL_ENV}:...\")", fix);
}

void check_torch(const CheckContext& context) {
  const auto& facts = context.facts;
  if (!facts.python.ok() || facts.project == "triton") {
    return;
  }
  const auto* torch = find_distribution(facts, "torch");
  bool extension = facts.project == "vllm" || facts.project == "flash-attn";
  if (torch == nullptr) {
    if (extension && facts.backend != "cpu") {
      context.add("python.torch", k_group, Status::fail, "installed torch",
                  "no torch in " + join(facts.python.site_dirs, ", "),
                  facts.project + " builds against the installed torch; with --no-build-isolation it must be installed "
                  "first (with isolation pip fetches a CUDA torch from PyPI instead)",
                  "https://github.com/vllm-project/vllm/issues/17445; vLLM ROCm install docs (step 0: PyTorch for ROCm)",
                  "python -m pip install torch --index-url " + torch_index(facts));
    } else {
      context.add("python.torch", k_group, Status::pass, "installed torch",
                  "no torch installed in the build environment" +
                      std::string(facts.project == "pytorch" ? " (the build makes one)" : ""));
    }
    return;
  }
  const auto& info = torch->info;
  std::string kind = flavor(info);
  std::string seen = "torch " + info.version + " (" + kind +
                     (kind == "rocm" ? " HIP " + info.torch_hip : (kind == "cuda" ? " CUDA " + info.torch_cuda : "")) +
                     ", torch/version.py in " + torch->site_dir + ")";
  if (!extension) {
    context.add("python.torch", k_group, Status::pass, "installed torch", seen + "; the build replaces it");
    return;
  }
  if (facts.backend != "cpu" && kind != facts.backend) {
    context.add("python.torch", k_group, Status::fail, "installed torch", seen,
                facts.project + " for " + facts.backend + " must build against a " + facts.backend +
                    " torch: a CUDA torch in a ROCm build (or the reverse) makes the build look for the other "
                    "toolkit (\"No ROCm runtime is found\", \"CUDA_HOME environment variable is not set\")",
                "https://github.com/vllm-project/vllm/issues/17445",
                "python -m pip uninstall -y torch && python -m pip install torch --index-url " + torch_index(facts));
    return;
  }
  if (kind == "rocm") {
    const RocmInstall* rocm = selected_rocm(facts);
    if (rocm != nullptr && !rocm->version.empty() && major_minor(info.torch_hip) != major_minor(rocm->version)) {
      context.add("python.torch", k_group, Status::warn, "installed torch",
                  seen + "; the build uses ROCm " + rocm->version + " (" + rocm->root + ")",
                  "The ROCm of the torch wheel should match the ROCm the extension is compiled with",
                  "vLLM ROCm install docs (vllm-project/vllm docs/getting_started/installation/gpu.rocm.inc.md@06d0369d): "
                  "\"The ROCm version of PyTorch, ideally, should match the ROCm driver version\"; "
                  "https://github.com/vllm-project/vllm/issues/8042",
                  "python -m pip install torch --index-url " + torch_index(facts));
      return;
    }
  }
  if (kind == "cuda") {
    const NvccInstall* nvcc = selected_nvcc(facts);
    if (nvcc != nullptr && !nvcc->version.empty()) {
      bool major_differs = major_of(info.torch_cuda) != major_of(nvcc->version);
      bool minor_differs = major_minor(info.torch_cuda) != major_minor(nvcc->version);
      if (major_differs || minor_differs) {
        context.add("python.torch", k_group, major_differs ? Status::fail : Status::warn, "installed torch",
                    seen + "; nvcc " + nvcc->version,
                    major_differs ? "torch.utils.cpp_extension stops: \"The detected CUDA version mismatches the version "
                                    "that was used to compile PyTorch\""
                                  : "torch.utils.cpp_extension warns when the minor versions differ",
                    "pytorch/pytorch torch/utils/cpp_extension.py (_check_cuda_version)",
                    "export CUDA_HOME=/usr/local/cuda-" + major_minor(info.torch_cuda) + "   # or install torch built for CUDA " +
                        major_minor(nvcc->version));
        return;
      }
    }
  }
  context.add("python.torch", k_group, Status::pass, "installed torch", seen);
}

void check_triton(const CheckContext& context) {
  const auto& facts = context.facts;
  if (!facts.python.ok()) {
    return;
  }
  static const std::vector<std::string> names = {"triton", "pytorch-triton", "pytorch-triton-rocm", "triton-rocm"};
  std::vector<const check::Distribution*> installed;
  for (const auto& name : names) {
    if (const auto* distribution = find_distribution(facts, name)) {
      installed.push_back(distribution);
    }
  }
  std::vector<std::string> listed;
  std::vector<std::string> installed_names;
  for (const auto* distribution : installed) {
    listed.push_back(distribution->info.name + " " + distribution->info.version);
    installed_names.push_back(distribution->info.name);
  }
  if (installed.size() > 1) {
    context.add("python.triton-several", k_group, Status::fail, "Triton distributions",
                fmt::format("{} Triton distributions installed: {}", installed.size(), join(listed, ", ")),
                "They all install the `triton` package and overwrite each other's files; the last one installed owns "
                "`import triton`",
                "https://github.com/pytorch/pytorch/issues/128357; https://github.com/ROCm/triton/issues/626",
                "python -m pip uninstall -y " + join(installed_names, " ") + "\n# then install the one torch pins");
  }
  // The pin: the source tree's (building PyTorch), else the installed torch's METADATA.
  std::string pin_name;
  std::string pin_specifier;
  std::string pin_source;
  if (facts.project == "pytorch" && !facts.source.triton_version.empty()) {
    pin_specifier = "==" + facts.source.triton_version;
    pin_source = facts.source.dir + "/.ci/docker/triton_version.txt" +
                 (facts.source.triton_commit.empty() ? "" : " (commit " + facts.source.triton_commit.substr(0, 12) +
                                                                " in .ci/docker/ci_commit_pins/triton.txt)");
  } else if (const auto* torch = find_distribution(facts, "torch")) {
    for (const auto& text : torch->info.requires_dist) {
      auto requirement = check::parse_requirement(text);
      if (requirement && std::find(names.begin(), names.end(), requirement->name) != names.end() &&
          requirement->marker.find("extra") == std::string::npos) {
        pin_name = requirement->name;
        pin_specifier = requirement->specifier;
        pin_source = torch->info.dist_info + "/METADATA: Requires-Dist: " + text;
        break;
      }
    }
  }
  // A torch built from source carries no Triton requirement: the table's pair for its release.
  if (pin_specifier.empty()) {
    if (const auto* torch = find_distribution(facts, "torch")) {
      if (auto row = context.rules.triton_pin(torch->info.version)) {
        bool rocm = !torch->info.torch_hip.empty() && !row->triton_rocm_dist.empty();
        std::string requirement = rocm ? row->triton_rocm_dist : "triton" + row->triton;
        if (auto parsed = check::parse_requirement(requirement)) {
          pin_name = parsed->name;
          pin_specifier = parsed->specifier;
          pin_source = "data/torch_triton_pins.tsv " + row->torch + " (torch " + torch->info.version +
                       " names no Triton in its METADATA): " + row->source;
        }
      }
    }
  }
  if (pin_specifier.empty()) {
    if (installed.size() <= 1) {
      context.add("python.triton", k_group, Status::pass, "Triton pin",
                  (installed.empty() ? std::string("no Triton installed") : listed.front()) + "; no pin to compare with "
                  "(no torch source tree, no torch that requires one)");
    }
    return;
  }
  std::string wanted = pin_name.empty() ? "Triton " + pin_specifier : pin_name + pin_specifier;
  const check::Distribution* match = nullptr;
  for (const auto* distribution : installed) {
    if ((pin_name.empty() || distribution->info.name == pin_name) &&
        check::version_satisfies(distribution->info.version, pin_specifier)) {
      match = distribution;
    }
  }
  std::string install_name = !pin_name.empty() ? pin_name : (facts.backend == "rocm" ? "pytorch-triton-rocm" : "triton");
  std::string fix = facts.project == "pytorch" && !facts.source.triton_version.empty()
                        ? "make triton   # in the torch tree: builds and installs the pinned Triton\n# or: python -m pip "
                          "install \"" + install_name + pin_specifier + "\""
                        : "python -m pip install \"" + install_name + pin_specifier + "\"";
  if (match == nullptr) {
    context.add("python.triton", k_group, installed.empty() ? Status::warn : Status::fail, "Triton pin",
                (installed.empty() ? std::string("no Triton installed") : join(listed, ", ")) + "; the pin is " + wanted,
                "torch.compile and Triton kernels need the Triton torch was pinned to (\"cannot import name "
                "'triton_key'\", crashes otherwise)",
                pin_source + "; https://github.com/pytorch/pytorch/issues/128357", fix);
    return;
  }
  if (installed.size() == 1) {
    context.add("python.triton", k_group, Status::pass, "Triton pin",
                match->info.name + " " + match->info.version + " satisfies " + wanted, "", pin_source);
  }
}

void check_build_isolation(const CheckContext& context) {
  const auto& facts = context.facts;
  auto value = context.environment.get("PIP_NO_BUILD_ISOLATION");
  std::string rule = "Build against the environment's own torch/cmake: pip install --no-build-isolation (with isolation "
                     "pip builds in a temporary environment and fetches torch from PyPI, a CUDA build)";
  std::string source = "pytorch/pytorch README.md (python -m pip install --no-build-isolation -v -e .); "
                       "https://github.com/vllm-project/vllm/issues/17445; pip reads PIP_NO_BUILD_ISOLATION inverted: "
                       "https://github.com/pypa/pip/issues/5735";
  if (value) {
    std::string v = *value;
    for (auto& c : v) {
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    bool off = v == "0" || v == "false" || v == "no" || v == "off";
    if (off) {
      context.add("python.build-isolation", k_group, Status::pass, "pip build isolation",
                  "$PIP_NO_BUILD_ISOLATION=" + *value + ": pip builds without isolation (its inverted meaning)", "", source);
    } else {
      context.add("python.build-isolation", k_group, Status::warn, "pip build isolation",
                  "$PIP_NO_BUILD_ISOLATION=" + *value + " keeps build isolation ON: pip reads the variable inverted",
                  rule, source, "export PIP_NO_BUILD_ISOLATION=0   # means --no-build-isolation\n# or pass --no-build-isolation to pip");
    }
    return;
  }
  bool extension = facts.project == "vllm" || facts.project == "flash-attn";
  context.add("python.build-isolation", k_group, extension && facts.backend == "rocm" ? Status::warn : Status::pass,
              "pip build isolation",
              "$PIP_NO_BUILD_ISOLATION unset: pass --no-build-isolation to pip (the steps of `archfit env` do)", rule, source,
              extension && facts.backend == "rocm" ? "python -m pip install --no-build-isolation -e ." : "");
}

void check_aotriton(const CheckContext& context) {
  const auto& facts = context.facts;
  if (facts.project != "pytorch" || facts.backend != "rocm") {
    return;
  }
  const auto& environment = context.environment;
  auto prefix = environment.get("AOTRITON_INSTALLED_PREFIX");
  auto from_source = environment.get("AOTRITON_INSTALL_FROM_SOURCE");
  auto flash = environment.get("USE_FLASH_ATTENTION");
  auto mem_eff = environment.get("USE_MEM_EFF_ATTENTION");
  std::string source = "https://github.com/pytorch/pytorch/blob/v2.7.1/cmake/External/aotriton.cmake; "
                       "https://github.com/pytorch/pytorch/pull/136603; "
                       "https://github.com/spack/spack-packages/issues/5302";
  if (prefix && !prefix->empty()) {
    context.add("python.aotriton", k_group, Status::pass, "AOTriton", "$AOTRITON_INSTALLED_PREFIX=" + *prefix +
                " (\"Using Preinstalled AOTriton\")", "", source);
    return;
  }
  if (from_source && *from_source == "1") {
    context.add("python.aotriton", k_group, Status::pass, "AOTriton",
                "$AOTRITON_INSTALL_FROM_SOURCE=1: built from source (about 45 minutes more)", "", source);
    return;
  }
  if (flash && *flash == "0" && mem_eff && *mem_eff == "0") {
    context.add("python.aotriton", k_group, Status::pass, "AOTriton",
                "USE_FLASH_ATTENTION=0 and USE_MEM_EFF_ATTENTION=0: AOTriton is not used");
    return;
  }
  context.add("python.aotriton", k_group, Status::warn, "AOTriton",
              "AOTRITON_INSTALLED_PREFIX and AOTRITON_INSTALL_FROM_SOURCE unset: the configure step downloads a prebuilt "
              "AOTriton runtime and per-arch images from GitHub",
              "Without network access (air-gapped builds, proxies) the configure fails; set a prefix or build from source",
              source,
              "export AOTRITON_INSTALLED_PREFIX=/path/to/aotriton   # an unpacked AOTriton release\n"
              "# or: export AOTRITON_INSTALL_FROM_SOURCE=1");
}

void check_conda_libstdcxx(const CheckContext& context) {
  const auto& system = context.facts.detect.host.system;
  if (system.conda_libstdcxx.path.empty()) {
    return;
  }
  auto conda = system.conda_libstdcxx.highest.find("GLIBCXX");
  auto host = system.libstdcxx.highest.find("GLIBCXX");
  if (conda == system.conda_libstdcxx.highest.end() || host == system.libstdcxx.highest.end()) {
    return;
  }
  auto version = [](const std::string& symbol) { return symbol.substr(symbol.find('_') + 1); };
  auto rule = context.rules.advice_by_id("loader-libstdcxx-glibcxx");
  if (compare_versions(version(conda->second), version(host->second)) < 0) {
    context.add("python.conda-libstdcxx", k_group, Status::warn, "conda libstdc++",
                system.conda_libstdcxx.path + " defines up to " + conda->second + ", the system's " +
                    system.libstdcxx.path + " " + host->second + ": Python from this env loads the older one first",
                rule ? rule->advice : "", rule ? rule->source : "",
                "conda install -c conda-forge \"libstdcxx-ng>=12\"   # a libstdc++ at least as new as the system's");
  }
}

}  // namespace

void check_python(const CheckContext& context) {
  check_interpreter(context);
  check_environment(context);
  check_torch(context);
  check_triton(context);
  check_build_isolation(context);
  check_aotriton(context);
  check_conda_libstdcxx(context);
}

}  // namespace archfit::doctor
