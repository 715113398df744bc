#include "cli/terminal.hpp"

#include <unistd.h>

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

}  // namespace archfit::cli
