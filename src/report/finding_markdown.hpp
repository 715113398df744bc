// The one Markdown rendering of model::Findings (GitHub-flavoured: `archfit report`'s "Needs
// attention" list; any command's findings as a paste):
//
//   1. **fail** `toolchain.cxx` (doctor): C++ compiler — $CXX unset …
//      fix:
//      `sudo apt-get install g++-12`
//
// Text is escaped so that nothing in a finding (a file name, a log line) can open a link, a table
// or HTML; ids and fix commands are code spans that their own backticks cannot close. Redaction is
// the caller's: pass findings whose fields are already redacted.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/finding.hpp"

namespace archfit::report {

// Item `number` of a numbered list, ending in '\n'. The origin is shown when set.
std::string finding_to_markdown(std::size_t number, const model::Finding& finding);
// All of them as one numbered list, from 1.
std::string findings_to_markdown(const std::vector<model::Finding>& findings);

// Running text with the characters Markdown or GitHub's HTML would act on escaped, on one line.
std::string markdown_escape(std::string_view text);
// `text` as an inline code span that its own backticks cannot close.
std::string markdown_code_span(std::string_view text);
// The longest run of backticks in `text` (a fence must be longer).
std::size_t longest_backtick_run(std::string_view text);

}  // namespace archfit::report
