#include "report/scan_text.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "model/target_order.hpp"
#include "model/vendor.hpp"
#include "report/finding_text.hpp"
#include "report/scan_findings.hpp"
#include "util/terminal_text.hpp"

namespace archfit::report {

namespace {

std::string human_size(std::uint64_t bytes) {
  if (bytes < 10 * 1024) {
    return fmt::format("{} B", bytes);
  }
  if (bytes < 10 * 1024 * 1024) {
    return fmt::format("{} KiB", bytes / 1024);
  }
  return fmt::format("{} MiB", bytes / (1024 * 1024));
}

// Rows grouped by (vendor, kind, target): how many entries carry it, in how many bundles, bytes.
struct TargetRow {
  std::size_t entries = 0;
  std::set<int> bundles;
  std::uint64_t bytes = 0;
  std::set<std::string> compression;
  std::size_t mismatches = 0;
};

// What a code entry is for. AMD and NVIDIA code is named by its target; other code (a SYCL entry
// such as sycl-spir64_gen, Intel's; data/offload_triple_vendors.tsv) by its entry ID and vendor.
std::string shown_target(const scan::GpuCode& code) {
  if (model::is_gpu_target_vendor(code.vendor)) {
    return terminal_safe(code.target);
  }
  return terminal_safe(fmt::format("{} ({})", code.entry_id.empty() ? code.target : code.entry_id,
                                   model::vendor_name(code.vendor)));
}

}  // namespace

std::string scan_summary_line(const scan::FileReport& file) {
  if (file.gpu_code.empty()) {
    return "no GPU code";
  }
  std::vector<std::string> targets;
  std::set<std::string> compressions;
  std::size_t code_objects = 0;
  std::size_t relocatable = 0;
  for (const auto& code : file.gpu_code) {
    if (code.relocatable) {
      relocatable += 1;  // counted apart: device-link inputs, never loaded from this file
    }
    // A linked file's targets are those of its loadable code; an -rdc object has only relocatable code.
    bool listed = !code.relocatable || std::all_of(file.gpu_code.begin(), file.gpu_code.end(), [](const auto& c) { return c.relocatable; });
    std::string target = shown_target(code);
    if (listed && std::find(targets.begin(), targets.end(), target) == targets.end()) {
      targets.push_back(std::move(target));
    }
    if (code.relocatable) {
      continue;
    }
    if (!code.compression.empty()) {
      compressions.insert(terminal_safe(code.compression));
    }
    code_objects += code.kind == "code-object" || code.kind == "cubin" ? 1 : 0;
  }
  std::sort(targets.begin(), targets.end(),
            [](const std::string& a, const std::string& b) { return model::target_less(a, b); });
  std::vector<std::string> details;
  if (!file.bundles.empty()) {
    details.push_back(fmt::format("{} bundle{}", file.bundles.size(), file.bundles.size() == 1 ? "" : "s"));
  }
  if (code_objects > 0) {
    details.push_back(fmt::format("{} code object{}", code_objects, code_objects == 1 ? "" : "s"));
  }
  std::size_t others = file.gpu_code.size() - relocatable - code_objects;
  if (others > 0) {
    details.push_back(fmt::format("{} other entr{}", others, others == 1 ? "y" : "ies"));
  }
  if (relocatable > 0) {
    details.push_back(fmt::format("{} relocatable (__nv_relfatbin) entr{}", relocatable, relocatable == 1 ? "y" : "ies"));
  }
  for (const auto& name : compressions) {
    details.push_back(name);
  }
  return fmt::format("{} ({})", fmt::join(targets, ", "), fmt::join(details, ", "));
}

namespace {

// A file -q lists: one with errors or warnings, or GPU code that does not match its own header or
// cannot be decoded.
bool has_problems(const scan::FileReport& file) {
  if (!file.errors.empty() || !file.warnings.empty()) {
    return true;
  }
  for (const auto& code : file.gpu_code) {
    if (code.check && (!code.check->mismatches.empty() || code.check->error)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string scan_to_text(const scan::ScanReport& report, const TextStyle& style) {
  std::string out;
  for (const auto& file : report.files) {
    if (style.quiet() && !has_problems(file)) {
      continue;
    }
    out += fmt::format("{}  {}\n", style.bold(terminal_safe(file.display_name())), style.dim(terminal_safe(file.format)));
    std::map<std::tuple<std::string, std::string, model::Vendor>, TargetRow> rows;
    for (const auto& code : file.gpu_code) {
      auto& row = rows[{shown_target(code), terminal_safe(code.relocatable ? code.kind + " (rdc)" : code.kind), code.vendor}];
      row.entries += 1;
      row.bundles.insert(code.bundle);
      row.bytes += code.size;
      if (!code.compression.empty()) {
        row.compression.insert(terminal_safe(code.compression));
      }
      if (code.check && (!code.check->mismatches.empty() || code.check->error)) {
        row.mismatches += 1;
      }
    }
    if (!rows.empty()) {
      out += fmt::format("  {:<28} {:<12} {:>8} {:>10}  {}\n", "target", "kind", "entries", "size", "notes");
      for (const auto& [key, row] : rows) {
        const auto& [target, kind, vendor] = key;
        std::vector<std::string> notes;
        if (!file.bundles.empty() && row.bundles.size() < file.bundles.size()) {
          notes.push_back(fmt::format("in {}/{} bundles", row.bundles.size(), file.bundles.size()));
        }
        for (const auto& name : row.compression) {
          notes.push_back(name);
        }
        if (!model::is_gpu_target_vendor(vendor)) {
          notes.push_back("not AMD or NVIDIA code: `check` does not judge it");
        }
        if (row.mismatches > 0) {
          notes.push_back(style.yellow(fmt::format("{} header mismatch{}", row.mismatches,
                                                   row.mismatches == 1 ? "" : "es")));
        }
        out += fmt::format("  {:<28} {:<12} {:>8} {:>10}  {}\n", target, kind, row.entries, human_size(row.bytes),
                           fmt::join(notes, ", "));
      }
    }
    // -v: the facts behind the rows: each entry as stored, with the bundle (section, offset) it is in
    // and where its payload lies in the file, so any row can be checked with a hex dump.
    if (style.verbose()) {
      for (const auto& code : file.gpu_code) {
        std::string where;
        if (code.bundle >= 0 && static_cast<std::size_t>(code.bundle) < file.bundles.size()) {
          const auto& bundle = file.bundles[static_cast<std::size_t>(code.bundle)];
          where = fmt::format("bundle {} ({} in {} at {:#x})", code.bundle, bundle.format, bundle.section, bundle.file_offset);
        } else if (!code.section.empty()) {
          where = "in " + code.section;
        } else {
          where = "the whole file";
        }
        std::string payload = code.file_offset ? fmt::format("payload at {:#x}, {} bytes", *code.file_offset, code.size)
                                               : fmt::format("{} bytes{}", code.size, code.compressed ? " uncompressed" : "");
        out += style.dim(terminal_safe(fmt::format("  entry {}: {} {}, {}, {}{}",
                                                   code.entry_id.empty() ? code.target : code.entry_id, model::vendor_name(code.vendor),
                                                   code.kind, where, payload,
                                                   code.compression.empty() ? "" : ", " + code.compression))) +
               "\n";
      }
    }
    // Code found by the embedded search (outside .hip_fatbin / .nv_fatbin): where each item is.
    for (const auto& bundle : file.bundles) {
      if (bundle.section != ".hip_fatbin" && bundle.section != ".hip_fat" && bundle.section != "bundle" &&
          bundle.section != ".nv_fatbin" && bundle.section != "__nv_relfatbin" && bundle.section != "fatbin") {
        out += fmt::format("  embedded {} bundle in {} at file offset {:#x} ({} entries)\n", bundle.format,
                           bundle.section, bundle.file_offset, bundle.entries.size());
      }
    }
    for (const auto& code : file.gpu_code) {
      if (!code.section.empty()) {
        out += fmt::format("  embedded {} {} in {} at file offset {:#x} ({})\n", code.kind, code.target, code.section,
                           code.file_offset.value_or(0), human_size(code.size));
      }
    }
    for (const auto& code : file.gpu_code) {
      if (!code.check) {
        continue;
      }
      for (const auto& mismatch : code.check->mismatches) {
        out += fmt::format("  {} {}: {}\n", style.yellow("mismatch"),
                           terminal_safe(code.entry_id.empty() ? code.target : code.entry_id), terminal_safe(mismatch));
      }
      if (code.check->error) {
        out += fmt::format("  {} {}: {}\n", style.yellow("undecodable"), terminal_safe(code.entry_id),
                           terminal_safe(*code.check->error));
      }
    }
    if (file.needs) {
      const auto& needs = *file.needs;
      std::vector<std::string> parts;
      for (const auto& [space, version] : needs.highest) {
        parts.push_back(terminal_safe(version));
      }
      if (!needs.x86_isa_level.empty()) {
        parts.push_back(terminal_safe(needs.x86_isa_level));
      }
      if (!needs.needed.empty() || !parts.empty()) {
        out += fmt::format("  needs: {}{}{}\n", terminal_safe(fmt::format("{}", fmt::join(needs.needed, " "))), parts.empty() ? "" : "; ",
                           fmt::join(parts, ", "));
      }
      if (!needs.runpath.empty() || !needs.rpath.empty()) {
        out += fmt::format("  {}: {}\n", needs.runpath.empty() ? "rpath" : "runpath",
                           terminal_safe(fmt::format("{}", fmt::join(needs.runpath.empty() ? needs.rpath : needs.runpath, ":"))));
      }
    }
    if (file.errors.empty() || !file.gpu_code.empty()) {
      out += fmt::format("  {}\n", scan_summary_line(file));
    }
    // Its errors and warnings, as the Findings every command reports (also on stderr, by the CLI).
    for (const auto& finding : scan_file_findings(file)) {
      out += finding_to_text(finding, style);
    }
  }
  return out;
}

}  // namespace archfit::report
