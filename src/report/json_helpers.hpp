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

// `"name": [...]`, each item written by `write(json, item)` (an object, a value).
template <class Items, class Write>
void array_member(JsonWriter& json, std::string_view name, const Items& items, Write write) {
  json.key(name);
  json.begin_array();
  for (const auto& item : items) {
    write(json, item);
  }
  json.end_array();
}

// `"name": {key: value, ...}` for a map whose keys are data (environment variables, symbol-version
// namespaces, metric names), in the map's order; values as JsonWriter::member writes them.
template <class Map>
void map_member(JsonWriter& json, std::string_view name, const Map& map) {
  json.key(name);
  json.begin_object();
  for (const auto& [key, value] : map) {
    json.member(key, value);
  }
  json.end_object();
}

// `"build_targets": {"PYTORCH_ROCM_ARCH": ..., "TORCH_CUDA_ARCH_LIST": ...}`: the arch lists a build
// would be given (detect's for this machine, explain's context), each null when there is none.
inline void build_targets_member(JsonWriter& json, const std::string& pytorch_rocm_arch,
                                 const std::string& torch_cuda_arch_list) {
  json.key("build_targets");
  json.begin_object();
  text_or_null(json, "PYTORCH_ROCM_ARCH", pytorch_rocm_arch);
  text_or_null(json, "TORCH_CUDA_ARCH_LIST", torch_cuda_arch_list);
  json.end_object();
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
