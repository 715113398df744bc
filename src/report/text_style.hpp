// How text renderers decorate and lay out output. The CLI decides (TTY, NO_COLOR, --color, -q/-v,
// the terminal's width); renderers obey.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace archfit::report {

// -q: only what needs attention (warn, fail, unknown, errors); -v: also the facts behind every check
// (the rule and its source for passes and skips too).
enum class Verbosity { quiet, normal, verbose };

struct TextStyle {
  bool color = false;
  Verbosity verbosity = Verbosity::normal;
  std::size_t width = 0;  // wrap prose to this many columns; 0: never wrap (not a terminal, --json)

  bool quiet() const { return verbosity == Verbosity::quiet; }
  bool verbose() const { return verbosity == Verbosity::verbose; }

  std::string bold(std::string_view text) const { return wrap("1", text); }
  std::string red(std::string_view text) const { return wrap("31", text); }
  std::string yellow(std::string_view text) const { return wrap("33", text); }
  std::string green(std::string_view text) const { return wrap("32", text); }
  std::string dim(std::string_view text) const { return wrap("2", text); }

 private:
  std::string wrap(std::string_view code, std::string_view text) const {
    if (!color) {
      return std::string(text);
    }
    return "\x1b[" + std::string(code) + "m" + std::string(text) + "\x1b[0m";
  }
};

}  // namespace archfit::report
