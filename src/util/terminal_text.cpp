#include "util/terminal_text.hpp"

#include "util/utf8.hpp"

namespace archfit {

std::size_t skip_escape_sequence(std::string_view raw, std::size_t at) {
  if (at + 1 >= raw.size()) {
    return raw.size();
  }
  char kind = raw[at + 1];
  if (kind == '[') {
    std::size_t j = at + 2;
    while (j < raw.size() && !(raw[j] >= 0x40 && raw[j] <= 0x7e)) {
      ++j;
    }
    return j < raw.size() ? j + 1 : raw.size();
  }
  // OSC, DCS, SOS, PM, APC: a control string, ended by BEL (xterm's OSC) or ST.
  if (kind == ']' || kind == 'P' || kind == 'X' || kind == '^' || kind == '_') {
    for (std::size_t j = at + 2; j < raw.size(); ++j) {
      if (raw[j] == '\a') {
        return j + 1;
      }
      if (raw[j] == '\x1b' && j + 1 < raw.size() && raw[j + 1] == '\\') {
        return j + 2;
      }
    }
    return raw.size();
  }
  return at + 2;
}

std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    if (c == 0x1b) {
      i = skip_escape_sequence(text, i);
      continue;
    }
    if (c == '\t' || c == '\r' || c == '\n') {
      out += ' ';
      ++i;
      continue;
    }
    utf8::Step step = utf8::decode(text, i);
    if (step.valid && step.code_point >= 0xa0) {
      out.append(text.substr(i, step.length));
    } else {
      out += utf8::k_replacement;  // C0, DEL, C1, or not UTF-8
    }
    i += step.length;
  }
  return out;
}

std::string terminal_safe_lines(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find('\n', start);
    out += terminal_safe(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) {
      return out;
    }
    out += '\n';
    start = end + 1;
  }
}

}  // namespace archfit
