#include "explain/signature_table.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "explain/line_normalizer.hpp"
#include "explain/required_literals.hpp"
#include "explain/scan_prefilter.hpp"
#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"
#include "util/enum_names.hpp"

namespace archfit::explain {

namespace {

// Patterns run on the matching form, which is lower-case: they are lower-cased too (matching_pattern) and compiled
// case-sensitive.
constexpr auto k_regex_flags = std::regex::ECMAScript | std::regex::optimize;

// The prefilter literals of `pattern` in the form line_normalizer.hpp gives a line; empty when some
// alternative has none of k_min_literal_length (then the regex runs on every line).
std::vector<std::string> matching_literals(std::string_view pattern) {
  std::vector<std::string> literals;
  for (const auto& literal : required_literals(pattern)) {
    std::string normalised = matching_literal(literal);
    if (normalised.size() < k_min_literal_length) {
      return {};
    }
    literals.push_back(std::move(normalised));
  }
  return literals;
}

Result<std::vector<std::size_t>> column_indices(const knowledge::TsvTable& table, std::string_view name,
                                                std::initializer_list<std::string_view> columns) {
  std::vector<std::size_t> index;
  for (std::string_view column_name : columns) {
    int column = table.column(column_name);
    if (column < 0) {
      return Error{fmt::format("data/{}: no '{}' column in the header", name, column_name)};
    }
    index.push_back(static_cast<std::size_t>(column));
  }
  return index;
}

// The facet's `carry`, `carry_pattern` and `carry_prefilter` fields ("-" or absent: not carried, or
// the facet's own pattern; prefilter texts separated by "|", put in the matching form).
Status read_carry(const knowledge::TsvTable& table, const std::vector<std::string>& row, Facet& facet) {
  static constexpr std::string_view k_facets = "error_facets.tsv";
  const std::string& carry = table.field(row, "carry");
  const std::string& prefilter = table.field(row, "carry_prefilter");
  static constexpr EnumNames<FacetCarry, 3> k_carry_names = {
      {{FacetCarry::none, "none"}, {FacetCarry::message, "message"}, {FacetCarry::log, "log"}}};
  auto parsed = carry.empty() ? std::optional<FacetCarry>(FacetCarry::none) : enum_from_name(k_carry_names, carry);
  if (!parsed) {
    return Error{fmt::format("data/{}: facet '{}' has carry '{}'; carries are none, message, log", k_facets,
                             facet.id, carry)};
  }
  facet.carry = *parsed;
  const std::string& pattern = table.field(row, "carry_pattern");
  if (facet.carry == FacetCarry::none) {
    if ((!prefilter.empty() && prefilter != "-") || (!pattern.empty() && pattern != "-")) {
      return Error{
          fmt::format("data/{}: facet '{}' is not carried but has a carry_prefilter or carry_pattern", k_facets, facet.id)};
    }
    return Ok{};
  }
  if (!pattern.empty() && pattern != "-") {
    try {
      facet.carry_regex = std::regex(matching_pattern(pattern), k_regex_flags);
    } catch (const std::regex_error& error) {
      return Error{fmt::format("data/{}: facet '{}': carry_pattern is not a valid ECMAScript regex ({})", k_facets,
                               facet.id, error.what())};
    }
  }
  if (facet.kind != "object") {
    return Error{fmt::format("data/{}: facet '{}' is a {}; only objects are carried", k_facets, facet.id, facet.kind)};
  }
  std::string_view rest = prefilter;
  while (true) {
    std::size_t bar = rest.find('|');
    std::string literal = matching_literal(rest.substr(0, bar));
    if (literal.size() < k_min_literal_length) {
      return Error{fmt::format("data/{}: facet '{}' is carried, and each carry_prefilter text (separated by |) "
                               "needs {} or more characters: '{}'",
                               k_facets, facet.id, k_min_literal_length, prefilter)};
    }
    facet.carry_prefilter.push_back(std::move(literal));
    if (bar == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(bar + 1);
  }
  return Ok{};
}

}  // namespace

bool is_known_category(std::string_view category) {
  return std::find(k_categories.begin(), k_categories.end(), category) != k_categories.end();
}

int SignatureSet::find(std::string_view id) const {
  for (std::size_t i = 0; i < signatures.size(); ++i) {
    if (signatures[i].id == id) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

Result<SignatureSet> parse_signatures(std::string_view text, std::string_view name) {
  ARCHFIT_TRY(knowledge::TsvTable table, knowledge::parse_tsv(text, name));
  static constexpr std::array<std::string_view, 6> k_columns = {"id", "category", "pattern", "cause", "fix", "source"};
  std::array<std::size_t, 6> index{};
  for (std::size_t i = 0; i < k_columns.size(); ++i) {
    int column = table.column(k_columns[i]);
    if (column < 0) {
      return Error{fmt::format("data/{}: no '{}' column in the header", name, k_columns[i])};
    }
    index[i] = static_cast<std::size_t>(column);
  }
  SignatureSet set;
  std::set<std::string, std::less<>> ids;
  for (auto& row : table.rows) {
    Signature signature;
    signature.id = std::move(row[index[0]]);
    signature.category = std::move(row[index[1]]);
    signature.pattern = std::move(row[index[2]]);
    signature.cause = std::move(row[index[3]]);
    signature.fix = std::move(row[index[4]]);
    signature.source = std::move(row[index[5]]);
    if (!ids.insert(signature.id).second) {
      return Error{fmt::format("data/{}: signature id '{}' appears twice; ids must be unique", name, signature.id)};
    }
    if (!is_known_category(signature.category) || signature.category == "unknown") {
      return Error{fmt::format("data/{}: signature '{}' has category '{}', which is not one of the documented "
                               "categories (docs/explain.md)",
                               name, signature.id, signature.category)};
    }
    try {
      signature.regex = std::regex(matching_pattern(signature.pattern), k_regex_flags);
    } catch (const std::regex_error& error) {
      return Error{fmt::format("data/{}: signature '{}': pattern is not a valid ECMAScript regex ({})", name,
                               signature.id, error.what())};
    }
    signature.literals = matching_literals(signature.pattern);
    set.signatures.push_back(std::move(signature));
  }
  set.first_stage = set.signatures.size();
  return set;
}

Status add_second_stage(SignatureSet& set, std::string_view facets_text, std::string_view rules_text) {
  static constexpr std::string_view k_facets = "error_facets.tsv";
  static constexpr std::string_view k_rules = "error_facet_rules.tsv";
  ARCHFIT_TRY(knowledge::TsvTable facets, knowledge::parse_tsv(facets_text, k_facets));
  ARCHFIT_TRY(std::vector<std::size_t> f, column_indices(facets, k_facets, {"kind", "id", "pattern"}));
  std::set<std::string, std::less<>> facet_keys;
  for (auto& row : facets.rows) {
    Facet facet;
    facet.kind = row[f[0]];
    facet.id = row[f[1]];
    facet.pattern = row[f[2]];
    if (facet.kind != "tool" && facet.kind != "object" && facet.kind != "symptom") {
      return Error{fmt::format("data/{}: facet '{}' has kind '{}'; kinds are tool, object, symptom", k_facets,
                               facet.id, facet.kind)};
    }
    if (!facet_keys.insert(facet.kind + ":" + facet.id).second) {
      return Error{fmt::format("data/{}: {} facet '{}' appears twice", k_facets, facet.kind, facet.id)};
    }
    try {
      facet.regex = std::regex(matching_pattern(facet.pattern), k_regex_flags);
    } catch (const std::regex_error& error) {
      return Error{fmt::format("data/{}: facet '{}': pattern is not a valid ECMAScript regex ({})", k_facets,
                               facet.id, error.what())};
    }
    facet.literals = matching_literals(facet.pattern);
    if (Status status = read_carry(facets, row, facet); !status.ok()) {
      return status;
    }
    set.facets.push_back(std::move(facet));
  }
  ARCHFIT_TRY(knowledge::TsvTable rules, knowledge::parse_tsv(rules_text, k_rules));
  ARCHFIT_TRY(std::vector<std::size_t> r, column_indices(rules, k_rules,
                                                         {"id", "tool", "object", "symptom", "category", "cause",
                                                          "fix", "source"}));
  for (auto& row : rules.rows) {
    Signature signature;
    signature.id = row[r[0]];
    FacetRule rule;
    rule.signature = set.signatures.size();
    auto facet_field = [&](std::string_view kind, const std::string& value, std::string& out) -> Status {
      if (value == "*") {
        out.clear();
        return Ok{};
      }
      if (!facet_keys.count(std::string(kind) + ":" + value)) {
        return Error{fmt::format("data/{}: rule '{}' names {} '{}', which data/{} does not define", k_rules,
                                 signature.id, kind, value, k_facets)};
      }
      out = value;
      return Ok{};
    };
    if (Status status = facet_field("tool", row[r[1]], rule.tool); !status.ok()) {
      return status.error();
    }
    if (Status status = facet_field("object", row[r[2]], rule.object); !status.ok()) {
      return status.error();
    }
    if (Status status = facet_field("symptom", row[r[3]], rule.symptom); !status.ok()) {
      return status.error();
    }
    if (rule.symptom.empty()) {
      return Error{fmt::format("data/{}: rule '{}' must name a symptom", k_rules, signature.id)};
    }
    signature.category = row[r[4]];
    signature.cause = row[r[5]];
    signature.fix = row[r[6]];
    signature.source = row[r[7]];
    if (!is_known_category(signature.category) || signature.category == "unknown") {
      return Error{fmt::format("data/{}: rule '{}' has category '{}', which is not one of the documented categories",
                               k_rules, signature.id, signature.category)};
    }
    if (set.find(signature.id) >= 0) {
      return Error{fmt::format("data/{}: rule id '{}' is already used", k_rules, signature.id)};
    }
    auto facet_index = [&](std::string_view kind, const std::string& id) {
      for (std::size_t i = 0; i < set.facets.size(); ++i) {
        if (!id.empty() && set.facets[i].kind == kind && set.facets[i].id == id) {
          return static_cast<int>(i);
        }
      }
      return -1;
    };
    rule.tool_facet = facet_index("tool", rule.tool);
    rule.object_facet = facet_index("object", rule.object);
    rule.symptom_facet = facet_index("symptom", rule.symptom);
    signature.facets = fmt::format("tool: {}, object: {}, symptom: {}", rule.tool.empty() ? "any" : rule.tool,
                                   rule.object.empty() ? "any" : rule.object, rule.symptom);
    set.signatures.push_back(std::move(signature));
    set.rules.push_back(std::move(rule));
  }
  return Ok{};
}

Result<std::shared_ptr<const SignatureSet>> builtin_signatures() {
  static const Result<std::shared_ptr<const SignatureSet>> compiled = []() -> Result<std::shared_ptr<const SignatureSet>> {
    auto text = knowledge::embedded_file("error_signatures.tsv");
    if (!text) {
      return Error{"data/error_signatures.tsv was not embedded at build time; rebuild archfit"};
    }
    ARCHFIT_TRY(SignatureSet set, parse_signatures(*text, "error_signatures.tsv"));
    auto facets = knowledge::embedded_file("error_facets.tsv");
    auto rules = knowledge::embedded_file("error_facet_rules.tsv");
    if (!facets || !rules) {
      return Error{"data/error_facets.tsv or data/error_facet_rules.tsv was not embedded at build time; rebuild archfit"};
    }
    if (Status status = add_second_stage(set, *facets, *rules); !status.ok()) {
      return status.error();
    }
    auto shared = std::make_shared<SignatureSet>(std::move(set));
    shared->prefilter = std::make_shared<const ScanPrefilter>(*shared);
    return std::shared_ptr<const SignatureSet>(std::move(shared));
  }();
  return compiled;
}

}  // namespace archfit::explain
