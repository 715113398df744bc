#include "util/json_pull.hpp"

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace archfit {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}


}  // namespace

void JsonPull::fail(std::string_view what) {
  if (!m_error.empty()) return;
  m_error = m_pos >= m_text.size() ? fmt::format("unexpected end of the text at offset {} ({})", m_text.size(), what)
                                   : fmt::format("{} at offset {}", what, m_pos);
  m_pos = m_text.size();
}

void JsonPull::skip_space() {
  while (m_pos < m_text.size() && is_space(m_text[m_pos])) ++m_pos;
}

JsonPull::Kind JsonPull::peek() {
  if (!ok()) return Kind::end;
  skip_space();
  if (m_pos >= m_text.size()) return Kind::end;
  switch (m_text[m_pos]) {
    case '{': return Kind::object;
    case '[': return Kind::array;
    case '"': return Kind::string;
    case 't':
    case 'f': return Kind::boolean;
    case 'n': return Kind::null;
    default: return Kind::number;  // checked by scan_number
  }
}

bool JsonPull::enter() {
  if (++m_depth > m_max_depth) {
    fail(fmt::format("nested more than {} levels deep", m_max_depth));
    return false;
  }
  ++m_pos;  // '{' or '['
  return true;
}

bool JsonPull::expect(char c, std::string_view where) {
  skip_space();
  if (m_pos < m_text.size() && m_text[m_pos] == c) {
    ++m_pos;
    return true;
  }
  fail(fmt::format("'{}' expected in {}", c, where));
  return false;
}

bool JsonPull::scan_string(std::string* out) {
  ++m_pos;  // the opening quote
  const std::size_t size = m_text.size();
  while (true) {
    // The common case: a run of plain ASCII, copied (or passed) at once.
    std::size_t run = m_pos;
    while (run < size) {
      auto c = static_cast<unsigned char>(m_text[run]);
      if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
      ++run;
    }
    if (out != nullptr) out->append(m_text.data() + m_pos, run - m_pos);
    m_pos = run;
    if (m_pos >= size) {
      fail("in a string");
      return false;
    }
    auto c = static_cast<unsigned char>(m_text[m_pos]);
    if (c == '"') {
      ++m_pos;
      return true;
    }
    if (c < 0x20) {
      fail("a control character in a string");
      return false;
    }
    if (c >= 0x80) {
      auto step = utf8::decode(m_text, m_pos);
      if (!step.valid) {
        if (m_pos + step.length >= size) m_pos = size;  // a sequence cut by the end of the text
        fail("ill-formed UTF-8 in a string");
        return false;
      }
      if (out != nullptr) out->append(m_text.data() + m_pos, step.length);
      m_pos += step.length;
      continue;
    }
    // A backslash escape.
    if (m_pos + 1 >= size) {
      m_pos = size;
      fail("in a string escape");
      return false;
    }
    char e = m_text[m_pos + 1];
    char plain = 0;
    switch (e) {
      case '"': plain = '"'; break;
      case '\\': plain = '\\'; break;
      case '/': plain = '/'; break;
      case 'b': plain = '\b'; break;
      case 'f': plain = '\f'; break;
      case 'n': plain = '\n'; break;
      case 'r': plain = '\r'; break;
      case 't': plain = '\t'; break;
      case 'u': break;
      default:
        ++m_pos;
        fail("an invalid escape in a string");
        return false;
    }
    if (plain != 0) {
      if (out != nullptr) *out += plain;
      m_pos += 2;
      continue;
    }
    auto hex4 = [&](std::size_t at) -> long {
      if (at + 4 > size) return -1;
      long value = 0;
      for (std::size_t i = 0; i < 4; ++i) {
        int h = hex_value(m_text[at + i]);
        if (h < 0) return -1;
        value = value * 16 + h;
      }
      return value;
    };
    if (m_pos + 6 > size) {
      m_pos = size;
      fail("in a string escape");
      return false;
    }
    long unit = hex4(m_pos + 2);
    if (unit < 0) {
      fail("an invalid \\u escape in a string");
      return false;
    }
    char32_t cp = static_cast<char32_t>(unit);
    std::size_t length = 6;
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
      fail("a lone low surrogate in a string");
      return false;
    }
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      if (m_pos + 12 > size && m_text.substr(m_pos + 6, 2) == std::string_view("\\u").substr(0, size - m_pos - 6)) {
        m_pos = size;  // the low half cut by the end of the text
        fail("in a string escape");
        return false;
      }
      long low = m_pos + 7 < size && m_text[m_pos + 6] == '\\' && m_text[m_pos + 7] == 'u' ? hex4(m_pos + 8) : -1;
      if (low < 0xDC00 || low > 0xDFFF) {
        fail("a high surrogate without its low half in a string");
        return false;
      }
      cp = 0x10000 + ((static_cast<char32_t>(unit) - 0xD800) << 10) + (static_cast<char32_t>(low) - 0xDC00);
      length = 12;
    }
    if (out != nullptr) utf8::append(*out, cp);
    m_pos += length;
  }
}

bool JsonPull::scan_number(std::optional<std::int64_t>* value) {
  const std::size_t start = m_pos, size = m_text.size();
  bool negative = m_pos < size && m_text[m_pos] == '-';
  if (negative) ++m_pos;
  if (m_pos >= size || !is_digit(m_text[m_pos])) {
    fail("a value expected");
    return false;
  }
  if (m_text[m_pos] == '0') {
    ++m_pos;
  } else {
    while (m_pos < size && is_digit(m_text[m_pos])) ++m_pos;
  }
  bool integral = true;
  if (m_pos < size && m_text[m_pos] == '.') {
    integral = false;
    ++m_pos;
    if (m_pos >= size || !is_digit(m_text[m_pos])) {
      fail("a digit expected after '.' in a number");
      return false;
    }
    while (m_pos < size && is_digit(m_text[m_pos])) ++m_pos;
  }
  if (m_pos < size && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
    integral = false;
    ++m_pos;
    if (m_pos < size && (m_text[m_pos] == '+' || m_text[m_pos] == '-')) ++m_pos;
    if (m_pos >= size || !is_digit(m_text[m_pos])) {
      fail("a digit expected in a number's exponent");
      return false;
    }
    while (m_pos < size && is_digit(m_text[m_pos])) ++m_pos;
  }
  if (value != nullptr && integral) {
    // Accumulate toward the negative side, which holds INT64_MIN.
    std::int64_t n = 0;
    bool fits = true;
    for (std::size_t i = start + (negative ? 1 : 0); i < m_pos && is_digit(m_text[i]); ++i) {
      int d = m_text[i] - '0';
      if (n < (INT64_MIN + d) / 10) {  // n * 10 - d would pass INT64_MIN (division truncates toward 0)
        fits = false;
        break;
      }
      n = n * 10 - d;
    }
    if (fits && !negative && n == INT64_MIN) fits = false;
    if (fits) *value = negative ? n : -n;
  }
  return true;
}

bool JsonPull::scan_literal(std::string_view word) {
  if (m_text.substr(m_pos, word.size()) != word) {
    fail("a value expected");
    return false;
  }
  m_pos += word.size();
  return true;
}

bool JsonPull::read_key(std::string& key) {
  skip_space();
  if (m_pos >= m_text.size() || m_text[m_pos] != '"') {
    fail("a member name expected in an object");
    return false;
  }
  key.clear();
  if (!scan_string(&key) || !expect(':', "an object")) return false;
  skip_space();  // so that the callback's peek() does not move the reader
  return true;
}

bool JsonPull::next_item(char close, std::string_view where) {
  skip_space();
  if (m_pos < m_text.size() && m_text[m_pos] == ',') {
    ++m_pos;
    return true;
  }
  if (m_pos < m_text.size() && m_text[m_pos] == close) {
    ++m_pos;
    return false;
  }
  fail(fmt::format("',' or '{}' expected in an {}", close, where));
  return false;
}

void JsonPull::skip_container(char open) {
  if (!enter()) return;
  char close = open == '{' ? '}' : ']';
  std::string_view where = open == '{' ? "object" : "array";
  skip_space();
  if (m_pos < m_text.size() && m_text[m_pos] == close) {
    ++m_pos;
    --m_depth;
    return;
  }
  do {
    if (open == '{') {
      skip_space();
      if (m_pos >= m_text.size() || m_text[m_pos] != '"') {
        fail("a member name expected in an object");
        return;
      }
      if (!scan_string(nullptr) || !expect(':', "an object")) return;
    }
    skip();
    if (!ok()) return;
  } while (next_item(close, where));
  if (ok()) --m_depth;
}

void JsonPull::skip() {
  switch (peek()) {
    case Kind::end:
      fail("a value expected");
      return;
    case Kind::object: skip_container('{'); return;
    case Kind::array: skip_container('['); return;
    case Kind::string: scan_string(nullptr); return;
    case Kind::number: scan_number(nullptr); return;
    case Kind::boolean: scan_literal(m_text[m_pos] == 't' ? "true" : "false"); return;
    case Kind::null: scan_literal("null"); return;
  }
}

std::optional<std::string> JsonPull::string() {
  if (peek() != Kind::string) {
    skip();
    return std::nullopt;
  }
  std::string out;
  if (!scan_string(&out)) return std::nullopt;
  return out;
}

std::optional<bool> JsonPull::boolean() {
  if (peek() != Kind::boolean) {
    skip();
    return std::nullopt;
  }
  bool value = m_text[m_pos] == 't';
  if (!scan_literal(value ? "true" : "false")) return std::nullopt;
  return value;
}

std::optional<std::int64_t> JsonPull::integer() {
  if (peek() != Kind::number) {
    skip();
    return std::nullopt;
  }
  std::optional<std::int64_t> value;
  if (!scan_number(&value)) return std::nullopt;
  return value;
}

bool JsonPull::finish() {
  if (!ok()) return false;
  skip_space();
  if (m_pos < m_text.size()) fail("text after the JSON value");
  return ok();
}

}  // namespace archfit
