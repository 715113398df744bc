#include "detect/gfx_target_version.hpp"

#include <charconv>

#include <fmt/format.h>

namespace archfit::detect {

namespace {

std::optional<std::uint32_t> parse_decimal(std::string_view text) {
  std::uint32_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::uint32_t> hex_digit(char c) {
  if (c >= '0' && c <= '9') {
    return static_cast<std::uint32_t>(c - '0');
  }
  if (c >= 'a' && c <= 'f') {
    return static_cast<std::uint32_t>(c - 'a' + 10);
  }
  return std::nullopt;
}

}  // namespace

std::string GfxVersion::processor_name() const {
  if (minor > 15 || stepping > 15) {
    return {};
  }
  return fmt::format("gfx{}{:x}{:x}", major, minor, stepping);
}

std::string GfxVersion::override_spelling() const { return fmt::format("{}.{}.{}", major, minor, stepping); }

std::optional<GfxVersion> unpack_gfx_target_version(std::uint64_t value) {
  if (value == 0 || value > 639999) {
    return std::nullopt;
  }
  auto v = static_cast<std::uint32_t>(value);
  return GfxVersion{v / 10000 % 100, v / 100 % 100, v % 100};
}

std::optional<GfxVersion> parse_gfx_override(std::string_view text) {
  GfxVersion version;
  std::uint32_t* fields[3] = {&version.major, &version.minor, &version.stepping};
  for (int i = 0; i < 3; ++i) {
    auto dot = text.find('.');
    std::string_view part = i < 2 ? text.substr(0, dot) : text;
    if (i < 2 && dot == std::string_view::npos) {
      return std::nullopt;
    }
    auto value = parse_decimal(part);
    if (!value) {
      return std::nullopt;
    }
    *fields[i] = *value;
    if (i < 2) {
      text.remove_prefix(dot + 1);
    }
  }
  if (version.major > 63 || version.minor > 255 || version.stepping > 255) {
    return std::nullopt;
  }
  return version;
}

std::optional<GfxVersion> parse_gfx_processor_name(std::string_view name) {
  if (!name.starts_with("gfx") || name.size() < 6) {
    return std::nullopt;
  }
  std::string_view digits = name.substr(3);
  auto major = parse_decimal(digits.substr(0, digits.size() - 2));
  auto minor = hex_digit(digits[digits.size() - 2]);
  auto stepping = hex_digit(digits[digits.size() - 1]);
  if (!major || !minor || !stepping) {
    return std::nullopt;
  }
  return GfxVersion{*major, *minor, *stepping};
}

}  // namespace archfit::detect
