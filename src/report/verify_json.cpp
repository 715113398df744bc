#include "report/verify_json.hpp"

#include <cmath>

#include "report/finding_json.hpp"
#include "report/json_helpers.hpp"

namespace archfit::report {

std::string verify_to_json(const verify::VerifyReport& report, int indent) {
  JsonWriter json(indent);
  json.begin_object();
  json.member("schema", "archfit.verify/1");
  json.member("python", report.python);
  json.string_array("targets", report.targets);
  json.key("checks");
  json.begin_array();
  for (const auto& check : report.checks) {
    json.begin_object();
    finding_members(json, check);  // id, group, status, title, seen, rule, source, fix
    json.member("milliseconds", static_cast<std::uint64_t>(std::llround(check.seconds * 1000)));
    json.member("summary", check.seen);  // the schema's first name for "seen", kept
    json.string_array("evidence", check.evidence);
    text_or_null(json, "crash", check.crash);
    json.string_array("stderr_tail", check.stderr_tail);
    map_member(json, "metrics", check.metrics);  // NaN (a wrong result) becomes null
    json.end_object();
  }
  json.end_array();
  json.member("failed", report.failed());
  json.end_object();
  return json.take();
}

}  // namespace archfit::report
