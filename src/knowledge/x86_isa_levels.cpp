#include "knowledge/x86_isa_levels.hpp"

#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

const std::vector<X86IsaLevel>& x86_isa_levels() {
  static const std::vector<X86IsaLevel> levels = [] {
    std::vector<X86IsaLevel> result;
    auto text = embedded_file("x86_isa_levels.tsv");
    auto table = text ? parse_tsv(*text, "x86_isa_levels.tsv") : Result<TsvTable>(Error{"missing"});
    if (!table) {
      return result;
    }
    int level = table->column("level");
    int flags = table->column("cpuinfo_flags");
    for (const auto& row : table->rows) {
      X86IsaLevel entry{row[static_cast<std::size_t>(level)], {}};
      std::string_view list = row[static_cast<std::size_t>(flags)];
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
