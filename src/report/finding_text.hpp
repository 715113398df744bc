// The one text renderer of model::Findings (doctor's checks, verify's checks, ...):
//
//   Toolchain                                   group header (when findings have groups)
//     PASS  C++ compiler: gcc 12.2.0            badge, title, what was seen
//     WARN  CMake: 3.22.1
//           rule:   CMake >= 3.27 for PyTorch   the facts behind it: warn/fail/unknown, or all with -v
//           source: https://github.com/...
//           fix:    pip install 'cmake>=3.27'   one command or step a line
//
// TextStyle decides the rest: -q lists only the findings that need attention (warn, fail, unknown),
// -v adds rule and source to passes and skips. With a width, prose (title, seen, rule, source,
// details) wraps at spaces with a hanging indent; a word longer than the line (a URL, a path) is not
// cut. A fix line is never wrapped, so it stays pasteable: when it does not fit beside "fix:" it
// goes on a line of its own below, whole.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/finding.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

// Whether the finding is listed at this verbosity (-q: warn, fail and unknown only).
bool finding_shown(const model::Finding& finding, const TextStyle& style);

// One finding: its badge line and, as the verbosity asks, its rule, source and fix. `details` are
// lines printed below it (verify's evidence), wrapped as prose.
std::string finding_to_text(const model::Finding& finding, const TextStyle& style,
                            const std::vector<std::string>& details = {});

// Every shown finding, in `groups` order under each group's title (findings of a group not named
// there follow under their group's own name); without groups, the findings as they come.
std::string findings_to_text(const std::vector<model::Finding>& findings,
                             const std::vector<std::pair<std::string_view, std::string_view>>& groups,
                             const TextStyle& style);

// `text` wrapped to style.width: the first line after `first` columns already used, the others
// after `continuation` (spaces: a hanging indent; "        # ": a shell comment). Breaks only at
// spaces; without a width, one line. The result ends in '\n'.
std::string wrap_prose(std::string_view text, std::size_t first, std::string_view continuation, const TextStyle& style);

// The number of columns `text` takes (code points; escape sequences of TextStyle do not count).
std::size_t text_columns(std::string_view text);

// "PASS", "WARN", "FAIL", "SKIP", "UNKNOWN", coloured as the style says.
std::string status_badge(model::Status status, const TextStyle& style);

}  // namespace archfit::report
