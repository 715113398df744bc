#include "explain/signature_table.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "explain/required_literals.hpp"
#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::explain {

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
      signature.regex = std::regex(signature.pattern, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error& error) {
      return Error{fmt::format("data/{}: signature '{}': pattern is not a valid ECMAScript regex ({})", name,
                               signature.id, error.what())};
    }
    signature.literals = required_literals(signature.pattern);
    set.signatures.push_back(std::move(signature));
  }
  return set;
}

Result<std::shared_ptr<const SignatureSet>> builtin_signatures() {
  static const Result<std::shared_ptr<const SignatureSet>> compiled = []() -> Result<std::shared_ptr<const SignatureSet>> {
    auto text = knowledge::embedded_file("error_signatures.tsv");
    if (!text) {
      return Error{"data/error_signatures.tsv was not embedded at build time; rebuild archfit"};
    }
    ARCHFIT_TRY(SignatureSet set, parse_signatures(*text, "error_signatures.tsv"));
    return std::make_shared<const SignatureSet>(std::move(set));
  }();
  return compiled;
}

}  // namespace archfit::explain
