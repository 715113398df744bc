#include "detect/detector.hpp"

#include <fmt/format.h>

#include "detect/amd_gpu_probe.hpp"
#include "detect/environment_effects.hpp"
#include "detect/nvidia_gpu_probe.hpp"
#include "detect/pci_devices.hpp"

namespace archfit::detect {

HostReport read_host(const probe::SystemRoot& root, const probe::Environment& environment) {
  HostReport host;
  auto cpuinfo = root.read_text("/proc/cpuinfo", std::size_t{8} << 20);
  if (cpuinfo.ok()) {
    host.cpu = parse_cpuinfo(cpuinfo.text);
  }
  host.resources = read_host_resources(root);
  host.system = read_host_system(root, environment);
  return host;
}

DetectReport detect_system(const probe::SystemRoot& root, const probe::Environment& environment,
                           const DetectOptions& options) {
  DetectReport report;
  report.sysroot = root.root();
  auto pci_devices = read_gpu_pci_devices(root);
  probe_amd_gpus(root, environment, pci_devices, report);
  probe_nvidia_gpus(root, pci_devices, {options.confirm_with_nvml}, report);
  report.host = read_host(root, environment);
  apply_environment_effects(environment, report);
  if (report.gpus.empty()) {
    report.findings.push_back({"info", "no-gpu",
                               "no AMD or NVIDIA GPU on the PCI bus (or /sys is not visible here)",
                               "in a container or VM, check that the GPU is passed through"});
  }
  return report;
}

}  // namespace archfit::detect
