#include "report/clean_text.hpp"

#include <fmt/format.h>

#include "report/detect_text.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

std::string clean_to_text(const clean::CleanReport& report, const TextStyle& style) {
  std::string out;
  std::string project = report.project.empty() ? "project" : report.project;
  out += style.bold(fmt::format("archfit clean: {} ({} tree, {})", terminal_safe(report.root), project,
                                report.recognised_by)) +
         "\n";
  std::uint64_t pycache_bytes = 0;
  std::uint64_t pycache_count = 0;
  std::uint64_t pycache_removed = 0;
  for (const auto& item : report.items) {
    if (style.quiet() && item.errors.empty()) {
      continue;  // -q: only what could not be removed, and the total
    }
    if (item.kind == "pycache") {
      pycache_bytes += item.bytes;
      ++pycache_count;
      pycache_removed += item.removed ? 1 : 0;
      if (item.errors.empty()) {
        continue;
      }
    }
    std::string state;
    if (report.applied) {
      state = item.removed ? style.green(" removed") : style.yellow(" partly removed");
    }
    out += fmt::format("  {}{}{}  {}{}\n", terminal_safe(item.path), item.directory ? "/" : "",
                       item.outside_tree ? " (outside the tree, --deep)" : "", human_bytes(item.bytes), state);
    out += "      " + style.dim(terminal_safe(item.why)) + "\n";
    for (const auto& entry : item.stale_entries) {
      out += "      " + style.yellow("stale: ") + terminal_safe(entry) + "\n";
    }
    if (item.tracked > 0) {
      out += fmt::format("      {} file(s) git tracks below it are kept\n", item.tracked);
    }
    for (const auto& skipped : item.skipped) {
      out += "      left alone: " + terminal_safe(skipped) + "\n";
    }
    for (const auto& error : item.errors) {
      out += "      " + style.red("not removed: ") + terminal_safe(error) + "\n";
    }
  }
  if (pycache_count > 0 && !style.quiet()) {
    out += fmt::format("  __pycache__/ x{}  {}{}\n", pycache_count, human_bytes(pycache_bytes),
                       report.applied ? fmt::format(" ({} removed)", pycache_removed) : std::string());
    out += "      " + style.dim("bytecode of an earlier run") + "\n";
  }
  for (const auto& note : style.quiet() ? std::vector<std::string>{} : report.notes) {
    out += "  note: " + terminal_safe(note) + "\n";
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
