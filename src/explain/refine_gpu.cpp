// Context for the GPU categories: gpu-code-missing, gpu-isa-override, arch-detect, triton-compile.
#include <algorithm>
#include <optional>
#include <regex>
#include <string_view>

#include <fmt/format.h>

#include "check/target_rules.hpp"
#include "detect/gfx_target_version.hpp"
#include "explain/log_facts.hpp"
#include "explain/refiner.hpp"
#include "explain/rocm_support.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "model/target_id.hpp"

namespace archfit::explain {

namespace {

constexpr std::size_t k_max_library_details = 6;

// AMD when the signature is about HIP/ROCm (hip-*, or a gfx on the line), else NVIDIA.
bool is_amd_signature(const Finding& finding) {
  if (finding.id.starts_with("hip")) {
    return true;
  }
  for (const auto& evidence : finding.evidence) {
    if (evidence.text.find("gfx") != std::string::npos || evidence.text.find("HIP") != std::string::npos) {
      return true;
    }
  }
  return false;
}

std::string override_spelling(std::string_view processor) {
  auto version = detect::parse_gfx_processor_name(processor);
  return version ? version->override_spelling() : std::string();
}

// Libraries the log names (directly, or through a package directory), with the GPU code in them.
std::vector<LibraryFacts> gpu_libraries_named(const LogMatches& log, MachineContext& machine) {
  std::vector<LibraryFacts> libraries;
  auto add = [&](const LibraryFacts& facts) {
    for (const auto& known : libraries) {
      if (known.path == facts.path) {
        return;
      }
    }
    libraries.push_back(facts);
  };
  for (const auto& library : log.facts.libraries) {
    const LibraryFacts& facts = machine.library(library.value);
    if (!facts.gpu_targets.empty()) {
      add(facts);
    }
  }
  for (const auto& package : log.facts.packages) {
    for (const auto& facts : machine.package_gpu_libraries(package.value)) {
      add(facts);
    }
  }
  return libraries;
}

// "libx.so carries gfx1030, gfx90a: none runs on gfx1031" for each library and GPU.
void add_library_fit_details(Finding& finding, const std::vector<LibraryFacts>& libraries,
                             const std::vector<const detect::DetectedGpu*>& gpus) {
  std::size_t shown = 0;
  for (const auto& library : libraries) {
    if (shown++ == k_max_library_details) {
      finding.details.push_back(fmt::format("(and {} more libraries with GPU code)", libraries.size() - k_max_library_details));
      break;
    }
    std::string carried = join_list(library.gpu_targets);
    for (const auto* gpu : gpus) {
      auto device = check::parse_device_target(gpu->target_id.empty() ? gpu->target : gpu->target_id);
      if (!device) {
        continue;
      }
      std::vector<std::string> running;
      std::string same_family;
      for (const auto& target : library.gpu_targets) {
        auto fit = check::code_fits(target, *device);
        if (fit.fit != check::Fit::no) {
          running.push_back(target);
        }
        std::string processor(model::processor_of(target));
        if (same_family.empty() && gpu->vendor == model::Vendor::amd && processor != gpu->target &&
            !amd_family(processor).empty() && amd_family(processor) == amd_family(gpu->target)) {
          same_family = processor;
        }
      }
      if (!running.empty()) {
        finding.details.push_back(fmt::format("{} carries {}: {} runs on this {}, so this library is not the one "
                                              "missing code",
                                              library.path, carried, join_list(running), gpu->target));
        continue;
      }
      finding.details.push_back(
          fmt::format("{} carries {}: none runs on this GPU, {}", library.path, carried, gpu->target_id));
      if (!same_family.empty()) {
        finding.details.push_back(fmt::format(
            "{} is of {}'s family ({}): HSA_OVERRIDE_GFX_VERSION={} makes the runtime load that code instead. "
            "It usually works within a family but is unsupported (wrong results or faults are possible); "
            "rebuilding for {} is the real fix",
            same_family, gpu->target, amd_family(gpu->target), override_spelling(same_family), gpu->target));
      }
    }
  }
}

void describe_override_here(Finding& finding, const MachineContext& machine) {
  for (const auto* gpu : machine.gpus(model::Vendor::amd)) {
    if (!gpu->override_target.empty() && gpu->override_target != gpu->target) {
      auto value = machine.environment().get("HSA_OVERRIDE_GFX_VERSION");
      finding.details.push_back(fmt::format("HSA_OVERRIDE_GFX_VERSION={} is set here: programs see {} instead of the "
                                            "real {}",
                                            value.value_or("?"), gpu->override_target, gpu->target));
      return;
    }
  }
}

// The sm_ of the GPU a finding's evidence names: the first sm_ on an evidence line that stands before torch's
// list of the architectures the install has ("The current PyTorch install supports CUDA capabilities sm_37
// sm_50 ..."), which are not the GPU's (rounds 52 and 53: the list quoted alone names no GPU at all). Built on
// first use: a namespace-scope std::regex is compiled at start-up by every command, explain or not.
std::optional<std::string> gpu_sm_in_evidence(const Finding& finding) {
  static const std::regex k_gpu_sm{R"(^(?:(?!supports cuda capabilities).)*?sm_([0-9]+[a-z]?))",
                                   std::regex::icase};
  return capture(finding, k_gpu_sm);
}

// The AMD GPUs a log that sets no override names (log_facts.hpp), one per processor and at most
// k_max_named_gpus: by gfx or product name, or by an APU's CPU when it names no other.
constexpr std::size_t k_max_named_gpus = 2;
std::vector<const LoggedGpu*> gpus_named_without_override(const LogFacts& facts) {
  std::vector<const LoggedGpu*> named;
  if (!facts.overrides.empty()) {
    return named;  // log_rules.cpp judges a log's GPUs against its override
  }
  bool other_than_cpu = std::any_of(facts.gpus.begin(), facts.gpus.end(),
                                    [](const LoggedGpu& gpu) { return gpu.naming != GpuNaming::cpu_name; });
  for (const auto& gpu : facts.gpus) {
    bool known = std::any_of(named.begin(), named.end(),
                             [&](const LoggedGpu* seen) { return seen->where.value == gpu.where.value; });
    if (known || (other_than_cpu && gpu.naming == GpuNaming::cpu_name) || named.size() == k_max_named_gpus) {
      continue;
    }
    named.push_back(&gpu);
  }
  return named;
}

// What the compatibility matrices say about each GPU the log names, and the gfx the fix should name
// when the log names one processor and the matching line none.
void describe_named_amd_gpus(Finding& finding, PlaceholderValues& values, const LogFacts& facts,
                             const std::optional<std::string>& line_gfx) {
  if (line_gfx) {
    if (std::string support = describe_rocm_support(rocm_support(*line_gfx)); !support.empty()) {
      finding.details.push_back(support);
    }
    return;
  }
  auto named = gpus_named_without_override(facts);
  for (const auto* gpu : named) {
    std::string support = describe_rocm_support(rocm_support(gpu->where.value));
    finding.details.push_back(fmt::format("the log names {} ({}, line {}){}{}", gpu->named_as, gpu->where.value,
                                          gpu->where.line, support.empty() ? "" : ": ", support));
  }
  if (named.size() == 1 && !values.contains("gfx of your GPU")) {
    values["gfx of your GPU"] = named.front()->where.value;
    values["gfx"] = named.front()->where.value;
  }
}

}  // namespace

void refine_gpu_code_missing(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  bool amd = is_amd_signature(finding);
  if (amd) {
    std::optional<std::string> log_gfx;
    for (const auto& evidence : finding.evidence) {
      if (std::string gfx = first_known_processor(evidence.text); !gfx.empty()) {
        log_gfx = gfx;
        break;
      }
    }
    std::vector<std::string> targets = input.machine != nullptr ? input.machine->amd_targets() : std::vector<std::string>{};
    std::string here = join_list(targets, ";");
    if (!here.empty()) {
      values["gfx of your GPU"] = here;
      values["gfx"] = log_gfx.value_or(here);
    } else if (log_gfx) {
      values["gfx of your GPU"] = *log_gfx;
      values["gfx"] = *log_gfx;
    }
    if (log_gfx) {
      finding.details.push_back(fmt::format("the GPU in the log is {}", *log_gfx));
    }
    if (input.machine != nullptr) {
      MachineContext& machine = *input.machine;
      if (targets.empty()) {
        finding.details.push_back("no AMD GPU was found on this machine: use the gfx of the machine that wrote the log "
                                  "(archfit detect there)");
      } else {
        finding.details.push_back(fmt::format("this machine's GPU: {}", describe_gpus(machine, model::Vendor::amd)));
        describe_override_here(finding, machine);
        if (log_gfx && std::find(targets.begin(), targets.end(), *log_gfx) == targets.end()) {
          bool is_override = false;
          for (const auto* gpu : machine.gpus(model::Vendor::amd)) {
            is_override = is_override || gpu->override_target == *log_gfx;
          }
          if (!is_override) {
            finding.details.push_back(fmt::format("{} is not a GPU of this machine ({}): the log likely comes from "
                                                  "another machine; the fix names the log's GPU",
                                                  *log_gfx, here));
          }
        }
      }
      auto libraries = gpu_libraries_named(input.log, machine);
      add_library_fit_details(finding, libraries, machine.gpus(model::Vendor::amd));
      if (!libraries.empty()) {
        values["lib.so"] = libraries.front().path;
      }
    }
    describe_named_amd_gpus(finding, values, input.log.facts, log_gfx);
  } else {
    auto log_sm = gpu_sm_in_evidence(finding);
    std::string log_capability = log_sm ? sm_to_capability("sm_" + *log_sm) : std::string();
    std::vector<std::string> capabilities =
        input.machine != nullptr ? input.machine->cuda_capabilities() : std::vector<std::string>{};
    std::string here = join_list(capabilities, ";");
    std::string value = !log_capability.empty() ? log_capability : here;
    if (!value.empty()) {
      values["X.Y"] = value;
      values["your X.Y"] = value;
    }
    if (log_sm) {
      finding.details.push_back(fmt::format("the GPU in the log is sm_{} (compute capability {})", *log_sm, log_capability));
    }
    if (input.machine != nullptr) {
      MachineContext& machine = *input.machine;
      if (capabilities.empty()) {
        finding.details.push_back("no NVIDIA GPU was found on this machine: use the compute capability of the machine "
                                  "that wrote the log (archfit detect there)");
      } else {
        finding.details.push_back(fmt::format("this machine's GPU: {}, compute capability {}",
                                              describe_gpus(machine, model::Vendor::nvidia), here));
      }
      add_library_fit_details(finding, gpu_libraries_named(input.log, machine), machine.gpus(model::Vendor::nvidia));
    }
  }
  for (const auto& package : input.log.facts.packages) {
    if (package.value.ends_with("/torch")) {
      values["site-packages"] = package.value.substr(0, package.value.size() - 6);
      break;
    }
  }
}

void refine_gpu_isa_override(Finding& finding, PlaceholderValues& /*values*/, const RefineInput& input) {
  struct Setting {
    std::string value;
    std::string where;
  };
  std::vector<Setting> settings;
  auto add_setting = [&settings](const std::string& value, const std::string& where) {
    for (auto& known : settings) {
      if (known.value == value) {
        known.where += " and " + where;
        return;
      }
    }
    settings.push_back({value, where});
  };
  for (const auto& logged : input.log.facts.overrides) {
    add_setting(logged.value, fmt::format("the log sets it (line {})", logged.line));
  }
  if (input.machine != nullptr) {
    if (auto value = input.machine->environment().get("HSA_OVERRIDE_GFX_VERSION"); value && !value->empty()) {
      add_setting(*value, "this environment sets it");
    }
  }
  std::vector<const detect::DetectedGpu*> gpus;
  if (input.machine != nullptr) {
    gpus = input.machine->gpus(model::Vendor::amd);
  }
  for (const auto& setting : settings) {
    auto version = detect::parse_gfx_override(setting.value);
    std::string seen = version ? version->processor_name() : std::string();
    std::string family = amd_family(seen);
    finding.details.push_back(fmt::format("HSA_OVERRIDE_GFX_VERSION={}: {}; programs then see {}{}", setting.value,
                                          setting.where, seen.empty() ? "no valid gfx" : seen,
                                          family.empty() ? "" : fmt::format(" (family {})", family)));
    for (const auto* gpu : gpus) {
      std::string own_family = amd_family(gpu->target);
      if (seen.empty() || seen == gpu->target) {
        continue;
      }
      if (own_family.empty() || own_family != family) {
        std::string representative = family_representative(gpu->target);
        std::string advice = "unset it";
        if (!representative.empty() && representative != gpu->target) {
          advice += fmt::format(", or use a value of its own family such as {} ({})", override_spelling(representative),
                                representative);
        }
        finding.details.push_back(fmt::format("this machine's GPU is {}{}: {} crosses families, so kernels built for {} "
                                              "fault or compute garbage on it; {}",
                                              gpu->target, own_family.empty() ? "" : fmt::format(" ({})", own_family),
                                              setting.value, seen, advice));
      } else {
        finding.details.push_back(fmt::format("this machine's GPU is {}, of the same family ({}): the override is a "
                                              "workaround that usually works, so look for another cause too",
                                              gpu->target, own_family));
      }
    }
  }
  if (input.machine != nullptr && settings.empty()) {
    finding.details.push_back(
        "HSA_OVERRIDE_GFX_VERSION is neither in the log nor in this environment; the process that crashed may have "
        "had it from a shell profile, a container's environment or a service unit: check there");
  }
  if (!gpus.empty() && settings.empty()) {
    finding.details.push_back(fmt::format("this machine's GPU: {}", describe_gpus(*input.machine, model::Vendor::amd)));
  }
}

void refine_arch_detect(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  if (input.machine == nullptr) {
    return;
  }
  const MachineContext& machine = *input.machine;
  std::string amd = join_list(machine.amd_targets(), ";");
  std::string nvidia = join_list(machine.cuda_capabilities(), ";");
  if (!amd.empty()) {
    values["gfx list"] = amd;
    values["gfx"] = amd;
    finding.details.push_back(fmt::format("this machine's GPU: {}: PYTORCH_ROCM_ARCH={} covers it",
                                          describe_gpus(machine, model::Vendor::amd), amd));
  }
  if (!nvidia.empty()) {
    values["X.Y"] = nvidia;
    finding.details.push_back(fmt::format("this machine's GPU: {}: TORCH_CUDA_ARCH_LIST={} covers it",
                                          describe_gpus(machine, model::Vendor::nvidia), nvidia));
  }
  if (amd.empty() && nvidia.empty()) {
    finding.details.push_back("no GPU is visible here either (as in a docker build): name the target GPU's arch "
                              "explicitly, as archfit detect prints it on the machine that will run the code");
  }
}

void refine_triton_compile(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  static const std::regex k_shared_memory{R"(Required: ([0-9]+), Hardware limit(ation)?: ([0-9]+))"};
  std::string storage;
  if (auto match = capture_all(finding, k_shared_memory, storage)) {
    auto required = std::stoull((*match)[1].str());
    auto limit = std::stoull((*match)[3].str());
    finding.details.push_back(fmt::format("the kernel needs {} bytes ({} KiB) of shared memory per block and the GPU "
                                          "allows {} ({} KiB): reduce the tile or stage count by at least {:.1f}x",
                                          required, required / 1024, limit, limit / 1024,
                                          limit == 0 ? 0.0 : static_cast<double>(required) / static_cast<double>(limit)));
  }
  if (auto sm = capture(finding, std::regex{R"('(sm_[0-9]+[a-z]?)')"})) {
    finding.details.push_back(fmt::format("the GPU architecture in the log is {}", *sm));
  }
  if (input.machine == nullptr) {
    return;
  }
  const MachineContext& machine = *input.machine;
  if (!machine.gpus(model::Vendor::nvidia).empty()) {
    finding.details.push_back(fmt::format("this machine's GPU: {}, compute capability {}",
                                          describe_gpus(machine, model::Vendor::nvidia),
                                          join_list(machine.cuda_capabilities())));
  }
  if (finding.id == "ptxas-gpu-name-undefined") {
    std::vector<std::string> toolkits;
    if (machine.exists("/usr/local/cuda/bin/ptxas")) {
      toolkits.push_back("/usr/local/cuda");
    }
    for (const auto& name : machine.list_dir("/usr/local")) {
      if (name.starts_with("cuda-") && machine.exists("/usr/local/" + name + "/bin/ptxas")) {
        toolkits.push_back("/usr/local/" + name);
      }
    }
    if (toolkits.empty()) {
      finding.details.push_back("no CUDA toolkit with bin/ptxas under /usr/local here: install one that knows the GPU");
    } else {
      values["CUDA toolkit new enough for the GPU"] = toolkits.front();
      finding.details.push_back(fmt::format("CUDA toolkits here: {} (its ptxas --version must know the GPU)",
                                            join_list(toolkits)));
    }
  }
}

}  // namespace archfit::explain
