#include "report/doctor_text.hpp"

#include <fmt/format.h>

#include "util/terminal_text.hpp"

namespace archfit::report {

namespace {

std::string badge(doctor::Status status, const TextStyle& style) {
  switch (status) {
    case doctor::Status::pass:
      return style.green("PASS");
    case doctor::Status::warn:
      return style.yellow("WARN");
    case doctor::Status::fail:
      return style.red("FAIL");
    case doctor::Status::skip:
      return style.dim("SKIP");
    case doctor::Status::unknown:
      break;
  }
  return style.dim("UNKNOWN");
}

void indented(std::string& out, std::string_view label, std::string_view text) {
  if (text.empty()) {
    return;
  }
  std::size_t start = 0;
  bool first = true;
  while (start <= text.size()) {
    auto end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    out += fmt::format("        {:<8}{}\n", first ? label : "", terminal_safe(line));
    first = false;
    if (end == std::string_view::npos) {
      break;
    }
    start = end + 1;
  }
}

}  // namespace

std::string doctor_to_text(const doctor::DoctorReport& report, const TextStyle& style) {
  const auto& facts = report.facts;
  std::string out;
  std::string backend = facts.backend == "rocm" ? "ROCm" : (facts.backend == "cuda" ? "CUDA" : "CPU only");
  std::string version = facts.project_version.empty() ? std::string() : " " + facts.project_version;
  std::string targets;
  for (std::size_t i = 0; i < facts.targets.size(); ++i) {
    if (i > 0) {
      targets += ';';
    }
    targets += terminal_safe(facts.targets[i]);
  }
  out += style.bold(fmt::format("archfit doctor: {}{} for {}{}", terminal_safe(facts.project), terminal_safe(version), backend,
                                targets.empty() ? std::string() : " on " + targets));
  out += "\n";
  if (facts.project_version.empty()) {
    out += style.dim("  (no --src tree: the rules of the newest release archfit knows apply)") + "\n";
  }
  for (const auto& [group, title] : doctor::check_groups()) {
    bool header = false;
    for (const auto& check : report.checks) {
      if (check.group != group) {
        continue;
      }
      if (!header) {
        out += fmt::format("\n{}\n", style.bold(title));
        header = true;
      }
      out += fmt::format("  {}  {}: {}\n", badge(check.status, style), terminal_safe(check.title),
                         terminal_safe(check.seen));
      if (check.status == doctor::Status::warn || check.status == doctor::Status::fail) {
        indented(out, "rule:", check.rule);
        indented(out, "source:", check.source);
        indented(out, "fix:", check.fix);
      }
    }
  }
  for (const auto& file : report.rules_files) {
    out += style.dim("\nrules added from " + terminal_safe(file)) + "\n";
  }
  out += fmt::format("\n{} pass, {} warn, {} fail, {} skip in {:.0f} ms\n", report.count(doctor::Status::pass),
                     report.count(doctor::Status::warn), report.count(doctor::Status::fail),
                     report.count(doctor::Status::skip), facts.elapsed_ms);
  return out;
}

}  // namespace archfit::report
