#include "report/clean_json.hpp"

#include "report/clean_findings.hpp"
#include "report/finding_json.hpp"
#include "util/json_writer.hpp"

namespace archfit::report {

std::string clean_to_json(const clean::CleanReport& report, int indent) {
  JsonWriter json(indent);
  json.begin_object();
  json.member("schema", "archfit.clean/1");
  json.member("src", report.src);
  json.member("root", report.root);
  json.member("project", report.project);
  json.member("recognised_by", report.recognised_by);
  json.member("git", report.git);
  json.member("deep", report.deep);
  json.member("applied", report.applied);
  json.key("items");
  json.begin_array();
  for (const auto& item : report.items) {
    json.begin_object();
    json.member("kind", item.kind);
    json.member("path", item.path);
    json.member("outside_tree", item.outside_tree);
    json.member("directory", item.directory);
    json.member("why", item.why);
    json.string_array("stale_entries", item.stale_entries);
    json.string_array("cmake_caches", item.caches);
    json.member("bytes", item.bytes);
    json.member("files", item.files);
    json.member("tracked_kept", item.tracked);
    json.string_array("skipped", item.skipped);
    if (report.applied) {
      json.member("removed", item.removed);
      json.member("removed_files", item.removed_files);
      json.member("removed_bytes", item.removed_bytes);
      json.member("vanished", item.vanished);
      json.string_array("errors", item.errors);
    }
    // The members of every Finding (report/finding_json.cpp; source is the row's citation, rule = why).
    finding_members(json, clean_finding(report, item));
    json.end_object();
  }
  json.end_array();
  json.member("total_bytes", report.total_bytes());
  json.string_array("notes", report.notes);
  json.end_object();
  return json.take();
}

}  // namespace archfit::report
