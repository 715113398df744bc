#include "explain/scan_prefilter.hpp"

#include <algorithm>

namespace archfit::explain {

namespace {

// The prefilter literals of rows[0, count), in order, each with its row's index in `owner`; a row without
// one goes to `unfiltered` (its regex runs on every line).
template <class Row>
std::vector<std::string> literal_list(const std::vector<Row>& rows, std::size_t count, std::vector<std::size_t>& owner,
                                      std::vector<std::size_t>& unfiltered) {
  std::vector<std::string> literals;
  for (std::size_t i = 0; i < count; ++i) {
    if (rows[i].literals.empty()) {
      unfiltered.push_back(i);
    }
    for (const auto& literal : rows[i].literals) {
      literals.push_back(literal);
      owner.push_back(i);
    }
  }
  return literals;
}

std::vector<std::string> symptom_literal_list(const SignatureSet& set, const std::vector<std::string>& facet_literals,
                                              const std::vector<std::size_t>& owner) {
  std::vector<std::string> literals;
  for (std::size_t i = 0; i < facet_literals.size(); ++i) {
    if (set.facets[owner[i]].kind == "symptom") {
      literals.push_back(facet_literals[i]);
    }
  }
  return literals;
}

}  // namespace

ScanPrefilter::ScanPrefilter(const SignatureSet& set)
    : built_for(&set),
      literal_texts(literal_list(set.signatures, set.first_stage, literal_owner, unfiltered)),
      literals(literal_texts),
      facet_literal_texts(literal_list(set.facets, set.facets.size(), facet_literal_owner, unfiltered_facets)),
      facet_literals(facet_literal_texts),
      symptom_literal_texts(symptom_literal_list(set, facet_literal_texts, facet_literal_owner)),
      symptom_literals(symptom_literal_texts) {
  for (const auto& literal : literal_texts) {
    longest_literal = std::max(longest_literal, literal.size());
  }
  for (const auto& literal : symptom_literal_texts) {
    longest_symptom_literal = std::max(longest_symptom_literal, literal.size());
  }
}

std::shared_ptr<const ScanPrefilter> prefilter_for(const SignatureSet& set) {
  if (set.prefilter && set.prefilter->built_for == &set) {
    return set.prefilter;
  }
  return std::make_shared<const ScanPrefilter>(set);
}

}  // namespace archfit::explain
