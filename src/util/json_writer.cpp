#include "util/json_writer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace archfit {

namespace {

bool plain_byte(unsigned char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; }

// Bit 7 of each byte of the result is set where that byte of `word` is zero; no other bits.
constexpr std::uint64_t zero_bytes(std::uint64_t word) {
  constexpr std::uint64_t highs = 0x8080808080808080ULL;
  return ((((word & ~highs) + ~highs) | word) & highs) ^ highs;
}

// True when no byte of the 8 in `word` needs escaping: none below 0x20 or from 0x7f up, no quote,
// no backslash. Eight bytes a step (keys and values are mostly 5 to 40 printable ASCII bytes);
// the byte-by-byte test with its four branches a byte was a third of the writer's time.
constexpr bool plain_word(std::uint64_t word) {
  constexpr std::uint64_t ones = 0x0101010101010101ULL;
  constexpr std::uint64_t highs = 0x8080808080808080ULL;
  std::uint64_t low = (word & ~highs) + ones * (0x80 - 0x20);  // bit 7 set where (byte & 0x7f) >= 0x20
  std::uint64_t bad = ~low & highs;                            // (byte & 0x7f) < 0x20
  bad |= word & highs;                                         // >= 0x80
  bad |= zero_bytes(word ^ ones * 0x7f) | zero_bytes(word ^ ones * '"') | zero_bytes(word ^ ones * '\\');
  return bad == 0;
}

template <class T>
std::uint64_t load(const char* at) {
  T part;
  std::memcpy(&part, at, sizeof part);
  return part;
}

// The last `left` (1 to 7) bytes at `at` in one word, by two loads that may overlap, padded with
// 'a' below 2 bytes. Copying them a byte at a time into a word and then reading the word stalled
// on store forwarding: that one load was a third of the writer's time.
std::uint64_t tail_word(const char* at, std::size_t left) {
  if (left >= 4) {
    return load<std::uint32_t>(at) | load<std::uint32_t>(at + left - 4) << 32;
  }
  if (left >= 2) {
    return load<std::uint16_t>(at) | load<std::uint16_t>(at + left - 2) << 16 | 0x6161616100000000ULL;
  }
  return static_cast<unsigned char>(*at) | 0x6161616161616100ULL;
}

bool all_plain(std::string_view text) {
  const char* at = text.data();
  std::size_t left = text.size();
  for (; left >= 8; at += 8, left -= 8) {
    if (!plain_word(load<std::uint64_t>(at))) {
      return false;
    }
  }
  return left == 0 || plain_word(tail_word(at, left));
}

}  // namespace

void JsonWriter::reserve(std::size_t bytes) {
  if (bytes > m_capacity) {
    std::unique_ptr<char[]> grown(new char[bytes]);  // not zeroed: only written bytes are read
    if (m_length != 0) {
      std::memcpy(grown.get(), m_data.get(), m_length);
    }
    m_data = std::move(grown);
    m_capacity = bytes;
  }
}

char* JsonWriter::room(std::size_t bytes) {
  if (m_capacity - m_length < bytes) {
    reserve(std::max({m_capacity * 2, m_length + bytes, std::size_t{4096}}));
  }
  char* at = m_data.get() + m_length;
  m_length += bytes;
  return at;
}

void JsonWriter::put(std::string_view text) {
  if (!text.empty()) {
    std::memcpy(room(text.size()), text.data(), text.size());
  }
}

std::string JsonWriter::take() {
  std::string text(this->text());
  m_length = 0;
  return text;
}

bool JsonWriter::needs_no_escape(std::string_view text) { return all_plain(text); }

// The common case (keys, paths, entry ids: printable ASCII without quotes or backslashes): quote,
// text, quote and the suffix (": " after a key) in one step.
bool JsonWriter::put_plain(std::string_view text, std::string_view suffix) {
  if (!all_plain(text)) {
    return false;
  }
  char* out = room(text.size() + 2 + suffix.size());
  out[0] = '"';
  if (!text.empty()) {
    std::memcpy(out + 1, text.data(), text.size());
  }
  out[text.size() + 1] = '"';
  if (!suffix.empty()) {
    std::memcpy(out + text.size() + 2, suffix.data(), suffix.size());
  }
  return true;
}

void JsonWriter::newline() {
  if (m_indent > 0) {
    std::size_t spaces = m_stack.size() * static_cast<std::size_t>(m_indent);
    char* out = room(1 + spaces);
    out[0] = '\n';
    std::memset(out + 1, ' ', spaces);
  }
}

// Commas and line breaks before a value in an array, or before a key in an object.
void JsonWriter::before_value() {
  if (m_after_key) {
    m_after_key = false;
    return;
  }
  if (!m_stack.empty()) {
    if (!m_stack.back().empty) {
      put(',');
    }
    m_stack.back().empty = false;
    newline();
  }
}

void JsonWriter::begin_object() {
  before_value();
  put('{');
  m_stack.push_back({true, true});
}

void JsonWriter::end_object() {
  bool empty = m_stack.back().empty;
  m_stack.pop_back();
  if (!empty) {
    newline();
  }
  put('}');
}

void JsonWriter::begin_array() {
  before_value();
  put('[');
  m_stack.push_back({false, true});
}

void JsonWriter::end_array() {
  bool empty = m_stack.back().empty;
  m_stack.pop_back();
  if (!empty) {
    newline();
  }
  put(']');
}

void JsonWriter::key(std::string_view name) {
  before_value();
  std::string_view colon = m_indent > 0 ? ": " : ":";
  if (!put_plain(name, colon)) {
    write_escaped(name);
    put(colon);
  }
  m_after_key = true;
}

void JsonWriter::value(std::string_view text) {
  before_value();
  if (!put_plain(text, {})) {
    write_escaped(text);
  }
}

// Integers through std::to_chars: fmt::format_to into a back_inserter was 3 % of a libcublasLt
// scan's CPU time (24,000 numbers).
void JsonWriter::value(std::uint64_t number) {
  before_value();
  char digits[24];
  put(std::string_view(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, number).ptr - digits)));
}

void JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    put("null");  // JSON has no NaN or infinity
    return;
  }
  fmt::memory_buffer digits;
  fmt::format_to(std::back_inserter(digits), "{}", number);  // shortest round-trip form
  put(std::string_view(digits.data(), digits.size()));
}

void JsonWriter::value(std::int64_t number) {
  before_value();
  char digits[24];
  put(std::string_view(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, number).ptr - digits)));
}

void JsonWriter::value(bool flag) {
  before_value();
  put(flag ? "true" : "false");
}

void JsonWriter::null() {
  before_value();
  put("null");
}

void JsonWriter::string_items(const std::vector<std::string>& items) {
  begin_array();
  for (const auto& item : items) {
    value(item);
  }
  end_array();
}

// RFC 8259 §7: quote, backslash and control characters are escaped. Text that is not well-formed
// UTF-8 (names in binaries, zips and tool outputs can be anything: overlong forms, surrogates,
// code points above U+10FFFF, stray bytes) is written as U+FFFD, one per maximal ill-formed
// subpart, so the output always parses. The C1 controls U+0080..U+009F are well-formed but act on
// terminals that show the JSON; they are written as \u escapes, which keeps them.
void JsonWriter::write_escaped(std::string_view text) {
  auto plain = [](unsigned char c) { return plain_byte(c); };
  put('"');
  std::size_t run = 0;  // start of the bytes not yet copied, which need no escaping
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (plain(c)) {
      ++i;
      continue;
    }
    utf8::Step step = utf8::decode(text, i);
    if (step.valid && step.code_point >= 0xa0) {
      i += step.length;  // well-formed and printable: copied with the run
      continue;
    }
    put(text.substr(run, i - run));
    if (c == '"' || c == '\\') {
      put('\\');
      put(static_cast<char>(c));
    } else if (c == '\n') {
      put("\\n");
    } else if (c == '\t') {
      put("\\t");
    } else if (step.valid) {
      char escape[8];
      auto end = fmt::format_to(escape, "\\u{:04x}", static_cast<std::uint32_t>(step.code_point));
      put(std::string_view(escape, static_cast<std::size_t>(end - escape)));
    } else {
      put(utf8::k_replacement);
    }
    i += step.length;
    run = i;
  }
  put(text.substr(run));
  put('"');
}

}  // namespace archfit
