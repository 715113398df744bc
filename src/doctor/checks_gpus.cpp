// GPUs: what detect found (targets, accessibility, what the environment changes) and whether the arch
// lists in the environment and the project's allow-lists cover them.
#include <algorithm>
#include <cstdlib>
#include <map>

#include <fmt/format.h>

#include "detect/detect_findings.hpp"
#include "doctor/checks_common.hpp"
#include "doctor/rules.hpp"
#include "knowledge/torch_arch_lists.hpp"

namespace archfit::doctor {

namespace {

constexpr const char* k_group = "gpus";

std::string gpu_summary(const detect::DetectReport& report) {
  std::map<std::string, int> counts;
  std::vector<std::string> order;
  for (const auto& gpu : report.gpus) {
    std::string target = gpu.vendor == model::Vendor::amd && !gpu.override_target.empty()
                             ? gpu.target + " (seen as " + gpu.override_target + ")"
                             : (gpu.target.empty() ? "unknown target" : gpu.target);
    std::string key = target + (gpu.name.empty() ? "" : " " + gpu.name) + (gpu.visible ? "" : ", hidden");
    if (counts[key]++ == 0) {
      order.push_back(key);
    }
  }
  std::vector<std::string> parts;
  for (const auto& key : order) {
    parts.push_back(fmt::format("{} x {}", counts[key], key));
  }
  return join(parts, "; ");
}

// Whether an NVIDIA GPU of `target` (sm_XY) runs code of a TORCH_CUDA_ARCH_LIST entry ("9.0", "9.0a",
// "10.0f", "8.0+PTX"): the same compute capability (an arch-specific "a" build runs on exactly that one), a
// family "f" build on the same major at or above its minor, and PTX of an older capability by JIT compilation
// (NVIDIA CUDA C++ Programming Guide, "Binary Compatibility" / "PTX Compatibility" / feature-specific targets).
bool cuda_entry_covers(std::string_view entry, std::string_view target, bool* by_ptx) {
  bool ptx = entry.find("+PTX") != std::string_view::npos;
  std::string arch(entry.substr(0, entry.find('+')));
  char suffix = 0;
  if (!arch.empty() && (arch.back() == 'a' || arch.back() == 'f')) {
    suffix = arch.back();
    arch.pop_back();
  }
  auto dot = arch.find('.');
  auto digits = std::string(target.substr(3));
  while (!digits.empty() && (digits.back() == 'a' || digits.back() == 'f')) {
    digits.pop_back();
  }
  if (dot == std::string::npos || digits.size() < 2) {
    return false;
  }
  int major = std::atoi(arch.substr(0, dot).c_str());
  int minor = std::atoi(arch.substr(dot + 1).c_str());
  int target_major = std::atoi(digits.substr(0, digits.size() - 1).c_str());
  int target_minor = digits.back() - '0';
  if (major == target_major && minor == target_minor) {
    return true;
  }
  if (suffix == 'f' && major == target_major && minor <= target_minor) {
    return true;
  }
  if (ptx && (major < target_major || (major == target_major && minor <= target_minor))) {
    *by_ptx = true;
    return true;
  }
  return false;
}

// The list an arch variable names, as processors / sm_XY.
// The entries of an arch variable: TORCH_CUDA_ARCH_LIST as PyTorch reads it (names expanded,
// knowledge/torch_arch_lists.hpp, the same reading that makes it a target list), the others at
// ' ', ',' and ';'.
std::vector<std::string> arch_entries(std::string_view variable, std::string_view value) {
  if (variable == "TORCH_CUDA_ARCH_LIST") {
    return knowledge::torch_cuda_arch_list_entries(value);
  }
  std::string text(value);
  for (auto& c : text) {
    if (c == ' ' || c == ',') {
      c = ';';
    }
  }
  return knowledge::split_list_field(text);
}

std::vector<std::string> parse_arch_list(std::string_view variable, std::string_view value) {
  std::vector<std::string> result;
  for (const auto& item : arch_entries(variable, value)) {
    if (variable == "TORCH_CUDA_ARCH_LIST" || variable == "FLASH_ATTN_CUDA_ARCHS") {
      std::string arch = item.substr(0, item.find('+'));
      if (variable == "FLASH_ATTN_CUDA_ARCHS") {
        result.push_back("sm_" + arch);
      } else {
        std::string digits;
        for (char c : arch) {
          if (c != '.') {
            digits += c;
          }
        }
        result.push_back("sm_" + digits);
      }
    } else {
      result.push_back(processor_of(item));
    }
  }
  return result;
}

void check_found(const CheckContext& context) {
  const auto& facts = context.facts;
  std::string detected = facts.detect.gpus.empty() ? "no GPU found" : gpu_summary(facts.detect);
  if (!facts.targets.empty() && facts.targets_source != "detect") {
    // Named targets: say where they came from (--target, --targets-from, $PYTORCH_ROCM_ARCH, the config file).
    std::string source = facts.targets_source == "--target" ? "--target " : "from " + facts.targets_source + ": ";
    context.add("gpus.targets", k_group, Status::pass, "build targets",
                source + join(facts.targets, ";") + " (this machine: " + detected + ")");
    return;
  }
  if (!facts.targets.empty()) {
    context.add("gpus.targets", k_group, Status::pass, "build targets",
                join(facts.targets, ";") + " from detect: " + detected);
    return;
  }
  context.add("gpus.targets", k_group, Status::warn, "build targets",
              detected + " (detect reads /sys/class/kfd and /proc/driver/nvidia)",
              "Without an arch list PyTorch's CMake asks rocm_agent_enumerator for the GPUs present and stops with "
              "\"No GPU arch specified for ROCm build\" (CUDA builds take the visible GPUs) when there are none",
              "pytorch/pytorch@v2.7.1 cmake/public/utils.cmake (torch_hip_get_arch_list) and cmake/public/LoadHIP.cmake",
              "archfit doctor --target gfx942        # name the GPUs you build for (sm_90 for NVIDIA)\n"
              "eval \"$(archfit env --target gfx942)\"");
}

void check_accessible(const CheckContext& context) {
  const auto& gpus = context.facts.detect.gpus;
  if (gpus.empty()) {
    return;
  }
  std::vector<std::string> problems;
  std::vector<std::string> fixes;
  for (const auto& gpu : gpus) {
    if (!gpu.accessible) {
      problems.push_back((gpu.pci.empty() ? gpu.target : gpu.pci) + " (" + gpu.target + "): " + gpu.inaccessible_reason);
      if (!gpu.fix.empty() && std::find(fixes.begin(), fixes.end(), gpu.fix) == fixes.end()) {
        fixes.push_back(gpu.fix);
      }
    }
  }
  if (problems.empty()) {
    context.add("gpus.access", k_group, Status::pass, "device access",
                fmt::format("all {} GPUs can be opened by this user (/dev/kfd and /dev/dri/renderD*, or /dev/nvidia*)",
                            gpus.size()));
    return;
  }
  // detect's gpu-not-accessible, one per GPU, gathered into one check: its source from
  // data/detect_findings.tsv, and why a build cares.
  auto detected = detect::detect_finding({detect::Severity::warning, "gpu-not-accessible", join(problems, "; "), join(fixes, "\n")});
  context.add("gpus.access", k_group, Status::warn, "device access", std::move(detected.seen),
              "Building needs no GPU, but rocm_agent_enumerator (the default arch list) and every test of the result "
              "do: the user must be able to open /dev/kfd and the render node (groups video and render)",
              detected.source + "; https://github.com/pytorch/pytorch/issues/132987", std::move(detected.fix));
}

// detect's findings about what the environment changes (HSA_OVERRIDE_GFX_VERSION, *_VISIBLE_DEVICES) and
// about targets that differ between GPUs, judged as detect judges them: status, title, rule and source
// from detect::detect_finding (data/detect_findings.tsv), so doctor and detect never say two things.
void check_environment_effects(const CheckContext& context) {
  static const std::vector<std::string> ids = {"override-crosses-family", "override-in-effect", "override-malformed",
                                               "visible-devices-truncated", "visible-devices-empty",
                                               "gpus-not-homogeneous", "mixed-target-features", "integrated-gpu-visible"};
  bool any = false;
  for (const auto& item : context.facts.detect.findings) {
    if (std::find(ids.begin(), ids.end(), item.id) == ids.end()) {
      continue;
    }
    any = true;
    auto finding = detect::detect_finding(item);
    context.add("gpus." + item.id, k_group, finding.status, std::move(finding.title), std::move(finding.seen),
                std::move(finding.rule), std::move(finding.source), std::move(finding.fix));
  }
  if (!any && !context.facts.detect.gpus.empty()) {
    context.add("gpus.environment", k_group, Status::pass, "runtime environment",
                "no HSA_OVERRIDE_GFX_VERSION or *_VISIBLE_DEVICES changes what programs see; one target per GPU model");
  }
}

void check_arch_variables(const CheckContext& context) {
  const auto& facts = context.facts;
  std::vector<std::string> variables = {"PYTORCH_ROCM_ARCH", "TORCH_CUDA_ARCH_LIST"};
  if (facts.project == "flash-attn") {
    variables.push_back("GPU_ARCHS");
    variables.push_back("FLASH_ATTN_CUDA_ARCHS");
  }
  bool any = false;
  for (const auto& variable : variables) {
    auto value = context.environment.get(variable);
    if (!value) {
      continue;
    }
    any = true;
    bool amd_list = variable == "PYTORCH_ROCM_ARCH" || variable == "GPU_ARCHS";
    auto listed = parse_arch_list(variable, *value);
    std::vector<std::string> missing;
    std::vector<std::string> jit;
    for (const auto& target : facts.targets) {
      bool amd = target.starts_with("gfx");
      if (amd != amd_list) {
        continue;
      }
      std::string wanted = amd ? processor_of(target) : target;
      bool covered = std::find(listed.begin(), listed.end(), wanted) != listed.end() ||
                     (variable == "GPU_ARCHS" && *value == "native");
      if (!covered && variable == "TORCH_CUDA_ARCH_LIST") {
        for (const auto& entry : arch_entries(variable, *value)) {
          bool by_ptx = false;
          if (cuda_entry_covers(entry, wanted, &by_ptx)) {
            covered = true;
            if (by_ptx) {
              jit.push_back(wanted);
            }
            break;
          }
        }
      }
      if (!covered) {
        missing.push_back(wanted);
      }
    }
    std::string example = amd_list ? join(facts.targets, ";") : [&] {
      std::vector<std::string> archs;
      for (const auto& target : facts.targets) {
        if (target.starts_with("sm_")) {
          archs.push_back(cuda_arch_of(target));
        }
      }
      return join(archs, ";");
    }();
    if (missing.empty()) {
      context.add("gpus.arch-list." + variable, k_group, Status::pass, variable,
                  "$" + variable + "=" + *value + " covers the targets" +
                      (jit.empty() ? std::string() : " (" + join(jit, ", ") + " through PTX compiled at load time)"));
    } else {
      context.add("gpus.arch-list." + variable, k_group, Status::fail, variable,
                  "$" + variable + "=" + *value + " leaves out " + join(missing, ", "),
                  "The build compiles device code only for the listed targets; a GPU outside the list fails at run "
                  "time with hipErrorNoBinaryForGpu / \"no kernel image is available\"",
                  "pytorch/pytorch cmake/public/utils.cmake (reads $PYTORCH_ROCM_ARCH / $TORCH_CUDA_ARCH_LIST); "
                  "https://github.com/pytorch/pytorch/issues/73534",
                  "export " + variable + "=\"" + example + "\"   # or: eval \"$(archfit env)\"");
    }
  }
  if (!any && !facts.targets.empty()) {
    // The id names the variable this build would read (docs/doctor.md: gpus.arch-list.<VAR>).
    bool cuda = facts.backend == "cuda";
    std::string unset = facts.project == "flash-attn" ? (cuda ? "FLASH_ATTN_CUDA_ARCHS" : "GPU_ARCHS")
                                                      : (cuda ? "TORCH_CUDA_ARCH_LIST" : "PYTORCH_ROCM_ARCH");
    context.add("gpus.arch-list." + unset, k_group, Status::pass, "arch list",
                "no PYTORCH_ROCM_ARCH / TORCH_CUDA_ARCH_LIST set: the build takes the GPUs found at configure time; "
                "`archfit env` sets " + join(facts.targets, ";") + " explicitly");
  }
}

void check_project_archs(const CheckContext& context) {
  const auto& facts = context.facts;
  if (facts.targets.empty() || (facts.project != "flash-attn" && facts.project != "vllm")) {
    return;
  }
  std::string vendor = facts.backend == "cuda" ? "cuda" : "rocm";
  auto list = applicable_allowlist(context, vendor);
  if (!list) {
    context.add("gpus.project-archs", k_group, Status::skip, facts.project + " arch list",
                "no " + vendor + " allow-list for " + facts.project + " " +
                    (facts.project_version.empty() ? "(newest)" : facts.project_version) +
                    " in data/project_arch_allowlists.tsv");
    return;
  }
  std::vector<std::string> outside;
  for (const auto& target : facts.targets) {
    bool amd = target.starts_with("gfx");
    if ((vendor == "rocm") != amd) {
      continue;
    }
    std::string name = amd ? processor_of(target) : cuda_arch_of(target);
    if (std::find(list->archs.begin(), list->archs.end(), name) == list->archs.end()) {
      outside.push_back(name);
    }
  }
  std::string version = facts.project + " " + list->version + (list->vendor == vendor ? "" : " (" + list->vendor + ")");
  if (outside.empty()) {
    context.add("gpus.project-archs", k_group, Status::pass, facts.project + " arch list",
                "every target is in " + version + "'s list (" + join(list->archs, ";") + ")", "", list->source);
    return;
  }
  if (facts.project == "flash-attn" && vendor == "rocm") {
    auto triton = context.environment.get("FLASH_ATTENTION_TRITON_AMD_ENABLE");
    if (triton && *triton == "TRUE") {
      context.add("gpus.project-archs", k_group, Status::pass, "flash-attn arch list",
                  join(outside, ", ") + " outside the CK allow-list, but FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE selects "
                  "the Triton backend", "", list->source);
      return;
    }
    auto rule = context.rules.advice_by_id("flash-attn-rocm-archs");
    context.add("gpus.project-archs", k_group, Status::fail, "flash-attn arch list",
                join(outside, ", ") + " not in " + version + "'s GPU_ARCHS allow-list (" + join(list->archs, ";") + ")",
                rule ? rule->advice : "GPU_ARCHS entries outside the allow-list make setup.py fail",
                list->source + (rule ? "; " + rule->source : ""),
                "export FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE   # the Triton backend (also needed at run time)");
    return;
  }
  auto rule = context.rules.advice_by_id(facts.project == "vllm" ? "vllm-arch-filter" : "flash-attn-blackwell-nvcc");
  context.add("gpus.project-archs", k_group, Status::warn, facts.project + " arch list",
              join(outside, ", ") + " not in " + version + "'s list (" + join(list->archs, ";") + "): no kernels for them",
              rule ? rule->advice : "", list->source + (rule ? "; " + rule->source : ""));
}

}  // namespace

void check_gpus(const CheckContext& context) {
  check_found(context);
  check_accessible(context);
  check_environment_effects(context);
  check_arch_variables(context);
  check_project_archs(context);
}

}  // namespace archfit::doctor
