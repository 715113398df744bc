#include "explain/machine_context.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "binfmt/elf_file.hpp"
#include "binfmt/elf_host_needs.hpp"
#include "detect/host_system.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "scan/input_discovery.hpp"
#include "scan/parallel_scan.hpp"
#include "util/mapped_file.hpp"

namespace archfit::explain {

namespace {

bool path_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

std::uint64_t file_size(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? static_cast<std::uint64_t>(info.st_size) : 0;
}

void fill_from_scan(const scan::ScanReport& report, LibraryFacts& facts) {
  std::set<std::string> targets;
  for (const auto& file : report.files) {
    for (const auto& code : file.gpu_code) {
      targets.insert(code.target);
    }
    if (file.needs && !file.member) {
      facts.x86_isa_level = file.needs->x86_isa_level;
      facts.highest_needed = file.needs->highest;
    }
    if (facts.error.empty() && !file.errors.empty()) {
      facts.error = file.errors.front();
    }
  }
  facts.gpu_targets.assign(targets.begin(), targets.end());
}

}  // namespace

std::string amd_family(std::string_view processor) {
  const auto* entry = knowledge::AmdgpuProcessorTable::embedded().by_name(processor);
  return entry != nullptr ? entry->generic_family : std::string();
}

std::string sm_to_capability(std::string_view sm) {
  if (!sm.starts_with("sm_") || sm.size() < 5) {
    return {};
  }
  std::string digits;
  for (char c : sm.substr(3)) {
    if (c < '0' || c > '9') {
      break;
    }
    digits.push_back(c);
  }
  if (digits.size() < 2) {
    return {};
  }
  return digits.substr(0, digits.size() - 1) + "." + digits.back();
}

std::string join_list(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) {
      out += separator;
    }
    out += item;
  }
  return out;
}

MachineContext::MachineContext(std::string sysroot, probe::Environment environment, detect::DetectReport report)
    : m_sysroot(std::move(sysroot)), m_root(m_sysroot), m_environment(std::move(environment)), m_report(std::move(report)) {}

std::vector<const detect::DetectedGpu*> MachineContext::gpus(model::Vendor vendor) const {
  std::vector<const detect::DetectedGpu*> result;
  for (const auto& gpu : m_report.gpus) {
    if (gpu.vendor == vendor && gpu.visible && !gpu.target.empty()) {
      result.push_back(&gpu);
    }
  }
  return result;
}

std::vector<std::string> MachineContext::amd_targets() const {
  std::vector<std::string> targets;
  for (const auto* gpu : gpus(model::Vendor::amd)) {
    if (std::find(targets.begin(), targets.end(), gpu->target) == targets.end()) {
      targets.push_back(gpu->target);
    }
  }
  return targets;
}

std::vector<std::string> MachineContext::cuda_capabilities() const {
  std::vector<std::string> capabilities;
  for (const auto* gpu : gpus(model::Vendor::nvidia)) {
    std::string capability = gpu->compute_capability.empty() ? sm_to_capability(gpu->target) : gpu->compute_capability;
    if (!capability.empty() && std::find(capabilities.begin(), capabilities.end(), capability) == capabilities.end()) {
      capabilities.push_back(capability);
    }
  }
  return capabilities;
}

std::optional<std::string> MachineContext::local_path(std::string_view path) const {
  if (path.empty() || path.front() != '/') {
    return std::nullopt;
  }
  if (!m_root.is_live()) {
    std::string below = m_root.host_path(path);
    if (path_exists(below)) {
      return below;
    }
  }
  std::string as_written(path);
  if (path_exists(as_written)) {
    return as_written;
  }
  return std::nullopt;
}

bool MachineContext::exists(std::string_view path) const {
  return !path.empty() && path.front() == '/' && path_exists(m_root.host_path(path));
}

std::vector<std::string> MachineContext::list_dir(std::string_view path) const {
  if (!exists(path)) {
    return {};
  }
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(m_root.host_path(path), error)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

const LibraryFacts& MachineContext::library(const std::string& path) {
  auto known = m_libraries.find(path);
  if (known != m_libraries.end()) {
    return known->second;
  }
  LibraryFacts facts;
  facts.path = path;
  if (auto local = local_path(path)) {
    facts.local_path = *local;
    std::error_code error;
    std::string resolved = std::filesystem::canonical(*local, error).string();
    if (error) {
      resolved = *local;
    }
    scan::ScanOptions options;
    auto report = scan::scan_inputs({scan::InputFile{resolved, file_size(resolved)}}, options, 1, {});
    fill_from_scan(report, facts);
    // Which versions it defines matters when the log names it as the library that lacks one.
    auto runtime = detect::read_runtime_library(probe::SystemRoot("/"), resolved, "named in the log");
    facts.highest_defined = runtime.highest;
  }
  m_library_order.push_back(path);
  return m_libraries.emplace(path, std::move(facts)).first->second;
}

std::vector<LibraryFacts> MachineContext::package_gpu_libraries(const std::string& package_dir) {
  std::vector<LibraryFacts> found;
  auto local = local_path(package_dir);
  if (!local) {
    return found;
  }
  auto inputs = scan::discover_inputs({*local});
  std::vector<std::string> shared_objects;
  for (const auto& input : inputs.files) {
    if (input.path.find(".so") != std::string::npos && shared_objects.size() < k_max_package_files) {
      shared_objects.push_back(input.path);
    }
  }
  for (const auto& path : shared_objects) {
    // Report the path as the log's machine names it (without the sysroot prefix).
    std::string named = package_dir + path.substr(local->size());
    const LibraryFacts& facts = library(named);
    if (!facts.gpu_targets.empty()) {
      found.push_back(facts);
    }
  }
  return found;
}

ContextSummary MachineContext::summary() const {
  ContextSummary summary;
  summary.sysroot = m_sysroot;
  for (const auto& gpu : m_report.gpus) {
    if (!gpu.visible) {
      continue;
    }
    summary.gpus.push_back({gpu.vendor, gpu.target, gpu.target_id, gpu.name, gpu.override_target});
  }
  summary.pytorch_rocm_arch = m_report.pytorch_rocm_arch;
  summary.torch_cuda_arch_list = m_report.torch_cuda_arch_list;
  const auto& cpu = m_report.host.cpu;
  summary.cpu_isa_level = cpu.isa_level;
  summary.cpu_missing_for_next_level = cpu.missing_for_next_level;
  summary.avx2 = cpu.has_flag("avx2");
  summary.avx512 = cpu.avx512;
  summary.usable_memory_bytes = m_report.host.resources.usable_memory_bytes();
  summary.usable_cpus = m_report.host.resources.usable_cpus(cpu.logical_cpus);
  const auto& system = m_report.host.system;
  summary.libc = {system.libc.path, system.libc.highest};
  summary.libstdcxx = {system.libstdcxx.path, system.libstdcxx.highest};
  if (!system.conda_libstdcxx.path.empty()) {
    summary.conda_libstdcxx = ContextRuntime{system.conda_libstdcxx.path, system.conda_libstdcxx.highest};
  }
  summary.environment = m_report.environment;
  for (const auto& path : m_library_order) {
    summary.libraries.push_back(m_libraries.at(path));
  }
  return summary;
}

}  // namespace archfit::explain
