#include "fleet/collector.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "fleet/hostlist.hpp"

namespace archfit::fleet {

namespace {

namespace fs = std::filesystem;

// The last `limit` bytes of `text` (srun's stderr can be long on a large job).
std::string tail(const std::string& text, std::size_t limit = 4096) {
  return text.size() <= limit ? text : text.substr(text.size() - limit);
}

// Whether `line` names `node` as a word ("srun: error: n3: task 2: ..." names n3, not n30).
bool names_node(const std::string& line, const std::string& node) {
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'; };
  for (std::size_t at = line.find(node); at != std::string::npos; at = line.find(node, at + 1)) {
    // slurmstepd prefixes its messages with "slurmstepd-<node>:".
    bool starts = at == 0 || !word_char(line[at - 1]) ||
                  (at >= 11 && line.compare(at - 11, 11, "slurmstepd-") == 0);
    std::size_t end = at + node.size();
    // A trailing '.' ends a sentence, not a name.
    bool ends = end == line.size() || !word_char(line[end]) || (line[end] == '.' && end + 1 == line.size());
    if (starts && ends) return true;
  }
  return false;
}

// The lines of srun's stderr for `node`: those that name it, and those that name none of the step's
// nodes (slurmstepd's "execve(): ...: No such file or directory" names no node). Last 4 KB.
std::string stderr_for(const std::string& err, const std::string& node, const std::vector<std::string>& step_nodes) {
  std::string picked;
  std::size_t start = 0;
  while (start < err.size()) {
    std::size_t end = err.find('\n', start);
    std::string line = err.substr(start, end == std::string::npos ? std::string::npos : end - start);
    bool mine = names_node(line, node);
    bool anyone = mine;
    for (std::size_t i = 0; !anyone && i < step_nodes.size(); ++i) anyone = names_node(line, step_nodes[i]);
    if (mine || !anyone) picked += line + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return tail(picked);
}

std::string failure_reason(const probe::CommandResult& srun, const std::string& err) {
  if (srun.timed_out || err.find("TIME LIMIT") != std::string::npos ||
      err.find("time limit") != std::string::npos) {
    return "timeout";
  }
  if (err.find("execve") != std::string::npos || err.find("No such file") != std::string::npos ||
      err.find("not found") != std::string::npos) {
    return "archfit-missing";
  }
  if (!srun.started) return "srun-not-started";
  return err.empty() ? "no-report" : "task-failed";
}

struct SinfoNode {
  std::string name;
  std::string state;
};

Result<std::vector<SinfoNode>> list_nodes(const CollectOptions& options, const probe::CommandRunner& runner,
                                          const probe::Environment& environment) {
  std::vector<std::string> argv = {"sinfo", "--noheader", "--Node", "--format=%N %T"};
  if (!options.partition.empty()) argv.push_back("--partition=" + options.partition);
  if (!options.nodes.empty()) argv.push_back("--nodes=" + options.nodes);
  auto result = runner.run(argv, environment, std::chrono::seconds(60));
  if (!result.succeeded()) {
    return Error{fmt::format("sinfo failed ({}): {}",
                             !result.started ? result.start_error
                             : result.timed_out ? std::string("timed out")
                                                : fmt::format("exit {}", result.exit_code),
                             tail(result.err, 512))};
  }
  std::vector<SinfoNode> nodes;
  std::set<std::string> seen;
  std::size_t start = 0;
  const std::string& out = result.out;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    std::string line = out.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? out.size() : end + 1;
    std::size_t space = line.find(' ');
    if (space == std::string::npos) continue;
    SinfoNode node{line.substr(0, space), line.substr(space + 1)};
    if (!seen.insert(node.name).second) continue;  // a node of several partitions is listed once per partition
    nodes.push_back(std::move(node));
  }
  return nodes;
}

}  // namespace

std::string unavailable_reason(std::string_view state) {
  if (state.starts_with("down")) return "node-down";
  if (state.starts_with("drain")) return "node-drained";
  if (state.starts_with("fail")) return "node-failed";
  if (state.ends_with("*")) return "node-not-responding";
  if (state.starts_with("future") || state.starts_with("maint") || state.starts_with("unknown")) {
    return "node-unavailable";
  }
  return "";
}

Status write_file_atomically(const std::string& dir, const std::string& name, const std::string& text) {
  std::string temp = fmt::format("{}/.{}.tmp.{}", dir, name, ::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) return Error{fmt::format("{}: cannot write", temp)};
  }
  std::string target = fmt::format("{}/{}", dir, name);
  if (std::rename(temp.c_str(), target.c_str()) != 0) {
    std::remove(temp.c_str());
    return Error{fmt::format("{}: cannot rename into place", target)};
  }
  return Ok{};
}

Result<CollectResult> collect_reports(const CollectOptions& options, const probe::CommandRunner& runner,
                                      const probe::Environment& environment) {
  ARCHFIT_TRY(auto listed, list_nodes(options, runner, environment));
  std::vector<std::string> asked;
  if (!options.nodes.empty()) {
    ARCHFIT_TRY(asked, expand_hostlist(options.nodes));
  }
  std::map<std::string, std::string> state_of;
  for (const auto& node : listed) state_of[node.name] = node.state;
  if (asked.empty()) {
    for (const auto& node : listed) asked.push_back(node.name);
  }
  if (asked.empty()) return Error{"sinfo lists no nodes" + (options.partition.empty() ? "" : " in partition " + options.partition)};

  std::error_code ec;
  fs::create_directories(options.out_dir, ec);
  if (ec) return Error{fmt::format("{}: cannot create the directory: {}", options.out_dir, ec.message())};
  std::string incoming = fmt::format("{}/.incoming-{}", options.out_dir, ::getpid());
  fs::remove_all(incoming, ec);
  fs::create_directories(incoming, ec);
  if (ec) return Error{fmt::format("{}: cannot create the directory: {}", incoming, ec.message())};

  CollectResult result;
  std::vector<std::string> runnable;
  std::map<std::string, NodeFailure> failures;
  for (const auto& name : asked) {
    if (!is_plain_node_name(name)) return Error{fmt::format("node name '{}' is not a plain host name", name)};
    auto it = state_of.find(name);
    if (it == state_of.end()) {
      failures[name] = NodeFailure{name, "unknown-node", "", std::nullopt, "sinfo does not list this node"};
      continue;
    }
    std::string reason = unavailable_reason(it->second);
    if (!reason.empty()) {
      failures[name] = NodeFailure{name, reason, it->second, std::nullopt, ""};
      continue;
    }
    runnable.push_back(name);
  }

  if (!runnable.empty()) {
    std::vector<std::string>& argv = result.srun_argv;
    std::string job_name = fmt::format("archfit-fleet-{}", ::getpid());
    argv = {"srun", "--job-name=" + job_name, fmt::format("--nodes={}", runnable.size()), "--ntasks-per-node=1",
            "--nodelist=" + compress_hostlist(runnable), "--kill-on-bad-exit=0"};
    if (!options.partition.empty()) argv.push_back("--partition=" + options.partition);
    if (!options.bcast.empty()) argv.push_back("--bcast=" + options.bcast);
    argv.insert(argv.end(), options.srun_args.begin(), options.srun_args.end());
    argv.insert(argv.end(), {options.archfit_path, "fleet", "node", "--out", incoming});
    if (!options.sysroot.empty()) argv.insert(argv.end(), {"--sysroot", options.sysroot});
    for (const auto& check : options.checks) argv.insert(argv.end(), {"--check", check});
    result.srun = runner.run(argv, environment, options.timeout);
    result.srun_ran = true;
    if (result.srun.timed_out) {
      // srun was killed: cancel its job too, so no task keeps running (or holding the nodes).
      (void)runner.run({"scancel", "--name=" + job_name}, environment, std::chrono::seconds(60));
    }
    std::optional<int> code;
    if (result.srun.started && !result.srun.timed_out && result.srun.signal == 0) code = result.srun.exit_code;
    std::string err = result.srun.started ? result.srun.err : result.srun.start_error;
    for (const auto& name : runnable) {
      fs::path report = fs::path(incoming) / (name + ".json");
      std::ifstream in(report, std::ios::binary);
      std::string text;
      if (in) text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      if (!in) {
        std::string node_err = stderr_for(err, name, runnable);
        failures[name] = NodeFailure{name, failure_reason(result.srun, node_err), "", code, node_err};
        continue;
      }
      auto parsed = read_node_report(text, name + ".json");
      if (!parsed || parsed->status != NodeStatus::ok) {
        failures[name] = NodeFailure{name, "invalid-report", "", code,
                                     parsed ? "the node wrote a failure record" : parsed.error().message};
        continue;
      }
      auto moved = write_file_atomically(options.out_dir, name + ".json", text);
      if (!moved) return moved.error();
      result.nodes.push_back({name, NodeStatus::ok, ""});
    }
  }
  fs::remove_all(incoming, ec);
  for (const auto& [name, failure] : failures) {
    auto written = write_file_atomically(options.out_dir, name + ".json", node_failure_json(failure));
    if (!written) return written.error();
    result.nodes.push_back({name, NodeStatus::failed, failure.reason});
  }
  return result;
}

namespace {

std::string node_name(const NodeOptions& options, const probe::Environment& environment) {
  if (!options.node.empty()) return options.node;
  if (auto slurm = environment.get("SLURMD_NODENAME"); slurm && !slurm->empty()) return *slurm;
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) return "";
  std::string name = host;
  return name.substr(0, name.find('.'));
}

std::string replace_node(std::string text, const std::string& node) {
  for (std::size_t at = text.find("%n"); at != std::string::npos; at = text.find("%n", at + node.size())) {
    text.replace(at, 2, node);
  }
  return text;
}

std::string describe_failure(const probe::CommandResult& r) {
  if (!r.started) return "did not start: " + r.start_error;
  if (r.timed_out) return "timed out";
  if (r.signal != 0) return fmt::format("killed by signal {}", r.signal);
  return fmt::format("exit {}: {}", r.exit_code, tail(r.err, 512));
}

}  // namespace

Result<NodeReportParts> gather_node_report(const std::string& self_exe, const NodeOptions& options,
                                           const probe::CommandRunner& runner, const probe::Environment& environment) {
  NodeReportParts parts;
  parts.node = node_name(options, environment);
  if (!is_plain_node_name(parts.node)) {
    return Error{fmt::format("node name '{}' is not a plain host name; give --node", parts.node)};
  }
  parts.archfit_version = ARCHFIT_VERSION;
  std::vector<std::string> sysroot;
  if (!options.sysroot.empty()) sysroot = {"--sysroot", replace_node(options.sysroot, parts.node)};
  auto run = [&](std::vector<std::string> argv) {
    argv.insert(argv.begin(), self_exe);
    auto r = runner.run(argv, environment, options.timeout);
    // detect and doctor exit 1 when they have findings: the document on stdout is the answer.
    if (r.out.empty()) parts.errors.push_back(fmt::format("{} printed nothing ({})", argv[1], describe_failure(r)));
    return r.out;
  };
  std::vector<std::string> detect_argv = {"detect", "--json"};
  detect_argv.insert(detect_argv.end(), sysroot.begin(), sysroot.end());
  parts.detect_json = run(detect_argv);
  std::vector<std::string> doctor_argv = {"doctor", "--json"};
  doctor_argv.insert(doctor_argv.end(), sysroot.begin(), sysroot.end());
  parts.doctor_json = run(doctor_argv);
  if (!options.checks.empty()) {
    // check's targets: this node's detect report, through a temporary file.
    char path[] = "/tmp/archfit-fleet-detect-XXXXXX";
    int fd = ::mkstemp(path);
    bool written = fd >= 0 && ::write(fd, parts.detect_json.data(), parts.detect_json.size()) ==
                                  static_cast<ssize_t>(parts.detect_json.size());
    if (fd >= 0) ::close(fd);
    for (const auto& input : options.checks) {
      NodeCheckInput entry{input, "", ""};
      if (!written) {
        entry.error = "cannot write a temporary file for check's --targets-from";
      } else {
        std::vector<std::string> argv = {self_exe, "check", "--json", "--targets-from", path};
        argv.insert(argv.end(), sysroot.begin(), sysroot.end());
        argv.push_back(input);
        auto r = runner.run(argv, environment, options.timeout);
        entry.json = r.out;
        if (r.out.empty()) entry.error = "check " + describe_failure(r);
      }
      parts.checks.push_back(std::move(entry));
    }
    if (fd >= 0) ::unlink(path);
  }
  return parts;
}

}  // namespace archfit::fleet
