#include "knowledge/torch_arch_lists.hpp"

#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

namespace {

// `value` cut at any of `separators`, empty pieces dropped.
std::vector<std::string> split_at(std::string_view value, std::string_view separators) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= value.size()) {
    auto end = value.find_first_of(separators, start);
    if (end == std::string_view::npos) {
      end = value.size();
    }
    if (end > start) {
      items.emplace_back(value.substr(start, end - start));
    }
    start = end + 1;
  }
  return items;
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

std::vector<std::string> pytorch_rocm_arch_entries(std::string_view value) { return split_at(value, " ;"); }

std::vector<std::string> torch_cuda_arch_list_entries(std::string_view value) {
  std::string list(value);
  replace_all(list, " ", ";");
  const auto& names = embedded_table("torch_cuda_arch_names.tsv");
  for (const auto& row : names.rows) {  // in the table's order: "Ampere+Tegra" before "Ampere"
    replace_all(list, names.field(row, "name"), names.field(row, "arch_list"));
  }
  return split_at(list, ";");
}

}  // namespace archfit::knowledge
