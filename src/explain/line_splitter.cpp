#include "explain/line_splitter.hpp"

#include "util/terminal_text.hpp"

namespace archfit::explain {

void visible_text(std::string_view raw, std::string& out) {
  out.clear();
  if (raw.find_first_of("\x1b\r") == std::string_view::npos) {
    out.assign(raw);
  } else {
    for (std::size_t i = 0; i < raw.size();) {
      char c = raw[i];
      if (c == '\x1b') {
        i = skip_escape_sequence(raw, i);  // the rule of util/terminal_text.hpp
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
