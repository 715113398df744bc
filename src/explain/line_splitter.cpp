#include "explain/line_splitter.hpp"

namespace archfit::explain {

namespace {

// Index just past the escape sequence that starts at raw[i] == ESC (ECMA-48): CSI "ESC [" params
// final-byte(0x40-0x7e); OSC "ESC ]" ... BEL or "ESC \"; any other ESC x is two bytes.
std::size_t skip_escape(std::string_view raw, std::size_t i) {
  if (i + 1 >= raw.size()) {
    return raw.size();
  }
  char kind = raw[i + 1];
  if (kind == '[') {
    std::size_t j = i + 2;
    while (j < raw.size() && !(raw[j] >= 0x40 && raw[j] <= 0x7e)) {
      ++j;
    }
    return j < raw.size() ? j + 1 : raw.size();
  }
  if (kind == ']') {
    for (std::size_t j = i + 2; j < raw.size(); ++j) {
      if (raw[j] == '\a') {
        return j + 1;
      }
      if (raw[j] == '\x1b' && j + 1 < raw.size() && raw[j + 1] == '\\') {
        return j + 2;
      }
    }
    return raw.size();
  }
  return i + 2;
}

}  // namespace

void visible_text(std::string_view raw, std::string& out) {
  out.clear();
  if (raw.find_first_of("\x1b\r") == std::string_view::npos) {
    out.assign(raw);
  } else {
    for (std::size_t i = 0; i < raw.size();) {
      char c = raw[i];
      if (c == '\x1b') {
        i = skip_escape(raw, i);
        continue;
      }
      out.push_back(c == '\r' ? ' ' : c);
      ++i;
    }
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) {
    out.pop_back();
  }
}

}  // namespace archfit::explain
