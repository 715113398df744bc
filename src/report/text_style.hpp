// How text renderers decorate output. The CLI decides (TTY, NO_COLOR, --color); renderers obey.
#pragma once

#include <string>
#include <string_view>

namespace archfit::report {

struct TextStyle {
  bool color = false;

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
