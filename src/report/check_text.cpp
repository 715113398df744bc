#include "report/check_text.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "check/vendor_mismatch.hpp"
#include "report/check_causes.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

namespace {

// A binary's name for the matrix and the findings, made terminal-safe: paths and zip member
// names are whatever the files and wheels say.
std::string shorten(const std::string& path, const std::string& site, const std::optional<std::string>& member) {
  std::string name = !site.empty() && path.starts_with(site + "/") ? path.substr(site.size() + 1) : path;
  if (member) {
    name += "(" + *member + ")";
  }
  return terminal_safe(name);
}

std::string verdict_text(const std::string& verdict, const TextStyle& style) {
  if (verdict == "native") {
    return style.green(verdict);
  }
  if (verdict == "jit" || verdict == "opaque") {
    return style.yellow(verdict);
  }
  return style.red(verdict);
}

}  // namespace

std::string check_to_text(const check::CheckReport& report, const TextStyle& style, const CheckTextOptions& options) {
  std::string out;
  // A build for the other vendor first: nothing below matters until that is fixed. A package's is
  // its own line; several PATH inputs of one vendor are one line with their names folded.
  std::vector<const check::VendorMismatch*> inputs;
  for (const auto& mismatch : report.vendor_mismatches) {
    if (mismatch.package.empty() && report.vendor_mismatches.size() > 1) {
      inputs.push_back(&mismatch);  // PATH inputs: one vendor pair, since every target is of one vendor
      continue;
    }
    out += fmt::format("{} {}\n", style.red("vendor mismatch:"), terminal_safe(mismatch.message));
    if (!mismatch.evidence.empty()) {
      out += fmt::format("  seen: {}\n", terminal_safe(mismatch.evidence));
    }
    out += fmt::format("  fix: {}\n", terminal_safe(mismatch.fix));
  }
  if (inputs.size() == 1) {
    out += fmt::format("{} {}\n  seen: {}\n  fix: {}\n", style.red("vendor mismatch:"),
                       terminal_safe(inputs.front()->message), terminal_safe(inputs.front()->evidence),
                       terminal_safe(inputs.front()->fix));
  } else if (inputs.size() > 1) {
    const auto& first = *inputs.front();
    std::size_t shown = options.names_per_cause == 0 ? inputs.size() : std::min(options.names_per_cause, inputs.size());
    std::vector<std::string> names;
    for (std::size_t i = 0; i < shown; ++i) {
      names.push_back(terminal_safe(inputs[i]->subject));
    }
    out += fmt::format("{} {} inputs are {} builds, and the targets are {}: they cannot run {}\n",
                       style.red("vendor mismatch:"), inputs.size(), check::build_name(first.code_vendor),
                       terminal_safe(first.targets), first.where);
    out += fmt::format("  inputs: {}{}\n", fmt::join(names, ", "),
                       shown < inputs.size() ? fmt::format(" and {} more", inputs.size() - shown) : std::string());
    out += fmt::format("  fix: {}\n", terminal_safe(first.fix));
  }
  if (!report.vendor_mismatches.empty()) {
    out += "\n";
  }
  std::vector<std::string> targets;
  for (const auto& target : report.targets) {
    targets.push_back(terminal_safe(target.display));
  }
  out += fmt::format("{} {} (from {})\n", style.bold("Targets:"), fmt::join(targets, ", "), terminal_safe(report.targets_source));
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
    out += fmt::format("{} {}\n", style.bold("Packages:"), packages.empty() ? std::string("none of torch, triton, vllm, flash-attn, torchvision, torchaudio, xformers") : fmt::format("{}", fmt::join(packages, ", ")));
  }
  for (const auto& note : report.notes) {
    out += fmt::format("{} {}\n", style.dim("note:"), terminal_safe(note));
  }

  // The matrix: one row per binary (or input), one column per target.
  std::vector<std::string> rows;
  std::map<std::string, std::map<std::string, std::string>> cells;
  for (const auto& result : report.results) {
    std::string name = shorten(result.path, report.site_packages, result.member);
    if (cells.find(name) == cells.end()) {
      rows.push_back(name);
    }
    cells[name][terminal_safe(result.target)] = result.verdict;
  }
  if (!rows.empty()) {
    std::size_t width = 6;
    for (const auto& row : rows) {
      width = std::max(width, row.size());
    }
    width = std::min<std::size_t>(width, 70);
    out += "\n" + style.bold(fmt::format("{:<{}}", "binary", width));
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
  // One block per cause: a cause of one file names it in its first line; a repeated one says how
  // many files and folds their names below.
  for (const auto& cause : group_check_causes(report)) {
    bool load = cause.verdict == "will not load";
    std::string label = load ? style.red("will not load:") : verdict_text(cause.verdict, style);
    std::string target = terminal_safe(cause.what);
    if (cause.files.size() == 1) {
      std::string name = shorten(cause.files.front().path, report.site_packages, cause.files.front().member);
      out += load ? fmt::format("\n{} {}: {}\n", label, name, terminal_safe(cause.reason))
                  : fmt::format("\n{} {} on {}: {}\n", label, name, target, terminal_safe(cause.reason));
    } else {
      std::size_t shown = options.names_per_cause == 0 ? cause.files.size()
                                                       : std::min(options.names_per_cause, cause.files.size());
      std::vector<std::string> names;
      for (std::size_t i = 0; i < shown; ++i) {
        names.push_back(shorten(cause.files[i].path, report.site_packages, cause.files[i].member));
      }
      std::string more = shown < cause.files.size() ? fmt::format(" and {} more", cause.files.size() - shown) : "";
      out += load ? fmt::format("\n{} {} files: {}\n", label, cause.files.size(), terminal_safe(cause.reason))
                  : fmt::format("\n{} on {}, {} files: {}\n", label, target, cause.files.size(),
                                terminal_safe(cause.reason));
      out += fmt::format("  files: {}{}\n", fmt::join(names, ", "), more);
    }
    if (!cause.fix.empty()) {
      out += fmt::format("  fix: {}\n", terminal_safe(cause.fix));
    }
  }
  std::size_t consistency_failures = 0;
  for (const auto& item : report.consistency) {
    if (item.status == "pass") {
      out += fmt::format("{} {}\n", style.green("ok:"), terminal_safe(item.message));
      continue;
    }
    consistency_failures += item.status == "fail" ? 1 : 0;
    out += fmt::format("\n{} {}\n", item.status == "fail" ? style.red("inconsistent:") : style.yellow("warning:"),
                       terminal_safe(item.message));
    if (!item.fix.empty()) {
      out += fmt::format("  fix: {}\n", terminal_safe(item.fix));
    }
  }
  std::size_t binaries = rows.size();
  out += fmt::format("\n{} {} binar{} × {} target{}: {} will not run, {} only after a JIT compile{}; {} load problem{}; {} "
                     "inconsistenc{}\n",
                     report.will_fail() ? style.red("Summary:") : style.green("Summary:"), binaries,
                     binaries == 1 ? "y" : "ies", targets.size(), targets.size() == 1 ? "" : "s", failures, jit,
                     opaque == 0 ? std::string() : fmt::format(", {} opaque (not judged statically)", opaque),
                     load_failures, load_failures == 1 ? "" : "s", consistency_failures,
                     consistency_failures == 1 ? "y" : "ies");
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
