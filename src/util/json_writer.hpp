// A streaming JSON writer (in the manner of LLVM's json::OStream): values are appended to a string
// as they are produced, with correct escaping and commas, so a large report never exists twice
// in memory as a tree and a text. Nesting is checked with assertions in debug builds only; the
// callers are the report renderers, whose shape is fixed.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace archfit {

class JsonWriter {
 public:
  // indent = 0 writes compact JSON; otherwise each member goes on its own line.
  explicit JsonWriter(int indent = 0) : m_indent(indent) {}

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // The next value belongs to `name` (inside an object).
  void key(std::string_view name);
  // The same for a key written in the source (a string literal): it needs no escaping (every
  // key of archfit's schemas is a plain ASCII name, and every schema test parses the output), so
  // it is copied as it is, a known number of bytes, without the test for escapes.
  template <std::size_t N>
  void key(const char (&name)[N]) {
    key_room(name, 0);
    m_after_key = true;
  }

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(std::uint64_t number);
  void value(std::int64_t number);
  void value(int number) { value(static_cast<std::int64_t>(number)); }
  void value(unsigned number) { value(static_cast<std::uint64_t>(number)); }
  void value(double number);  // non-finite numbers are written as null
  void value(bool flag);
  void null();

  // key + value in one call (`name`: a std::string_view, or a string literal as for key()). A
  // literal key with a text that needs no escaping, or with an integer, is written in one piece:
  // a GPU code record of a scan is ten such members.
  template <class Name, class T>
  void member(const Name& name, const T& v) {
    if constexpr (std::is_array_v<Name> && std::is_convertible_v<const T&, std::string_view>) {
      std::string_view text(v);
      if (needs_no_escape(text)) {
        char* out = key_room(name, text.size() + 2);
        out[0] = '"';
        std::memcpy(out + 1, text.data(), text.size());
        out[text.size() + 1] = '"';
        return;
      }
    } else if constexpr (std::is_array_v<Name> && std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                         !std::is_same_v<T, char>) {
      char digits[24];
      auto length = static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, v).ptr - digits);
      std::memcpy(key_room(name, length), digits, length);
      return;
    }
    key(name);
    value(v);
  }
  template <class Name>
  void null_member(const Name& name) {
    key(name);
    null();
  }
  // An array of strings.
  template <class Name>
  void string_array(const Name& name, const std::vector<std::string>& items) {
    key(name);
    string_items(items);
  }

  // Room for `bytes` of text before the buffer grows (a writer drained in pieces of a known
  // size: each growth copies the text and touches fresh pages, and past 128 KiB malloc maps and
  // unmaps a new block).
  void reserve(std::size_t bytes);

  // The text written so far (since the last drain).
  std::string_view text() const { return {m_data.get(), m_length}; }
  std::string take();
  // Hands the text written so far to `sink` and starts again with an empty text (the buffer and
  // the nesting are kept): a large report is written a chunk at a time through one buffer that
  // stays in the cache, instead of as one string whose pages are each faulted in once.
  template <class Sink>
  void drain(Sink&& sink) {
    sink(text());
    m_length = 0;
  }

 private:
  void string_items(const std::vector<std::string>& items);
  // True when `text` is printable ASCII without a quote or a backslash: written as it is.
  static bool needs_no_escape(std::string_view text);
  // Writes the separator and `name` with its colon, and makes room for `value_bytes` more: where
  // the value goes.
  template <std::size_t N>
  char* key_room(const char (&name)[N], std::size_t value_bytes) {
    before_value();
    constexpr std::size_t length = N - 1;
    std::size_t colon = m_indent > 0 ? 2 : 1;
    char* out = room(length + 2 + colon + value_bytes);
    out[0] = '"';
    std::memcpy(out + 1, name, length);
    out[length + 1] = '"';
    out[length + 2] = ':';
    if (colon == 2) {
      out[length + 3] = ' ';
    }
    return out + length + 2 + colon;
  }
  void before_value();
  void newline();
  void write_escaped(std::string_view text);
  // `bytes` more bytes at the end of the text, to be written by the caller.
  char* room(std::size_t bytes);
  void put(std::string_view text);
  void put(char c) { *room(1) = c; }
  bool put_plain(std::string_view text, std::string_view suffix);

  struct Level {
    bool is_object = false;
    bool empty = true;
  };
  // The text is the first m_length of m_capacity bytes at m_data. A std::string would zero every
  // byte it grows by before the writer overwrites it, and check its capacity in a call per append:
  // for the 22,000 keys and values of librocsparse's scan report that was half of the writer's
  // time.
  std::unique_ptr<char[]> m_data;
  std::size_t m_capacity = 0;
  std::size_t m_length = 0;
  std::vector<Level> m_stack;
  int m_indent;
  bool m_after_key = false;
};

}  // namespace archfit
