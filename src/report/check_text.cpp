#include "report/check_text.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "report/check_findings.hpp"
#include "report/finding_text.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

namespace {

std::string verdict_text(const std::string& verdict, const TextStyle& style) {
  if (verdict == "native") {
    return style.green(verdict);
  }
  if (verdict == "jit" || verdict == "opaque") {
    return style.yellow(verdict);
  }
  return style.red(verdict);
}

// The facts check starts from: the targets, the interpreter and its packages, the notes.
std::string inputs_text(const check::CheckReport& report, const std::vector<std::string>& targets,
                        const TextStyle& style) {
  std::string out = fmt::format("{} {} (from {})\n", style.bold("Targets:"), fmt::join(targets, ", "),
                                terminal_safe(report.targets_source));
  if (!report.python.empty()) {
    std::vector<std::string> packages;
    for (const auto& package : report.packages) {
      std::string flavour = !package.torch_hip.empty()    ? " (ROCm " + package.torch_hip + ")"
                            : !package.torch_cuda.empty() ? " (CUDA " + package.torch_cuda + ")"
                                                          : std::string();
      packages.push_back(terminal_safe(package.name + " " + package.version + flavour));
    }
    out += fmt::format("{} {} ({})\n", style.bold("Python:"), terminal_safe(report.python),
                       terminal_safe(report.site_packages));
    // A list and notes are prose: wrapped at the width, under a hanging indent.
    out += style.bold("Packages:") + " " +
           wrap_prose(packages.empty() ? std::string("none of torch, triton, vllm, flash-attn, torchvision, torchaudio, xformers")
                                       : fmt::format("{}", fmt::join(packages, ", ")),
                      10, "  ", style);
  }
  for (const auto& note : report.notes) {
    out += style.dim("note:") + " " + wrap_prose(terminal_safe(note), 6, "  ", style);
  }
  return out;
}

// The matrix: one row per binary (or input), one column per target; `binaries` is told the rows.
std::string matrix_text(const check::CheckReport& report, const std::vector<std::string>& targets,
                        const TextStyle& style, std::size_t& binaries) {
  std::vector<std::string> rows;
  std::map<std::string, std::map<std::string, std::string>> cells;
  for (const auto& result : report.results) {
    std::string name = terminal_safe(check_file_name(result.path, report.site_packages, result.member));
    if (cells.find(name) == cells.end()) {
      rows.push_back(name);
    }
    cells[name][terminal_safe(result.target)] = result.verdict;
  }
  binaries = rows.size();
  if (rows.empty()) {
    return {};
  }
  std::size_t width = 6;
  for (const auto& row : rows) {
    width = std::max(width, row.size());
  }
  width = std::min<std::size_t>(width, 70);
  std::string out = "\n" + style.bold(fmt::format("{:<{}}", "binary", width));
  for (const auto& target : targets) {
    out += "  " + style.bold(fmt::format("{:<10}", target));
  }
  out += "\n";
  for (const auto& row : rows) {
    std::string name = row.size() > width ? "…" + row.substr(row.size() - width + 1) : row;
    out += fmt::format("{:<{}}", name, width);
    for (const auto& target : targets) {
      std::string verdict = cells[row].count(target) ? cells[row][target] : "-";
      out += "  " + verdict_text(verdict, style) +
             std::string(std::max<std::size_t>(10, target.size()) - std::min<std::size_t>(verdict.size(), 10), ' ');
    }
    out += "\n";
  }
  return out;
}

}  // namespace

std::string check_to_text(const check::CheckReport& report, const TextStyle& style, const CheckTextOptions& options) {
  // -v: every file of a cause named, and the native results as passes; -q: the findings that need
  // attention and the summary, without the inputs and the matrix.
  auto findings = check_findings(
      report, {.names_per_cause = style.verbose() ? 0 : options.names_per_cause, .native = style.verbose()});
  auto render = [&](bool vendor) {
    std::string text;
    for (const auto& finding : findings) {
      if ((finding.group == "vendor") == vendor && finding_shown(finding, style)) {
        text += finding_to_text(finding, style, finding.details);
      }
    }
    return text;
  };
  // A build for the other vendor first: nothing below matters until that is fixed.
  std::string out = render(true);
  if (!out.empty()) {
    out += "\n";
  }
  std::vector<std::string> targets;
  for (const auto& target : report.targets) {
    targets.push_back(terminal_safe(target.display));
  }
  std::size_t binaries = 0;
  std::string matrix = matrix_text(report, targets, style, binaries);
  if (!style.quiet()) {
    out += inputs_text(report, targets, style) + matrix;
  }
  std::string causes = render(false);
  if (!causes.empty()) {
    out += (out.empty() || out.ends_with("\n\n") ? "" : "\n") + causes;
  }

  std::size_t failures = 0;
  std::size_t jit = 0;
  std::size_t opaque = 0;
  for (const auto& result : report.results) {
    if (result.verdict != "native") {
      result.verdict == "jit" ? ++jit : result.verdict == "opaque" ? ++opaque : ++failures;
    }
  }
  std::size_t load_failures = 0;
  for (const auto& load : report.load) {
    load_failures += load.problems.size();
  }
  std::size_t consistency_failures = 0;
  for (const auto& item : report.consistency) {
    consistency_failures += item.status == model::Status::fail ? 1 : 0;
  }
  std::string summary = fmt::format(
      "{} binar{} × {} target{}: {} will not run, {} only after a JIT compile{}; {} load problem{}; {} inconsistenc{}",
      binaries, binaries == 1 ? "y" : "ies", targets.size(), targets.size() == 1 ? "" : "s", failures, jit,
      opaque == 0 ? std::string() : fmt::format(", {} opaque (not judged statically)", opaque), load_failures,
      load_failures == 1 ? "" : "s", consistency_failures, consistency_failures == 1 ? "y" : "ies");
  out += "\n" + (report.will_fail() ? style.red("Summary:") : style.green("Summary:")) + " " +
         wrap_prose(summary, 9, "  ", style);
  return out;
}

std::string check_errors_to_text(const check::CheckReport& report, const TextStyle& style) {
  std::string out;
  for (const auto& error : report.errors) {
    out += fmt::format("archfit: {} {}\n", style.red("error:"), terminal_safe(error));
  }
  return out;
}

}  // namespace archfit::report
