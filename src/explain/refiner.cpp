#include "explain/refiner.hpp"

#include <fmt/format.h>

namespace archfit::explain {

namespace {

// Fills `finding.details` and `values` for the finding's category.
void refine_by_category(Finding& finding, PlaceholderValues& values, const RefineInput& input) {
  const std::string& category = finding.category;
  if (category == "gpu-code-missing") {
    refine_gpu_code_missing(finding, values, input);
  } else if (category == "gpu-isa-override") {
    refine_gpu_isa_override(finding, values, input);
  } else if (category == "arch-detect") {
    refine_arch_detect(finding, values, input);
  } else if (category == "triton-compile") {
    refine_triton_compile(finding, values, input);
  } else if (category == "cpu-isa") {
    refine_cpu_isa(finding, values, input);
  } else if (category == "libstdcxx-version") {
    refine_libstdcxx_version(finding, values, input);
  } else if (category == "abi-mismatch") {
    refine_abi_mismatch(finding, values, input);
  } else if (category == "oom") {
    refine_oom(finding, values, input);
  } else if (category == "rocm-path") {
    refine_rocm_path(finding, values, input);
  } else if (category == "compiler-version") {
    refine_compiler_version(finding, values, input);
  } else if (category == "missing-headers") {
    refine_missing_headers(finding, values, input);
  } else if (category == "cmake-version") {
    refine_cmake_version(finding, values, input);
  }
}

}  // namespace

void refine_finding(Finding& finding, std::string_view fix_template, const LogMatches& log, MachineContext* machine) {
  PlaceholderValues values;
  refine_by_category(finding, values, RefineInput{log, machine});
  finding.fix = fill_placeholders(fix_template, values);
}

std::optional<std::smatch> capture_all(const Finding& finding, const std::regex& pattern, std::string& storage) {
  for (const auto& evidence : finding.evidence) {
    storage = evidence.text;
    std::smatch match;
    if (std::regex_search(storage, match, pattern)) {
      return match;
    }
  }
  return std::nullopt;
}

std::optional<std::string> capture(const Finding& finding, const std::regex& pattern, std::size_t group) {
  std::string storage;
  auto match = capture_all(finding, pattern, storage);
  if (!match || group >= match->size() || !(*match)[group].matched) {
    return std::nullopt;
  }
  return (*match)[group].str();
}

std::string site_packages_of(std::string_view path) {
  for (std::string_view marker : {"/site-packages", "/dist-packages"}) {
    std::size_t at = path.find(marker);
    if (at != std::string_view::npos) {
      return std::string(path.substr(0, at + marker.size()));
    }
  }
  return {};
}

std::string describe_gpus(const MachineContext& machine, model::Vendor vendor) {
  std::vector<std::string> parts;
  for (const auto* gpu : machine.gpus(vendor)) {
    std::string part = gpu->name.empty() ? gpu->target_id : fmt::format("{} ({})", gpu->name, gpu->target_id);
    if (std::find(parts.begin(), parts.end(), part) == parts.end()) {
      parts.push_back(part);
    }
  }
  return join_list(parts);
}

}  // namespace archfit::explain
