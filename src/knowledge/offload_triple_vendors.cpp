#include "knowledge/offload_triple_vendors.hpp"

#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

namespace {

// The `index`th '-'-separated component of `triple`, or "" when it has fewer.
std::string_view component(std::string_view triple, int index) {
  for (int i = 0; i < index; ++i) {
    auto dash = triple.find('-');
    if (dash == std::string_view::npos) {
      return {};
    }
    triple.remove_prefix(dash + 1);
  }
  return triple.substr(0, triple.find('-'));
}

}  // namespace

model::Vendor offload_triple_vendor(std::string_view triple) {
  const auto& table = embedded_table("offload_triple_vendors.tsv");
  // Rows matching the vendor component first (spirv64-amd-amdhsa is AMD's), then the arch.
  for (std::string_view field : {"vendor", "arch"}) {
    std::string_view value = component(triple, field == "vendor" ? 1 : 0);
    if (value.empty()) {
      continue;
    }
    for (const auto& row : table.rows) {
      if (table.field(row, "field") == field && table.field(row, "value") == value) {
        return model::vendor_from_name(table.field(row, "vendor"));
      }
    }
  }
  return model::Vendor::unknown;
}

}  // namespace archfit::knowledge
