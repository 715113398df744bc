// The spelling of an enum at archfit's edges, as one table: {value, name} pairs, read both ways by
// one lookup each. An enum that is a word in JSON, a data/ table or another process's output
// declares its table once (model::Status, model::Vendor, detect::Severity, ...) and its
// `x_name` / `x_from_name` are these lookups, not a switch and an if-chain that can disagree.
//
//   inline constexpr EnumNames<Color, 2> k_color_names = {{{Color::red, "red"}, {Color::blue, "blue"}}};
//   enum_name(k_color_names, Color::blue)        -> "blue"
//   enum_from_name(k_color_names, "green")       -> nullopt (case-sensitive, as JSON is)
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace archfit {

template <typename Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, std::string_view>, N>;

// The name of `value`; `fallback` only for a value the table does not list (a table lists every
// value, so only a value cast from a number gets it).
template <typename Enum, std::size_t N>
constexpr std::string_view enum_name(const EnumNames<Enum, N>& table, Enum value, std::string_view fallback = "unknown") {
  for (const auto& [entry, name] : table) {
    if (entry == value) {
      return name;
    }
  }
  return fallback;
}

// The value named `name` exactly; nullopt for any other text.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> enum_from_name(const EnumNames<Enum, N>& table, std::string_view name) {
  for (const auto& [value, entry] : table) {
    if (entry == name) {
      return value;
    }
  }
  return std::nullopt;
}

}  // namespace archfit
