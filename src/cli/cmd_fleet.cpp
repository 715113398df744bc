// `archfit fleet collect | report | check | node`: detect, doctor and check answers for a whole
// cluster, gathered through Slurm (docs/fleet.md).
#include <limits.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <memory>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "fleet/collector.hpp"
#include "fleet/fleet_report.hpp"
#include "fleet/hostlist.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

namespace {

struct FleetOptions {
  // collect
  fleet::CollectOptions collect;
  bool bcast = false;
  std::string bcast_path = "/tmp/archfit-fleet";
  unsigned timeout_seconds = 900;
  // node
  fleet::NodeOptions node;
  std::string node_out;
  // report / check
  std::string dir;
  std::vector<std::string> inputs;
  bool json = false;
  bool markdown = false;
};

std::string self_exe() {
  char path[PATH_MAX] = {};
  ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string("archfit");
}

int run_collect(FleetOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto& collect = options.collect;
  if (collect.archfit_path.empty()) collect.archfit_path = self_exe();
  if (options.bcast) collect.bcast = options.bcast_path;
  collect.timeout = std::chrono::seconds(options.timeout_seconds);
  probe::ProcessRunner runner;
  auto result = fleet::collect_reports(collect, runner, probe::Environment::current());
  if (!result) return report_failure(error_style, false, "fleet collect", result.error().message, k_exit_findings);
  std::map<std::string, std::vector<std::string>> by_outcome;
  for (const auto& node : result->nodes) {
    by_outcome[node.status == fleet::NodeStatus::ok ? std::string("ok") : "failed (" + node.reason + ")"].push_back(node.name);
  }
  // -q: the outcomes that are problems only; -v: also the srun command line and every node's outcome.
  const bool quiet = global.verbosity == report::Verbosity::quiet;
  const bool verbose = global.verbosity == report::Verbosity::verbose;
  if (verbose && result->srun_ran) {
    fmt::print("srun: {}\n", terminal_safe(fmt::format("{}", fmt::join(result->srun_argv, " "))));
  }
  for (const auto& [outcome, names] : by_outcome) {
    if (quiet && outcome == "ok") continue;
    fmt::print("{:<30} {:>5}  {}\n", outcome, names.size(), fleet::compress_hostlist(names));
  }
  if (verbose) {
    for (const auto& node : result->nodes) {
      fmt::print("  {}: {}{}\n", terminal_safe(node.name), fleet::node_status_name(node.status),
                 node.reason.empty() ? "" : " (" + terminal_safe(node.reason) + ")");
    }
  }
  if (result->srun_ran && !result->srun.succeeded() &&
      !(result->srun.started ? result->srun.err : result->srun.start_error).empty()) {
    fmt::print(stderr, "srun's stderr:\n{}\n", terminal_safe_lines(result->srun.started ? result->srun.err : result->srun.start_error));
  }
  if (!quiet) {
    fmt::print("reports in {}/ (read them with: archfit fleet report {})\n", collect.out_dir, collect.out_dir);
  }
  return by_outcome.size() == 1 && by_outcome.count("ok") ? k_exit_ok : k_exit_findings;
}

int run_node(FleetOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  probe::ProcessRunner runner;
  auto parts = fleet::gather_node_report(self_exe(), options.node, runner, probe::Environment::current());
  if (!parts) return report_failure(error_style, false, "fleet node", parts.error().message, k_exit_findings);
  std::string text = fleet::node_report_json(*parts);
  if (options.node_out.empty()) {
    fmt::print("{}", text);
    return k_exit_ok;
  }
  auto written = fleet::write_file_atomically(options.node_out, parts->node + ".json", text);
  if (!written) return report_failure(error_style, false, "fleet node", written.error().message, k_exit_findings);
  return k_exit_ok;
}

int run_report(const FleetOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto report = fleet::read_report_directory(options.dir);
  if (!report) return report_failure(error_style, options.json, "fleet report", report.error().message, k_exit_usage);
  if (options.json) {
    fmt::print("{}\n", fleet::fleet_report_json(*report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", fleet::fleet_report_text(*report, options.markdown, global.verbosity));
  }
  bool clean = report->problems.empty();
  for (const auto& node : report->nodes) clean = clean && node.status == fleet::NodeStatus::ok;
  return clean ? k_exit_ok : k_exit_findings;
}

// Answers from the saved reports: check runs once per distinct GPU target set, with --target.
int run_fleet_check(const FleetOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto report = fleet::read_report_directory(options.dir);
  if (!report) return report_failure(error_style, options.json, "fleet check", report.error().message, k_exit_usage);
  std::string self = self_exe();
  probe::ProcessRunner runner;
  std::map<std::pair<std::vector<std::string>, std::string>, fleet::NodeVerdict> cache;
  std::vector<fleet::NodeSummary> nodes;
  for (const auto& node : report->nodes) {
    if (node.status != fleet::NodeStatus::ok || node.target_ids.empty()) continue;
    fleet::NodeSummary judged = node;
    judged.verdicts.clear();
    for (const auto& input : options.inputs) {
      auto key = std::pair{node.target_ids, input};
      if (!cache.count(key)) {
        auto r = runner.run({self, "check", "--json", "--target", fmt::format("{}", fmt::join(node.target_ids, ",")), input},
                            probe::Environment::current(), std::chrono::seconds(900));
        cache.emplace(key, fleet::verdict_from_check_json(input, r.out));
      }
      judged.verdicts.push_back(cache.at(key));
    }
    nodes.push_back(std::move(judged));
  }
  auto verdicts = fleet::group_verdicts(nodes);
  std::vector<model::Finding> problems = report->problems;
  for (const auto& node : report->nodes) {
    if (node.status != fleet::NodeStatus::ok) {
      problems.push_back(fleet::not_judged(node.name.empty() ? node.file : node.name,
                                           fmt::format("no report ({}), not judged", node.failure_reason)));
    } else if (node.target_ids.empty()) {
      problems.push_back(fleet::not_judged(node.name, "no GPU in its report, not judged"));
    }
  }
  if (options.json) {
    fmt::print("{}\n", fleet::fleet_check_json(verdicts, problems, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    if (global.verbosity == report::Verbosity::verbose) {
      // -v: the facts behind each verdict, which targets each group of nodes has.
      fmt::print("GPU groups\n{}\n", fleet::groups_text(*report, false));
    }
    fmt::print("{}", fleet::verdicts_text(verdicts, false, global.verbosity));
    fmt::print("{}", fleet::problems_text(problems, false, global.verbosity));
  }
  bool everywhere = !verdicts.empty();
  for (const auto& input : verdicts) {
    for (const auto& group : input.groups) everywhere = everywhere && group.verdict == "runs";
  }
  return everywhere ? k_exit_ok : k_exit_findings;
}

}  // namespace

std::function<int()> setup_fleet(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<FleetOptions>();
  app.require_subcommand(1);

  auto* collect = app.add_subcommand("collect", "Run detect, doctor (and check) on every node through srun; one report per node");
  collect->add_option("--partition,-p", options->collect.partition, "Slurm partition (default: sinfo's)");
  collect->add_option("--nodes,-w", options->collect.nodes, "Nodes, as a Slurm hostlist (n[1-16,20])");
  collect->add_option("--out", options->collect.out_dir, "Directory for the reports (DIR/<node>.json)")
      ->type_name("DIR")->required();
  collect->add_option("--archfit", options->collect.archfit_path,
                      "The archfit binary the tasks run (default: this one; must exist on the nodes, or use --bcast)");
  collect->add_flag("--bcast", options->bcast, "Copy the binary to the nodes first (srun --bcast)");
  collect->add_option("--bcast-path", options->bcast_path, "Where --bcast puts it on the nodes (default /tmp/archfit-fleet)");
  collect->add_option("--sysroot", options->collect.sysroot, "Each node reads a captured tree (%n = node name; tests)");
  collect->add_option("--check", options->collect.checks, "Also run `check` on this path on every node (repeatable)");
  collect->add_option("--timeout", options->timeout_seconds, "Seconds before srun is stopped (default 900)");
  collect->add_option("srun-options", options->collect.srun_args, "Options for srun, after --");

  auto* report = app.add_subcommand("report", "Aggregate saved node reports: GPU groups, arch list, drift, checks");
  report->add_option("dir", options->dir, "The directory of `fleet collect --out`")->required();
  report->add_flag("--json", options->json, "Print JSON (schema archfit.fleet/1, docs/json.md)");
  report->add_flag("--markdown", options->markdown, "Print Markdown");

  auto* check = app.add_subcommand("check", "Will these binaries or wheels run on every node? (from saved reports)");
  check->add_option("inputs", options->inputs, "Libraries, wheels or directories")->required();
  check->add_option("--reports", options->dir, "The directory of `fleet collect --out`")->required();
  check->add_flag("--json", options->json, "Print JSON (schema archfit.fleet-check/1)");

  auto* node = app.add_subcommand("node", "The per-node task of collect: this node's report (to stdout or --out DIR)");
  node->add_option("--out", options->node_out, "Write DIR/<node>.json (atomically) instead of stdout");
  node->add_option("--node", options->node.node, "Node name (default $SLURMD_NODENAME, else the host name)");
  node->add_option("--sysroot", options->node.sysroot, "Read a captured tree (%n = node name)");
  node->add_option("--check", options->node.checks, "Also run `check` on this path (repeatable)");

  return [options, &global, collect, report, check, node]() -> int {
    if (collect->parsed()) return run_collect(*options, global);
    if (report->parsed()) return run_report(*options, global);
    if (check->parsed()) return run_fleet_check(*options, global);
    if (node->parsed()) return run_node(*options, global);
    return k_exit_usage;
  };
}

}  // namespace archfit::cli
