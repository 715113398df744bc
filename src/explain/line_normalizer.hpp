// The form of a log line that signatures are matched against, so that one pattern covers the ways
// people paste the same message:
//   - a shell, Python or quoting prompt in front ("$ ", "# ", "> ", ">>> ", "... ", "% "), any number
//     of them, is dropped, and so are the prefixes of the tools that carried the line: an ISO 8601
//     timestamp (GitHub Actions' "2024-05-01T12:00:00.1234567Z "), "[2024-05-01 12:00:00]", syslog's
//     "May  1 12:00:00 host tag: ", "##[error]", docker BuildKit's "#12 3.456 ", Markdown's bullets
//     "- " "* " "+ " and a table row's "| " (and its closing " |");
//   - what a page or a terminal capture inserts goes: NBSP and U+3000 read as blanks, zero-width
//     characters are dropped, SGR codes that lost their ESC ("[1m", "[01;31m[K") are dropped, the
//     HTML entities &lt; &gt; &amp; &nbsp; read as their character and &quot; &#39; as quotes;
//   - quote characters are dropped: ' " ` and the typographic ‘ ’ “ ” „ ‚ « » (compilers, CMake and
//     Python quote the same name differently, and Markdown eats some of them);
//   - the full-width colon and parentheses of CJK input (： （ ）) become ':' '(' ')';
//   - a backslash before a quote (\" of a JSON or shell string) goes with the quote;
//   - ASCII letters are lower-cased (so are the patterns' letters and literals, matching_pattern below: a
//     case-sensitive regex of a lower-cased pattern matches a lower-cased line as the case-insensitive regex would,
//     at a fraction of the cost: libstdc++'s icase mode looks up the locale's ctype facet for every character);
//   - runs of blanks become one space, leading and trailing blanks go.
// So "version `GLIBCXX_3.4.30' not found", "version 'GLIBCXX_3.4.30' not found" and
// "> version GLIBCXX_3.4.30 not found" all read "version glibcxx_3.4.30 not found".
#pragma once

#include <string>
#include <string_view>

namespace archfit::explain {

// Writes the matching form of `visible` (a line as line_splitter.hpp's visible_text leaves it)
// into `out`, which is reused so that no line costs an allocation. Returns whether it undid a mark
// of pasting inside the line (a tab, NBSP, a zero-width or full-width character, an SGR code without
// its ESC, an HTML entity): then pasted_text differs from `visible` and the readers of values want it.
bool matching_text(std::string_view visible, std::string& out);

// `visible` with the marks of pasting undone but case, quotes and blanks kept, for the readers of
// values (log_facts.hpp): tabs, U+00A0 and U+3000 become spaces, invisible characters and SGR codes
// that lost their ESC byte go, full-width ':' '(' ')' and the HTML entities read as ASCII.
void pasted_text(std::string_view visible, std::string& out);

// The same normalisation for a literal of a pattern (quotes dropped, lower-cased, blanks collapsed),
// without the prompt stripping: the prefilter looks for it inside matching_text's output.
std::string matching_literal(std::string_view literal);

// `pattern` (an ECMAScript regex of data/error_signatures.tsv or data/error_facets.tsv) with its ASCII letters
// lower-cased, except an escape's letter (\S, \D, \W, \B keep their meaning), to be compiled case-sensitive and run
// on matching_text's output. A class range such as [A-F] becomes [a-f], which is what icase gave a lower-cased line.
std::string matching_pattern(std::string_view pattern);

}  // namespace archfit::explain
