#include "detect/nvidia_gpu_probe.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "detect/nvidia_procfs.hpp"
#include "detect/nvml_probe.hpp"
#include "knowledge/nvidia_chips.hpp"
#include "knowledge/pci_id_tables.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

constexpr std::string_view k_proc_nvidia = "/proc/driver/nvidia";

void check_access(const probe::SystemRoot& root, DetectedGpu& gpu) {
  auto control = root.access("/dev/nvidiactl");
  std::string node = gpu.device_minor ? fmt::format("/dev/nvidia{}", *gpu.device_minor) : std::string();
  auto device = node.empty() ? probe::PathAccess{} : root.access(node);
  if (!control.exists || (!node.empty() && !device.exists)) {
    gpu.accessible = false;
    gpu.inaccessible_reason = (control.exists ? node : std::string("/dev/nvidiactl")) +
                              " does not exist (a container started without the GPU, or the device nodes were "
                              "not created)";
    gpu.fix = "start the container with --gpus all (NVIDIA Container Toolkit), or run nvidia-modprobe -u -c=0";
  } else if (!control.readable || !control.writable || (!node.empty() && (!device.readable || !device.writable))) {
    gpu.accessible = false;
    gpu.inaccessible_reason = "the /dev/nvidia* device nodes are not readable and writable by this user";
    gpu.fix = "check the nodes' mode (the driver's NVreg_DeviceFileMode) or add your user to their group";
  }
}

}  // namespace

void probe_nvidia_gpus(const probe::SystemRoot& root, const std::vector<PciDevice>& pci_devices,
                       const NvidiaProbeOptions& options, DetectReport& report) {
  auto version = root.read_text(std::string(k_proc_nvidia) + "/version", 4096);
  if (version.ok()) {
    if (auto parsed = parse_nvidia_driver_version(version.text)) {
      report.drivers.nvidia_version = parsed->version;
      report.drivers.nvidia_flavor = parsed->flavor;
    }
  }
  if (report.drivers.nvidia_version.empty()) {
    if (auto module = root.read_text("/sys/module/nvidia/version", 256); module.ok()) {
      report.drivers.nvidia_version = std::string(trim(module.text));
    }
  }
  std::map<std::string, NvidiaGpuInformation> information;
  std::string gpus_dir = std::string(k_proc_nvidia) + "/gpus";
  for (const auto& bus : root.list_dir(gpus_dir)) {
    auto file = root.read_text(gpus_dir + "/" + bus + "/information", 64 * 1024);
    if (file.ok()) {
      auto parsed = parse_nvidia_gpu_information(file.text);
      information[normalize_pci_address(parsed.bus_location.empty() ? bus : parsed.bus_location)] = parsed;
    }
  }
  std::vector<DetectedGpu> found;
  bool needs_nvml = options.confirm_with_nvml;
  for (const auto& pci : pci_devices) {
    if (pci.vendor != k_pci_vendor_nvidia) {
      continue;
    }
    DetectedGpu gpu;
    gpu.vendor = model::Vendor::nvidia;
    gpu.pci = pci.address;
    gpu.device_id = pci.device;
    gpu.revision = pci.revision;
    gpu.source = "pci-id-table";
    if (auto row = knowledge::NvidiaPciIdTable::embedded().find(pci.device)) {
      gpu.compute_capability = row->compute_capability;
      gpu.name = row->name;
    } else if (auto chip = knowledge::NvidiaChipTable::embedded().find(pci.device)) {
      // Pre-Turing: pci.ids names the chip, whose family has one compute capability.
      gpu.source = "pci-chip-table";
      gpu.compute_capability = chip->compute_capability;
      // One product, or pci.ids' list as written ("GeForce 610M/710M/810M/820M / GT 620M/…"): not a guess.
      gpu.name = chip->names.size() == 1 ? chip->names.front() : chip->listed;
      needs_nvml = true;  // NVML, where it loads, confirms it
    } else {
      needs_nvml = true;
    }
    auto info = information.find(normalize_pci_address(pci.address));
    if (info != information.end()) {
      if (!info->second.model.empty()) {
        gpu.name = info->second.model;
      }
      gpu.uuid = info->second.uuid;
      gpu.device_minor = info->second.device_minor;
      if (info->second.excluded) {
        gpu.accessible = false;
        gpu.inaccessible_reason = "the driver excludes it (GPU Excluded: Yes in /proc/driver/nvidia)";
        gpu.fix = "check `nvidia-smi -q` and the kernel log for why the driver excluded this GPU";
      }
    } else {
      gpu.accessible = false;
      gpu.inaccessible_reason = !version.ok() ? (pci.driver.empty() ? std::string("the NVIDIA driver is not loaded")
                                                                    : "bound to the '" + pci.driver +
                                                                          "' driver, not nvidia")
                                              : std::string("not listed in /proc/driver/nvidia/gpus");
      gpu.fix = "install or load the NVIDIA driver (sudo modprobe nvidia), then check `nvidia-smi`";
    }
    if (gpu.name.empty()) {
      gpu.name = fmt::format("NVIDIA GPU {:#06x}", pci.device);
    }
    if (gpu.accessible) {
      check_access(root, gpu);
    }
    found.push_back(std::move(gpu));
  }
  if (needs_nvml && root.is_live() && !found.empty()) {
    NvmlProbe nvml = probe_nvml();
    for (auto& gpu : found) {
      auto device = nvml.by_pci.find(gpu.pci);
      if (device == nvml.by_pci.end()) {
        continue;
      }
      if (!gpu.compute_capability.empty() && gpu.compute_capability != device->second.compute_capability) {
        report.findings.push_back({Severity::warning, "pci-table-disagrees",
                                   fmt::format("{} ({}): the PCI-id table says compute capability {}, NVML says {}; "
                                               "using NVML's",
                                               gpu.name, gpu.pci, gpu.compute_capability,
                                               device->second.compute_capability),
                                   "report this at archfit's issue tracker so data/nvidia_pci_ids.tsv (or data/nvidia_chip_families.tsv) is corrected"});
      }
      gpu.compute_capability = device->second.compute_capability;
      gpu.source = "nvml";
    }
    if (!nvml.loaded && options.confirm_with_nvml) {
      report.findings.push_back({Severity::info, "nvml-unavailable", "NVML could not be used: " + nvml.error, ""});
    }
  }
  bool unknown = std::any_of(found.begin(), found.end(), [](const DetectedGpu& gpu) { return gpu.compute_capability.empty(); });
  if (unknown && root.is_live() && options.runner != nullptr) {
    auto smi = options.runner->run({"nvidia-smi", "--query-gpu=pci.bus_id,compute_cap", "--format=csv,noheader"},
                                   probe::Environment::current(), std::chrono::seconds(10));
    // "00000000:00:06.0, 9.0" per line.
    std::string_view text = smi.succeeded() ? std::string_view(smi.out) : std::string_view();
    for (std::string_view line : split_lines(text)) {
      auto comma = line.find(',');
      if (comma == std::string_view::npos) {
        continue;
      }
      std::string bus = normalize_pci_address(line.substr(0, comma));
      std::string capability(trim(line.substr(comma + 1)));
      for (auto& gpu : found) {
        if (gpu.pci == bus && gpu.compute_capability.empty() &&
            !knowledge::sm_target_from_compute_capability(capability).empty()) {
          gpu.compute_capability = capability;
          gpu.source = "nvidia-smi";
        }
      }
    }
  }
  for (auto& gpu : found) {
    gpu.target = knowledge::sm_target_from_compute_capability(gpu.compute_capability);
    gpu.target_id = gpu.target;
    report.gpus.push_back(std::move(gpu));
  }
}

}  // namespace archfit::detect
