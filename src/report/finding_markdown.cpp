#include "report/finding_markdown.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/text_lines.hpp"

namespace archfit::report {

std::string markdown_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t') {
      out += ' ';
      continue;
    }
    if (c == '\\' || c == '`' || c == '*' || c == '_' || c == '[' || c == ']' || c == '<' || c == '>' || c == '|' ||
        c == '#' || c == '~' || c == '&') {
      out += '\\';
    }
    out += c;
  }
  return out;
}

std::size_t longest_backtick_run(std::string_view text) {
  std::size_t longest = 0;
  std::size_t run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

std::string markdown_code_span(std::string_view text) {
  std::string ticks(longest_backtick_run(text) + 1, '`');
  bool pad = text.find('`') != std::string_view::npos;
  return ticks + (pad ? " " : "") + std::string(text) + (pad ? " " : "") + ticks;
}

std::string finding_to_markdown(std::size_t number, const model::Finding& finding) {
  std::string out = fmt::format("{}. **{}** {}", number, model::status_name(finding.status), markdown_code_span(finding.id));
  if (!finding.origin.empty()) {
    out += " (" + markdown_escape(finding.origin) + ")";
  }
  out += ": " + markdown_escape(finding.title.empty() ? finding.id : finding.title);
  if (!finding.seen.empty()) {
    out += " — " + markdown_escape(finding.seen);
  }
  out += "\n";
  std::string fix;
  for (auto line : split_lines(finding.fix)) {
    if (!trim(line).empty()) {
      fix += "   " + markdown_code_span(trim(line)) + "\n";
    }
  }
  if (!fix.empty()) {
    out += "   fix:\n" + fix;
  }
  return out;
}

std::string findings_to_markdown(const std::vector<model::Finding>& findings) {
  std::string out;
  std::size_t number = 0;
  for (const auto& finding : findings) {
    out += finding_to_markdown(++number, finding);
  }
  return out;
}

}  // namespace archfit::report
