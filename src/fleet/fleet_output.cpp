// `fleet report` as JSON (archfit.fleet/1, docs/json.md) and as text or Markdown (docs/fleet.md).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "fleet/fleet_report.hpp"
#include "fleet/hostlist.hpp"
#include "report/finding_json.hpp"
#include "report/finding_markdown.hpp"
#include "report/finding_text.hpp"
#include "report/json_helpers.hpp"
#include "util/json_writer.hpp"
#include "util/terminal_text.hpp"

namespace archfit::fleet {

namespace {

std::size_t count_status(const FleetReport& report, NodeStatus status) {
  std::size_t n = 0;
  for (const auto& node : report.nodes) n += node.status == status ? 1 : 0;
  return n;
}

void nodes_member(JsonWriter& w, const std::vector<std::string>& nodes) {
  w.member("nodes", compress_hostlist(nodes));
  w.member("count", static_cast<std::uint64_t>(nodes.size()));
}

std::string targets_text(const std::vector<std::string>& targets) {
  return targets.empty() ? "no GPU" : fmt::format("{}", fmt::join(targets, " "));
}

// The problems twice: "errors", the lines they always were, and "findings", the members of every
// command's findings.
void write_problems(JsonWriter& w, const std::vector<model::Finding>& problems) {
  w.string_array("errors", problem_lines(problems));
  report::findings_member(w, "findings", problems);
}

void write_verdicts(JsonWriter& w, const std::vector<InputVerdicts>& verdicts) {
  w.key("verdicts");
  w.begin_array();
  for (const auto& input : verdicts) {
    w.begin_object();
    w.member("input", input.input);
    w.key("groups");
    w.begin_array();
    for (const auto& group : input.groups) {
      w.begin_object();
      w.member("verdict", group.verdict);
      w.string_array("reasons", group.reasons);
      nodes_member(w, group.nodes);
      w.end_object();
    }
    w.end_array();
    w.member("not_checked", compress_hostlist(input.not_checked));
    w.end_object();
  }
  w.end_array();
}

}  // namespace

std::string groups_text(const FleetReport& report, bool markdown) {
  std::string out;
  for (const auto& group : report.groups) {
    out += fmt::format("{}{:<30} {:>5}  {}\n", markdown ? "- " : "  ", targets_text(group.targets), group.nodes.size(),
                       compress_hostlist(group.nodes));
  }
  return out;
}

std::string verdicts_text(const std::vector<InputVerdicts>& verdicts, bool markdown, report::Verbosity verbosity) {
  std::string out;
  auto safe = [](std::string_view text) { return terminal_safe(text); };
  for (const auto& input : verdicts) {
    for (const auto& group : input.groups) {
      if (verbosity == report::Verbosity::quiet && group.verdict == "runs") {
        continue;  // -q: where it does not run, or cannot be judged
      }
      std::string nodes = compress_hostlist(group.nodes);
      std::string why =
          group.reasons.empty() ? "" : fmt::format(" ({})", safe(fmt::format("{}", fmt::join(group.reasons, "; "))));
      std::string verb = group.verdict == "fails"  ? "will not run on"
                         : group.verdict == "runs" ? "runs on"
                                                   : "cannot be judged on";
      out += fmt::format("{}{} {} {}{}\n", markdown ? "- " : "  ", safe(input.input), verb, nodes, why);
    }
    if (!input.not_checked.empty()) {
      out += fmt::format("{}{} was not checked on {}\n", markdown ? "- " : "  ", safe(input.input),
                         compress_hostlist(input.not_checked));
    }
  }
  return out;
}

std::string fleet_check_json(const std::vector<InputVerdicts>& verdicts, const std::vector<model::Finding>& problems,
                             int indent) {
  JsonWriter w(indent);
  w.begin_object();
  w.member("schema", "archfit.fleet-check/1");
  write_verdicts(w, verdicts);
  write_problems(w, problems);
  w.end_object();
  return w.take();
}

std::string fleet_report_json(const FleetReport& report, int indent) {
  JsonWriter w(indent);
  w.begin_object();
  w.member("schema", "archfit.fleet/1");
  w.key("summary");
  w.begin_object();
  w.member("nodes", static_cast<std::uint64_t>(report.nodes.size()));
  for (NodeStatus status : {NodeStatus::ok, NodeStatus::failed, NodeStatus::rejected}) {
    w.member(node_status_name(status), static_cast<std::uint64_t>(count_status(report, status)));
  }
  w.end_object();
  w.key("nodes");
  w.begin_array();
  for (const auto& node : report.nodes) {
    w.begin_object();
    report::text_or_null(w, "name", node.name);
    w.member("file", node.file);
    w.member("status", node_status_name(node.status));
    w.string_array("targets", node.targets);
    w.string_array("target_ids", node.target_ids);
    w.key("facts");
    w.begin_object();
    for (const auto& [fact, value] : node.facts) w.member(fact, value);
    w.end_object();
    if (node.status == NodeStatus::ok) {
      w.null_member("failure");
    } else {
      w.key("failure");
      w.begin_object();
      w.member("reason", node.failure_reason);
      report::text_or_null(w, "state", node.state);
      report::optional_member(w, "exit_code", node.exit_code);
      w.member("stderr", node.stderr_text);
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
  w.key("groups");
  w.begin_array();
  for (const auto& group : report.groups) {
    w.begin_object();
    w.string_array("targets", group.targets);
    nodes_member(w, group.nodes);
    w.end_object();
  }
  w.end_array();
  w.key("build_targets");
  w.begin_object();
  for (auto [name, value] : {std::pair{"PYTORCH_ROCM_ARCH", &report.pytorch_rocm_arch},
                             std::pair{"TORCH_CUDA_ARCH_LIST", &report.torch_cuda_arch_list}}) {
    report::text_or_null(w, name, *value);
  }
  w.end_object();
  w.key("drift");
  w.begin_array();
  for (const auto& row : report.drift) {
    w.begin_object();
    w.member("fact", row.fact);
    w.key("values");
    w.begin_array();
    for (const auto& value : row.values) {
      w.begin_object();
      w.member("value", value.value);
      nodes_member(w, value.nodes);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("checks");
  w.begin_array();
  for (const auto& row : report.checks) {
    w.begin_object();
    w.member("id", row.id);
    w.member("status", model::status_name(row.status));
    w.member("seen", row.seen);
    nodes_member(w, row.nodes);
    w.end_object();
  }
  w.end_array();
  write_verdicts(w, report.verdicts);
  write_problems(w, report.problems);
  w.end_object();
  return w.take();
}

namespace {

// -v: one line per ok node, its target IDs and facts (the drift table's facts, in its order).
std::string nodes_text(const FleetReport& report, bool markdown) {
  std::string out;
  for (const auto& node : report.nodes) {
    if (node.status != NodeStatus::ok) {
      continue;  // listed under "Nodes without a report"
    }
    std::vector<std::string> facts;
    for (const auto& name : drift_fact_names()) {
      auto fact = node.facts.find(name);
      facts.push_back(name + " " + terminal_safe(fact == node.facts.end() ? std::string("unknown") : fact->second));
    }
    out += fmt::format("{}{:<12} {:<30} {}\n", markdown ? "- " : "  ", terminal_safe(node.name),
                       terminal_safe(node.target_ids.empty() ? std::string("no GPU")
                                                             : fmt::format("{}", fmt::join(node.target_ids, " "))),
                       fmt::join(facts, ", "));
  }
  return out;
}

}  // namespace

std::string fleet_report_text(const FleetReport& report, bool markdown, report::Verbosity verbosity) {
  bool quiet = verbosity == report::Verbosity::quiet;
  std::string out;
  auto heading = [&](std::string_view title) { out += markdown ? fmt::format("\n## {}\n\n", title) : fmt::format("\n{}\n", title); };
  auto safe = [](std::string_view text) { return terminal_safe(text); };
  out += fmt::format("{}{} nodes: {} ok, {} failed, {} rejected\n", markdown ? "# archfit fleet report\n\n" : "",
                     report.nodes.size(), count_status(report, NodeStatus::ok),
                     count_status(report, NodeStatus::failed), count_status(report, NodeStatus::rejected));
  // -q: the problems only (drift, the checks that are not PASS, the inputs that do not run, the
  // nodes without a report, the errors); -v: also every node's targets and facts.
  if (!quiet) {
    heading("GPU groups");
    out += groups_text(report, markdown);
    heading("Arch list covering every node");
    out += fmt::format("{}PYTORCH_ROCM_ARCH=\"{}\"\n", markdown ? "    " : "  ", report.pytorch_rocm_arch);
    out += fmt::format("{}TORCH_CUDA_ARCH_LIST=\"{}\"\n", markdown ? "    " : "  ", report.torch_cuda_arch_list);
  }
  if (verbosity == report::Verbosity::verbose) {
    heading("Nodes");
    out += nodes_text(report, markdown);
  }
  heading("Drift (facts that differ between nodes)");
  if (report.drift.empty()) out += "  none\n";
  if (markdown && !report.drift.empty()) out += "| fact | value | nodes |\n|---|---|---|\n";
  for (const auto& row : report.drift) {
    for (const auto& value : row.values) {
      out += markdown ? fmt::format("| {} | {} | {} |\n", row.fact, safe(value.value), compress_hostlist(value.nodes))
                      : fmt::format("  {:<10} {:<28} {}\n", row.fact, safe(value.value), compress_hostlist(value.nodes));
    }
  }
  heading("Doctor checks that are not PASS");
  if (report.checks.empty()) out += "  none\n";
  for (const auto& row : report.checks) {
    out += fmt::format("{}{:<5} {:<34} {}  ({})\n", markdown ? "- " : "  ", model::status_name(row.status), row.id,
                       compress_hostlist(row.nodes), safe(row.seen));
  }
  if (!report.verdicts.empty()) {
    heading("Checked inputs");
    out += verdicts_text(report.verdicts, markdown, verbosity);
  }
  bool any_failed = false;
  for (const auto& node : report.nodes) any_failed = any_failed || node.status != NodeStatus::ok;
  if (any_failed) {
    heading("Nodes without a report");
    for (const auto& node : report.nodes) {
      if (node.status == NodeStatus::ok) continue;
      std::string code = node.exit_code ? fmt::format(", srun exit {}", *node.exit_code) : "";
      std::string state = node.state.empty() ? "" : fmt::format(", state {}", node.state);
      std::string err = node.stderr_text;
      if (auto nl = err.find('\n'); nl != std::string::npos) err.resize(nl);
      out += fmt::format("{}{:<12} {} {}{}{}{}\n", markdown ? "- " : "  ", node.name.empty() ? node.file : node.name,
                         node_status_name(node.status), safe(node.failure_reason), state, code, err.empty() ? "" : ": " + safe(err));
    }
  }
  if (!report.problems.empty()) {
    heading("Errors");
    out += problems_text(report.problems, markdown, verbosity);
  }
  return out;
}

std::string problems_text(const std::vector<model::Finding>& problems, bool markdown, report::Verbosity verbosity) {
  if (markdown) {
    return report::findings_to_markdown(problems);
  }
  report::TextStyle style;
  style.verbosity = verbosity;
  std::string out;
  for (const auto& finding : problems) {
    out += report::finding_to_text(finding, style);
  }
  return out;
}

}  // namespace archfit::fleet
