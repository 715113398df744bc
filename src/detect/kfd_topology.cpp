#include "detect/kfd_topology.hpp"
#include "util/text_lines.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace archfit::detect {

namespace {

std::optional<unsigned> parse_index(std::string_view text) {
  unsigned value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

// HSA heap types of a memory bank (ROCR hsakmttypes.h HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC = 1,
// HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE = 2): the GPU's own memory.
std::optional<std::uint64_t> read_vram(const probe::SystemRoot& root, const std::string& node_dir) {
  std::optional<std::uint64_t> total;
  for (const auto& bank : root.list_dir(node_dir + "/mem_banks")) {
    auto file = root.read_text(node_dir + "/mem_banks/" + bank + "/properties", 64 * 1024);
    if (!file.ok()) {
      continue;
    }
    auto properties = parse_kfd_properties(file.text);
    auto heap = properties.find("heap_type");
    auto size = properties.find("size_in_bytes");
    if (heap != properties.end() && size != properties.end() && (heap->second == 1 || heap->second == 2)) {
      total = total.value_or(0) + size->second;
    }
  }
  return total;
}

}  // namespace

KfdProperties parse_kfd_properties(std::string_view text) {
  KfdProperties properties;
  for (std::string_view raw : split_lines(text)) {
    std::string_view line = trim(raw);
    auto space = line.find_first_of(" \t");
    if (space == std::string_view::npos) {
      continue;
    }
    std::string_view key = line.substr(0, space);
    std::string_view value = trim(line.substr(space));
    std::uint64_t number = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec == std::errc{} && end == value.data() + value.size()) {
      properties.emplace(std::string(key), number);
    }
  }
  return properties;
}

std::uint64_t KfdNode::get(std::string_view key, std::uint64_t fallback) const {
  auto found = properties.find(key);
  return found == properties.end() ? fallback : found->second;
}

bool KfdNode::is_gpu() const {
  if (get("simd_count") == 0) {
    return false;
  }
  if (has("gfx_target_version")) {
    return get("gfx_target_version") != 0;
  }
  return gpu_id.value_or(0) != 0;
}

std::string KfdNode::pci_address() const {
  std::uint64_t location = get("location_id");
  return fmt::format("{:04x}:{:02x}:{:02x}.{:x}", get("domain"), (location >> 8) & 0xff, (location >> 3) & 0x1f,
                     location & 0x7);
}

KfdTopology read_kfd_topology(const probe::SystemRoot& root) {
  KfdTopology topology;
  std::string nodes_dir(k_kfd_nodes_dir);
  topology.present = root.exists(nodes_dir);
  for (const auto& entry : root.list_dir(nodes_dir)) {
    auto index = parse_index(entry);
    if (!index) {
      continue;
    }
    KfdNode node;
    node.index = *index;
    std::string dir = nodes_dir + "/" + entry;
    auto properties = root.read_text(dir + "/properties", 64 * 1024);
    node.read_error = properties.error;
    if (properties.ok()) {
      node.properties = parse_kfd_properties(properties.text);
    }
    auto gpu_id = root.read_text(dir + "/gpu_id", 256);
    if (gpu_id.ok()) {
      node.gpu_id = probe::parse_sysfs_number(gpu_id.text);
    }
    auto name = root.read_text(dir + "/name", 256);
    if (name.ok()) {
      node.name = std::string(trim(name.text));
    }
    node.vram_bytes = read_vram(root, dir);
    topology.nodes.push_back(std::move(node));
  }
  std::sort(topology.nodes.begin(), topology.nodes.end(),
            [](const KfdNode& a, const KfdNode& b) { return a.index < b.index; });
  return topology;
}

}  // namespace archfit::detect
