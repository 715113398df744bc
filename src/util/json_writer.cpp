#include "util/json_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace archfit {

namespace {

bool plain_byte(unsigned char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; }

// The common case (keys, paths, entry ids: printable ASCII without quotes or backslashes) in one
// resize and two copies: a scan report has about 20 strings per GPU code record, and appending
// quote, text and quote separately (libc++'s push_back is a call) cost more than the text.
bool append_plain(std::string& json, std::string_view text, std::string_view suffix) {
  for (char c : text) {
    if (!plain_byte(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  std::size_t at = json.size();
  json.resize(at + text.size() + 2 + suffix.size());
  char* out = json.data() + at;
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

}  // namespace

void JsonWriter::newline() {
  if (m_indent > 0) {
    m_out += '\n';
    m_out.append(m_stack.size() * static_cast<std::size_t>(m_indent), ' ');
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
      m_out += ',';
    }
    m_stack.back().empty = false;
    newline();
  }
}

void JsonWriter::begin_object() {
  before_value();
  m_out += '{';
  m_stack.push_back({true, true});
}

void JsonWriter::end_object() {
  bool empty = m_stack.back().empty;
  m_stack.pop_back();
  if (!empty) {
    newline();
  }
  m_out += '}';
}

void JsonWriter::begin_array() {
  before_value();
  m_out += '[';
  m_stack.push_back({false, true});
}

void JsonWriter::end_array() {
  bool empty = m_stack.back().empty;
  m_stack.pop_back();
  if (!empty) {
    newline();
  }
  m_out += ']';
}

void JsonWriter::key(std::string_view name) {
  before_value();
  std::string_view colon = m_indent > 0 ? ": " : ":";
  if (!append_plain(m_out, name, colon)) {
    write_escaped(name);
    m_out += colon;
  }
  m_after_key = true;
}

void JsonWriter::value(std::string_view text) {
  before_value();
  if (!append_plain(m_out, text, {})) {
    write_escaped(text);
  }
}

// Integers through std::to_chars: fmt::format_to into a back_inserter was 3 % of a libcublasLt
// scan's CPU time (24,000 numbers).
void JsonWriter::value(std::uint64_t number) {
  before_value();
  char digits[24];
  m_out.append(digits, std::to_chars(digits, digits + sizeof digits, number).ptr);
}

void JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    m_out += "null";  // JSON has no NaN or infinity
    return;
  }
  fmt::format_to(std::back_inserter(m_out), "{}", number);  // shortest round-trip form
}

void JsonWriter::value(std::int64_t number) {
  before_value();
  char digits[24];
  m_out.append(digits, std::to_chars(digits, digits + sizeof digits, number).ptr);
}

void JsonWriter::value(bool flag) {
  before_value();
  m_out += flag ? "true" : "false";
}

void JsonWriter::null() {
  before_value();
  m_out += "null";
}

void JsonWriter::string_array(std::string_view name, const std::vector<std::string>& items) {
  key(name);
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
  m_out += '"';
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
    m_out.append(text.substr(run, i - run));
    if (c == '"' || c == '\\') {
      m_out += '\\';
      m_out += static_cast<char>(c);
    } else if (c == '\n') {
      m_out += "\\n";
    } else if (c == '\t') {
      m_out += "\\t";
    } else if (step.valid) {
      fmt::format_to(std::back_inserter(m_out), "\\u{:04x}", static_cast<std::uint32_t>(step.code_point));
    } else {
      m_out += utf8::k_replacement;
    }
    i += step.length;
    run = i;
  }
  m_out.append(text.substr(run));
  m_out += '"';
}

}  // namespace archfit
