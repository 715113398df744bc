#include "fleet/node_report.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

namespace archfit::fleet {

namespace {

using nlohmann::json;

std::string dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

// An embedded document, or null when the text is not JSON (kept as an error instead).
json embedded(const std::string& text, std::string_view what, std::vector<std::string>& errors) {
  if (text.empty()) return nullptr;
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) {
    errors.push_back(fmt::format("{} printed no JSON document", what));
    return nullptr;
  }
  return doc;
}

// Typed look-ups that never throw: a node's report is untrusted.
const json* member(const json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}
std::string string_at(const json& object, std::string_view key) {
  const json* v = member(object, key);
  return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
}
const json& object_at(const json& object, std::string_view key) {
  static const json empty = json::object();
  const json* v = member(object, key);
  return v != nullptr && v->is_object() ? *v : empty;
}
const json& array_at(const json& object, std::string_view key) {
  static const json empty = json::array();
  const json* v = member(object, key);
  return v != nullptr && v->is_array() ? *v : empty;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  for (char c : text + ";") {
    if (c == ';' || c == ' ' || c == ',') {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  return out;
}

std::string or_unknown(std::string text) { return text.empty() ? "unknown" : text; }

// The version of the install doctor selected (facts.rocm / facts.cuda), else of the only one.
std::string selected_version(const json& facts, std::string_view group, std::string_view id_key) {
  const json& section = object_at(facts, group);
  const json& installs = array_at(section, "installs");
  std::string selected = string_at(section, "selected");
  for (const auto& install : installs) {
    if (!selected.empty() && string_at(install, id_key) == selected) return string_at(install, "version");
  }
  return installs.size() == 1 ? string_at(installs[0], "version") : std::string();
}

void read_detect(const json& detect, NodeSummary& node) {
  if (string_at(detect, "schema") != "archfit.detect/1") {
    std::string error = string_at(detect, "error");
    node.errors.push_back(error.empty() ? "no detect report" : "detect failed: " + error);
    return;
  }
  std::set<std::string> targets, ids;
  for (const auto& gpu : array_at(detect, "gpus")) {
    const json* visible = member(gpu, "visible");
    if (visible != nullptr && visible->is_boolean() && !visible->get<bool>()) continue;
    std::string target = string_at(gpu, "target");
    targets.insert(target.empty() ? "unknown" : target);
    std::string id = string_at(gpu, "target_id");
    ids.insert(id.empty() ? or_unknown(target) : id);
  }
  node.targets.assign(targets.begin(), targets.end());
  node.target_ids.assign(ids.begin(), ids.end());
  const json& build = object_at(detect, "build_targets");
  node.rocm_arch = split_list(string_at(build, "PYTORCH_ROCM_ARCH"));
  node.cuda_arch = split_list(string_at(build, "TORCH_CUDA_ARCH_LIST"));
  const json& drivers = object_at(detect, "drivers");
  std::vector<std::string> driver;
  if (auto v = string_at(drivers, "nvidia"); !v.empty()) driver.push_back("nvidia " + v);
  if (auto v = string_at(drivers, "amdgpu"); !v.empty()) driver.push_back("amdgpu " + v);
  node.facts["driver"] = driver.empty() ? "unknown" : fmt::format("{}", fmt::join(driver, ", "));
  const json& host = object_at(detect, "host");
  node.facts["glibc"] = or_unknown(string_at(host, "glibc"));
  node.facts["libstdc++"] = or_unknown(string_at(object_at(object_at(host, "libstdcxx"), "highest"), "GLIBCXX"));
}

void read_doctor(const json& doctor, NodeSummary& node) {
  if (string_at(doctor, "schema") != "archfit.doctor/1") {
    std::string error = string_at(doctor, "error");
    node.errors.push_back(error.empty() ? "no doctor report" : "doctor failed: " + error);
    return;
  }
  for (const auto& check : array_at(doctor, "checks")) {
    std::string status = string_at(check, "status");
    if (status == "pass") continue;
    node.doctor.push_back({or_unknown(string_at(check, "id")), or_unknown(status), string_at(check, "seen")});
  }
  const json& facts = object_at(doctor, "facts");
  node.facts["rocm"] = or_unknown(selected_version(facts, "rocm", "root"));
  node.facts["cuda"] = or_unknown(selected_version(facts, "cuda", "nvcc"));
  const json& python = object_at(facts, "python");
  node.facts["python"] = or_unknown(string_at(python, "version"));
  node.facts["torch"] = or_unknown(string_at(object_at(python, "packages"), "torch"));
}

// "fails" when check says the input will fail here, naming the targets without code and the load
// problems; "unknown" when it could not judge (opaque code, or no check report).
NodeVerdict read_check(const std::string& input, const json& report, const std::string& error) {
  NodeVerdict verdict{input, "unknown", {}};
  if (string_at(report, "schema") != "archfit.check/1") {
    std::string why = error.empty() ? string_at(report, "error") : error;
    verdict.failing.push_back(why.empty() ? "no check report" : why);
    return verdict;
  }
  std::set<std::string> failing;
  bool opaque = false;
  for (const auto& result : array_at(report, "results")) {
    std::string v = string_at(result, "verdict");
    if (v == "no-code") failing.insert(fmt::format("{}, no code", or_unknown(string_at(result, "target"))));
    if (v == "opaque") opaque = true;
  }
  for (const auto& load : array_at(report, "load")) {
    for (const auto& problem : array_at(load, "problems")) {
      std::string needed = string_at(problem, "needed");
      failing.insert(fmt::format("{} {}", or_unknown(string_at(problem, "kind")), or_unknown(needed)));
    }
  }
  const json* will_fail = member(report, "will_fail");
  bool fails = will_fail != nullptr && will_fail->is_boolean() && will_fail->get<bool>();
  verdict.failing.assign(failing.begin(), failing.end());
  verdict.verdict = fails ? "fails" : opaque && failing.empty() ? "unknown" : "runs";
  return verdict;
}

}  // namespace

NodeVerdict verdict_from_check_json(const std::string& input, std::string_view json_text) {
  json report = json::parse(json_text, nullptr, false);
  return read_check(input, report.is_discarded() ? json::object() : report,
                    report.is_discarded() ? "check printed no JSON document" : "");
}

const std::vector<std::string>& drift_fact_names() {
  static const std::vector<std::string> names = {"driver", "rocm", "cuda", "glibc", "libstdc++", "python", "torch"};
  return names;
}

bool is_plain_node_name(std::string_view name) {
  if (name.empty() || name.size() > 64 || name == "." || name == ".." || name.front() == '-') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
  });
}

std::string node_report_json(const NodeReportParts& parts) {
  std::vector<std::string> errors = parts.errors;
  json doc = json::object();
  doc["schema"] = k_node_schema;
  doc["node"] = parts.node;
  doc["status"] = "ok";
  doc["archfit_version"] = parts.archfit_version;
  doc["detect"] = embedded(parts.detect_json, "detect", errors);
  doc["doctor"] = embedded(parts.doctor_json, "doctor", errors);
  json checks = json::array();
  for (const auto& check : parts.checks) {
    json entry = {{"input", check.input}};
    entry["report"] = embedded(check.json, "check " + check.input, errors);
    entry["error"] = check.error.empty() ? json(nullptr) : json(check.error);
    checks.push_back(std::move(entry));
  }
  doc["checks"] = std::move(checks);
  doc["errors"] = errors;
  doc["failure"] = nullptr;
  return dump(doc) + "\n";
}

std::string node_failure_json(const NodeFailure& failure) {
  json doc = json::object();
  doc["schema"] = k_node_schema;
  doc["node"] = failure.node;
  doc["status"] = "failed";
  doc["detect"] = nullptr;
  doc["doctor"] = nullptr;
  doc["checks"] = json::array();
  doc["errors"] = json::array();
  json f = {{"reason", failure.reason}, {"stderr", failure.stderr_text}};
  f["state"] = failure.state.empty() ? json(nullptr) : json(failure.state);
  f["exit_code"] = failure.exit_code ? json(*failure.exit_code) : json(nullptr);
  doc["failure"] = std::move(f);
  return dump(doc) + "\n";
}

Result<NodeSummary> read_node_report(std::string_view text, std::string_view file_name) {
  if (text.size() > k_max_node_report_bytes) {
    return Error{fmt::format("{}: {} bytes, more than a node report's limit of {} bytes", file_name, text.size(),
                             k_max_node_report_bytes)};
  }
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) {
    return Error{fmt::format("{}: not a complete JSON document (truncated or not JSON)", file_name)};
  }
  if (string_at(doc, "schema") != k_node_schema) {
    return Error{fmt::format("{}: not an archfit node report (no \"schema\": \"{}\")", file_name, k_node_schema)};
  }
  NodeSummary node;
  node.file = std::string(file_name);
  node.name = string_at(doc, "node");
  if (!is_plain_node_name(node.name)) {
    return Error{fmt::format("{}: node name {} is not a plain host name ([A-Za-z0-9._-], at most 64)", file_name,
                             dump(json(node.name)))};
  }
  if (file_name != node.name + ".json") {
    return Error{fmt::format("{}: names node '{}', but a node's report is <node>.json", file_name, node.name)};
  }
  for (const auto& fact : drift_fact_names()) node.facts[fact] = "unknown";
  node.status = string_at(doc, "status");
  if (node.status == "failed") {
    const json& failure = object_at(doc, "failure");
    node.failure_reason = or_unknown(string_at(failure, "reason"));
    node.state = string_at(failure, "state");
    node.stderr_text = string_at(failure, "stderr");
    if (const json* code = member(failure, "exit_code"); code != nullptr && code->is_number_integer()) {
      node.exit_code = code->get<int>();
    }
    return node;
  }
  if (node.status != "ok") {
    return Error{fmt::format("{}: status {} is neither ok nor failed", file_name, dump(json(node.status)))};
  }
  for (const auto& error : array_at(doc, "errors")) {
    if (error.is_string()) node.errors.push_back(error.get<std::string>());
  }
  read_detect(object_at(doc, "detect"), node);
  read_doctor(object_at(doc, "doctor"), node);
  for (const auto& entry : array_at(doc, "checks")) {
    node.verdicts.push_back(read_check(string_at(entry, "input"), object_at(entry, "report"), string_at(entry, "error")));
  }
  return node;
}

}  // namespace archfit::fleet
