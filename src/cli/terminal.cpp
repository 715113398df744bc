#include "cli/terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <string_view>

namespace archfit::cli {

namespace {

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' && std::string_view(value) != "0";
}

}  // namespace

bool use_color(ColorMode mode, int fd) {
  if (mode != ColorMode::automatic) {
    return mode == ColorMode::always;
  }
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') {
    return false;
  }
  if (env_set("CLICOLOR_FORCE") || env_set("FORCE_COLOR")) {
    return true;
  }
  const char* term = std::getenv("TERM");
  return ::isatty(fd) == 1 && (term == nullptr || std::string_view(term) != "dumb");
}

std::size_t terminal_width(int fd) {
  if (::isatty(fd) != 1) {
    return 0;
  }
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
    std::string_view text = columns;
    std::size_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc() && end == text.data() + text.size() && value > 0) {
      return value;
    }
  }
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    return size.ws_col;
  }
  return 80;
}

}  // namespace archfit::cli
