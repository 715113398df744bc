// The one verdict vocabulary of every command's findings.
//
//   pass     the fact meets the rule
//   warn     it works, with a cost or a risk the user should know
//   fail     it will not work as it is; the finding says how to fix it
//   skip     the check did not apply (nothing to judge: no GPU of that vendor, no Python asked for)
//   unknown  the check applied but the evidence to judge it is missing ("right, or say unknown")
#pragma once

#include <optional>
#include <string_view>

namespace archfit::model {

enum class Status { pass, warn, fail, skip, unknown };

// "pass" | "warn" | "fail" | "skip" | "unknown": the spelling of every --json output.
std::string_view status_name(Status status);
// The inverse; nullopt for anything else (case-sensitive, as the JSON is).
std::optional<Status> status_from_name(std::string_view name);
// How bad a status is, higher is worse: skip 0, pass 1, unknown 2, warn 3, fail 4. The one order of
// worse() and of every list of findings sorted worst first (fleet's checks, `archfit report`).
int severity_rank(Status status);
// The worse of two statuses: fail > warn > unknown > pass > skip.
Status worse(Status a, Status b);

}  // namespace archfit::model
