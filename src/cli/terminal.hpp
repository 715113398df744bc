// Terminal decisions for the CLI: colour follows the TTY, NO_COLOR, CLICOLOR_FORCE/FORCE_COLOR and
// --color, decided per stream (ninja's line_printer.cc rules); the width text wraps at.
#pragma once

#include <cstddef>
#include <string>

namespace archfit::cli {

enum class ColorMode { automatic, always, never };

// Whether to colour output written to `fd`. Precedence: --color=always/never, then NO_COLOR (any
// non-empty value disables), then CLICOLOR_FORCE / FORCE_COLOR (non-empty, not "0", enables),
// then isatty(fd) && TERM != "dumb".
bool use_color(ColorMode mode, int fd);

// The columns to wrap text written to `fd` at: 0 (no wrapping) when `fd` is not a terminal;
// otherwise $COLUMNS when it is a positive number, else the terminal's size (TIOCGWINSZ), else 80.
std::size_t terminal_width(int fd);

}  // namespace archfit::cli
