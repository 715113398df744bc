#include "detect/pci_devices.hpp"
#include "util/text_lines.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace archfit::detect {

namespace {

std::optional<std::uint64_t> read_number(const probe::SystemRoot& root, const std::string& path) {
  auto file = root.read_text(path, 256);
  if (!file.ok()) {
    return std::nullopt;
  }
  return probe::parse_sysfs_number(file.text);
}

bool is_gpu_class(std::uint32_t class_code) {
  std::uint32_t base = class_code >> 16;
  return base == 0x03 || base == 0x12;
}

}  // namespace

std::vector<PciDevice> read_gpu_pci_devices(const probe::SystemRoot& root) {
  std::vector<PciDevice> devices;
  const std::string base = "/sys/bus/pci/devices/";
  for (const auto& address : root.list_dir(base)) {
    std::string dir = base + address;
    // Vendor first: most functions on a host (bridges, NICs, NVMe) are neither AMD nor NVIDIA,
    // and each sysfs read is a syscall round trip.
    auto vendor = read_number(root, dir + "/vendor");
    if (!vendor || (*vendor != k_pci_vendor_amd && *vendor != k_pci_vendor_nvidia)) {
      continue;
    }
    auto class_code = read_number(root, dir + "/class");
    if (!class_code || !is_gpu_class(static_cast<std::uint32_t>(*class_code))) {
      continue;
    }
    PciDevice device;
    device.address = address;
    device.vendor = static_cast<std::uint16_t>(*vendor);
    device.class_code = static_cast<std::uint32_t>(*class_code);
    device.device = static_cast<std::uint16_t>(read_number(root, dir + "/device").value_or(0));
    device.subsystem_vendor = static_cast<std::uint16_t>(read_number(root, dir + "/subsystem_vendor").value_or(0));
    device.subsystem_device = static_cast<std::uint16_t>(read_number(root, dir + "/subsystem_device").value_or(0));
    if (auto revision = read_number(root, dir + "/revision")) {
      device.revision = static_cast<std::uint8_t>(*revision);
    }
    if (auto driver = root.read_link(dir + "/driver")) {
      auto slash = driver->rfind('/');
      device.driver = slash == std::string::npos ? *driver : driver->substr(slash + 1);
    }
    device.vram_bytes = read_number(root, dir + "/mem_info_vram_total");
    devices.push_back(std::move(device));
  }
  return devices;
}

std::string normalize_pci_address(std::string_view address) {
  std::string lower;
  for (char c : trim(address)) {
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  // domain:bus:device.function; nvidia-smi prints an 8-digit domain.
  auto first_colon = lower.find(':');
  if (first_colon == std::string::npos) {
    return lower;
  }
  std::string rest = lower.substr(first_colon);
  if (std::count(lower.begin(), lower.end(), ':') == 1) {  // "03:00.0": no domain
    return "0000:" + lower;
  }
  std::string domain = lower.substr(0, first_colon);
  while (domain.size() > 4 && domain.front() == '0') {
    domain.erase(domain.begin());
  }
  while (domain.size() < 4) {
    domain.insert(domain.begin(), '0');
  }
  return domain + rest;
}

}  // namespace archfit::detect
