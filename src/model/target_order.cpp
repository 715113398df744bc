#include "model/target_order.hpp"

namespace archfit::model {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

bool target_less(std::string_view a, std::string_view b) {
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
