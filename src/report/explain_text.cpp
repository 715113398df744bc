#include "report/explain_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/terminal_text.hpp"

namespace archfit::report {

namespace {

constexpr std::size_t k_label_width = 6;

// Callers pass `text` made terminal-safe: it comes from the log (evidence) or is filled from it.
void labelled(std::string& out, const TextStyle& style, std::size_t width, std::string_view label, std::string_view text) {
  out += fmt::format("  {}{} {}\n", style.dim(label), std::string(width - std::min(width, label.size()), ' '), text);
}

std::string evidence_label(const explain::EvidenceLine& line) {
  return line.line == 0 ? std::string("run") : fmt::format("line {}", line.line);
}

// Labels are padded to one width per finding: "cause", "line 1234", "run".
std::size_t label_width(const explain::Finding& finding) {
  std::size_t width = k_label_width;
  for (const auto& line : finding.evidence) {
    width = std::max(width, evidence_label(line).size());
  }
  return width;
}

void write_evidence(std::string& out, const TextStyle& style, std::size_t width, const explain::Finding& finding) {
  for (const auto& line : finding.evidence) {
    labelled(out, style, width, evidence_label(line), terminal_safe(line.text));
  }
  if (finding.matched_lines > finding.evidence.size()) {
    out += fmt::format("  {}\n", style.dim(fmt::format("(and {} more matching lines)",
                                                      finding.matched_lines - finding.evidence.size())));
  }
}

}  // namespace

std::string explain_to_text(const explain::Explanation& explanation, const TextStyle& style) {
  std::string out;
  if (!explanation.explained) {
    const auto& finding = explanation.findings.front();
    out += fmt::format("{} {}\n", style.yellow("unknown:"), terminal_safe_lines(finding.cause));
    std::size_t width = label_width(finding);
    if (!finding.evidence.empty()) {
      out += "  the lines that look most like an error:\n";
      write_evidence(out, style, width, finding);
    }
    // For a log nothing explains, the "fix" is what explain would need to name a cause.
    labelled(out, style, width, "needs", terminal_safe_lines(finding.fix));
    return out;
  }
  std::size_t number = 0;
  for (const auto& finding : explanation.findings) {
    if (number++ > 0) {
      out += "\n";
    }
    std::string rank = explanation.findings.size() == 1 ? std::string()
                       : number == 1                    ? std::string(" (most likely)")
                                                        : fmt::format(" ({} of {})", number, explanation.findings.size());
    out += fmt::format("{} {}{}\n", style.bold(style.red(terminal_safe(finding.category) + ":")),
                       style.bold(terminal_safe(finding.id)), style.dim(rank));
    std::size_t width = label_width(finding);
    write_evidence(out, style, width, finding);
    labelled(out, style, width, "cause", terminal_safe_lines(finding.cause));
    for (std::size_t i = 0; i < finding.details.size(); ++i) {
      labelled(out, style, width, i == 0 ? "facts" : "", terminal_safe_lines(finding.details[i]));
    }
    labelled(out, style, width, "fix", style.green(terminal_safe_lines(finding.fix)));
    labelled(out, style, width, "source", terminal_safe(finding.source));
  }
  return out;
}

}  // namespace archfit::report
