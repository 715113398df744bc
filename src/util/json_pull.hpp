// A pull reader for large, untrusted JSON documents of which the caller needs a few members: it walks
// the text once, hands the caller the members and elements it asks for, and skips everything else
// without building a tree, while still checking that the whole text is one well-formed JSON value
// (RFC 8259: the grammar, string escapes and surrogate pairs, well-formed UTF-8, no control
// characters in strings) and nesting at most `max_depth` deep. `fleet report` reads 10,000 node
// reports this way (docs/performance.md); a DOM parse of each was most of its time.
//
// Use: `object(on_member)` calls on_member(key) for each member, with the reader placed on the
// member's value; the callback reads it (text(), boolean(), integer(), object(), array()) or leaves
// it, and what it leaves is skipped. A value of another type than asked for is skipped and counts as
// absent (text() gives "", object() false), so a wrong type never throws or crashes. The first
// syntax error stops the walk: every later call returns at once, ok() is false and error() names
// what is wrong and the byte offset. finish() checks that only white space follows the value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace archfit {

class JsonPull {
 public:
  enum class Kind { object, array, string, number, boolean, null, end };

  explicit JsonPull(std::string_view text, std::size_t max_depth = 256) : m_text(text), m_max_depth(max_depth) {}

  // The kind of the next value (after white space); `end` at the end of the text or after an error.
  Kind peek();

  // Reads an object, calling on_member(std::string_view key) for each member; false (value skipped)
  // when the next value is not an object.
  template <class OnMember>
  bool object(OnMember&& on_member);
  // Reads an array, calling on_element() for each element; false when the next value is not one.
  template <class OnElement>
  bool array(OnElement&& on_element);

  // The next value as a decoded string; nullopt (value skipped) when it is not a string.
  std::optional<std::string> string();
  // The same, with "" for a value that is not a string.
  std::string text() { return string().value_or(std::string()); }
  // true/false; nullopt (value skipped) for anything else.
  std::optional<bool> boolean();
  // An integer that fits int64 (no fraction or exponent); nullopt (value skipped) for anything else.
  std::optional<std::int64_t> integer();
  // Skips one value of any kind, checking it.
  void skip();

  // True when only white space is left and no error occurred.
  bool finish();
  bool ok() const { return m_error.empty(); }
  // "unexpected end of the text at offset 6789", "'}' expected at offset 12 in an object", ...
  const std::string& error() const { return m_error; }

 private:
  void fail(std::string_view what);
  void skip_space();
  bool enter();  // '{' or '[': one level deeper, within max_depth
  bool expect(char c, std::string_view where);
  // Scans a string starting at its opening quote; appends the decoded text to `out` when non-null.
  bool scan_string(std::string* out);
  bool scan_number(std::optional<std::int64_t>* value);
  bool scan_literal(std::string_view word);
  void skip_container(char open);
  // The key of the next member of an object (the reader is after '{' or ','), and its ':'.
  bool read_key(std::string& key);
  // After a member or element: true when another follows (','), false at `close` (consumed).
  bool next_item(char close, std::string_view where);

  std::string_view m_text;
  std::size_t m_pos = 0;
  std::size_t m_depth = 0;
  std::size_t m_max_depth;
  std::string m_error;
};

template <class OnMember>
bool JsonPull::object(OnMember&& on_member) {
  if (peek() != Kind::object) {
    skip();
    return false;
  }
  if (!enter()) return false;
  skip_space();
  if (m_pos < m_text.size() && m_text[m_pos] == '}') {
    ++m_pos;
    --m_depth;
    return true;
  }
  std::string key;
  do {
    if (!read_key(key)) return false;
    std::size_t before = m_pos;
    on_member(std::string_view(key));
    if (!ok()) return false;
    if (m_pos == before) skip();  // the callback left the value
  } while (next_item('}', "object"));
  if (!ok()) return false;
  --m_depth;
  return true;
}

template <class OnElement>
bool JsonPull::array(OnElement&& on_element) {
  if (peek() != Kind::array) {
    skip();
    return false;
  }
  if (!enter()) return false;
  skip_space();
  if (m_pos < m_text.size() && m_text[m_pos] == ']') {
    ++m_pos;
    --m_depth;
    return true;
  }
  do {
    skip_space();
    std::size_t before = m_pos;
    on_element();
    if (!ok()) return false;
    if (m_pos == before) skip();
  } while (next_item(']', "array"));
  if (!ok()) return false;
  --m_depth;
  return true;
}

}  // namespace archfit
