#include "check/gpu_verdicts.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "check/opaque_gpu_code.hpp"
#include "check/vendor_mismatch.hpp"

namespace archfit::check {

namespace {

// What the runtimes say when a process has no code for its GPU (HIP: clr hip_code_object.cpp
// "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!", and
// hipErrorInvalidDeviceFunction at launch; CUDA: cudaErrorNoKernelImageForDevice).
constexpr std::string_view k_amd_failure =
    "the HIP runtime fails with hipErrorNoBinaryForGpu (\"Unable to find code object for all current devices\") "
    "or \"invalid device function\"";
constexpr std::string_view k_nvidia_failure =
    "CUDA fails with \"no kernel image is available for execution on the device\" (cudaErrorNoKernelImageForDevice)";

bool is_code(const scan::GpuCode& code) {
  return model::is_gpu_target_vendor(code.vendor) &&
         (code.kind == "code-object" || code.kind == "cubin" || code.kind == "ptx");
}

// Bundle entries of another vendor's or no vendor's code (SYCL's sycl-spir64_gen is Intel GPU code,
// openmp-x86_64-... host CPU code: data/offload_triple_vendors.tsv). They never fit an AMD or
// NVIDIA target; a verdict names them as what the file carries.
bool is_other_vendor_code(const scan::GpuCode& code) { return !model::is_gpu_target_vendor(code.vendor); }

std::string other_vendor_label(const scan::GpuCode& code) {
  return fmt::format("{} code {}", model::vendor_name(code.vendor), code.entry_id.empty() ? code.target : code.entry_id);
}

bool is_linked(const scan::FileReport& file) {
  return file.format == "elf-shared-object" || file.format == "elf-executable";
}

std::size_t relocatable_entries(const scan::FileReport& file) {
  std::size_t count = 0;
  for (const auto& code : file.gpu_code) {
    count += is_code(code) && code.relocatable && is_linked(file) ? 1 : 0;
  }
  return count;
}

// A library that builds or loads its kernels at run time (data/opaque_gpu_code.tsv): a target its
// fatbin does not cover is `opaque`, not `no-code`. Rows naming the library itself also override
// `jit` (its fatbin is a placeholder); rows matched through DT_NEEDED override only `no-code`.
void apply_opaque_evidence(const scan::FileReport& file, const DeviceTarget& target, const std::string& carried,
                           TargetResult& result) {
  if (result.verdict == "native") {
    return;
  }
  auto evidence = find_opaque_evidence(file, target.vendor);
  if (!evidence || (!evidence->by_file_name && result.verdict != "no-code")) {
    return;
  }
  result.verdict = "opaque";
  result.matched.clear();
  result.reason = fmt::format("cannot be judged statically: {} ({}; source: {}); its fatbin {}", evidence->reason,
                              evidence->by_file_name ? "a known library" : "it needs " + evidence->matched,
                              evidence->source,
                              carried.empty() ? std::string("carries nothing") : "carries only " + carried);
  result.fix = fmt::format("run one of its kernels on a {} to know (archfit does not guess)", target.processor);
}

// The target a code object really has: the ELF header's (with --deep) beats the bundle's name.
std::string effective_target(const scan::GpuCode& code) {
  if (code.check && !code.check->elf_target.empty() && !code.check->error) {
    return code.check->elf_target;
  }
  return code.target;
}

std::string fix_for(const DeviceTarget& target, const std::string& package) {
  bool torch = package == "torch";
  if (target.vendor == model::Vendor::amd) {
    return torch ? fmt::format("install a torch built for {0}, or build it with PYTORCH_ROCM_ARCH={0}", target.processor)
                 : fmt::format("rebuild with --offload-arch={} (PYTORCH_ROCM_ARCH={} for torch extensions)",
                               target.display, target.processor);
  }
  std::string arch = target.arch_list_value();
  std::string sm = target.processor.substr(3);
  return torch ? fmt::format("install a torch built for sm_{0} (cu12.8+ wheels cover newer GPUs), or build it with "
                             "TORCH_CUDA_ARCH_LIST={1}",
                             sm, arch)
               : fmt::format("rebuild with -gencode arch=compute_{0},code=sm_{0} (TORCH_CUDA_ARCH_LIST={1} for torch "
                             "extensions; add +PTX to cover newer GPUs)",
                             sm, arch);
}

TargetResult verdict(const scan::FileReport& file, const std::string& package, const DeviceTarget& target) {
  TargetResult result;
  result.path = file.path;
  result.member = file.member;
  result.package = package;
  result.target = target.display;
  std::set<std::string> carried;
  bool carries_target_vendor = false;
  bool carries_other_gpu_vendor = false;  // AMD code for an NVIDIA target, or NVIDIA code for an AMD one
  std::set<std::string> other_code;       // code of no GPU vendor (SYCL, OpenMP host or SPIR-V entries)
  std::string conditional;
  std::string conditional_match;
  std::string jit;
  std::string generic;
  for (const auto& code : file.gpu_code) {
    if (is_other_vendor_code(code)) {
      carried.insert(other_vendor_label(code));
      other_code.insert(other_vendor_label(code));
      continue;
    }
    if (!counts_as_code(code, file)) {
      continue;
    }
    std::string code_target = effective_target(code);
    carried.insert(code_target);
    if (code.vendor != target.vendor) {
      carries_other_gpu_vendor = true;
      continue;
    }
    carries_target_vendor = true;
    CodeFit fit = code_fits(code_target, target);
    if (fit.fit == Fit::yes && !fit.generic) {
      result.verdict = "native";
      result.matched = code_target;
      result.reason = "carries " + code_target;
      return result;
    }
    if (fit.fit == Fit::yes && generic.empty()) {
      generic = code_target;
    } else if (fit.fit == Fit::conditional && conditional.empty()) {
      conditional = fit.condition;
      conditional_match = code_target;
    } else if (fit.fit == Fit::jit && jit.empty()) {
      jit = code_target;
    }
  }
  if (!generic.empty()) {
    result.verdict = "native";
    result.matched = generic;
    result.reason = fmt::format("carries {}, a generic target {} belongs to (needs a runtime that loads code "
                                "object V6: ROCm 6.4 or newer)",
                                generic, target.processor);
  } else if (!conditional.empty()) {
    result.verdict = "native";
    result.matched = conditional_match;
    result.reason = fmt::format("carries {}, which runs only with {}; the device's mode is not known here "
                                "(name it: --target {})",
                                conditional_match, conditional, conditional_match);
  } else if (!jit.empty()) {
    result.verdict = "jit";
    result.matched = jit;
    result.reason = fmt::format("no cubin for {}, only PTX {}: the driver JIT-compiles it at first use (slow first "
                                "start; the driver must know that PTX version)",
                                target.processor, jit);
    result.fix = fix_for(target, package);
  } else if (carries_other_gpu_vendor && !carries_target_vendor) {
    // Only the other vendor's code: no rebuild flag for this target helps (check/vendor_mismatch.hpp).
    model::Vendor code_vendor = target.vendor == model::Vendor::amd ? model::Vendor::nvidia : model::Vendor::amd;
    result.verdict = "no-code";
    // The same words for every such file, so `check` groups them under one cause; which targets
    // each carries is in `archfit scan`.
    result.reason = fmt::format("carries only {} GPU code{}: a {} build, which cannot run on {} {}",
                                vendor_display_name(code_vendor),
                                other_code.empty() ? std::string()
                                                   : fmt::format(" (and {}: code for other devices)",
                                                                 fmt::join(other_code, ", ")),
                                build_name(code_vendor), vendor_display_name(target.vendor), target.display);
    result.fix = build_for_vendor_fix(target.vendor, package, target);
  } else {
    result.verdict = "no-code";
    std::vector<std::string> list(carried.begin(), carried.end());
    std::size_t relocatable = relocatable_entries(file);
    std::string relocatable_note =
        relocatable == 0 ? std::string()
                         : fmt::format(" ({} relocatable __nv_relfatbin entr{} not counted: device-link input the "
                                       "runtime does not load)",
                                       relocatable, relocatable == 1 ? "y is" : "ies are");
    bool only_other_vendors = std::none_of(file.gpu_code.begin(), file.gpu_code.end(), [&](const scan::GpuCode& code) {
      return model::is_gpu_target_vendor(code.vendor);
    });
    result.reason =
        only_other_vendors
            ? fmt::format("carries only {}: code for other devices, nothing for {} (no {} runtime loads it)",
                          fmt::join(list, ", "), target.display, target.vendor == model::Vendor::amd ? "HIP" : "CUDA")
            : fmt::format("carries {} but nothing for {}{}: {}",
                          list.empty() ? std::string("no loadable code") : fmt::format("{}", fmt::join(list, ", ")),
                          target.display, relocatable_note, target.vendor == model::Vendor::amd ? k_amd_failure : k_nvidia_failure);
    result.fix = only_other_vendors ? fmt::format("use a build of it made for {} GPUs ({})",
                                                  vendor_display_name(target.vendor), target.processor)
                                    : fix_for(target, package);
  }
  std::vector<std::string> list(carried.begin(), carried.end());
  apply_opaque_evidence(file, target, fmt::format("{}", fmt::join(list, ", ")), result);
  return result;
}

}  // namespace

// Relocatable device code in a linked file is device-link input the runtime never registers (it
// loads `.nv_fatbin`); in an -rdc object or a static archive it is all there is, and becomes the
// program's code when linked.
bool counts_as_code(const scan::GpuCode& code, const scan::FileReport& file) {
  return is_code(code) && !(code.relocatable && is_linked(file));
}

std::vector<TargetResult> verdicts_for_file(const scan::FileReport& file, const std::string& package,
                                            const std::vector<DeviceTarget>& targets) {
  std::vector<TargetResult> results;
  bool any_code = std::any_of(file.gpu_code.begin(), file.gpu_code.end(),
                              [](const scan::GpuCode& code) { return is_code(code) || is_other_vendor_code(code); });
  if (!any_code) {
    // No GPU code in the file, but a known library that builds its kernels at run time.
    for (const auto& target : targets) {
      auto evidence = find_opaque_evidence(file, target.vendor);
      if (evidence && evidence->by_file_name) {
        TargetResult result;
        result.path = file.path;
        result.member = file.member;
        result.package = package;
        result.target = target.display;
        result.verdict = "no-code";
        apply_opaque_evidence(file, target, "", result);
        results.push_back(std::move(result));
      }
    }
    return results;
  }
  for (const auto& target : targets) {
    results.push_back(verdict(file, package, target));
  }
  return results;
}

std::vector<TargetResult> host_only_results(const std::string& path, const std::string& package,
                                            const std::vector<DeviceTarget>& targets) {
  std::vector<TargetResult> results;
  for (const auto& target : targets) {
    TargetResult result;
    result.path = path;
    result.package = package;
    result.target = target.display;
    result.verdict = "host-only";
    result.reason = package == "torch"
                        ? std::string("no GPU code in any of torch's libraries: this is a CPU-only build of torch")
                        : std::string("no GPU code at all: nothing here can run on the GPU");
    result.fix = package == "torch" ? build_for_vendor_fix(target.vendor, package, target)
                                    : std::string("build it with GPU support enabled");
    results.push_back(std::move(result));
  }
  return results;
}

}  // namespace archfit::check
