// Splitting text into lines (and list fields into their items), the way the tools' outputs and the kernel's files need it: '\n'
// separated, a trailing '\r' dropped (files pasted from Windows or issue bodies), no empty
// last line for a final newline. The views point into `text`.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace archfit {

// Trims ASCII whitespace (space, tab, '\n', '\r') at both ends.
inline std::string_view trim(std::string_view text) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && is_space(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && is_space(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

inline std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    auto newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    lines.push_back(line);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
  }
  return lines;
}

// The non-empty names between '/' in a path ("a//b/" → {"a", "b"}), in order.
inline std::vector<std::string> path_components(std::string_view path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = std::min(path.find('/', start), path.size());
    if (end > start) {
      parts.emplace_back(path.substr(start, end - start));
    }
    start = end + 1;
  }
  return parts;
}

// Splits `text` at every `separator`, dropping empty fields ("a;;b;" gives "a", "b"), untrimmed.
// The views point into `text`. (The data/ tables' list fields, trimmed: knowledge::split_list_field.)
inline std::vector<std::string_view> split_fields(std::string_view text, char separator) {
  std::vector<std::string_view> fields;
  while (!text.empty()) {
    auto end = text.find(separator);
    std::string_view field = text.substr(0, end);
    if (!field.empty()) {
      fields.push_back(field);
    }
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  return fields;
}

}  // namespace archfit
