#include "report/check_json.hpp"

#include "report/check_findings.hpp"
#include "report/finding_json.hpp"
#include "report/json_helpers.hpp"

namespace archfit::report {

namespace {

void location(JsonWriter& json, const std::string& path, const std::optional<std::string>& member,
              const std::string& package) {
  json.member("path", path);
  optional_member(json, "member", member);
  text_or_null(json, "package", package);
}

}  // namespace

std::string check_to_json(const check::CheckReport& report, int indent) {
  JsonWriter json(indent);
  json.begin_object();
  json.member("schema", "archfit.check/1");
  json.key("targets");
  json.begin_array();
  for (const auto& target : report.targets) {
    json.begin_object();
    json.member("target", target.display);
    json.member("vendor", model::vendor_name(target.vendor));
    json.member("processor", target.processor);
    if (target.vendor == model::Vendor::amd) {
      json.member("xnack", model::device_mode_name(target.xnack));
      json.member("sramecc", model::device_mode_name(target.sramecc));
    }
    json.end_object();
  }
  json.end_array();
  json.member("targets_source", report.targets_source);
  text_or_null(json, "python", report.python);
  text_or_null(json, "site_packages", report.site_packages);
  json.key("packages");
  json.begin_array();
  for (const auto& package : report.packages) {
    json.begin_object();
    json.member("name", package.name);
    json.member("version", package.version);
    json.member("dist_info", package.dist_info);
    json.member("binaries", static_cast<std::uint64_t>(package.binaries));
    text_or_null(json, "torch_cuda", package.torch_cuda);
    text_or_null(json, "torch_hip", package.torch_hip);
    json.string_array("requires_dist", package.requires_dist);
    json.end_object();
  }
  json.end_array();
  json.key("results");
  json.begin_array();
  for (const auto& result : report.results) {
    json.begin_object();
    location(json, result.path, result.member, result.package);
    json.member("target", result.target);
    json.member("verdict", result.verdict);
    text_or_null(json, "matched", result.matched);
    json.member("reason", result.reason);
    text_or_null(json, "fix", result.fix);
    json.end_object();
  }
  json.end_array();
  json.key("load");
  json.begin_array();
  for (const auto& load : report.load) {
    json.begin_object();
    location(json, load.path, load.member, load.package);
    json.member("ok", load.ok());
    json.key("needed");
    json.begin_array();
    for (const auto& need : load.needed) {
      json.begin_object();
      json.member("soname", need.soname);
      text_or_null(json, "path", need.path);
      text_or_null(json, "via", need.via);
      json.end_object();
    }
    json.end_array();
    json.key("problems");
    json.begin_array();
    for (const auto& problem : load.problems) {
      json.begin_object();
      json.member("kind", problem.kind);
      json.member("needed", problem.needed);
      text_or_null(json, "provided", problem.provided);
      json.member("reason", problem.reason);
      json.member("fix", problem.fix);
      json.end_object();
    }
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.key("consistency");
  json.begin_array();
  for (const auto& item : report.consistency) {
    json.begin_object();
    json.member("id", item.id);
    json.member("status", model::status_name(item.status));
    json.member("message", item.message);
    text_or_null(json, "fix", item.fix);
    json.end_object();
  }
  json.end_array();
  json.key("vendor_mismatches");
  json.begin_array();
  for (const auto& mismatch : report.vendor_mismatches) {
    json.begin_object();
    json.member("subject", mismatch.subject);
    text_or_null(json, "package", mismatch.package);
    json.member("code_vendor", model::vendor_name(mismatch.code_vendor));
    json.member("target_vendor", model::vendor_name(mismatch.target_vendor));
    json.member("evidence", mismatch.evidence);
    json.member("message", mismatch.message);
    json.member("fix", mismatch.fix);
    json.end_object();
  }
  json.end_array();
  // The same facts as judged findings, the members every command's findings have (finding_json),
  // each with the lines check's text prints below it; every file named.
  json.key("findings");
  json.begin_array();
  for (const auto& finding : check_findings(report, {.names_per_cause = 0})) {
    json.begin_object();
    finding_members(json, finding);
    json.string_array("details", finding.details);
    json.end_object();
  }
  json.end_array();
  json.string_array("notes", report.notes);
  json.string_array("errors", report.errors);
  json.member("will_fail", report.will_fail());
  json.end_object();
  return json.take();
}

}  // namespace archfit::report
