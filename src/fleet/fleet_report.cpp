#include "fleet/fleet_report.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <fmt/format.h>

namespace archfit::fleet {

namespace {

// CUDA arch list entries in numeric order ("8.6" < "9.0" < "10.0" < "12.0"; "+PTX" / "a" kept).
bool cuda_arch_less(const std::string& a, const std::string& b) {
  auto number = [](const std::string& s) { return std::strtod(s.c_str(), nullptr); };
  double x = number(a), y = number(b);
  return x != y ? x < y : a < b;
}

std::vector<TargetGroup> group_by_targets(const std::vector<NodeSummary>& nodes) {
  std::map<std::vector<std::string>, std::vector<std::string>> by_set;
  for (const auto& node : nodes) {
    if (node.status == "ok") by_set[node.targets].push_back(node.name);
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
      if (node.status != "ok") continue;
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
  std::map<std::pair<std::string, std::string>, CheckRow> rows;
  for (const auto& node : nodes) {
    if (node.status != "ok") continue;
    for (const auto& check : node.doctor) {
      auto& row = rows[{check.id, check.status}];
      if (row.nodes.empty()) row = CheckRow{check.id, check.status, check.seen, {}};
      row.nodes.push_back(node.name);
    }
  }
  std::vector<CheckRow> out;
  for (auto& [key, row] : rows) out.push_back(std::move(row));
  auto rank = [](const std::string& status) { return status == "fail" ? 0 : status == "warn" ? 1 : 2; };
  std::stable_sort(out.begin(), out.end(),
                   [&](const CheckRow& a, const CheckRow& b) { return rank(a.status) < rank(b.status); });
  return out;
}

}  // namespace

std::vector<InputVerdicts> group_verdicts(const std::vector<NodeSummary>& nodes) {
  std::map<std::string, std::map<std::pair<std::string, std::vector<std::string>>, std::vector<std::string>>> by_input;
  for (const auto& node : nodes) {
    if (node.status != "ok") continue;
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
      if (node.status == "ok" && !seen.count(node.name)) entry.not_checked.push_back(node.name);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

namespace {

std::string join_union(const std::vector<NodeSummary>& nodes, bool cuda) {
  std::set<std::string> all;
  for (const auto& node : nodes) {
    if (node.status != "ok") continue;
    const auto& list = cuda ? node.cuda_arch : node.rocm_arch;
    all.insert(list.begin(), list.end());
  }
  std::vector<std::string> sorted(all.begin(), all.end());
  if (cuda) std::sort(sorted.begin(), sorted.end(), cuda_arch_less);
  std::string joined;
  for (const auto& item : sorted) joined += (joined.empty() ? "" : ";") + item;
  return joined;
}

}  // namespace

FleetReport aggregate_node_reports(const std::vector<ReportFile>& files) {
  FleetReport report;
  std::map<std::string, std::size_t> index;  // node name -> position in report.nodes
  for (const auto& file : files) {
    std::string stem = file.name.size() > 5 ? file.name.substr(0, file.name.size() - 5) : file.name;
    auto reject = [&](const std::string& why) {
      report.errors.push_back(why);
      NodeSummary rejected;
      rejected.name = is_plain_node_name(stem) ? stem : "";
      rejected.file = file.name;
      rejected.status = "rejected";
      rejected.failure_reason = why;
      report.nodes.push_back(std::move(rejected));
    };
    if (!file.read_error.empty()) {
      reject(file.name + ": " + file.read_error);
      continue;
    }
    auto node = read_node_report(file.text, file.name);
    if (!node) {
      reject(node.error().message);
      continue;
    }
    if (index.count(node->name)) {
      reject(fmt::format("{}: a second report for node '{}' (first: {})", file.name, node->name,
                         report.nodes[index[node->name]].file));
      continue;
    }
    for (const auto& error : node->errors) report.errors.push_back(fmt::format("{}: {}", node->name, error));
    index[node->name] = report.nodes.size();
    report.nodes.push_back(std::move(*node));
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

Result<FleetReport> read_report_directory(const std::string& dir) {
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
  std::vector<ReportFile> files;
  for (const auto& name : names) {
    ReportFile file{name, "", ""};
    fs::path path = fs::path(dir) / name;
    std::error_code size_ec;
    if (!fs::is_regular_file(path, size_ec)) {
      file.read_error = "not a regular file";
    } else if (auto size = fs::file_size(path, size_ec); size_ec || size > k_max_node_report_bytes) {
      file.read_error = size_ec ? "cannot read its size"
                                : fmt::format("{} bytes, more than a node report's limit of {} bytes", size,
                                              k_max_node_report_bytes);
    } else {
      std::ifstream in(path, std::ios::binary);
      file.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      if (!in.good() && !in.eof()) file.read_error = "read error";
    }
    files.push_back(std::move(file));
  }
  return aggregate_node_reports(files);
}

}  // namespace archfit::fleet
