#include "detect/environment_effects.hpp"

#include <algorithm>
#include <charconv>
#include <set>

#include <fmt/format.h>

#include "detect/gfx_target_version.hpp"
#include "detect/visible_devices.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "model/target_order.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

// "9.0" → 9.0; 0 for anything else (an unknown capability sorts last).
double capability_value(const std::string& capability) {
  double value = 0;
  auto [end, ec] = std::from_chars(capability.data(), capability.data() + capability.size(), value);
  return ec == std::errc{} ? value : 0;
}

// Two processors are one family when the processor table puts them under one generic target
// (gfx1030/gfx1031 → gfx10-3-generic); code for one then runs on the other. Otherwise an
// override makes the runtime load code compiled for a different ISA.
bool same_family(const std::string& a, const std::string& b) {
  if (a == b) {
    return true;
  }
  const auto& table = knowledge::AmdgpuProcessorTable::embedded();
  const auto* left = table.by_name(a);
  const auto* right = table.by_name(b);
  return left != nullptr && right != nullptr && !left->generic_family.empty() &&
         left->generic_family == right->generic_family;
}

void apply_override(const probe::Environment& environment, DetectReport& report) {
  auto value = environment.get("HSA_OVERRIDE_GFX_VERSION");
  if (!value) {
    return;
  }
  auto version = parse_gfx_override(*value);
  if (!version || version->processor_name().empty()) {
    report.findings.push_back({Severity::warning, "override-malformed",
                               fmt::format("HSA_OVERRIDE_GFX_VERSION={} is not major.minor.stepping in decimal; "
                                           "ROCr ignores it",
                                           *value),
                               "unset HSA_OVERRIDE_GFX_VERSION, or spell it like 10.3.0"});
    return;
  }
  std::string overridden = version->processor_name();
  for (auto& gpu : report.gpus) {
    if (gpu.vendor != model::Vendor::amd || gpu.target.empty() || gpu.target == overridden) {
      continue;
    }
    gpu.override_target = overridden;
    if (same_family(gpu.target, overridden)) {
      report.findings.push_back(
          {Severity::warning, "override-in-effect",
           fmt::format("HSA_OVERRIDE_GFX_VERSION={} makes the {} ({}) at {} run code built for {}: same family, "
                       "usually works, but it is not a supported configuration",
                       *value, gpu.name, gpu.target, gpu.pci, overridden),
           fmt::format("build for the real target instead: PYTORCH_ROCM_ARCH={} (or {})", gpu.target,
                       knowledge::AmdgpuProcessorTable::embedded().by_name(gpu.target) != nullptr
                           ? knowledge::AmdgpuProcessorTable::embedded().by_name(gpu.target)->generic_family
                           : gpu.target)});
    } else {
      report.findings.push_back(
          {Severity::error, "override-crosses-family",
           fmt::format("HSA_OVERRIDE_GFX_VERSION={} makes the {} ({}) at {} pretend to be {}, a different "
                       "architecture family: kernels built for {} will fault or compute garbage on this GPU "
                       "(newer libhsakmt refuses such overrides)",
                       *value, gpu.name, gpu.target, gpu.pci, overridden, overridden),
           fmt::format("unset HSA_OVERRIDE_GFX_VERSION and build for the real target: PYTORCH_ROCM_ARCH={}",
                       gpu.target)});
    }
  }
}

// The order CUDA enumerates NVIDIA GPUs in: PCI bus order with CUDA_DEVICE_ORDER=PCI_BUS_ID,
// otherwise "fastest first" — approximated as highest compute capability first, ties in PCI
// order (identical GPUs, the common case, come out in PCI order either way).
std::vector<DetectedGpu*> cuda_order(DetectReport& report, bool pci_order) {
  std::vector<DetectedGpu*> gpus;
  for (auto& gpu : report.gpus) {
    if (gpu.vendor == model::Vendor::nvidia && gpu.accessible) {
      gpus.push_back(&gpu);
    }
  }
  // PCI addresses are unique, so this is a total order.
  std::sort(gpus.begin(), gpus.end(), [pci_order](const DetectedGpu* a, const DetectedGpu* b) {
    if (!pci_order && a->compute_capability != b->compute_capability) {
      return capability_value(a->compute_capability) > capability_value(b->compute_capability);
    }
    return a->pci < b->pci;
  });
  return gpus;
}

std::vector<std::string> uuids_of(const std::vector<DetectedGpu*>& gpus) {
  std::vector<std::string> uuids;
  for (const auto* gpu : gpus) {
    uuids.push_back(gpu->uuid);
  }
  return uuids;
}

// Filters `gpus` through the variable `name` (when set), reporting an early stop.
std::vector<DetectedGpu*> filter(const probe::Environment& environment, const std::string& name,
                                 const std::vector<DetectedGpu*>& gpus, DetectReport& report) {
  auto value = environment.get(name);
  if (!value || gpus.empty()) {
    return gpus;  // unset, or nothing of this vendor to filter (CUDA_VISIBLE_DEVICES on a ROCm-less box)
  }
  VisibleDevices visible = parse_visible_devices(*value, uuids_of(gpus));
  if (!visible.stopped_at.empty()) {
    report.findings.push_back(
        {Severity::warning, "visible-devices-truncated",
         fmt::format("{}={}: '{}' {}, so the list ends there ({} of {} GPUs visible)", name, *value, visible.stopped_at,
                     visible.stop_reason, visible.devices.size(), gpus.size()),
         fmt::format("fix or remove '{}' in {}", visible.stopped_at, name)});
  } else if (trim(*value).empty()) {
    report.findings.push_back({Severity::warning, "visible-devices-empty",
                               fmt::format("{} is set but empty: programs see no GPU", name),
                               fmt::format("unset {}", name)});
  }
  std::vector<DetectedGpu*> result;
  for (std::size_t index : visible.devices) {
    result.push_back(gpus[index]);
  }
  if (visible.stopped_at.empty() && !trim(*value).empty() && result.size() < gpus.size()) {
    // A valid list that leaves GPUs out: often meant (one job per GPU), so a note, not a warning.
    report.findings.push_back({Severity::info, "visible-devices-hiding",
                               fmt::format("{}={}: programs see {} of the {} GPUs it applies to", name, *value,
                                           result.size(), gpus.size()),
                               fmt::format("unset {} to use all of them", name)});
  }
  return result;
}

void apply_visibility(const probe::Environment& environment, DetectReport& report) {
  std::vector<DetectedGpu*> amd;
  for (auto& gpu : report.gpus) {
    if (gpu.vendor == model::Vendor::amd && gpu.accessible && gpu.source != "pci-id-table") {
      amd.push_back(&gpu);
    }
  }
  // ROCr filters first; HIP then indexes ROCr's list with HIP_VISIBLE_DEVICES, or with
  // CUDA_VISIBLE_DEVICES when that is unset.
  amd = filter(environment, "ROCR_VISIBLE_DEVICES", amd, report);
  bool hip_set = environment.get("HIP_VISIBLE_DEVICES").has_value();
  amd = filter(environment, hip_set ? "HIP_VISIBLE_DEVICES" : "CUDA_VISIBLE_DEVICES", amd, report);
  auto order = environment.get("CUDA_DEVICE_ORDER");
  auto nvidia = filter(environment, "CUDA_VISIBLE_DEVICES", cuda_order(report, order && *order == "PCI_BUS_ID"),
                       report);
  for (auto& gpu : report.gpus) {
    gpu.visible = false;
    gpu.visible_index.reset();
  }
  for (const auto* list : {&amd, &nvidia}) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      (*list)[i]->visible = true;
      (*list)[i]->visible_index = static_cast<unsigned>(i);
    }
  }
}

// An APU's GPU next to a discrete one: ROCm enumerates both, so device 0 may be the small iGPU,
// and a build for "the GPUs here" also targets it (detect.md §1.6: Raphael iGPU before the dGPU).
void check_integrated_next_to_discrete(DetectReport& report) {
  std::vector<std::string> discrete_indices;
  const DetectedGpu* integrated = nullptr;
  for (const auto& gpu : report.gpus) {
    if (gpu.vendor != model::Vendor::amd || !gpu.visible_index) {
      continue;
    }
    if (gpu.integrated) {
      integrated = &gpu;
    } else {
      discrete_indices.push_back(std::to_string(*gpu.visible_index));
    }
  }
  if (integrated != nullptr && !discrete_indices.empty()) {
    report.findings.push_back(
        {Severity::warning, "integrated-gpu-visible",
         fmt::format("the integrated {} ({}) at {} is visible to ROCm next to the discrete GPU(s): programs may run "
                     "on it as device {}, and builds for all visible GPUs include {}",
                     integrated->name, integrated->target, integrated->pci, *integrated->visible_index,
                     integrated->target),
         fmt::format("export HIP_VISIBLE_DEVICES={} (only the discrete GPUs), or disable the iGPU in the firmware "
                     "settings",
                     fmt::join(discrete_indices, ","))});
  }
}

void summarize_targets(DetectReport& report) {
  std::vector<std::string> rocm;
  std::vector<std::string> rocm_ids;
  std::vector<std::string> cuda;
  for (const auto& gpu : report.gpus) {
    if (!gpu.visible || gpu.target.empty()) {
      continue;
    }
    if (gpu.vendor == model::Vendor::amd) {
      const std::string& effective = gpu.override_target.empty() ? gpu.target : gpu.override_target;
      if (std::find(rocm.begin(), rocm.end(), effective) == rocm.end()) {
        rocm.push_back(effective);
      }
      if (std::find(rocm_ids.begin(), rocm_ids.end(), gpu.target_id) == rocm_ids.end()) {
        rocm_ids.push_back(gpu.target_id);
      }
    } else if (std::find(cuda.begin(), cuda.end(), gpu.compute_capability) == cuda.end()) {
      cuda.push_back(gpu.compute_capability);
    }
  }
  std::sort(rocm.begin(), rocm.end(), [](const std::string& a, const std::string& b) { return model::target_less(a, b); });
  std::sort(cuda.begin(), cuda.end(), [](const std::string& a, const std::string& b) { return capability_value(a) < capability_value(b); });
  report.pytorch_rocm_arch = fmt::format("{}", fmt::join(rocm, ";"));
  report.torch_cuda_arch_list = fmt::format("{}", fmt::join(cuda, ";"));
  if (rocm.size() + cuda.size() > 1) {
    std::vector<std::string> parts;
    if (!rocm.empty()) {
      parts.push_back("PYTORCH_ROCM_ARCH=\"" + report.pytorch_rocm_arch + "\"");
    }
    if (!cuda.empty()) {
      parts.push_back("TORCH_CUDA_ARCH_LIST=\"" + report.torch_cuda_arch_list + "\"");
    }
    std::vector<std::string> all = rocm;
    for (const auto& capability : cuda) {
      all.push_back("sm_" + std::string(capability.substr(0, capability.find('.'))) +
                    capability.substr(capability.find('.') + 1));
    }
    report.findings.push_back({Severity::warning, "gpus-not-homogeneous",
                               fmt::format("the visible GPUs have {} different targets ({}): a build must carry code "
                                           "for all of them",
                                           all.size(), fmt::join(all, ", ")),
                               fmt::format("build with {}", fmt::join(parts, " "))});
  } else if (rocm.size() == 1 && rocm_ids.size() > 1) {
    report.findings.push_back({Severity::warning, "mixed-target-features",
                               fmt::format("the {} GPUs run in different modes ({}): code built for one xnack/sramecc "
                                           "setting will not load on the others",
                                           rocm.front(), fmt::join(rocm_ids, ", ")),
                               fmt::format("build for the processor without feature suffixes: PYTORCH_ROCM_ARCH={}",
                                           rocm.front())});
  }
}

}  // namespace

const std::vector<std::string>& visibility_variables() {
  static const std::vector<std::string> names = {
      "HSA_OVERRIDE_GFX_VERSION", "HSA_XNACK",         "ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES",
      "CUDA_VISIBLE_DEVICES",     "CUDA_DEVICE_ORDER", "GPU_DEVICE_ORDINAL"};
  return names;
}

void apply_environment_effects(const probe::Environment& environment, DetectReport& report) {
  for (const auto& name : visibility_variables()) {
    if (auto value = environment.get(name)) {
      report.environment.emplace_back(name, *value);
    }
  }
  apply_override(environment, report);
  apply_visibility(environment, report);
  check_integrated_next_to_discrete(report);
  summarize_targets(report);
  for (const auto& gpu : report.gpus) {
    if (!gpu.accessible) {
      report.findings.push_back({Severity::warning, "gpu-not-accessible",
                                 fmt::format("{} at {}: present, not accessible: {}", gpu.name,
                                             gpu.pci.empty() ? std::string("?") : gpu.pci, gpu.inaccessible_reason),
                                 gpu.fix});
    }
  }
}

}  // namespace archfit::detect
