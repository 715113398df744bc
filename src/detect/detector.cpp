#include "detect/detector.hpp"

#include <fmt/format.h>

#include "detect/amd_gpu_probe.hpp"
#include "detect/environment_effects.hpp"
#include "detect/nvidia_gpu_probe.hpp"
#include "detect/host_resources.hpp"
#include "detect/pci_devices.hpp"
#include "util/concurrent_tasks.hpp"

namespace archfit::detect {

namespace {

// The CPU: the kernel formats /proc/cpuinfo one CPU at a time as it is read (and on x86 samples
// each CPU's clock for "cpu MHz", which costs a cross-CPU call per CPU): the first CPU's block says
// all detect needs, and /sys/devices/system/cpu/possible counts them (as sysconf's
// _SC_NPROCESSORS_CONF does). So the read stops at the blank line that ends the first block: each
// read(2) of the file formats the next page of blocks (on the H200 VM, 57 us a read and six reads
// for the 16 KiB read before). Without that file (a captured tree), read every block.
HostCpu read_host_cpu(const probe::SystemRoot& root) {
  HostCpu cpu;
  auto possible = root.read_text("/sys/devices/system/cpu/possible", 256);
  auto count = possible.ok() ? count_cpu_list(possible.text) : std::nullopt;
  auto cpuinfo = count ? root.read_text("/proc/cpuinfo", std::size_t{16} << 10, "\n\n")
                       : root.read_text("/proc/cpuinfo", std::size_t{8} << 20);
  if (cpuinfo.ok()) {
    cpu = parse_cpuinfo(cpuinfo.text);
    if (count) {
      cpu.logical_cpus = *count;
    }
  }
  return cpu;
}

}  // namespace

HostReport read_host(const probe::SystemRoot& root, const probe::Environment& environment) {
  HostReport host;
  host.cpu = read_host_cpu(root);
  host.resources = read_host_resources(root);
  host.system = read_host_system(root, environment);
  return host;
}

namespace {

// A note when a cgroup or the affinity mask gives this process less than the machine has: a build
// that sizes its jobs from the machine (nproc, /proc/meminfo) runs more compiles than fit.
void note_resource_limits(DetectReport& report) {
  const auto& resources = report.host.resources;
  unsigned logical = report.host.cpu.logical_cpus;
  std::vector<std::string> limits;
  if (resources.cgroup_memory_limit_bytes && resources.memory_total_bytes &&
      *resources.cgroup_memory_limit_bytes < *resources.memory_total_bytes) {
    constexpr double k_gib = 1024.0 * 1024.0 * 1024.0;
    limits.push_back(fmt::format("{:.1f} GiB of the machine's {:.1f} GiB RAM (cgroup memory limit)",
                                 static_cast<double>(*resources.cgroup_memory_limit_bytes) / k_gib,
                                 static_cast<double>(*resources.memory_total_bytes) / k_gib));
  }
  if (logical > 0 && resources.usable_cpus(logical) < logical) {
    limits.push_back(fmt::format("{} of its {} CPUs ({})", resources.usable_cpus(logical), logical,
                                 resources.cgroup_cpu_limit && *resources.cgroup_cpu_limit < logical
                                     ? "cgroup CPU quota"
                                     : "CPU affinity"));
  }
  if (!limits.empty()) {
    report.findings.push_back({Severity::info, "resources-limited",
                               fmt::format("this process may use {}", fmt::join(limits, " and ")),
                               "size parallel builds to these limits (archfit env sets MAX_JOBS from them)"});
  }
}

}  // namespace

DetectReport detect_system(const probe::SystemRoot& root, const probe::Environment& environment,
                           const DetectOptions& options) {
  DetectReport report;
  report.sysroot = root.root();
  // Three sides are read at once, each only through the const SystemRoot and each into its own
  // part of the report: the GPUs (the NVIDIA driver answers a read of
  // /proc/driver/nvidia/gpus/<bus>/information by asking the GPU: 0.28 ms on the H200 machine), the
  // CPU and its limits (0.29 ms there) and the OS with its C and C++ libraries (0.29 ms). With the
  // two host sides on one thread, they were the longest path (docs/performance.md).
  probe::ProcessRunner process_runner;
  const probe::CommandRunner& runner = options.runner != nullptr ? *options.runner : process_runner;
  run_concurrently({[&] {
                      auto pci_devices = read_gpu_pci_devices(root);
                      probe_amd_gpus(root, environment, pci_devices, report);
                      probe_nvidia_gpus(root, pci_devices, {options.confirm_with_nvml, &runner}, report);
                    },
                    [&] {
                      report.host.cpu = read_host_cpu(root);
                      report.host.resources = read_host_resources(root);
                    },
                    [&] { report.host.system = read_host_system(root, environment); }});
  apply_environment_effects(environment, report);
  note_resource_limits(report);
  if (report.gpus.empty()) {
    report.findings.push_back({Severity::info, "no-gpu",
                               "no AMD or NVIDIA GPU on the PCI bus (or /sys is not visible here)",
                               "in a container or VM, check that the GPU is passed through"});
  }
  return report;
}

}  // namespace archfit::detect
