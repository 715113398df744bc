#include "report/finding_text.hpp"

#include <fmt/format.h>

#include "util/terminal_text.hpp"
#include "util/text_lines.hpp"
#include "util/utf8.hpp"

namespace archfit::report {

namespace {

constexpr std::size_t k_badge_indent = 2;  // "  PASS  title: seen"
constexpr std::size_t k_fact_indent = 8;   // "        rule:   …"
constexpr std::size_t k_label_width = 8;   // "rule:   ", "source: ", "fix:    "
constexpr std::size_t k_fact_text = k_fact_indent + k_label_width;
constexpr std::size_t k_own_line_indent = 10;  // a fix too long to stand beside "fix:"

bool needs_attention(model::Status status) {
  return status == model::Status::warn || status == model::Status::fail || status == model::Status::unknown;
}

// "label:  text" lines below a finding, prose wrapped at column k_fact_text.
void fact(std::string& out, std::string_view label, std::string_view text, const TextStyle& style) {
  if (text.empty()) {
    return;
  }
  bool first = true;
  for (auto line : split_lines(text)) {
    out += std::string(k_fact_indent, ' ') + fmt::format("{:<{}}", first ? label : "", k_label_width);
    out += wrap_prose(terminal_safe(line), k_fact_text, std::string(k_fact_text, ' '), style);
    first = false;
  }
}

// The fix: one command or step a line, never wrapped inside a command. A line that does not fit
// beside the label goes whole on a line of its own; a "# …" comment line is prose and wraps, each
// continuation a comment too, so a pasted block stays valid shell.
void fix_lines(std::string& out, std::string_view fix, const TextStyle& style) {
  if (fix.empty()) {
    return;
  }
  bool first = true;
  for (auto raw : split_lines(fix)) {
    std::string line = terminal_safe(raw);
    std::string prefix = std::string(k_fact_indent, ' ') + fmt::format("{:<{}}", first ? "fix:" : "", k_label_width);
    first = false;
    bool fits = style.width == 0 || k_fact_text + text_columns(line) <= style.width;
    if (line.starts_with("# ") && !fits) {
      out += prefix + "# " +
             wrap_prose(std::string_view(line).substr(2), k_fact_text + 2, std::string(k_fact_text, ' ') + "# ", style);
    } else if (fits) {
      out += prefix + line + "\n";
    } else {
      // trailing spaces of the label column are dropped: "        fix:" then the command whole.
      while (!prefix.empty() && prefix.back() == ' ') {
        prefix.pop_back();
      }
      if (prefix.empty()) {
        out += std::string(k_own_line_indent, ' ') + line + "\n";
      } else {
        out += prefix + "\n" + std::string(k_own_line_indent, ' ') + line + "\n";
      }
    }
  }
}

}  // namespace

std::size_t text_columns(std::string_view text) {
  std::size_t columns = 0;
  for (std::size_t escape = text.find('\x1b'); escape != std::string_view::npos; escape = text.find('\x1b')) {
    auto end = text.find('m', escape);  // a TextStyle colour: ESC [ … m
    if (end == std::string_view::npos) {
      break;
    }
    columns += utf8::code_points(text.substr(0, escape));
    text.remove_prefix(end + 1);
  }
  return columns + utf8::code_points(text);
}

std::string wrap_prose(std::string_view text, std::size_t first, std::string_view continuation, const TextStyle& style) {
  if (style.width == 0 || first + text_columns(text) <= style.width) {
    return std::string(text) + "\n";
  }
  std::string out;
  std::size_t used = first;
  bool line_empty = true;
  std::size_t at = 0;
  while (at < text.size()) {
    auto space = text.find(' ', at);
    std::string_view word = text.substr(at, space == std::string_view::npos ? std::string_view::npos : space - at);
    at = space == std::string_view::npos ? text.size() : space + 1;
    if (word.empty()) {
      continue;
    }
    std::size_t columns = text_columns(word);
    if (!line_empty && used + 1 + columns > style.width) {
      out += '\n';
      out += continuation;
      used = text_columns(continuation);
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++used;
    }
    out += word;
    used += columns;
    line_empty = false;
  }
  return out + "\n";
}

std::string status_badge(model::Status status, const TextStyle& style) {
  switch (status) {
    case model::Status::pass:
      return style.green("PASS");
    case model::Status::warn:
      return style.yellow("WARN");
    case model::Status::fail:
      return style.red("FAIL");
    case model::Status::skip:
      return style.dim("SKIP");
    case model::Status::unknown:
      break;
  }
  return style.yellow("UNKNOWN");
}

bool finding_shown(const model::Finding& finding, const TextStyle& style) {
  return !style.quiet() || needs_attention(finding.status);
}

std::string finding_to_text(const model::Finding& finding, const TextStyle& style,
                            const std::vector<std::string>& details) {
  std::string badge = status_badge(finding.status, style);
  std::string head = terminal_safe(finding.title.empty() ? finding.id : finding.title);
  if (!finding.seen.empty()) {
    head += ": " + terminal_safe(finding.seen);
  }
  std::size_t used = k_badge_indent + text_columns(badge) + 2;
  std::string out = std::string(k_badge_indent, ' ') + badge + "  " + wrap_prose(head, used, std::string(k_fact_indent, ' '), style);
  for (const auto& line : details) {
    std::string text = wrap_prose(terminal_safe(line), k_fact_indent, std::string(k_fact_indent, ' '), style);
    out += std::string(k_fact_indent, ' ') + (finding.ok() ? style.dim(text.substr(0, text.size() - 1)) + "\n" : text);
  }
  if (needs_attention(finding.status) || style.verbose()) {
    fact(out, "rule:", finding.rule, style);
    fact(out, "source:", finding.source, style);
    fix_lines(out, finding.fix, style);
  }
  return out;
}

std::string findings_to_text(const std::vector<model::Finding>& findings,
                             const std::vector<std::pair<std::string_view, std::string_view>>& groups,
                             const TextStyle& style) {
  std::string out;
  std::vector<bool> done(findings.size(), false);
  auto section = [&](std::string_view group, std::string_view title) {
    bool header = false;
    for (std::size_t i = 0; i < findings.size(); ++i) {
      if (done[i] || findings[i].group != group) {
        continue;
      }
      done[i] = true;
      if (!finding_shown(findings[i], style)) {
        continue;
      }
      if (!header && !title.empty()) {
        out += fmt::format("\n{}\n", style.bold(terminal_safe(title)));
      }
      header = true;
      out += finding_to_text(findings[i], style);
    }
  };
  for (const auto& [group, title] : groups) {
    section(group, title);
  }
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (!done[i]) {
      section(findings[i].group, findings[i].group);  // a group `groups` does not name, under its own name
    }
  }
  return out;
}

}  // namespace archfit::report
