#include "check/opaque_gpu_code.hpp"

#include "knowledge/tsv_table.hpp"

namespace archfit::check {

namespace {

// The file's own name: a zip member's last path component, or the path's.
std::string base_name(const scan::FileReport& file) {
  const std::string& name = file.member ? *file.member : file.path;
  auto slash = name.rfind('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

}  // namespace

std::optional<OpaqueEvidence> find_opaque_evidence(const scan::FileReport& file, model::Vendor vendor) {
  const auto& table = knowledge::embedded_table("opaque_gpu_code.tsv");
  std::string base = base_name(file);
  for (const auto& row : table.rows) {
    if (model::vendor_from_name(table.field(row, "vendor")) != vendor) {
      continue;
    }
    const std::string& match = table.field(row, "match");
    const std::string& name = table.field(row, "name");
    OpaqueEvidence evidence;
    evidence.reason = table.field(row, "reason");
    evidence.source = table.field(row, "source");
    if (match == "file" && base.starts_with(name)) {
      evidence.by_file_name = true;
      evidence.matched = base;
      return evidence;
    }
    if (match == "needed" && file.needs) {
      for (const auto& needed : file.needs->needed) {
        if (needed.starts_with(name)) {
          evidence.matched = needed;
          return evidence;
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace archfit::check
