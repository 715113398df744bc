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

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Length of a run of digits at text[at] (at most `most`).
std::size_t digits_at(std::string_view text, std::size_t at, std::size_t most = 32) {
  std::size_t n = 0;
  while (at + n < text.size() && n < most && is_digit(text[at + n])) {
    ++n;
  }
  return n;
}

// "hh:mm:ss" (and a fraction ".123456") at text[at]: its length, or 0.
std::size_t clock_at(std::string_view text, std::size_t at) {
  std::size_t i = at;
  for (int part = 0; part < 3; ++part) {
    if (part > 0) {
      if (i >= text.size() || text[i] != ':') {
        return 0;
      }
      ++i;
    }
    if (digits_at(text, i, 2) != 2) {
      return 0;
    }
    i += 2;
  }
  if (i < text.size() && (text[i] == '.' || text[i] == ',') && digits_at(text, i + 1) > 0) {
    i += 1 + digits_at(text, i + 1);
  }
  return i - at;
}

// "YYYY-MM-DD" then 'T' or ' ' then a clock, then 'Z' or an offset: ISO 8601 / RFC 3339 as
// GitHub Actions ("2024-05-01T12:00:00.1234567Z"), docker logs -t and most CI wrappers write it.
std::size_t date_time_at(std::string_view text, std::size_t at) {
  std::size_t i = at;
  if (digits_at(text, i, 4) != 4 || i + 10 >= text.size() || text[i + 4] != '-' || digits_at(text, i + 5, 2) != 2 ||
      text[i + 7] != '-' || digits_at(text, i + 8, 2) != 2 || (text[i + 10] != 'T' && text[i + 10] != ' ')) {
    return 0;
  }
  i += 11;
  std::size_t clock = clock_at(text, i);
  if (clock == 0) {
    return 0;
  }
  i += clock;
  if (i < text.size() && text[i] == 'Z') {
    ++i;
  } else if (i < text.size() && (text[i] == '+' || text[i] == '-') && digits_at(text, i + 1, 2) == 2) {
    i += 3;
    if (i < text.size() && text[i] == ':') {
      ++i;
    }
    i += digits_at(text, i, 2);
  }
  return i - at;
}

// One prefix that a log line gets from the tool that carried or shows it, at text[at]; its length
// or 0. Each must be followed by a blank (or be a closed bracket), so no message's own words go.
std::size_t log_prefix_at(std::string_view text, std::size_t at) {
  std::string_view rest = text.substr(at);
  auto followed_by_blank = [&](std::size_t n) { return n < rest.size() && is_blank(rest[n]) ? n + 1 : std::size_t{0}; };
  if (rest.empty()) {
    return 0;
  }
  char c = rest[0];
  // Markdown (CommonMark): list bullets "- " "* " "+ ", a table row's leading "| ".
  if ((c == '-' || c == '*' || c == '+' || c == '|') && followed_by_blank(1) != 0) {
    return 2;
  }
  // GitHub Actions' workflow commands as its raw log shows them: "##[error]", "##[warning]", "##[group]".
  if (rest.starts_with("##[")) {
    std::size_t close = rest.find(']');
    if (close != std::string_view::npos && close <= 16) {
      return close + 1;
    }
  }
  // docker BuildKit's plain progress: "#12 3.456 " (the step, then seconds since it started).
  if (c == '#') {
    std::size_t step = digits_at(rest, 1, 6);
    if (step > 0 && followed_by_blank(1 + step) != 0) {
      std::size_t i = 2 + step;
      std::size_t whole = digits_at(rest, i, 6);
      if (whole > 0 && i + whole < rest.size() && rest[i + whole] == '.') {
        std::size_t fraction = digits_at(rest, i + whole + 1, 6);
        if (fraction > 0 && followed_by_blank(i + whole + 1 + fraction) != 0) {
          return i + whole + 2 + fraction;
        }
      }
    }
    return 0;
  }
  // A timestamp: ISO 8601, and the same or a bare clock in brackets ("[2024-05-01 12:00:00]", "[12:00:00]").
  if (is_digit(c)) {
    std::size_t n = date_time_at(rest, 0);
    return n > 0 ? followed_by_blank(n) : 0;
  }
  if (c == '[') {
    std::size_t n = date_time_at(rest, 1);
    if (n == 0) {
      n = clock_at(rest, 1);
    }
    if (n > 0 && 1 + n < rest.size() && rest[1 + n] == ']') {
      return 2 + n;
    }
    return 0;
  }
  // syslog / journalctl's short form (RFC 3164): "May  1 12:00:00 host tag[pid]: ".
  if (c >= 'A' && c <= 'Z' && rest.size() > 16 && rest[1] >= 'a' && rest[1] <= 'z' && rest[2] >= 'a' && rest[2] <= 'z' &&
      rest[3] == ' ') {
    static constexpr std::string_view k_months = "JanFebMarAprMayJunJulAugSepOctNovDec";
    bool month = false;
    for (std::size_t m = 0; m < k_months.size(); m += 3) {
      month = month || rest.substr(0, 3) == k_months.substr(m, 3);
    }
    std::size_t i = 4;
    if (rest[i] == ' ') {
      ++i;
    }
    std::size_t day = digits_at(rest, i, 2);
    if (!month || day == 0 || i + day >= rest.size() || rest[i + day] != ' ') {
      return 0;
    }
    i += day + 1;
    std::size_t clock = clock_at(rest, i);
    if (clock == 0 || i + clock >= rest.size() || rest[i + clock] != ' ') {
      return 0;
    }
    i += clock + 1;
    std::size_t host_end = rest.find(' ', i);
    if (host_end == std::string_view::npos || host_end == i) {
      return 0;
    }
    std::size_t tag_end = rest.find(": ", host_end + 1);
    std::size_t next_blank = rest.find(' ', host_end + 1);
    if (tag_end == std::string_view::npos || tag_end == host_end + 1 || next_blank < tag_end + 1) {
      return 0;
    }
    return tag_end + 2;
  }
  return 0;
}

// Index past the prompts, comment markers and the prefixes of the tools that carried the line
// (timestamps, CI annotations, docker's progress, Markdown's bullets) at the start of `text`.
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
      std::size_t prefix = log_prefix_at(text, at);
      if (prefix == 0) {
        return at;
      }
      at += prefix;
    }
  }
}

// A character a pasted page puts in for a blank: U+00A0 (C2 A0, also "&nbsp;" below) and the
// ideographic space U+3000 (E3 80 80). Its length, or 0.
std::size_t wide_blank_length(std::string_view text, std::size_t i) {
  auto byte = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  if (byte(i) == 0xc2 && byte(i + 1) == 0xa0) {
    return 2;
  }
  if (byte(i) == 0xe3 && byte(i + 1) == 0x80 && byte(i + 2) == 0x80) {
    return 3;
  }
  return 0;
}

// An invisible character a page inserts (zero-width space U+200B, non-joiner U+200C, joiner U+200D,
// word joiner U+2060, byte-order mark U+FEFF): its length, or 0.
std::size_t invisible_length(std::string_view text, std::size_t i) {
  auto byte = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  if (byte(i) == 0xe2 && byte(i + 1) == 0x80 && byte(i + 2) >= 0x8b && byte(i + 2) <= 0x8d) {
    return 3;
  }
  if (byte(i) == 0xe2 && byte(i + 1) == 0x81 && byte(i + 2) == 0xa0) {
    return 3;
  }
  if (byte(i) == 0xef && byte(i + 1) == 0xbb && byte(i + 2) == 0xbf) {
    return 3;
  }
  return 0;
}

// The ASCII reading of a full-width character of CJK input (U+FF1A ':', U+FF08 '(', U+FF09 ')'),
// with its length; 0 for none.
std::size_t full_width_length(std::string_view text, std::size_t i, char& ascii) {
  auto byte = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  if (byte(i) != 0xef || byte(i + 1) != 0xbc) {
    return 0;
  }
  switch (byte(i + 2)) {
    case 0x9a: ascii = ':'; return 3;
    case 0x88: ascii = '('; return 3;
    case 0x89: ascii = ')'; return 3;
    default: return 0;
  }
}

// An ANSI SGR sequence whose ESC byte was lost in the paste ("[1m", "[01;31m", and "[m" after
// another code or before "[K"): '[', digits and ';' only, then 'm'; and the erase-line "[K" that gcc writes after each ("[m[K"), taken only
// right after such a sequence or when no letter follows (so "[Killed]" stays). Its length, or 0.
std::size_t bare_sgr_length(std::string_view text, std::size_t i, bool after_sgr) {
  if (text[i] != '[') {
    return 0;
  }
  std::size_t j = i + 1;
  while (j < text.size() && j - i <= 12 && (is_digit(text[j]) || text[j] == ';')) {
    ++j;
  }
  if (j >= text.size() || j - i > 12) {
    return 0;
  }
  if (text[j] == 'm') {
    // "[m" alone is no code ("[mnist test](…)"): only after another code or before gcc's "[K".
    bool bare_reset = j == i + 1;
    return !bare_reset || after_sgr || text.substr(j + 1).starts_with("[K") ? j + 1 - i : 0;
  }
  if (text[j] == 'K') {
    bool letter_follows = j + 1 < text.size() && ((text[j + 1] | 0x20) >= 'a' && (text[j + 1] | 0x20) <= 'z');
    return after_sgr || !letter_follows ? j + 1 - i : 0;
  }
  return 0;
}

// The HTML entities of a rendered page's source, for the characters GitHub's pages escape: their
// length, and what they stand for ('\0' for a quote, which the matching form drops anyway).
std::size_t entity_length(std::string_view text, std::size_t i, char& stands_for) {
  struct Entity {
    std::string_view name;
    char character;
  };
  static constexpr std::array<Entity, 10> k_entities = {{{"&quot;", '\0'}, {"&#39;", '\0'}, {"&#x27;", '\0'},
                                                         {"&apos;", '\0'}, {"&#34;", '\0'}, {"&lt;", '<'},
                                                         {"&gt;", '>'}, {"&amp;", '&'}, {"&nbsp;", ' '},
                                                         {"&#96;", '\0'}}};
  std::string_view rest = text.substr(i);
  for (const auto& entity : k_entities) {
    if (rest.size() >= entity.name.size() && rest[1] == entity.name[1]) {
      bool same = true;
      for (std::size_t k = 2; k < entity.name.size() && same; ++k) {
        same = (rest[k] | 0x20) == entity.name[k] || rest[k] == entity.name[k];
      }
      if (same) {
        stands_for = entity.character;
        return entity.name.size();
      }
    }
  }
  return 0;
}

// A mark of pasting at text[i] (what a page or a terminal capture put into the line) and what it reads as;
// the matching form and pasted_text both undo marks through it.
struct PastingMark {
  enum class Reads { nothing, blank, character, quote };
  std::size_t length = 0;  // 0: no mark at text[i]
  Reads reads = Reads::nothing;
  char character = 0;  // for Reads::character
  bool sgr = false;    // an SGR code that lost its ESC (the next "[K" or "[m" then counts as one too)
};

PastingMark pasting_mark_at(std::string_view text, std::size_t i, bool after_sgr) {
  using Reads = PastingMark::Reads;
  char c = text[i];
  if (static_cast<unsigned char>(c) >= 0xc2) {
    if (std::size_t n = wide_blank_length(text, i); n > 0) {
      return {n, Reads::blank};
    }
    if (std::size_t n = invisible_length(text, i); n > 0) {
      return {n, Reads::nothing};
    }
    char ascii = 0;
    if (std::size_t n = full_width_length(text, i, ascii); n > 0) {
      return {n, Reads::character, ascii};
    }
  } else if (c == '[') {
    if (std::size_t n = bare_sgr_length(text, i, after_sgr); n > 0) {
      return {n, Reads::nothing, 0, true};
    }
  } else if (c == '&') {
    char stands_for = 0;
    if (std::size_t n = entity_length(text, i, stands_for); n > 0) {
      Reads reads = stands_for == ' ' ? Reads::blank : stands_for == '\0' ? Reads::quote : Reads::character;
      return {n, reads, stands_for};
    }
  }
  return {};
}

bool append_normalised(std::string_view text, std::string& out) {
  bool pending_blank = false;
  bool after_sgr = false;
  bool marks = false;
  auto put = [&](char c) {
    if (pending_blank) {
      out.push_back(' ');
      pending_blank = false;
    }
    out.push_back((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
  };
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    if (is_blank(c)) {
      pending_blank = !out.empty();
      marks = marks || c == '\t';
      ++i;
      continue;
    }
    if (std::size_t quote = quote_length(text, i); quote > 0) {
      i += quote;
      continue;
    }
    if (PastingMark mark = pasting_mark_at(text, i, after_sgr); mark.length > 0) {
      marks = true;
      after_sgr = after_sgr || mark.sgr;
      if (mark.reads == PastingMark::Reads::blank) {
        pending_blank = !out.empty();
      } else if (mark.reads == PastingMark::Reads::character) {
        put(mark.character);
      }  // a quote is dropped like the quote characters above
      i += mark.length;
      continue;
    }
    if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\'')) {
      // A quote escaped in a JSON or shell string: the backslash goes with the quote.
      i += 2;
      continue;
    }
    after_sgr = false;
    put(c);
    ++i;
  }
  return marks;
}

}  // namespace

void pasted_text(std::string_view visible, std::string& out) {
  out.clear();
  bool after_sgr = false;
  for (std::size_t i = 0; i < visible.size();) {
    char c = visible[i];
    if (c == '\t') {
      out.push_back(' ');
      ++i;
      continue;
    }
    if (PastingMark mark = pasting_mark_at(visible, i, after_sgr); mark.length > 0) {
      after_sgr = after_sgr || mark.sgr;
      if (mark.reads == PastingMark::Reads::blank) {
        out.push_back(' ');
      } else if (mark.reads == PastingMark::Reads::quote) {
        out.push_back('"');
      } else if (mark.reads == PastingMark::Reads::character) {
        out.push_back(mark.character);
      }
      i += mark.length;
      continue;
    }
    after_sgr = false;
    out.push_back(c);
    ++i;
  }
}

bool matching_text(std::string_view visible, std::string& out) {
  out.clear();
  bool marks = append_normalised(visible.substr(skip_prompts(visible)), out);
  // A Markdown table row's closing " |".
  if (out.size() >= 2 && out.ends_with(" |")) {
    out.resize(out.size() - 2);
  }
  return marks;
}

std::string matching_literal(std::string_view literal) {
  std::string out;
  append_normalised(literal, out);
  return out;
}

std::string matching_pattern(std::string_view pattern) {
  std::string out(pattern);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '\\') {
      ++i;  // an escape's letter is its meaning (\S is not \s); an escaped backslash leaves what follows to the loop
    } else if (out[i] >= 'A' && out[i] <= 'Z') {
      out[i] = static_cast<char>(out[i] - 'A' + 'a');
    }
  }
  return out;
}

}  // namespace archfit::explain
