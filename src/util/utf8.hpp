// Well-formed UTF-8 (Unicode 15, §3.9 Table 3-7): what the JSON writer and the terminal sanitiser
// let through as is. Overlong forms (C0 AF, E0 80 AF), surrogates (ED A0 80..ED BF BF), code points
// above U+10FFFF (F4 90.., F5..FF) and stray continuation bytes are ill-formed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace archfit::utf8 {

// One step of decoding at text[at] (which must be < text.size()).
struct Step {
  std::size_t length = 1;    // bytes consumed: the whole sequence, or the maximal ill-formed subpart
  bool valid = false;        // false: those bytes stand for one U+FFFD (Unicode's "best practice")
  char32_t code_point = 0;   // when valid
};

Step decode(std::string_view text, std::size_t at);

// Appends the UTF-8 form of `code_point` (at most U+10FFFF; a surrogate is written as is, so callers
// that may hold one pass U+FFFD instead).
void append(std::string& out, char32_t code_point);

// The code points of `text`, counted by their lead bytes: the columns it takes on a terminal or a
// page, one per character.
std::size_t code_points(std::string_view text);

inline constexpr std::string_view k_replacement = "\xef\xbf\xbd";  // U+FFFD in UTF-8

}  // namespace archfit::utf8
