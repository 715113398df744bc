#include "knowledge/pci_id_tables.hpp"

#include <charconv>

#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

namespace {

std::optional<std::uint32_t> parse_hex(std::string_view text) {
  if (text.starts_with("0x")) {
    text.remove_prefix(2);
  }
  std::uint32_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

std::optional<TsvTable> load(std::string_view name) {
  auto text = embedded_file(name);
  if (!text) {
    return std::nullopt;
  }
  auto table = parse_tsv(*text, name);
  if (!table) {
    return std::nullopt;
  }
  return std::move(*table);
}

const std::string& field(const TsvTable& table, const std::vector<std::string>& row, std::string_view column) {
  static const std::string empty;
  int index = table.column(column);
  if (index < 0) {
    return empty;
  }
  const std::string& value = row[static_cast<std::size_t>(index)];
  return value == "-" ? empty : value;
}

}  // namespace

const AmdgpuPciIdTable& AmdgpuPciIdTable::embedded() {
  static const AmdgpuPciIdTable table = [] {
    AmdgpuPciIdTable result;
    auto tsv = load("amdgpu_pci_ids.tsv");
    if (!tsv) {
      return result;
    }
    for (const auto& row : tsv->rows) {
      auto device = parse_hex(field(*tsv, row, "device"));
      const std::string& revision = field(*tsv, row, "revision");
      auto revision_value = parse_hex(revision);
      if (!device || *device > 0xffff || (revision != "*" && (!revision_value || *revision_value > 0xff))) {
        continue;
      }
      AmdgpuPciId entry;
      entry.device = static_cast<std::uint16_t>(*device);
      if (revision != "*") {
        entry.revision = static_cast<std::uint8_t>(*revision_value);
      }
      entry.gfx = field(*tsv, row, "gfx");
      entry.product = field(*tsv, row, "product");
      result.m_rows.push_back(std::move(entry));
    }
    return result;
  }();
  return table;
}

const AmdgpuPciId* AmdgpuPciIdTable::find(std::uint16_t device, std::optional<std::uint8_t> revision) const {
  const AmdgpuPciId* any_revision = nullptr;
  const AmdgpuPciId* first = nullptr;
  for (const auto& row : m_rows) {
    if (row.device != device) {
      continue;
    }
    if (revision && row.revision == revision) {
      return &row;
    }
    if (!row.revision && any_revision == nullptr) {
      any_revision = &row;
    }
    if (first == nullptr) {
      first = &row;
    }
  }
  return any_revision != nullptr ? any_revision : first;
}

const NvidiaPciIdTable& NvidiaPciIdTable::embedded() {
  static const NvidiaPciIdTable table = [] {
    NvidiaPciIdTable result;
    auto tsv = load("nvidia_pci_ids.tsv");
    if (!tsv) {
      return result;
    }
    for (const auto& row : tsv->rows) {
      auto device = parse_hex(field(*tsv, row, "device"));
      if (!device || *device > 0xffff) {
        continue;
      }
      result.m_rows.push_back(
          {static_cast<std::uint16_t>(*device), field(*tsv, row, "name"), field(*tsv, row, "compute_capability")});
    }
    return result;
  }();
  return table;
}

const NvidiaPciId* NvidiaPciIdTable::find(std::uint16_t device) const {
  for (const auto& row : m_rows) {
    if (row.device == device) {
      return &row;
    }
  }
  return nullptr;
}

const NvidiaPciId* NvidiaPciIdTable::find_by_name(std::string_view name) const {
  const NvidiaPciId* best = nullptr;
  for (const auto& row : m_rows) {
    if (!row.name.empty() && name.starts_with(row.name) &&
        (name.size() == row.name.size() || name[row.name.size()] == ' ' || name[row.name.size()] == '-') &&
        (best == nullptr || row.name.size() > best->name.size())) {
      best = &row;
    }
  }
  return best;
}

std::string sm_target_from_compute_capability(std::string_view capability) {
  auto dot = capability.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 >= capability.size()) {
    return {};
  }
  for (char c : capability) {
    if (c != '.' && (c < '0' || c > '9')) {
      return {};
    }
  }
  return "sm_" + std::string(capability.substr(0, dot)) + std::string(capability.substr(dot + 1));
}

}  // namespace archfit::knowledge
