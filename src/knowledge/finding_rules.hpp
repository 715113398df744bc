// The findings tables: data/detect_findings.tsv, data/build_findings.tsv and data/check_findings.tsv
// hold one row per finding id a command raises, with the rule the finding is judged by and where the
// rule comes from (detect's rows also a short title). The commands' findings take them from here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace archfit::knowledge {

struct FindingRule {
  std::string title;   // "" when the table has no title column
  std::string rule;
  std::string source;
};

// The row of finding `id` in data/<table>, or nullopt when the table has none.
std::optional<FindingRule> finding_rule(std::string_view table, std::string_view id);

}  // namespace archfit::knowledge
