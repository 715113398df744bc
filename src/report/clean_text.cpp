#include "report/clean_text.hpp"

#include <fmt/format.h>

#include "report/clean_findings.hpp"
#include "report/detect_text.hpp"
#include "report/finding_text.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

std::string clean_to_text(const clean::CleanReport& report, const TextStyle& style) {
  std::string out;
  std::string project = report.project.empty() ? "project" : report.project;
  // Prose (the header, the notes) wraps at the width; the root path is one word and never cut.
  std::string header = wrap_prose(
      fmt::format("archfit clean: {} ({} tree, {})", terminal_safe(report.root), project, report.recognised_by), 0,
      "  ", style);
  out += style.bold(std::string_view(header).substr(0, header.size() - 1)) + "\n";
  // Each item is a Finding (report/clean_findings.hpp), printed by the one Finding renderer: -q keeps
  // the items that need attention (not removed, stale), -v adds why and the source to every item.
  // Bytecode caches are many and alike: one line for all of them unless -v or one needs attention.
  std::uint64_t pycache_bytes = 0;
  std::uint64_t pycache_count = 0;
  std::uint64_t pycache_removed = 0;
  for (const auto& item : report.items) {
    auto finding = clean_finding(report, item);
    if (item.kind == "pycache" && finding.ok() && !style.verbose()) {
      pycache_bytes += item.bytes;
      ++pycache_count;
      pycache_removed += item.removed ? 1 : 0;
      continue;
    }
    if (!finding_shown(finding, style)) {
      continue;
    }
    std::vector<std::string> details;
    for (const auto& entry : item.stale_entries) {
      details.push_back("stale: " + entry);
    }
    if (item.tracked > 0) {
      details.push_back(fmt::format("{} file(s) git tracks below it are kept", item.tracked));
    }
    for (const auto& skipped : item.skipped) {
      details.push_back("left alone: " + skipped);
    }
    for (const auto& error : item.errors) {
      details.push_back("not removed: " + error);
    }
    out += finding_to_text(finding, style, details);
  }
  if (pycache_count > 0 && !style.quiet()) {
    model::Finding caches;
    caches.id = "clean.pycache";
    caches.status = model::Status::pass;
    caches.title = fmt::format("__pycache__/ x{}", pycache_count);
    caches.seen = human_bytes(pycache_bytes) +
                  (report.applied ? fmt::format(" ({} removed)", pycache_removed) : std::string());
    out += finding_to_text(caches, style, {"bytecode of an earlier run (-v lists each)"});
  }
  for (const auto& note : style.quiet() ? std::vector<std::string>{} : report.notes) {
    out += "  note: " + wrap_prose(terminal_safe(note), 8, "        ", style);
  }
  if (report.items.empty()) {
    out += "  nothing to clean\n";
  } else if (report.applied) {
    std::uint64_t removed = 0;
    for (const auto& item : report.items) {
      removed += item.removed_bytes;
    }
    out += fmt::format("{} of {} removed{}\n", human_bytes(removed), human_bytes(report.total_bytes()),
                       report.has_errors() ? style.red(" (with errors, above)") : "");
  } else {
    out += fmt::format("{} in {} item(s); dry run: nothing removed (add --apply to remove)\n",
                       human_bytes(report.total_bytes()), report.items.size());
  }
  return out;
}

}  // namespace archfit::report
