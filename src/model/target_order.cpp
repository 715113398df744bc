#include "model/target_order.hpp"

#include <compare>
#include <optional>

namespace archfit::model {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

struct GfxVersion {
  unsigned long major = 0;
  int minor = 0;
  int stepping = 0;
  auto operator<=>(const GfxVersion&) const = default;
};

// "gfx90a:xnack-" -> 9.0.10; nullopt for anything else ("gfx10-3-generic", "sm_90").
std::optional<GfxVersion> gfx_version(std::string_view target) {
  if (!target.starts_with("gfx")) {
    return std::nullopt;
  }
  std::string_view processor = target.substr(3, target.find(':') == std::string_view::npos ? std::string_view::npos
                                                                                             : target.find(':') - 3);
  if (processor.size() < 3 || processor.size() > 6) {
    return std::nullopt;
  }
  GfxVersion version;
  for (std::size_t i = 0; i + 2 < processor.size(); ++i) {
    if (!is_digit(processor[i])) {
      return std::nullopt;
    }
    version.major = version.major * 10 + static_cast<unsigned long>(processor[i] - '0');
  }
  version.minor = hex_value(processor[processor.size() - 2]);
  version.stepping = hex_value(processor[processor.size() - 1]);
  if (version.minor < 0 || version.stepping < 0) {
    return std::nullopt;
  }
  return version;
}

}  // namespace

bool target_less(std::string_view a, std::string_view b) {
  auto gfx_a = gfx_version(a);
  auto gfx_b = gfx_version(b);
  // Two classes, so the order stays transitive: specific AMD processors first, by version; then every
  // other name (generic families, CUDA targets) in natural order.
  if (gfx_a.has_value() != gfx_b.has_value()) {
    return gfx_a.has_value();
  }
  if (gfx_a && *gfx_a != *gfx_b) {
    return *gfx_a < *gfx_b;
  }
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      std::size_t a_end = i;
      std::size_t b_end = j;
      while (a_end < a.size() && is_digit(a[a_end])) ++a_end;
      while (b_end < b.size() && is_digit(b[b_end])) ++b_end;
      // Leading zeros do not change the number: skip them, then the longer run is the larger.
      std::size_t a_start = i;
      std::size_t b_start = j;
      while (a_start + 1 < a_end && a[a_start] == '0') ++a_start;
      while (b_start + 1 < b_end && b[b_start] == '0') ++b_start;
      std::string_view x = a.substr(a_start, a_end - a_start);
      std::string_view y = b.substr(b_start, b_end - b_start);
      if (x.size() != y.size()) {
        return x.size() < y.size();
      }
      if (x != y) {
        return x < y;
      }
      i = a_end;
      j = b_end;
      continue;
    }
    if (a[i] != b[j]) {
      return a[i] < b[j];
    }
    ++i;
    ++j;
  }
  if (i == a.size() && j == b.size()) {
    return a < b;  // equal up to leading zeros: fall back to the bytes, so only equal strings tie
  }
  return i == a.size();
}

}  // namespace archfit::model
