#include "detect/amd_gpu_probe.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "detect/amdgpu_ids.hpp"
#include "detect/gfx_target_version.hpp"
#include "knowledge/amdgpu_processors.hpp"
#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"
#include "knowledge/pci_id_tables.hpp"
#include "model/target_id.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

// KFD `capability` bit: SRAM ECC is enabled on this GPU (kfd_sysfs.h HSA_CAP_SRAM_EDCSUPPORTED).
constexpr std::uint64_t k_cap_sram_edc_supported = 0x04000000;

// libdrm looks for amdgpu.ids in AMDGPU_ASIC_ID_TABLE_PATHS (a ':'-separated list of
// directories), then in its ${datadir}/libdrm (amdgpu_asic_id.c): ROCm's libdrm uses
// /opt/amdgpu/share, distributions /usr/share.
AmdgpuIds load_amdgpu_ids(const probe::SystemRoot& root, const probe::Environment& environment) {
  std::vector<std::string> candidates;
  if (auto dirs = environment.get("AMDGPU_ASIC_ID_TABLE_PATHS")) {
    std::string_view list = *dirs;
    while (!list.empty()) {
      auto colon = list.find(':');
      if (colon != 0) {
        candidates.push_back(std::string(list.substr(0, colon)) + "/amdgpu.ids");
      }
      list.remove_prefix(colon == std::string_view::npos ? list.size() : colon + 1);
    }
  }
  candidates.emplace_back("/opt/amdgpu/share/libdrm/amdgpu.ids");
  candidates.emplace_back("/usr/share/libdrm/amdgpu.ids");
  for (const auto& path : candidates) {
    auto file = root.read_text(path, std::size_t{4} << 20);
    if (file.ok()) {
      return parse_amdgpu_ids(file.text);
    }
  }
  return {};
}

std::string product_name(const AmdgpuIds& ids, std::uint16_t device, std::optional<std::uint8_t> revision) {
  if (revision) {
    if (const auto* name = ids.find(device, *revision)) {
      return *name;
    }
  }
  if (auto row = knowledge::AmdgpuPciIdTable::embedded().find(device, revision); row && !row->product.empty()) {
    return row->product;
  }
  return fmt::format("AMD GPU {:#06x}", device);
}

// xnack mode: HSA_XNACK=0/1 makes ROCr ask KFD for that mode; otherwise KFD's default, which is
// "off" unless amdgpu.noretry=0 (kfd_process.c kfd_process_xnack_mode; amdgpu_gmc.c defaults
// noretry to 1 on the datacenter GC versions).
std::pair<model::FeatureSetting, std::string> xnack_mode(const probe::SystemRoot& root,
                                                         const probe::Environment& environment) {
  using model::FeatureSetting;
  if (auto value = environment.get("HSA_XNACK"); value && (*value == "0" || *value == "1")) {
    return {*value == "1" ? FeatureSetting::on : FeatureSetting::off, "HSA_XNACK=" + *value};
  }
  auto noretry = root.read_text("/sys/module/amdgpu/parameters/noretry", 64);
  if (noretry.ok()) {
    std::string_view value = trim(noretry.text);
    if (value == "0") {
      return {FeatureSetting::on, "amdgpu.noretry=0"};
    }
    if (value == "1") {
      return {FeatureSetting::off, "amdgpu.noretry=1"};
    }
  }
  return {FeatureSetting::off, "kernel default (amdgpu.noretry not 0)"};
}

// data/runtime_target_features.tsv: (xnack supported, sramecc supported) where ROCr supports
// less than LLVM, or nullopt.
std::optional<std::pair<bool, bool>> runtime_feature_limits(const std::string& processor) {
  const auto& table = knowledge::embedded_table("runtime_target_features.tsv");
  for (const auto& row : table.rows) {
    if (table.field(row, "processor") == processor) {
      return std::make_pair(table.field(row, "xnack") == "supported", table.field(row, "sramecc") == "supported");
    }
  }
  return std::nullopt;
}

bool is_apu_processor(const std::string& processor) {
  auto text = knowledge::embedded_file("amdgpu_apu_processors.tsv");
  if (!text || processor.empty()) {
    return false;
  }
  return text->find("\n" + processor + "\t") != std::string_view::npos;
}

void check_access(const probe::SystemRoot& root, DetectedGpu& gpu) {
  auto kfd = root.access("/dev/kfd");
  if (!kfd.exists) {
    gpu.accessible = false;
    gpu.inaccessible_reason = "/dev/kfd does not exist (a container started without the device, or the amdgpu "
                              "driver has no KFD)";
    gpu.fix = "start the container with --device=/dev/kfd --device=/dev/dri --group-add video --group-add render";
    return;
  }
  if (!kfd.readable || !kfd.writable) {
    gpu.accessible = false;
    gpu.inaccessible_reason = "/dev/kfd is not readable and writable by this user";
    gpu.fix = "sudo usermod -aG render,video $USER, then log in again";
    return;
  }
  if (gpu.render_minor) {
    std::string render = fmt::format("/dev/dri/renderD{}", *gpu.render_minor);
    auto node = root.access(render);
    if (!node.exists) {
      gpu.accessible = false;
      gpu.inaccessible_reason = render + " does not exist (its render node was not passed into the container)";
      gpu.fix = "start the container with --device=/dev/dri (or --device=" + render + ")";
    } else if (!node.readable || !node.writable) {
      gpu.accessible = false;
      gpu.inaccessible_reason = render + " is not readable and writable by this user";
      gpu.fix = "sudo usermod -aG render,video $USER, then log in again";
    }
  }
}

void fill_features(const probe::SystemRoot& root, const probe::Environment& environment, const KfdNode& node,
                   DetectedGpu& gpu) {
  const auto* processor = knowledge::AmdgpuProcessorTable::embedded().by_name(gpu.target);
  if (processor == nullptr) {
    gpu.target_id = gpu.target;
    return;
  }
  bool xnack = processor->supports_xnack;
  bool sramecc = processor->supports_sramecc;
  if (auto limits = runtime_feature_limits(gpu.target)) {
    xnack = xnack && limits->first;
    sramecc = sramecc && limits->second;
  }
  using model::FeatureSetting;
  gpu.sramecc = !sramecc                                                     ? FeatureSetting::unsupported
                : (node.get("capability") & k_cap_sram_edc_supported) != 0 ? FeatureSetting::on
                                                                           : FeatureSetting::off;
  if (xnack) {
    auto [mode, why] = xnack_mode(root, environment);
    gpu.xnack = mode;
    gpu.xnack_source = why;
  } else {
    gpu.xnack = FeatureSetting::unsupported;
  }
  // LLVM's canonical target ID: the processor and each feature it supports in its mode.
  gpu.target_id = model::AmdTargetId{gpu.target, gpu.sramecc, gpu.xnack}.to_string();
}

DetectedGpu gpu_from_kfd(const probe::SystemRoot& root, const probe::Environment& environment, const KfdNode& node,
                         const AmdgpuIds& ids, const std::vector<PciDevice>& pci_devices) {
  DetectedGpu gpu;
  gpu.vendor = model::Vendor::amd;
  gpu.source = "kfd";
  gpu.kfd_node = node.index;
  gpu.gpu_id = node.gpu_id;
  gpu.pci = node.pci_address();
  gpu.device_id = static_cast<std::uint16_t>(node.get("device_id"));
  for (const auto& pci : pci_devices) {
    if (pci.address == gpu.pci) {
      gpu.revision = pci.revision;
      gpu.vram_bytes = pci.vram_bytes;
    }
  }
  if (node.vram_bytes) {
    gpu.vram_bytes = node.vram_bytes;
  }
  if (auto version = unpack_gfx_target_version(node.get("gfx_target_version"))) {
    gpu.target = version->processor_name();
  } else if (auto row = knowledge::AmdgpuPciIdTable::embedded().find(*gpu.device_id, gpu.revision)) {
    // Kernels before gfx_target_version existed: the device-id table, as libhsakmt does.
    gpu.target = row->gfx;
    gpu.low_confidence = true;
  }
  if (node.get("simd_per_cu") > 0) {
    gpu.compute_units = static_cast<unsigned>(node.get("simd_count") / node.get("simd_per_cu"));
  }
  if (node.has("drm_render_minor")) {
    gpu.render_minor = static_cast<unsigned>(node.get("drm_render_minor"));
  }
  if (node.get("unique_id") != 0) {
    gpu.uuid = fmt::format("GPU-{:016x}", node.get("unique_id"));
  }
  gpu.name = product_name(ids, *gpu.device_id, gpu.revision);
  // An old-style APU node holds the CPU cores and the SIMDs together; newer APUs get a node of
  // their own, recognised by their processor.
  gpu.integrated = node.has_cpu_cores() || is_apu_processor(gpu.target);
  fill_features(root, environment, node, gpu);
  check_access(root, gpu);
  return gpu;
}

DetectedGpu gpu_from_pci(const PciDevice& pci, const AmdgpuIds& ids) {
  DetectedGpu gpu;
  gpu.vendor = model::Vendor::amd;
  gpu.source = "pci-id-table";
  gpu.low_confidence = true;
  gpu.pci = pci.address;
  gpu.device_id = pci.device;
  gpu.revision = pci.revision;
  gpu.vram_bytes = pci.vram_bytes;
  if (auto row = knowledge::AmdgpuPciIdTable::embedded().find(pci.device, pci.revision)) {
    gpu.target = row->gfx;
  }
  gpu.target_id = gpu.target;
  gpu.name = product_name(ids, pci.device, pci.revision);
  gpu.integrated = is_apu_processor(gpu.target);
  return gpu;
}

}  // namespace

void probe_amd_gpus(const probe::SystemRoot& root, const probe::Environment& environment,
                    const std::vector<PciDevice>& pci_devices, DetectReport& report) {
  KfdTopology topology = read_kfd_topology(root);
  report.drivers.kfd_present = topology.present;
  bool any_amd = std::any_of(pci_devices.begin(), pci_devices.end(),
                             [](const PciDevice& pci) { return pci.vendor == k_pci_vendor_amd; }) ||
                 std::any_of(topology.nodes.begin(), topology.nodes.end(), [](const KfdNode& node) { return node.is_gpu(); });
  if (!any_amd) {
    return;
  }
  AmdgpuIds ids = load_amdgpu_ids(root, environment);
  std::vector<std::string> seen;
  for (const auto& node : topology.nodes) {
    if (node.read_error != 0) {
      continue;  // matched to its PCI device below, reported as hidden
    }
    if (!node.is_gpu() || (node.has("vendor_id") && node.get("vendor_id") != k_pci_vendor_amd)) {
      continue;
    }
    DetectedGpu gpu = gpu_from_kfd(root, environment, node, ids, pci_devices);
    seen.push_back(gpu.pci);
    report.gpus.push_back(std::move(gpu));
  }
  bool hidden_nodes = false;
  for (const auto& node : topology.nodes) {
    hidden_nodes = hidden_nodes || node.read_error != 0;
  }
  if (auto version = root.read_text("/sys/module/amdgpu/version", 256); version.ok()) {
    report.drivers.amdgpu_version = std::string(trim(version.text));
  }
  for (const auto& pci : pci_devices) {
    if (pci.vendor != k_pci_vendor_amd || std::find(seen.begin(), seen.end(), pci.address) != seen.end()) {
      continue;
    }
    DetectedGpu gpu = gpu_from_pci(pci, ids);
    gpu.accessible = false;
    if (hidden_nodes) {
      gpu.inaccessible_reason = "its KFD topology node cannot be read (EPERM): the container's device cgroup hides it";
      gpu.fix = "start the container with --device=/dev/kfd --device=/dev/dri (or pass this GPU's render node)";
    } else if (!topology.present) {
      gpu.inaccessible_reason = pci.driver.empty() || pci.driver == "amdgpu"
                                    ? "no KFD topology: the amdgpu driver is not loaded, or was built without KFD"
                                    : "bound to the '" + pci.driver + "' driver, not amdgpu";
      gpu.fix = pci.driver.empty() || pci.driver == "amdgpu"
                    ? "sudo modprobe amdgpu, then check `sudo dmesg | grep -i -e amdgpu -e kfd`"
                    : "unbind it from " + pci.driver + " and load amdgpu (it may be reserved for a VM)";
    } else {
      gpu.inaccessible_reason = "on the PCI bus but without a KFD node: this kernel's KFD does not support it "
                                "(dmesg says 'not supported in kfd')";
      gpu.fix = "install a newer kernel or the ROCm amdgpu-dkms driver that knows this GPU";
    }
    report.gpus.push_back(std::move(gpu));
  }
}

}  // namespace archfit::detect
