#include "explain/error_likeness.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "explain/literal_set.hpp"

namespace archfit::explain {

namespace {

struct Keyword {
  std::string_view text;  // lower case
  int weight;
};

// Lines are scored on their first bytes only: the words that make a line an error come early.
constexpr std::size_t k_scored_prefix = 512;

constexpr std::array<Keyword, 24> k_keywords = {{
    {"error", 3},        {"fatal", 3},          {"core dumped", 3},   {"segmentation fault", 3},
    {"segfault", 3},     {"fail", 2},           {"exception", 2},     {"abort", 2},
    {"killed", 2},       {"not found", 2},      {"no such file", 2},  {"undefined", 2},
    {"panic", 2},        {"denied", 2},         {"traceback", 1},     {"cannot ", 1},
    {"can't ", 1},       {"unable to", 1},      {"could not", 1},     {"couldn't", 1},
    {"invalid", 1},      {"not supported", 1},  {"warning", -3},      {"0 errors", -3},
}};

std::vector<std::string> keyword_texts() {
  std::vector<std::string> texts;
  for (const auto& keyword : k_keywords) {
    texts.emplace_back(keyword.text);
  }
  return texts;
}

// Built once: every LogScanner has an ErrorLikeness, and building the DFA's table per scanner would cost more than a
// short log's scan.
const LiteralSet& keyword_set() {
  static const LiteralSet keywords{keyword_texts()};
  return keywords;
}

}  // namespace

struct ErrorLikeness::Impl {
  const LiteralSet& keywords = keyword_set();
  std::vector<std::uint32_t> seen = std::vector<std::uint32_t>(k_keywords.size(), 0);
  std::uint32_t stamp = 0;
  std::string lower;
};

ErrorLikeness::ErrorLikeness() : m_impl(std::make_unique<Impl>()) {}
ErrorLikeness::~ErrorLikeness() = default;

int ErrorLikeness::score(std::string_view line) {
  Impl& impl = *m_impl;
  line = line.substr(0, k_scored_prefix);
  impl.lower.resize(line.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    impl.lower[i] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  if (++impl.stamp == 0) {
    std::fill(impl.seen.begin(), impl.seen.end(), 0);
    impl.stamp = 1;
  }
  int total = 0;
  impl.keywords.find_all(impl.lower, impl.seen, impl.stamp,
                         [&](std::uint32_t index) { total += k_keywords[index].weight; });
  return total;
}

}  // namespace archfit::explain
