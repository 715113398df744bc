#include "report/doctor_text.hpp"

#include <fmt/format.h>

#include "report/finding_text.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

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
  std::string header = wrap_prose(fmt::format("archfit doctor: {}{} for {}{}", terminal_safe(facts.project),
                                             terminal_safe(version), backend, targets.empty() ? std::string() : " on " + targets),
                                 0, "  ", style);
  out += style.bold(std::string_view(header).substr(0, header.size() - 1)) + "\n";
  if (facts.project_version.empty() && !style.quiet()) {
    std::string note = "  " + wrap_prose("(no --src tree: the rules of the newest release archfit knows apply)", 2, "   ", style);
    out += style.dim(std::string_view(note).substr(0, note.size() - 1)) + "\n";
  }
  out += findings_to_text(report.checks, doctor::check_groups(), style);
  for (const auto& file : style.quiet() ? std::vector<std::string>{} : report.rules_files) {
    out += style.dim("\nrules added from " + terminal_safe(file)) + "\n";
  }
  out += fmt::format("\n{} pass, {} warn, {} fail, {} skip in {:.0f} ms\n", report.count(doctor::Status::pass),
                     report.count(doctor::Status::warn), report.count(doctor::Status::fail),
                     report.count(doctor::Status::skip), facts.elapsed_ms);
  return out;
}

}  // namespace archfit::report
