// The fix texts in data/error_signatures.tsv mark values to fill in as <...>: "<gfx of your GPU>",
// "<X.Y>", "<N>", "<required version>". The context step knows some of them (from the log line
// itself or from this machine) and replaces exactly those; unknown ones stay as written.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::explain {

using PlaceholderValues = std::map<std::string, std::string, std::less<>>;

// The placeholders in `text`, without the brackets, in order of appearance: "<gfx>" → "gfx".
// A '<' followed by a space or '=' ("gcc <= 10") does not open one.
std::vector<std::string> placeholders_in(std::string_view text);

// `text` with every <name> that has a value in `values` replaced by it.
std::string fill_placeholders(std::string_view text, const PlaceholderValues& values);

}  // namespace archfit::explain
