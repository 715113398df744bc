#include "report/verify_text.hpp"

#include <fmt/format.h>

#include "report/finding_text.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

std::string verify_check_line(const verify::CheckResult& check, const TextStyle& style) {
  if (!finding_shown(check, style)) {
    return {};
  }
  model::Finding shown = check;  // the Finding part, titled with the time the check took
  shown.title = fmt::format("{} ({:.2f} s)", check.id, check.seconds);
  std::vector<std::string> details;
  if (check.status != model::Status::skip) {
    details = check.evidence;
  }
  // -v: the measurements behind the verdict (the JSON's metrics) and what a passing check printed
  // on stderr too; a failure's stderr is always shown.
  if (style.verbose()) {
    for (const auto& [name, value] : check.metrics) {
      details.push_back(fmt::format("metric {}: {:.6g}", name, value));
    }
  }
  if ((check.status == model::Status::fail || style.verbose()) && !check.stderr_tail.empty()) {
    details.push_back("stderr (last lines):");
    for (const auto& line : check.stderr_tail) {
      details.push_back("  " + line);
    }
  }
  return finding_to_text(shown, style, details);
}

std::string verify_to_text(const verify::VerifyReport& report, const TextStyle& style) {
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t skipped = 0;
  for (const auto& check : report.checks) {
    check.status == model::Status::pass ? ++passed : check.status == model::Status::fail ? ++failed : ++skipped;
  }
  std::string summary = fmt::format("{} passed, {} failed, {} skipped (GPUs: {}; python: {})", passed, failed, skipped,
                                    report.targets.empty() ? std::string("none")
                                                           : terminal_safe(fmt::format("{}", fmt::join(report.targets, ", "))),
                                    terminal_safe(report.python));
  return (failed ? style.red("Summary:") : style.green("Summary:")) + " " + wrap_prose(summary, 9, "  ", style);
}

}  // namespace archfit::report
