// `fleet report`: the node reports of one directory aggregated into what a cluster owner asks —
// which GPU targets where (groups, as Slurm hostlists), the arch lists that cover every node, the
// facts that differ between nodes (drift), the doctor checks that are not PASS and where, and each
// checked input's verdict per node. Bad files are reported in `errors` and as "rejected" nodes;
// the rest still aggregate.
#pragma once

#include <string>
#include <vector>

#include "fleet/node_report.hpp"
#include "model/finding.hpp"
#include "report/text_style.hpp"
#include "util/result.hpp"

namespace archfit::fleet {

struct TargetGroup {
  std::vector<std::string> targets;  // empty: no GPU seen
  std::vector<std::string> nodes;
};

struct DriftValue {
  std::string value;
  std::vector<std::string> nodes;
};
struct DriftRow {
  std::string fact;  // one of drift_fact_names()
  std::vector<DriftValue> values;
};

struct CheckRow {
  std::string id;
  model::Status status = model::Status::unknown;
  std::string seen;  // from the first node (sorted by name)
  std::vector<std::string> nodes;
};

struct VerdictGroup {
  std::string verdict;               // runs | fails | unknown
  std::vector<std::string> reasons;  // "gfx90a, no code"
  std::vector<std::string> nodes;
};
struct InputVerdicts {
  std::string input;
  std::vector<VerdictGroup> groups;  // fails first
  std::vector<std::string> not_checked;  // ok nodes without a verdict for this input
};

struct FleetReport {
  std::vector<NodeSummary> nodes;    // sorted by name
  std::vector<TargetGroup> groups;   // ok nodes only; largest first
  std::string pytorch_rocm_arch;     // ';'-joined union over the ok nodes; empty: none
  std::string torch_cuda_arch_list;
  std::vector<DriftRow> drift;
  std::vector<CheckRow> checks;
  std::vector<InputVerdicts> verdicts;
  // One Finding per rejected file or node-level problem; `seen` is the line the JSON's "errors" holds,
  // naming the file or node ("n5.json: not a complete JSON document", "n3: doctor failed: ...").
  //   fleet.rejected    fail: a file that is not a node report, or a second report of a node
  //   fleet.node-error  fail: a problem inside an otherwise valid report (a part that failed)
  std::vector<model::Finding> problems;
};

// What `fleet check` could not judge (a node without a report, or with no GPU in it), a Finding
// with id fleet.not-judged and status unknown; `seen` names the node.
model::Finding not_judged(std::string node, std::string why);
// The `seen` of each problem: the JSON's "errors" lines, as they were before they were Findings.
std::vector<std::string> problem_lines(const std::vector<model::Finding>& problems);

// One file of a report directory, read by the caller.
struct ReportFile {
  std::string name;  // file name (no directory)
  std::string text;
  std::string read_error;  // non-empty: could not be read (too large, I/O)
};

// Each input's verdicts over the ok nodes, grouped (fails first).
std::vector<InputVerdicts> group_verdicts(const std::vector<NodeSummary>& nodes);

FleetReport aggregate_node_reports(const std::vector<ReportFile>& files);

// Reads every *.json directly in `dir` (skipping dot files; regular files of at most
// k_max_node_report_bytes, opened without blocking) and aggregates them, `threads` files at a time
// (0: one per core; one thread for fewer than 512 files). Fails only when the directory cannot be
// listed.
Result<FleetReport> read_report_directory(const std::string& dir, unsigned threads = 0);

std::string fleet_report_json(const FleetReport& report, int indent);
// Text or Markdown. -q (Verbosity::quiet): the problems only (no GPU groups, no arch lists, no input
// verdicts that run); -v: also a "Nodes" section, every ok node's target IDs and facts.
std::string fleet_report_text(const FleetReport& report, bool markdown,
                              report::Verbosity verbosity = report::Verbosity::normal);
// The GPU groups, one line each: targets, how many nodes, which (a hostlist).
std::string groups_text(const FleetReport& report, bool markdown);
// `fleet check`: the verdicts alone (schema archfit.fleet-check/1; text: one line per group; -q
// leaves out the groups where the input runs).
std::string verdicts_text(const std::vector<InputVerdicts>& verdicts, bool markdown,
                          report::Verbosity verbosity = report::Verbosity::normal);
std::string fleet_check_json(const std::vector<InputVerdicts>& verdicts, const std::vector<model::Finding>& problems,
                             int indent);
// The problems (rejected files, node errors, nodes not judged) through the shared Finding renderers:
// text (report/finding_text.cpp) or a Markdown list (report/finding_markdown.cpp).
std::string problems_text(const std::vector<model::Finding>& problems, bool markdown, report::Verbosity verbosity);

}  // namespace archfit::fleet
