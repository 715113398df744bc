// Untrusted text on a terminal. Names that archfit prints come from files it reads (zip members,
// file names, bundle entry IDs, DT_NEEDED strings, rocminfo fields, log lines) and may carry escape
// sequences that retitle the window, rewrite the screen or hide a line (OSC 8, CSI 2J, "\r"), or
// newlines that forge a line of output. One rule, used by every text renderer, the `archfit:
// error:` lines and `explain`'s reading of logs:
//   - an ECMA-48 escape sequence is removed: CSI "ESC [" parameters final-byte (0x40-0x7e), OSC/DCS/
//     APC/PM/SOS "ESC ] P _ ^ X" up to BEL or ST ("ESC \"), any other "ESC x" (two bytes);
//   - a tab, carriage return or newline becomes a space (the text stays on its one line);
//   - any other control character (C0, DEL, the C1 controls U+0080..U+009F, which include the
//     8-bit CSI U+009B) and every ill-formed UTF-8 subpart becomes U+FFFD.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace archfit {

// Index just past the escape sequence that starts at raw[at] == ESC (the end of `raw` when the
// sequence is cut short).
std::size_t skip_escape_sequence(std::string_view raw, std::size_t at);

// `text` made safe to print on a terminal as (part of) one line, by the rule above. Text that is
// printable ASCII or well-formed UTF-8 without controls comes back unchanged.
std::string terminal_safe(std::string_view text);

// The same for text of several lines: each '\n' is kept, every line is made safe.
std::string terminal_safe_lines(std::string_view text);

}  // namespace archfit
