#include "detect/tool_output_parsers.hpp"

#include <charconv>

#include <fmt/format.h>

#include "util/text_lines.hpp"
#include "detect/amd_gpu_probe.hpp"
#include "detect/pci_devices.hpp"
#include "knowledge/pci_id_tables.hpp"
#include "probe/system_root.hpp"

namespace archfit::detect {

namespace {

// "  Key:   value" → (Key, value); empty key when the line has no colon.
std::pair<std::string_view, std::string_view> key_value(std::string_view line) {
  auto colon = line.find(':');
  if (colon == std::string_view::npos) {
    return {};
  }
  return {probe::trim(line.substr(0, colon)), probe::trim(line.substr(colon + 1))};
}

std::optional<std::uint64_t> leading_number(std::string_view text) {
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end == text.data()) {
    return std::nullopt;
  }
  return value;
}

struct RocminfoAgent {
  std::string name;
  std::string marketing_name;
  std::string device_type;
  std::string uuid;
  std::optional<std::uint64_t> chip_id;
  std::optional<std::uint64_t> bdfid;
  std::optional<std::uint64_t> compute_units;
  std::optional<std::uint64_t> node;
  std::vector<std::string> isas;
};

DetectedGpu gpu_from_agent(const RocminfoAgent& agent) {
  DetectedGpu gpu;
  gpu.vendor = "amd";
  gpu.source = "rocminfo";
  gpu.target = agent.name;
  gpu.target_id = agent.isas.empty() ? agent.name : agent.isas.front();
  gpu.name = agent.marketing_name;
  if (agent.uuid.starts_with("GPU-") && agent.uuid != "GPU-XX") {
    gpu.uuid = agent.uuid;
  }
  if (agent.chip_id) {
    gpu.device_id = static_cast<std::uint16_t>(*agent.chip_id);
  }
  if (agent.bdfid) {
    // BDFID is KFD's location_id; rocminfo does not print the PCI domain (assume 0).
    gpu.pci = fmt::format("0000:{:02x}:{:02x}.{:x}", (*agent.bdfid >> 8) & 0xff, (*agent.bdfid >> 3) & 0x1f,
                          *agent.bdfid & 7);
  }
  if (agent.compute_units) {
    gpu.compute_units = static_cast<unsigned>(*agent.compute_units);
  }
  if (agent.node) {
    gpu.kfd_node = static_cast<unsigned>(*agent.node);
  }
  auto colon = gpu.target_id.find(':');
  std::string_view features = colon == std::string::npos ? std::string_view() : std::string_view(gpu.target_id).substr(colon);
  gpu.sramecc = features.find("sramecc+") != std::string_view::npos   ? "on"
                : features.find("sramecc-") != std::string_view::npos ? "off"
                                                                      : "";
  gpu.xnack = features.find("xnack+") != std::string_view::npos   ? "on"
              : features.find("xnack-") != std::string_view::npos ? "off"
                                                                  : "";
  return gpu;
}

}  // namespace

Result<std::vector<DetectedGpu>> parse_rocminfo(std::string_view text) {
  std::vector<RocminfoAgent> agents;
  bool in_isa = false;
  for (std::string_view line : split_lines(text)) {
    std::string_view trimmed = probe::trim(line);
    if (trimmed.starts_with("Agent ") && leading_number(trimmed.substr(6))) {
      agents.emplace_back();
      in_isa = false;
      continue;
    }
    if (agents.empty()) {
      continue;
    }
    auto [key, value] = key_value(line);
    RocminfoAgent& agent = agents.back();
    if (key == "ISA Info") {
      in_isa = true;
    } else if (key == "Name" && in_isa) {
      constexpr std::string_view prefix = "amdgcn-amd-amdhsa--";
      if (value.starts_with(prefix)) {
        agent.isas.emplace_back(value.substr(prefix.size()));
      }
    } else if (key == "Name" && agent.name.empty()) {
      agent.name = value;
    } else if (key == "Marketing Name") {
      agent.marketing_name = value;
    } else if (key == "Device Type") {
      agent.device_type = value;
    } else if (key == "Uuid") {
      agent.uuid = value;
    } else if (key == "Chip ID") {
      agent.chip_id = leading_number(value);
    } else if (key == "BDFID") {
      agent.bdfid = leading_number(value);
    } else if (key == "Compute Unit") {
      agent.compute_units = leading_number(value);
    } else if (key == "Node") {
      agent.node = leading_number(value);
    }
  }
  if (agents.empty()) {
    return Error{"no 'Agent N' sections: this is not rocminfo output"};
  }
  std::vector<DetectedGpu> gpus;
  for (const auto& agent : agents) {
    if (agent.device_type == "GPU" && agent.name.starts_with("gfx")) {
      gpus.push_back(gpu_from_agent(agent));
    }
  }
  return gpus;
}

namespace {

void name_nvidia_gpu(DetectedGpu& gpu) {
  const auto& table = knowledge::NvidiaPciIdTable::embedded();
  if (gpu.compute_capability.empty()) {
    std::optional<knowledge::NvidiaPciId> row;
    if (gpu.device_id) {
      row = table.find(*gpu.device_id);
    }
    if (!row) {
      if (const auto* by_name = table.find_by_name(gpu.name)) {
        row = *by_name;
        gpu.low_confidence = true;
      }
    }
    if (row) {
      gpu.compute_capability = row->compute_capability;
    }
  }
  gpu.target = knowledge::sm_target_from_compute_capability(gpu.compute_capability);
  gpu.target_id = gpu.target;
}

DetectedGpu new_nvidia_gpu() {
  DetectedGpu gpu;
  gpu.vendor = "nvidia";
  gpu.source = "nvidia-smi";
  return gpu;
}

std::vector<std::string_view> split_csv(std::string_view line) {
  std::vector<std::string_view> fields;
  while (true) {
    auto comma = line.find(',');
    fields.push_back(probe::trim(line.substr(0, comma)));
    if (comma == std::string_view::npos) {
      return fields;
    }
    line.remove_prefix(comma + 1);
  }
}

std::optional<std::vector<DetectedGpu>> parse_csv(const std::vector<std::string_view>& lines,
                                                  std::string* driver_version) {
  std::size_t header_line = lines.size();
  std::vector<std::string_view> columns;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto fields = split_csv(lines[i]);
    for (auto field : fields) {
      if (field == "name" || field == "compute_cap" || field == "pci.bus_id" || field == "uuid") {
        header_line = i;
        columns = fields;
        break;
      }
    }
    if (header_line != lines.size()) {
      break;
    }
  }
  if (header_line == lines.size()) {
    return std::nullopt;
  }
  std::vector<DetectedGpu> gpus;
  for (std::size_t i = header_line + 1; i < lines.size(); ++i) {
    auto fields = split_csv(lines[i]);
    if (fields.size() != columns.size()) {
      continue;
    }
    DetectedGpu gpu = new_nvidia_gpu();
    for (std::size_t c = 0; c < columns.size(); ++c) {
      std::string_view column = columns[c].substr(0, columns[c].find(' '));  // "memory.total [MiB]"
      std::string value(fields[c]);
      if (column == "name") {
        gpu.name = value;
      } else if (column == "compute_cap") {
        gpu.compute_capability = value;
      } else if (column == "pci.bus_id") {
        gpu.pci = normalize_pci_address(value);
      } else if (column == "uuid") {
        gpu.uuid = value;
      } else if (column == "driver_version" && driver_version != nullptr) {
        *driver_version = value;
      } else if (column == "pci.device_id" && value.size() == 10) {
        if (auto id = probe::parse_sysfs_number(value)) {
          gpu.device_id = static_cast<std::uint16_t>(*id >> 16);  // 0x<device><vendor>
        }
      }
    }
    name_nvidia_gpu(gpu);
    gpus.push_back(std::move(gpu));
  }
  return gpus;
}

// "GPU 0: NVIDIA H200 (UUID: GPU-…)"
std::optional<std::vector<DetectedGpu>> parse_list(const std::vector<std::string_view>& lines) {
  std::vector<DetectedGpu> gpus;
  for (auto line : lines) {
    if (!line.starts_with("GPU ")) {
      continue;
    }
    auto colon = line.find(": ");
    auto uuid = line.rfind("(UUID: ");
    if (colon == std::string_view::npos || uuid == std::string_view::npos || uuid < colon ||
        !leading_number(line.substr(4))) {
      continue;
    }
    DetectedGpu gpu = new_nvidia_gpu();
    gpu.name = probe::trim(line.substr(colon + 2, uuid - colon - 2));
    std::string_view id = line.substr(uuid + 7);
    gpu.uuid = id.substr(0, id.find(')'));
    name_nvidia_gpu(gpu);
    gpus.push_back(std::move(gpu));
  }
  if (gpus.empty()) {
    return std::nullopt;
  }
  return gpus;
}

// `nvidia-smi -q`: "GPU 00000000:00:06.0" opens a section.
std::optional<std::vector<DetectedGpu>> parse_query(const std::vector<std::string_view>& lines,
                                                    std::string* driver_version) {
  std::vector<DetectedGpu> gpus;
  for (auto line : lines) {
    // "GPU 00000000:00:06.0": a bus id and nothing else (`-L` lines are "GPU 0: NAME (UUID: …)").
    std::string_view rest = line.starts_with("GPU ") ? probe::trim(line.substr(4)) : std::string_view();
    if (!rest.empty() && rest.find(' ') == std::string_view::npos && rest.find(':') != std::string_view::npos &&
        rest.find('.') != std::string_view::npos) {
      DetectedGpu gpu = new_nvidia_gpu();
      gpu.pci = normalize_pci_address(probe::trim(line.substr(4)));
      gpus.push_back(std::move(gpu));
      continue;
    }
    auto separator = line.find(" : ");
    if (separator == std::string_view::npos) {
      continue;
    }
    std::string_view key = probe::trim(line.substr(0, separator));
    std::string value(probe::trim(line.substr(separator + 3)));
    if (key == "Driver Version" && driver_version != nullptr) {
      *driver_version = value;
    }
    if (gpus.empty()) {
      continue;
    }
    DetectedGpu& gpu = gpus.back();
    if (key == "Product Name") {
      gpu.name = value;
    } else if (key == "GPU UUID") {
      gpu.uuid = value;
    } else if (key == "Device Id" && value.size() == 10 && !gpu.device_id) {
      if (auto id = probe::parse_sysfs_number(value)) {
        gpu.device_id = static_cast<std::uint16_t>(*id >> 16);
      }
    } else if (key == "Minor Number") {
      gpu.device_minor = static_cast<unsigned>(leading_number(value).value_or(0));
    }
  }
  if (gpus.empty()) {
    return std::nullopt;
  }
  for (auto& gpu : gpus) {
    name_nvidia_gpu(gpu);
  }
  return gpus;
}

// The default table: "|   0  NVIDIA H200                    On  |   00000000:00:06.0 Off |".
std::optional<std::vector<DetectedGpu>> parse_table(const std::vector<std::string_view>& lines,
                                                    std::string* driver_version) {
  std::vector<DetectedGpu> gpus;
  bool header = false;
  for (auto line : lines) {
    auto driver = line.find("Driver Version:");
    if (driver != std::string_view::npos) {
      header = true;
      std::string_view rest = probe::trim(line.substr(driver + 15));
      if (driver_version != nullptr) {
        *driver_version = std::string(rest.substr(0, rest.find(' ')));
      }
      continue;
    }
    if (!header || !line.starts_with('|')) {
      continue;
    }
    auto second_bar = line.find('|', 1);
    if (second_bar == std::string_view::npos) {
      continue;
    }
    std::string_view first = probe::trim(line.substr(1, second_bar - 1));
    auto index = leading_number(first);
    if (!index || first.find(' ') == std::string_view::npos) {
      continue;
    }
    std::string_view name = probe::trim(first.substr(first.find(' ')));
    for (std::string_view mode : {" On", " Off"}) {  // the Persistence-M column
      if (name.ends_with(mode)) {
        name = probe::trim(name.substr(0, name.size() - mode.size()));
      }
    }
    auto third_bar = line.find('|', second_bar + 1);
    std::string_view bus = probe::trim(line.substr(second_bar + 1, third_bar - second_bar - 1));
    bus = bus.substr(0, bus.find(' '));
    if (bus.find(':') == std::string_view::npos) {
      continue;  // a process row or a MIG row
    }
    DetectedGpu gpu = new_nvidia_gpu();
    gpu.name = name;
    gpu.pci = normalize_pci_address(bus);
    name_nvidia_gpu(gpu);
    gpus.push_back(std::move(gpu));
  }
  if (gpus.empty()) {
    return std::nullopt;
  }
  return gpus;
}

}  // namespace

Result<std::vector<DetectedGpu>> parse_nvidia_smi(std::string_view text, std::string* driver_version) {
  auto lines = split_lines(text);
  if (auto gpus = parse_csv(lines, driver_version)) {
    return *gpus;
  }
  if (auto gpus = parse_query(lines, driver_version)) {
    return *gpus;
  }
  if (auto gpus = parse_table(lines, driver_version)) {
    return *gpus;
  }
  if (auto gpus = parse_list(lines)) {
    return *gpus;
  }
  return Error{"not nvidia-smi output: no CSV header, '-q' GPU section, GPU table row or 'GPU n:' line"};
}

}  // namespace archfit::detect
