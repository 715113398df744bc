#include "report/detect_text.hpp"

#include <fmt/format.h>

#include "detect/detect_findings.hpp"
#include "detect/kfd_topology.hpp"
#include "report/finding_text.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

std::string human_bytes(std::uint64_t bytes) {
  constexpr const char* k_units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  if (unit == 0 || value >= 100 || value == static_cast<double>(static_cast<std::uint64_t>(value))) {
    return fmt::format("{:.0f} {}", value, k_units[unit]);
  }
  return fmt::format("{:.1f} {}", value, k_units[unit]);
}

namespace {

std::string gpu_line(const detect::DetectedGpu& gpu, const TextStyle& style) {
  // The index programs see it as, per runtime: HIP (ROCm) and CUDA count separately.
  std::string runtime = gpu.vendor == model::Vendor::amd ? "hip" : "cuda";
  std::string index = gpu.visible_index ? fmt::format("{}:{}", runtime, *gpu.visible_index) : runtime + ":-";
  std::string target = gpu.target_id.empty() ? std::string("unknown target") : terminal_safe(gpu.target_id);
  std::string line = fmt::format("  {} {}  {}", index, style.bold(target), terminal_safe(gpu.name));
  if (!gpu.pci.empty()) {
    line += "  " + terminal_safe(gpu.pci);
  }
  std::vector<std::string> details;
  if (gpu.compute_units) {
    details.push_back(fmt::format("{} CUs", *gpu.compute_units));
  }
  if (gpu.vram_bytes) {
    details.push_back(human_bytes(*gpu.vram_bytes));
  }
  if (gpu.kfd_node) {
    details.push_back(fmt::format("KFD node {}", *gpu.kfd_node));
  }
  if (gpu.render_minor) {
    details.push_back(fmt::format("renderD{}", *gpu.render_minor));
  }
  if (!gpu.compute_capability.empty()) {
    details.push_back("compute capability " + terminal_safe(gpu.compute_capability));
  }
  if (gpu.integrated) {
    details.push_back("integrated");
  }
  if (!gpu.uuid.empty()) {
    details.push_back(terminal_safe(gpu.uuid));
  }
  std::string from = "from " + terminal_safe(gpu.source);
  if (gpu.source_lines) {
    from += gpu.source_lines->first == gpu.source_lines->second
                ? fmt::format(" line {}", gpu.source_lines->first)
                : fmt::format(" lines {}-{}", gpu.source_lines->first, gpu.source_lines->second);
  }
  std::string confidence =
      gpu.confidence.empty() ? (gpu.low_confidence ? "inferred-from-device-id" : "exact") : gpu.confidence;
  if (confidence != "exact" || gpu.source_lines) {
    from += ", " + confidence;
  }
  details.push_back(from);
  line += style.dim(fmt::format("  ({})", fmt::join(details, ", ")));
  line += "\n";
  if (!gpu.override_target.empty()) {
    line += fmt::format("      programs see it as {} (HSA_OVERRIDE_GFX_VERSION)\n", style.yellow(terminal_safe(gpu.override_target)));
  }
  // The default mode needs no comment; a mode chosen by HSA_XNACK or amdgpu.noretry does.
  if (gpu.xnack_source.starts_with("HSA_XNACK") || gpu.xnack_source.starts_with("amdgpu.")) {
    line += style.dim(fmt::format("      xnack {} ({})\n", model::device_mode_name(gpu.xnack), terminal_safe(gpu.xnack_source)));
  }
  if (!gpu.accessible) {
    line += fmt::format("      {} {}\n", style.red("not accessible:"), terminal_safe(gpu.inaccessible_reason));
  } else if (!gpu.visible) {
    line += fmt::format("      {}\n", style.yellow("hidden by a *_VISIBLE_DEVICES variable"));
  }
  return line;
}

// detect's problems, through the one Finding renderer: "  WARN  visible GPUs: message", then rule,
// source and fix (-q: the warnings and errors only; -v: rule and source of the notes too).
std::string findings_text(const detect::DetectReport& report, const TextStyle& style) {
  return findings_to_text(detect::detect_findings(report), {}, style);
}

// -v: the files each GPU's facts were read from (below the sysroot), as detect's readers name them
// (pci_devices.cpp, kfd_topology.cpp, nvidia_gpu_probe.cpp), or the table / tool that named it.
std::string gpu_sources(const detect::DetectReport& report, const detect::DetectedGpu& gpu) {
  if (report.source != "system") {
    return {};  // a pasted tool output: the line numbers above say where
  }
  std::string prefix = report.sysroot == "/" ? std::string() : report.sysroot;
  while (!prefix.empty() && prefix.back() == '/') {
    prefix.pop_back();
  }
  std::vector<std::string> files;
  if (!gpu.pci.empty()) {
    files.push_back(fmt::format("{}/sys/bus/pci/devices/{}/{{vendor,device,class,revision}}", prefix, gpu.pci));
  }
  if (gpu.kfd_node) {
    files.push_back(fmt::format("{}{}/{}/properties", prefix, detect::k_kfd_nodes_dir, *gpu.kfd_node));
  }
  if (gpu.vendor == model::Vendor::nvidia && !gpu.pci.empty() && gpu.device_minor) {  // its "Device Minor" came from there
    files.push_back(fmt::format("{}/proc/driver/nvidia/gpus/{}/information", prefix, gpu.pci));
  }
  if (gpu.source == "pci-id-table") {
    files.push_back(gpu.vendor == model::Vendor::amd ? "data/amdgpu_pci_ids.tsv" : "data/nvidia_pci_ids.tsv");
  } else if (gpu.source == "pci-chip-table") {
    files.push_back("data/nvidia_pci_chips.tsv and data/nvidia_chip_families.tsv (the chip pci.ids names)");
  } else if (gpu.source == "nvml") {
    files.push_back("libnvidia-ml (NVML)");
  } else if (gpu.source == "nvidia-smi") {
    files.push_back("nvidia-smi --query-gpu=pci.bus_id,compute_cap");
  }
  if (gpu.xnack_source.starts_with("amdgpu.")) {
    files.push_back(prefix + "/sys/module/amdgpu/parameters/noretry");
  }
  return files.empty() ? std::string() : "read from: " + fmt::format("{}", fmt::join(files, ", "));
}

// -v: the files the host and driver lines were read from (host_cpu.cpp, host_resources.cpp,
// host_system.cpp, nvidia_gpu_probe.cpp, amd_gpu_probe.cpp).
std::string host_sources(const detect::DetectReport& report) {
  std::string prefix = report.sysroot == "/" ? std::string() : report.sysroot;
  while (!prefix.empty() && prefix.back() == '/') {
    prefix.pop_back();
  }
  std::vector<std::string> files = {prefix + "/proc/cpuinfo", prefix + "/proc/meminfo", prefix + "/proc/self/cgroup"};
  const auto& resources = report.host.resources;
  if (resources.cgroup_version == 2) {  // memory.max and cpu.max there and in each parent
    files.push_back(prefix + "/sys/fs/cgroup" + (resources.cgroup_path == "/" ? "" : resources.cgroup_path));
  } else if (resources.cgroup_version == 1) {
    files.push_back(prefix + "/sys/fs/cgroup/{memory,cpu} (cgroup v1)");
  }
  files.push_back(prefix + "/etc/os-release");
  files.push_back(prefix + "/proc/sys/kernel/osrelease");
  if (!report.drivers.nvidia_version.empty()) {
    files.push_back(prefix + "/proc/driver/nvidia/version");
  }
  if (!report.drivers.amdgpu_version.empty()) {
    files.push_back(prefix + "/sys/module/amdgpu/version");
  }
  return "read from: " + fmt::format("{}", fmt::join(files, ", "));
}

}  // namespace

std::string detect_to_text(const detect::DetectReport& report, const TextStyle& style) {
  if (style.quiet()) {
    return findings_text(report, style);  // -q: the warnings and errors only
  }
  std::string out;
  std::string from = report.source == "system" ? (report.sysroot == "/" ? std::string("this machine")
                                                                        : "sysroot " + terminal_safe(report.sysroot))
                                               : terminal_safe(report.source) + " output";
  out += fmt::format("{} ({} from {})\n", style.bold("GPUs"), report.gpus.size(), from);
  if (report.gpus.empty()) {
    out += "  none found\n";
  }
  for (const auto& gpu : report.gpus) {
    out += gpu_line(gpu, style);
    if (std::string files = gpu_sources(report, gpu); style.verbose() && !files.empty()) {
      out += style.dim("      " + terminal_safe(files)) + "\n";
    }
  }
  if (!report.pytorch_rocm_arch.empty()) {
    out += fmt::format("Build for: PYTORCH_ROCM_ARCH=\"{}\"\n", terminal_safe(report.pytorch_rocm_arch));
  }
  if (!report.torch_cuda_arch_list.empty()) {
    out += fmt::format("Build for: TORCH_CUDA_ARCH_LIST=\"{}\"\n", terminal_safe(report.torch_cuda_arch_list));
  }
  std::vector<std::string> drivers;
  if (!report.drivers.nvidia_version.empty()) {
    drivers.push_back(terminal_safe(fmt::format("nvidia {} ({})", report.drivers.nvidia_version, report.drivers.nvidia_flavor)));
  }
  if (!report.drivers.amdgpu_version.empty()) {
    drivers.push_back("amdgpu " + terminal_safe(report.drivers.amdgpu_version));
  }
  if (report.drivers.kfd_present) {
    drivers.push_back("KFD present");
  }
  if (!drivers.empty()) {
    out += fmt::format("Drivers: {}\n", fmt::join(drivers, ", "));
  }
  if (report.source == "system") {
    const auto& host = report.host;
    std::string cpu = host.cpu.model.empty() ? std::string("unknown CPU") : terminal_safe(host.cpu.model);
    std::vector<std::string> isa;
    if (!host.cpu.isa_level.empty()) {
      isa.push_back(terminal_safe(host.cpu.isa_level));
    }
    if (host.cpu.avx512) {
      isa.push_back("AVX-512");
    }
    if (!host.cpu.amx.empty()) {
      isa.push_back("AMX");
    }
    out += fmt::format("Host: {}{}, {} of {} CPUs usable", cpu, isa.empty() ? "" : fmt::format(" ({})", fmt::join(isa, ", ")),
                       host.resources.usable_cpus(host.cpu.logical_cpus), host.cpu.logical_cpus);
    if (auto memory = host.resources.usable_memory_bytes()) {
      out += fmt::format(", {} RAM", human_bytes(*memory));
      if (host.resources.cgroup_memory_limit_bytes && host.resources.memory_total_bytes &&
          *host.resources.cgroup_memory_limit_bytes < *host.resources.memory_total_bytes) {
        out += " (cgroup limit)";
      }
    }
    out += "\n";
    std::string os = host.system.os.pretty_name.empty() ? std::string("unknown OS") : terminal_safe(host.system.os.pretty_name);
    out += fmt::format("OS: {}{}", os, host.system.kernel.empty() ? "" : ", kernel " + terminal_safe(host.system.kernel));
    if (!host.system.glibc_version().empty()) {
      out += ", glibc " + terminal_safe(host.system.glibc_version());
    }
    out += "\n";
    if (style.verbose()) {
      out += style.dim("  " + terminal_safe(host_sources(report))) + "\n";
    }
    auto library_line = [&](std::string_view label, const detect::RuntimeLibrary& library) {
      auto glibcxx = library.highest.find("GLIBCXX");
      if (!library.path.empty() && glibcxx != library.highest.end()) {
        out += fmt::format("{}: {} ({}, via {})\n", label, terminal_safe(glibcxx->second), terminal_safe(library.path),
                           terminal_safe(library.via));
      } else if (!library.error.empty()) {
        out += fmt::format("{}: {}\n", label, terminal_safe(library.error));
      }
    };
    // In a captured tree without the libraries, saying "not found" would only be noise.
    if (report.sysroot == "/" || !host.system.libstdcxx.path.empty()) {
      library_line("libstdc++", host.system.libstdcxx);
    }
    if (!host.system.conda_prefix.empty()) {
      library_line("conda libstdc++", host.system.conda_libstdcxx);
    }
  }
  if (!report.environment.empty()) {
    std::vector<std::string> variables;
    for (const auto& [name, value] : report.environment) {
      variables.push_back(terminal_safe(fmt::format("{}={}", name, value.empty() ? "\"\"" : value)));
    }
    out += fmt::format("Environment: {}\n", fmt::join(variables, " "));
  }
  return out + findings_text(report, style);
}

}  // namespace archfit::report
