#include "knowledge/finding_rules.hpp"

#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {

std::optional<FindingRule> finding_rule(std::string_view table_name, std::string_view id) {
  const auto& table = embedded_table(table_name);
  for (const auto& row : table.rows) {
    if (table.field(row, "id") == id) {
      return FindingRule{table.field(row, "title"), table.field(row, "rule"), table.field(row, "source")};
    }
  }
  return std::nullopt;
}

}  // namespace archfit::knowledge
