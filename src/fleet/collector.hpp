// `fleet collect` and `fleet node`: the same archfit questions asked on every node, through Slurm.
// collect lists the nodes with `sinfo` (a node that is down, drained or not responding gets a
// failure record without being asked), runs ONE `srun -N<k> --ntasks-per-node=1 --nodelist=<list>`
// whose task on each node is `archfit fleet node --out DIR/.incoming-<pid>` (the same binary: a
// shared path, or copied to the nodes by `srun --bcast`), then moves each valid report into
// DIR/<node>.json and writes a failure record (srun's exit code and stderr) for every node that
// left none. Every file is written to a temporary name and renamed, so a reader never sees half
// a report. All programs run through the injectable probe::CommandRunner.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "fleet/node_report.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "util/result.hpp"

namespace archfit::fleet {

struct CollectOptions {
  std::string partition;
  std::string nodes;                 // a hostlist; empty: every node of the partition
  std::string out_dir;
  std::string archfit_path;          // the binary the tasks run (this one, by default)
  std::string bcast;                 // non-empty: srun --bcast=<this path on the nodes>
  std::string sysroot;               // passed to `fleet node --sysroot` (%n = node name)
  std::vector<std::string> checks;   // passed as `fleet node --check`
  std::vector<std::string> srun_args;  // extra srun options (after --)
  std::chrono::seconds timeout{900};
};

struct CollectedNode {
  std::string name;
  NodeStatus status = NodeStatus::ok;  // ok | failed
  std::string reason;  // failed: NodeFailure::reason
};

struct CollectResult {
  std::vector<std::string> srun_argv;
  probe::CommandResult srun;
  bool srun_ran = false;
  std::vector<CollectedNode> nodes;
};

// Fails when sinfo cannot be run or lists none of the asked nodes, or DIR cannot be written.
Result<CollectResult> collect_reports(const CollectOptions& options, const probe::CommandRunner& runner,
                                      const probe::Environment& environment);

// The node side: runs `<self> detect --json`, `doctor --json` and `check --json` for each input
// (targets from that detect) and assembles the report.
struct NodeOptions {
  std::string node;     // empty: $SLURMD_NODENAME, else the short host name
  std::string sysroot;  // "%n" replaced by the node name
  std::vector<std::string> checks;
  std::chrono::seconds timeout{300};
};
Result<NodeReportParts> gather_node_report(const std::string& self_exe, const NodeOptions& options,
                                           const probe::CommandRunner& runner, const probe::Environment& environment);

// Writes DIR/NAME through a temporary file in DIR and rename(2).
Status write_file_atomically(const std::string& dir, const std::string& name, const std::string& text);

// Slurm's node state from `sinfo -o %T` classified: empty when a job can start there, else the
// failure reason (node-down, node-drained, node-failed, node-not-responding).
std::string unavailable_reason(std::string_view state);

}  // namespace archfit::fleet
