#include "knowledge/pci_id_tables.hpp"

#include <charconv>

#include <fmt/format.h>

#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

namespace {


// The rows of a table whose first field is `key`, split into fields. Both tables start their
// rows with the 4-digit device id, lower case, as the header comment requires (a test checks
// that scanning finds exactly the rows the full parse finds).
std::vector<std::vector<std::string_view>> rows_starting_with(std::string_view text, std::string_view key) {
  std::vector<std::vector<std::string_view>> rows;
  std::string needle = "\n" + std::string(key) + "\t";
  std::size_t at = 0;
  while ((at = text.find(needle, at)) != std::string_view::npos) {
    std::size_t start = at + 1;
    std::size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    std::vector<std::string_view> fields;
    while (true) {
      auto tab = line.find('\t');
      fields.push_back(line.substr(0, tab));
      if (tab == std::string_view::npos) {
        break;
      }
      line.remove_prefix(tab + 1);
    }
    rows.push_back(std::move(fields));
    at = start;
  }
  return rows;
}

std::string_view embedded_text(std::string_view name) { return embedded_file(name).value_or(std::string_view()); }

// Column positions are fixed by the tables' headers: device, revision, gfx, product, source /
// device, name, compute_capability, source.
std::optional<AmdgpuPciId> amd_row(const std::vector<std::string_view>& fields) {
  if (fields.size() != 5) {
    return std::nullopt;
  }
  auto device = parse_hex(fields[0]);
  auto revision = parse_hex(fields[1]);
  if (!device || *device > 0xffff || (fields[1] != "*" && (!revision || *revision > 0xff))) {
    return std::nullopt;
  }
  AmdgpuPciId row;
  row.device = static_cast<std::uint16_t>(*device);
  if (fields[1] != "*") {
    row.revision = static_cast<std::uint8_t>(*revision);
  }
  row.gfx = std::string(fields[2]);
  row.product = fields[3] == "-" ? std::string() : std::string(fields[3]);
  return row;
}

std::optional<NvidiaPciId> nvidia_row(const std::vector<std::string_view>& fields) {
  if (fields.size() != 4) {
    return std::nullopt;
  }
  auto device = parse_hex(fields[0]);
  if (!device || *device > 0xffff) {
    return std::nullopt;
  }
  return NvidiaPciId{static_cast<std::uint16_t>(*device), std::string(fields[1]), std::string(fields[2])};
}

template <class Row, class Convert>
std::vector<Row> parse_all(std::string_view name, Convert convert) {
  std::vector<Row> rows;
  auto table = parse_tsv(embedded_text(name), name);
  if (!table) {
    return rows;
  }
  for (const auto& row : table->rows) {
    std::vector<std::string_view> fields(row.begin(), row.end());
    if (auto converted = convert(fields)) {
      rows.push_back(std::move(*converted));
    }
  }
  return rows;
}

}  // namespace

const AmdgpuPciIdTable& AmdgpuPciIdTable::embedded() {
  static const AmdgpuPciIdTable table = [] {
    AmdgpuPciIdTable result;
    result.m_text = embedded_text("amdgpu_pci_ids.tsv");
    return result;
  }();
  return table;
}

const std::vector<AmdgpuPciId>& AmdgpuPciIdTable::all() const {
  static const std::vector<AmdgpuPciId> rows = parse_all<AmdgpuPciId>("amdgpu_pci_ids.tsv", amd_row);
  return rows;
}

std::vector<AmdgpuPciId> AmdgpuPciIdTable::rows_of(std::uint16_t device) const {
  std::vector<AmdgpuPciId> rows;
  for (const auto& fields : rows_starting_with(m_text, fmt::format("{:04x}", device))) {
    if (auto row = amd_row(fields)) {
      rows.push_back(std::move(*row));
    }
  }
  return rows;
}

std::optional<AmdgpuPciId> AmdgpuPciIdTable::find(std::uint16_t device, std::optional<std::uint8_t> revision) const {
  auto rows = rows_of(device);
  std::optional<AmdgpuPciId> any_revision;
  for (auto& row : rows) {
    if (revision && row.revision == revision) {
      return row;
    }
    if (!row.revision && !any_revision) {
      any_revision = row;
    }
  }
  if (any_revision) {
    return any_revision;
  }
  if (!rows.empty()) {
    return rows.front();
  }
  return std::nullopt;
}

const NvidiaPciIdTable& NvidiaPciIdTable::embedded() {
  static const NvidiaPciIdTable table = [] {
    NvidiaPciIdTable result;
    result.m_text = embedded_text("nvidia_pci_ids.tsv");
    return result;
  }();
  return table;
}

const std::vector<NvidiaPciId>& NvidiaPciIdTable::all() const {
  static const std::vector<NvidiaPciId> rows = parse_all<NvidiaPciId>("nvidia_pci_ids.tsv", nvidia_row);
  return rows;
}

std::optional<NvidiaPciId> NvidiaPciIdTable::find(std::uint16_t device) const {
  for (const auto& fields : rows_starting_with(m_text, fmt::format("{:04x}", device))) {
    if (auto row = nvidia_row(fields)) {
      return row;
    }
  }
  return std::nullopt;
}

const NvidiaPciId* NvidiaPciIdTable::find_by_name(std::string_view name) const {
  const NvidiaPciId* best = nullptr;
  for (const auto& row : all()) {
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
