#include "knowledge/x86_isa_levels.hpp"

#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

const std::vector<X86IsaLevel>& x86_isa_levels() {
  static const std::vector<X86IsaLevel> levels = [] {
    std::vector<X86IsaLevel> result;
    const auto& table = embedded_table("x86_isa_levels.tsv");
    for (const auto& row : table.rows) {
      X86IsaLevel entry{table.field(row, "level"), {}};
      std::string_view list = table.field(row, "cpuinfo_flags");
      while (!list.empty()) {
        auto space = list.find(' ');
        if (space != 0) {
          entry.flags.emplace_back(list.substr(0, space));
        }
        list.remove_prefix(space == std::string_view::npos ? list.size() : space + 1);
      }
      result.push_back(std::move(entry));
    }
    return result;
  }();
  return levels;
}

}  // namespace archfit::knowledge
