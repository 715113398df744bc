#include "report/verify_text.hpp"

#include <fmt/format.h>

#include "util/terminal_text.hpp"

namespace archfit::report {

std::string verify_check_line(const verify::CheckResult& check, const TextStyle& style) {
  std::string status = check.status == "pass"   ? style.green("PASS")
                       : check.status == "fail" ? style.red("FAIL")
                                                : style.dim("SKIP");
  std::string out = fmt::format("{} {:<28} {:>7.2f} s  {}\n", status, terminal_safe(check.id), check.seconds,
                                 terminal_safe(check.summary));
  if (check.status == "fail") {
    for (const auto& line : check.evidence) {
      out += "       " + terminal_safe(line) + "\n";
    }
    if (!check.stderr_tail.empty()) {
      out += style.dim("       stderr (last lines):") + "\n";
      for (const auto& line : check.stderr_tail) {
        out += style.dim("         " + terminal_safe(line)) + "\n";
      }
    }
  } else if (check.status == "pass") {
    for (const auto& line : check.evidence) {
      out += style.dim("       " + terminal_safe(line)) + "\n";
    }
  }
  return out;
}

std::string verify_to_text(const verify::VerifyReport& report, const TextStyle& style) {
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t skipped = 0;
  for (const auto& check : report.checks) {
    check.status == "pass" ? ++passed : check.status == "fail" ? ++failed : ++skipped;
  }
  return fmt::format("{} {} passed, {} failed, {} skipped (GPUs: {}; python: {})\n",
                     failed ? style.red("Summary:") : style.green("Summary:"), passed, failed, skipped,
                     report.targets.empty() ? std::string("none") : terminal_safe(fmt::format("{}", fmt::join(report.targets, ", "))),
                     terminal_safe(report.python));
}

}  // namespace archfit::report
