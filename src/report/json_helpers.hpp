// Small conventions every JSON renderer shares: absent values are written as null, never as
// empty strings or sentinel numbers, so scripts can test for them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "util/json_writer.hpp"

namespace archfit::report {

// `name`: a std::string_view, or a string literal (JsonWriter::key).
template <class Name, class T>
void optional_member(JsonWriter& json, const Name& name, const std::optional<T>& value) {
  if (value) {
    json.member(name, *value);
  } else {
    json.null_member(name);
  }
}

template <class Name>
void text_or_null(JsonWriter& json, const Name& name, const std::string& text) {
  if (text.empty()) {
    json.null_member(name);
  } else {
    json.member(name, text);
  }
}

// `value`, or null when it equals `absent` (the model's "not applicable" value).
template <class Name>
void number_or_null(JsonWriter& json, const Name& name, int value, int absent) {
  if (value == absent) {
    json.null_member(name);
  } else {
    json.member(name, value);
  }
}

// "0x74a1": ids are written as the tools print them, fixed width, lower case.
inline std::string fmt_hex(unsigned value, int digits) {
  static constexpr char k_digits[] = "0123456789abcdef";
  std::string text(static_cast<std::size_t>(digits) + 2, '0');
  text[1] = 'x';
  for (int i = digits + 1; i >= 2; --i, value >>= 4) {
    text[static_cast<std::size_t>(i)] = k_digits[value & 0xf];
  }
  return text;
}

}  // namespace archfit::report
