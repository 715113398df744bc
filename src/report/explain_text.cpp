#include "report/explain_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "report/explain_findings.hpp"
#include "report/finding_text.hpp"
#include "util/terminal_text.hpp"
#include "util/text_lines.hpp"

namespace archfit::report {

namespace {

// "line 1234: text" ("run: text" for what archfit run saw itself, a signal).
std::string evidence_line(const explain::EvidenceLine& line) {
  return (line.line == 0 ? std::string("run") : fmt::format("line {}", line.line)) + ": " + line.text;
}

// The lines below a finding's badge line: the matched log lines, then what the log and this machine
// add ("facts"). A cause shows its first matched line; -v shows every line kept (the first
// k_evidence_per_signature) and how many more matched. For a log nothing explains the lines that
// look most like an error are the answer, so they are always all shown.
std::vector<std::string> finding_details(const explain::Finding& finding, const TextStyle& style) {
  std::vector<std::string> details;
  bool unknown = finding.id == "unknown";
  if (unknown && !finding.evidence.empty()) {
    details.emplace_back("the lines that look most like an error:");
  }
  std::size_t shown =
      unknown || style.verbose() ? finding.evidence.size() : std::min<std::size_t>(1, finding.evidence.size());
  for (std::size_t i = 0; i < shown; ++i) {
    details.push_back(evidence_line(finding.evidence[i]));
  }
  if (finding.matched_lines > shown) {
    details.push_back(fmt::format("(and {} more matching lines)", finding.matched_lines - shown));
  }
  for (const auto& detail : finding.details) {
    details.push_back("facts: " + detail);
  }
  return details;
}

}  // namespace

std::string explain_to_text(const explain::Explanation& explanation, const TextStyle& style) {
  std::string out;
  std::size_t number = 0;
  for (const auto& finding : explanation.findings) {
    ++number;
    auto model = explain_finding(finding);
    if (explanation.explained && explanation.findings.size() > 1) {
      model.seen += number == 1 ? " (most likely)" : fmt::format(" ({} of {})", number, explanation.findings.size());
    }
    if (number > 1) {
      out += "\n";
    }
    // Multi-line details (a library list) keep their lines: one details entry per line.
    std::vector<std::string> details;
    for (const auto& detail : finding_details(finding, style)) {
      for (auto line : split_lines(detail)) {
        details.emplace_back(line);
      }
    }
    out += finding_to_text(model, style, details);
  }
  return out;
}

}  // namespace archfit::report
