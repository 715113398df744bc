#include "util/utf8.hpp"

namespace archfit::utf8 {

Step decode(std::string_view text, std::size_t at) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(at);
  Step step;
  if (lead < 0x80) {
    step.valid = true;
    step.code_point = lead;
    return step;
  }
  std::size_t length = 0;
  unsigned char low = 0x80;  // the range allowed for the second byte (Table 3-7)
  unsigned char high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    low = lead == 0xe0 ? 0xa0 : 0x80;   // E0 80..9F would be overlong
    high = lead == 0xed ? 0x9f : 0xbf;  // ED A0..BF are the surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    low = lead == 0xf0 ? 0x90 : 0x80;   // F0 80..8F would be overlong
    high = lead == 0xf4 ? 0x8f : 0xbf;  // F4 90.. is above U+10FFFF
  } else {
    return step;  // 80..C1 (continuation or overlong lead), F5..FF: never in UTF-8
  }
  char32_t code_point = lead & (0xff >> (length + 1));
  for (std::size_t k = 1; k < length; ++k) {
    if (at + k >= text.size()) {
      step.length = k;
      return step;
    }
    unsigned char next = byte(at + k);
    bool in_range = k == 1 ? (next >= low && next <= high) : (next >= 0x80 && next <= 0xbf);
    if (!in_range) {
      step.length = k;
      return step;
    }
    code_point = (code_point << 6) | (next & 0x3f);
  }
  step.length = length;
  step.valid = true;
  step.code_point = code_point;
  return step;
}

void append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::size_t code_points(std::string_view text) {
  std::size_t count = 0;
  for (char c : text) {
    count += (static_cast<unsigned char>(c) & 0xc0) != 0x80 ? 1 : 0;
  }
  return count;
}

}  // namespace archfit::utf8
