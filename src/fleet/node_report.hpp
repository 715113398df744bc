// One node's report (`"schema": "archfit.fleet-node/1"`, docs/fleet.md): what `archfit fleet node`
// wrote on that node (the node's `detect --json`, `doctor --json` and `check --json` documents,
// embedded unchanged), or what `fleet collect` recorded for a node that gave no report (its state,
// srun's exit code and stderr). `read_node_report` turns a file that any node could have written
// into the few facts `fleet report` aggregates, and rejects what is not such a report.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/status.hpp"
#include "util/enum_names.hpp"
#include "util/result.hpp"

namespace archfit::fleet {

inline constexpr std::string_view k_node_schema = "archfit.fleet-node/1";
// Larger files are rejected unread: a node report is ~10-30 KB (docs/fleet.md).
inline constexpr std::size_t k_max_node_report_bytes = 4u << 20;

// One embedded `check --json` run on the node.
struct NodeCheckInput {
  std::string input;    // the path given to `fleet collect --check`
  std::string json;     // the archfit.check/1 document, or empty
  std::string error;    // why there is none
};

// What `fleet node` assembles.
struct NodeReportParts {
  std::string node;
  std::string archfit_version;
  std::string detect_json;  // archfit.detect/1 or archfit.error/1
  std::string doctor_json;  // archfit.doctor/1 or archfit.error/1
  std::vector<NodeCheckInput> checks;
  std::vector<std::string> errors;
};

// A node that gave no report (written by `fleet collect`).
struct NodeFailure {
  std::string node;
  std::string reason;       // node-down | node-drained | no-report | timeout | archfit-missing | task-failed
  std::string state;        // Slurm's node state (sinfo %T), or empty
  std::optional<int> exit_code;  // srun's
  std::string stderr_text;  // srun's stderr (tail)
};

std::string node_report_json(const NodeReportParts& parts);
std::string node_failure_json(const NodeFailure& failure);

// A node name that is safe as a file name and in a hostlist: [A-Za-z0-9._-], 1-64 bytes, not . or ..,
// not starting with '-'.
bool is_plain_node_name(std::string_view name);

struct DoctorCheckSeen {
  std::string id;
  model::Status status = model::Status::unknown;  // never pass; unknown for a status model does not name
  std::string seen;
};

// A wheel's or path's verdict on one node, from its embedded check report.
struct NodeVerdict {
  std::string input;
  std::string verdict;                     // runs | fails | unknown
  std::vector<std::string> failing;        // "gfx90a, no code" / "libstdc++.so.6 GLIBCXX_3.4.32 missing"
};

// The verdict of one `check --json` document (archfit.check/1; an archfit.error/1 document or
// other text gives "unknown" with the reason).
NodeVerdict verdict_from_check_json(const std::string& input, std::string_view json_text);

// What `fleet report` makes of one file: ok (the node's own report), failed (`fleet collect`'s record of
// a node that left none), rejected (not a valid node report, or a second one for the node).
enum class NodeStatus { ok, failed, rejected };
// "ok" | "failed" | "rejected": the `status` of node reports and of `fleet report --json` (docs/fleet.md).
inline constexpr EnumNames<NodeStatus, 3> k_node_status_names = {{
    {NodeStatus::ok, "ok"},
    {NodeStatus::failed, "failed"},
    {NodeStatus::rejected, "rejected"},
}};
constexpr std::string_view node_status_name(NodeStatus status) {
  return enum_name(k_node_status_names, status, "rejected");
}

// What `fleet report` needs of one node.
struct NodeSummary {
  std::string name;
  std::string file;             // the report's file name in the directory
  NodeStatus status = NodeStatus::ok;
  std::string failure_reason;   // failed: NodeFailure::reason; rejected: why
  std::string state;
  std::optional<int> exit_code;
  std::string stderr_text;
  std::vector<std::string> targets;     // processors of the visible GPUs (gfx942, sm_90), sorted, unique
  std::vector<std::string> target_ids;  // with AMD features (gfx942:sramecc+:xnack-)
  std::vector<std::string> rocm_arch;   // detect's build_targets, split
  std::vector<std::string> cuda_arch;
  std::map<std::string, std::string> facts;  // driver, rocm, cuda, glibc, libstdc++, python, torch ("unknown" when absent)
  std::vector<DoctorCheckSeen> doctor;       // checks that are not PASS
  std::vector<NodeVerdict> verdicts;
  std::vector<std::string> errors;           // problems inside an otherwise valid report
};

// The fact names of NodeSummary::facts, in table order.
const std::vector<std::string>& drift_fact_names();

// Reads one report. Errors name the file and what is wrong (not JSON / truncated, not an archfit
// node report, a path-like node name, a node name that differs from the file's).
Result<NodeSummary> read_node_report(std::string_view text, std::string_view file_name);

}  // namespace archfit::fleet
