#include "fleet/fleet_report.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <system_error>
#include <thread>
#include <unordered_map>

#include <fmt/format.h>

#include "model/target_order.hpp"
#include "util/input_file.hpp"

namespace archfit::fleet {

namespace {

std::vector<TargetGroup> group_by_targets(const std::vector<NodeSummary>& nodes) {
  std::map<std::vector<std::string>, std::vector<std::string>> by_set;
  for (const auto& node : nodes) {
    if (node.status == NodeStatus::ok) by_set[node.targets].push_back(node.name);
  }
  std::vector<TargetGroup> groups;
  for (auto& [targets, names] : by_set) groups.push_back({targets, std::move(names)});
  std::stable_sort(groups.begin(), groups.end(),
                   [](const TargetGroup& a, const TargetGroup& b) { return a.nodes.size() > b.nodes.size(); });
  return groups;
}

std::vector<DriftRow> find_drift(const std::vector<NodeSummary>& nodes) {
  std::vector<DriftRow> rows;
  for (const auto& fact : drift_fact_names()) {
    std::map<std::string, std::vector<std::string>> by_value;
    for (const auto& node : nodes) {
      if (node.status != NodeStatus::ok) continue;
      auto it = node.facts.find(fact);
      by_value[it == node.facts.end() ? "unknown" : it->second].push_back(node.name);
    }
    if (by_value.size() < 2) continue;
    DriftRow row{fact, {}};
    for (auto& [value, names] : by_value) row.values.push_back({value, std::move(names)});
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<CheckRow> find_checks(const std::vector<NodeSummary>& nodes) {
  std::map<std::pair<std::string, model::Status>, CheckRow> rows;
  for (const auto& node : nodes) {
    if (node.status != NodeStatus::ok) continue;
    for (const auto& check : node.doctor) {
      auto& row = rows[{check.id, check.status}];
      if (row.nodes.empty()) row = CheckRow{check.id, check.status, check.seen, {}};
      row.nodes.push_back(node.name);
    }
  }
  std::vector<CheckRow> out;
  for (auto& [key, row] : rows) out.push_back(std::move(row));
  // Worst first: fail, warn, unknown, skip (model::severity_rank); by id within one status.
  std::stable_sort(out.begin(), out.end(), [](const CheckRow& a, const CheckRow& b) {
    return model::severity_rank(a.status) > model::severity_rank(b.status);
  });
  return out;
}

}  // namespace

std::vector<InputVerdicts> group_verdicts(const std::vector<NodeSummary>& nodes) {
  std::map<std::string, std::map<std::pair<std::string, std::vector<std::string>>, std::vector<std::string>>> by_input;
  for (const auto& node : nodes) {
    if (node.status != NodeStatus::ok) continue;
    for (const auto& verdict : node.verdicts) by_input[verdict.input][{verdict.verdict, verdict.failing}].push_back(node.name);
  }
  std::vector<InputVerdicts> out;
  auto rank = [](const std::string& v) { return v == "fails" ? 0 : v == "unknown" ? 1 : 2; };
  for (auto& [input, groups] : by_input) {
    InputVerdicts entry{input, {}, {}};
    std::set<std::string> seen;
    for (auto& [key, names] : groups) {
      seen.insert(names.begin(), names.end());
      entry.groups.push_back({key.first, key.second, std::move(names)});
    }
    std::stable_sort(entry.groups.begin(), entry.groups.end(),
                     [&](const VerdictGroup& a, const VerdictGroup& b) { return rank(a.verdict) < rank(b.verdict); });
    for (const auto& node : nodes) {
      if (node.status == NodeStatus::ok && !seen.count(node.name)) entry.not_checked.push_back(node.name);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

namespace {

std::string join_union(const std::vector<NodeSummary>& nodes, bool cuda) {
  std::set<std::string> all;
  for (const auto& node : nodes) {
    if (node.status != NodeStatus::ok) continue;
    const auto& list = cuda ? node.cuda_arch : node.rocm_arch;
    all.insert(list.begin(), list.end());
  }
  // Natural order (model/target_order.hpp): 8.6 < 9.0 < 12.0, gfx90a < gfx942 < gfx1030.
  std::vector<std::string> sorted(all.begin(), all.end());
  std::sort(sorted.begin(), sorted.end(), [](const std::string& a, const std::string& b) { return model::target_less(a, b); });
  std::string joined;
  for (const auto& item : sorted) joined += (joined.empty() ? "" : ";") + item;
  return joined;
}

}  // namespace

namespace {

// One file's outcome: its summary, or why it is rejected (`error`, naming the file).
struct ReadOutcome {
  std::optional<NodeSummary> node;
  std::string error;
};

ReadOutcome read_one(const ReportFile& file) {
  if (!file.read_error.empty()) return {std::nullopt, file.name + ": " + file.read_error};
  auto node = read_node_report(file.text, file.name);
  if (!node) return {std::nullopt, node.error().message};
  return {std::move(*node), ""};
}

// Reads DIR/NAME into `text` (reused between files): at most k_max_node_report_bytes, opened
// without blocking and refused unless a regular file. Empty when it was read.
std::string read_report_file(const std::string& dir, const std::string& name, std::string& text) {
  auto opened = open_input(dir + "/" + name);
  if (!opened) return opened.error().message;
  auto size = static_cast<std::uint64_t>(opened->info.st_size);
  if (size > k_max_node_report_bytes) {
    return fmt::format("{} bytes, more than a node report's limit of {} bytes", size, k_max_node_report_bytes);
  }
  // One byte more than the size, to notice a file that grew after fstat.
  text.resize(static_cast<std::size_t>(size) + 1);
  std::size_t got = 0;
  while (got < text.size()) {
    ssize_t n = ::read(opened->fd.get(), text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fmt::format("read error: {}", std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got > size) return "changed while it was read";
  text.resize(got);
  return "";
}

model::Finding problem(std::string id, std::string title, std::string origin, std::string seen,
                       model::Status status = model::Status::fail) {
  model::Finding finding;
  finding.id = std::move(id);
  finding.status = status;
  finding.title = std::move(title);
  finding.seen = std::move(seen);
  finding.origin = std::move(origin);
  return finding;
}

// The outcomes in file order to one report: the rejected files and the second report of a node
// become "rejected" nodes with their error; the rest aggregate.
FleetReport aggregate(const std::vector<std::string>& names, std::vector<ReadOutcome>& outcomes) {
  FleetReport report;
  report.nodes.reserve(outcomes.size());
  std::unordered_map<std::string, std::size_t> index;  // node name -> position in report.nodes
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const std::string& file = names[i];
    auto reject = [&](std::string why) {
      std::string stem = file.size() > 5 ? file.substr(0, file.size() - 5) : file;
      NodeSummary rejected;
      rejected.name = is_plain_node_name(stem) ? stem : "";
      rejected.file = file;
      rejected.status = NodeStatus::rejected;
      rejected.failure_reason = why;
      report.problems.push_back(problem("fleet.rejected", "rejected report", rejected.name.empty() ? file : rejected.name, why));
      report.nodes.push_back(std::move(rejected));
    };
    ReadOutcome& outcome = outcomes[i];
    if (!outcome.node) {
      reject(std::move(outcome.error));
      continue;
    }
    NodeSummary& node = *outcome.node;
    if (auto seen = index.find(node.name); seen != index.end()) {
      reject(fmt::format("{}: a second report for node '{}' (first: {})", file, node.name,
                         report.nodes[seen->second].file));
      continue;
    }
    for (const auto& error : node.errors) {
      report.problems.push_back(problem("fleet.node-error", "node report", node.name, fmt::format("{}: {}", node.name, error)));
    }
    index.emplace(node.name, report.nodes.size());
    report.nodes.push_back(std::move(node));
  }
  std::stable_sort(report.nodes.begin(), report.nodes.end(),
                   [](const NodeSummary& a, const NodeSummary& b) { return a.name < b.name; });
  report.groups = group_by_targets(report.nodes);
  report.pytorch_rocm_arch = join_union(report.nodes, false);
  report.torch_cuda_arch_list = join_union(report.nodes, true);
  report.drift = find_drift(report.nodes);
  report.checks = find_checks(report.nodes);
  report.verdicts = group_verdicts(report.nodes);
  return report;
}

}  // namespace

FleetReport aggregate_node_reports(const std::vector<ReportFile>& files) {
  std::vector<std::string> names;
  std::vector<ReadOutcome> outcomes;
  for (const auto& file : files) {
    names.push_back(file.name);
    outcomes.push_back(read_one(file));
  }
  return aggregate(names, outcomes);
}

Result<FleetReport> read_report_directory(const std::string& dir, unsigned threads) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) return Error{fmt::format("{}: cannot list the directory: {}", dir, ec.message())};
  std::vector<std::string> names;
  for (const auto& entry : it) {
    std::string name = entry.path().filename().string();
    if (name.starts_with(".") || !name.ends_with(".json")) continue;
    names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  // Files are read and summarised by a few workers; only the summaries are kept (a node report's
  // text is ~10 KB, its summary a few hundred bytes), so memory does not grow with the reports' size.
  std::vector<ReadOutcome> outcomes(names.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    std::string text;
    for (std::size_t i = next++; i < names.size(); i = next++) {
      ReportFile file{names[i], "", ""};
      file.read_error = read_report_file(dir, names[i], text);
      file.text.swap(text);
      try {
        outcomes[i] = read_one(file);
      } catch (const std::bad_alloc&) {
        outcomes[i] = {std::nullopt, names[i] + ": out of memory while reading it"};
      }
      text.swap(file.text);
    }
  };
  unsigned count = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  // A worker per 256 files at most: thread start-up is not worth it for a few reports.
  count = static_cast<unsigned>(std::clamp<std::size_t>(names.size() / 256, 1, std::min(count, 16u)));
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 0; count > 1 && t < count; ++t) {
      try {
        pool.emplace_back(worker);
      } catch (const std::system_error&) {
        break;  // no more threads: those started (or this one) take the rest
      }
    }
    if (pool.empty()) worker();
  }
  return aggregate(names, outcomes);
}

model::Finding not_judged(std::string node, std::string why) {
  std::string seen = node + ": " + why;
  return problem("fleet.not-judged", "node", std::move(node), std::move(seen), model::Status::unknown);
}

std::vector<std::string> problem_lines(const std::vector<model::Finding>& problems) {
  std::vector<std::string> lines;
  lines.reserve(problems.size());
  for (const auto& finding : problems) lines.push_back(finding.seen);
  return lines;
}

}  // namespace archfit::fleet
