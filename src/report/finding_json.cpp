#include "report/finding_json.hpp"

#include "report/json_helpers.hpp"

namespace archfit::report {

void finding_members(JsonWriter& json, const model::Finding& finding) {
  json.member("id", finding.id);
  if (!finding.group.empty()) {
    json.member("group", finding.group);
  }
  json.member("status", model::status_name(finding.status));
  json.member("title", finding.title);
  json.member("seen", finding.seen);
  text_or_null(json, "rule", finding.rule);
  text_or_null(json, "source", finding.source);
  text_or_null(json, "fix", finding.fix);
  if (!finding.origin.empty()) {
    json.member("origin", finding.origin);
  }
}

void findings_member(JsonWriter& json, std::string_view name, const std::vector<model::Finding>& findings) {
  json.key(name);
  json.begin_array();
  for (const auto& finding : findings) {
    json.begin_object();
    finding_members(json, finding);
    json.end_object();
  }
  json.end_array();
}

}  // namespace archfit::report
