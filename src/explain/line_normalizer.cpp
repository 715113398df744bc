#include "explain/line_normalizer.hpp"

#include <array>

namespace archfit::explain {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Length of the quote character at text[i], or 0. UTF-8: ‘ ’ ‚ “ ” „ are E2 80 98/99/9A/9C/9D/9E,
// « » are C2 AB / C2 BB.
std::size_t quote_length(std::string_view text, std::size_t i) {
  char c = text[i];
  if (c == '\'' || c == '"' || c == '`') {
    return 1;
  }
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  if (byte(i) == 0xe2 && i + 2 < text.size() && byte(i + 1) == 0x80) {
    unsigned char last = byte(i + 2);
    if (last == 0x98 || last == 0x99 || last == 0x9a || last == 0x9c || last == 0x9d || last == 0x9e) {
      return 3;
    }
  }
  if (byte(i) == 0xc2 && i + 1 < text.size() && (byte(i + 1) == 0xab || byte(i + 1) == 0xbb)) {
    return 2;
  }
  return 0;
}

// Index past the prompts and comment markers at the start of `text` (after leading blanks).
std::size_t skip_prompts(std::string_view text) {
  static constexpr std::array<std::string_view, 6> k_prompts = {">>> ", "... ", "$ ", "# ", "> ", "% "};
  std::size_t at = 0;
  while (true) {
    while (at < text.size() && is_blank(text[at])) {
      ++at;
    }
    bool found = false;
    for (std::string_view prompt : k_prompts) {
      if (text.substr(at).starts_with(prompt)) {
        at += prompt.size();
        found = true;
        break;
      }
    }
    if (!found) {
      return at;
    }
  }
}

void append_normalised(std::string_view text, std::string& out) {
  bool pending_blank = false;
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    if (is_blank(c)) {
      pending_blank = !out.empty();
      ++i;
      continue;
    }
    if (std::size_t quote = quote_length(text, i); quote > 0) {
      i += quote;
      continue;
    }
    // The full-width colon of Chinese and Japanese compiler messages (U+FF1A: EF BC 9A) reads ':'.
    if (static_cast<unsigned char>(c) == 0xef && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xbc &&
        static_cast<unsigned char>(text[i + 2]) == 0x9a) {
      if (pending_blank) {
        out.push_back(' ');
        pending_blank = false;
      }
      out.push_back(':');
      i += 3;
      continue;
    }
    if (pending_blank) {
      out.push_back(' ');
      pending_blank = false;
    }
    out.push_back((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
    ++i;
  }
}

}  // namespace

void matching_text(std::string_view visible, std::string& out) {
  out.clear();
  append_normalised(visible.substr(skip_prompts(visible)), out);
}

std::string matching_literal(std::string_view literal) {
  std::string out;
  append_normalised(literal, out);
  return out;
}

}  // namespace archfit::explain
