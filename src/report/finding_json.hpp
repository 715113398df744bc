// The one JSON rendering of a model::Finding, shared by every --json document that carries them
// (doctor's "checks", verify's "checks"): the members
//   "id", "group" (when the finding has one), "status" (pass | warn | fail | skip | unknown),
//   "title", "seen", "rule", "source", "fix" (null when empty), "origin" (when set)
// written into an object the caller has opened, so a document can add its own members beside them.
#pragma once

#include <string_view>
#include <vector>

#include "model/finding.hpp"
#include "util/json_writer.hpp"

namespace archfit::report {

void finding_members(JsonWriter& json, const model::Finding& finding);
// `"name": [{finding_members}, ...]`: a list of findings, each an object of those members alone.
void findings_member(JsonWriter& json, std::string_view name, const std::vector<model::Finding>& findings);

}  // namespace archfit::report
