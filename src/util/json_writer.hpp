// A streaming JSON writer (in the manner of LLVM's json::OStream): values are appended to a string
// as they are produced, with correct escaping and commas, so a large report never exists twice
// in memory as a tree and a text. Nesting is checked with assertions in debug builds only; the
// callers are the report renderers, whose shape is fixed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
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

  // key + value in one call.
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }
  void null_member(std::string_view name) {
    key(name);
    null();
  }
  // An array of strings.
  void string_array(std::string_view name, const std::vector<std::string>& items);

  // Room for `bytes` of text, reserved once up front by a caller that can estimate its size: the
  // text then grows without being copied to a new buffer and faulted in again at each doubling
  // (librocsparse's 420 KB scan report: about 15 doublings). Reserving more than is written costs
  // address space only; the pages never written are never touched.
  void reserve(std::size_t bytes) { m_out.reserve(bytes); }

  const std::string& text() const { return m_out; }
  std::string take() { return std::move(m_out); }

 private:
  void before_value();
  void newline();
  void write_escaped(std::string_view text);

  struct Level {
    bool is_object = false;
    bool empty = true;
  };
  std::string m_out;
  std::vector<Level> m_stack;
  int m_indent;
  bool m_after_key = false;
};

}  // namespace archfit
