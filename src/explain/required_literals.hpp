// Literal text a regular expression cannot match without: the prefilter that lets `explain` skip
// std::regex on almost every line of a large log.
//
// For each top-level alternative of an ECMAScript pattern (split at `|` outside groups and
// classes), the longest run of plain characters that every match of that alternative contains:
// escaped punctuation (`\.`, `\(`) counts as the character; classes, `.`, groups, anchors and
// escapes such as `\d` or `\b` end a run; a character followed by `?`, `*` or `{` is dropped and
// ends the run, one followed by `+` is kept once and ends it. Dropping characters only ever
// shortens a required substring, so the result is always safe to test with a substring search.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace archfit::explain {

// Runs shorter than this are not worth a prefilter (the regex then runs on every line).
inline constexpr std::size_t k_min_literal_length = 3;

// One literal per top-level alternative; a line can only match when it contains at least one of
// them. Empty when some alternative has no literal of k_min_literal_length or more: then the
// pattern has no prefilter.
std::vector<std::string> required_literals(std::string_view pattern);

}  // namespace archfit::explain
