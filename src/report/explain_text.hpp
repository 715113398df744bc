// `archfit explain` (and `archfit run` after a failure) as text: each finding with the log lines
// that show it, the cause, the facts the log and this machine add, the fix and the source.
#pragma once

#include <string>

#include "explain/explanation.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

std::string explain_to_text(const explain::Explanation& explanation, const TextStyle& style);

}  // namespace archfit::report
