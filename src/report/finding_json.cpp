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
  array_member(json, name, findings, [](JsonWriter& writer, const model::Finding& finding) {
    writer.begin_object();
    finding_members(writer, finding);
    writer.end_object();
  });
}

}  // namespace archfit::report
