// Terminal decisions for the CLI: colour follows the TTY, NO_COLOR, CLICOLOR_FORCE/FORCE_COLOR and
// --color, decided per stream (ninja's line_printer.cc rules).
#pragma once

#include <string>

namespace archfit::cli {

enum class ColorMode { automatic, always, never };

// Whether to colour output written to `fd`. Precedence: --color=always/never, then NO_COLOR (any
// non-empty value disables), then CLICOLOR_FORCE / FORCE_COLOR (non-empty, not "0", enables),
// then isatty(fd) && TERM != "dumb".
bool use_color(ColorMode mode, int fd);

}  // namespace archfit::cli
