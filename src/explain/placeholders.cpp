#include "explain/placeholders.hpp"

namespace archfit::explain {

namespace {

// Calls visit(start, end) for each placeholder: text[start] == '<', text[end - 1] == '>'.
template <class Visit>
void for_each_placeholder(std::string_view text, Visit&& visit) {
  std::size_t i = 0;
  while ((i = text.find('<', i)) != std::string_view::npos) {
    std::size_t close = text.find_first_of("<>", i + 1);
    bool opens = i + 1 < text.size() && text[i + 1] != ' ' && text[i + 1] != '=';
    if (opens && close != std::string_view::npos && text[close] == '>' && close > i + 1) {
      visit(i, close + 1);
      i = close + 1;
    } else {
      ++i;
    }
  }
}

}  // namespace

std::vector<std::string> placeholders_in(std::string_view text) {
  std::vector<std::string> names;
  for_each_placeholder(text, [&](std::size_t start, std::size_t end) {
    names.emplace_back(text.substr(start + 1, end - start - 2));
  });
  return names;
}

std::string fill_placeholders(std::string_view text, const PlaceholderValues& values) {
  std::string out;
  std::size_t copied = 0;
  for_each_placeholder(text, [&](std::size_t start, std::size_t end) {
    auto value = values.find(text.substr(start + 1, end - start - 2));
    if (value == values.end()) {
      return;
    }
    out.append(text.substr(copied, start - copied));
    out.append(value->second);
    copied = end;
  });
  out.append(text.substr(copied));
  return out;
}

}  // namespace archfit::explain
