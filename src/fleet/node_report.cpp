#include "fleet/node_report.hpp"

#include <algorithm>
#include <climits>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "util/json_pull.hpp"

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

// The members of a node report that `fleet report` uses, read in one pass over the text with
// JsonPull (no tree: node reports are read by the ten thousand). A member of the wrong type counts
// as absent; a member given twice counts once, with its last value, as in a JSON parser's tree.

// doctor's facts.rocm / facts.cuda: {"installs": [{<id_key>, "version"}], "selected": <id>}.
struct Installs {
  std::vector<std::pair<std::string, std::string>> installs;  // (id, version)
  std::string selected;
};

Installs read_installs(JsonPull& in, std::string_view id_key) {
  Installs out;
  in.object([&](std::string_view key) {
    if (key == "selected") {
      out.selected = in.text();
    } else if (key == "installs") {
      out.installs.clear();
      in.array([&] {
        std::pair<std::string, std::string> install;
        in.object([&](std::string_view k) {
          if (k == id_key) install.first = in.text();
          if (k == "version") install.second = in.text();
        });
        out.installs.push_back(std::move(install));
      });
    }
  });
  return out;
}

// The version of the install doctor selected, else of the only one.
std::string selected_version(const Installs& installs) {
  for (const auto& [id, version] : installs.installs) {
    if (!installs.selected.empty() && id == installs.selected) return version;
  }
  return installs.installs.size() == 1 ? installs.installs[0].second : std::string();
}

struct DetectPart {
  std::string schema, error;
  std::set<std::string> targets, ids;
  std::string rocm_arch, cuda_arch, nvidia, amdgpu, glibc, glibcxx;
};

DetectPart read_detect(JsonPull& in) {
  DetectPart d;
  in.object([&](std::string_view key) {
    if (key == "schema") {
      d.schema = in.text();
    } else if (key == "error") {
      d.error = in.text();
    } else if (key == "gpus") {
      d.targets.clear();
      d.ids.clear();
      in.array([&] {
        std::optional<bool> visible;
        std::string target, id;
        bool is_object = in.object([&](std::string_view k) {
          if (k == "visible") visible = in.boolean();
          if (k == "target") target = in.text();
          if (k == "target_id") id = in.text();
        });
        if (!is_object || (visible && !*visible)) return;
        d.targets.insert(target.empty() ? "unknown" : target);
        d.ids.insert(id.empty() ? or_unknown(target) : id);
      });
    } else if (key == "build_targets") {
      in.object([&](std::string_view k) {
        if (k == "PYTORCH_ROCM_ARCH") d.rocm_arch = in.text();
        if (k == "TORCH_CUDA_ARCH_LIST") d.cuda_arch = in.text();
      });
    } else if (key == "drivers") {
      in.object([&](std::string_view k) {
        if (k == "nvidia") d.nvidia = in.text();
        if (k == "amdgpu") d.amdgpu = in.text();
      });
    } else if (key == "host") {
      in.object([&](std::string_view k) {
        if (k == "glibc") {
          d.glibc = in.text();
        } else if (k == "libstdcxx") {
          in.object([&](std::string_view l) {
            if (l != "highest") return;
            in.object([&](std::string_view h) {
              if (h == "GLIBCXX") d.glibcxx = in.text();
            });
          });
        }
      });
    }
  });
  return d;
}

void apply_detect(const DetectPart& d, NodeSummary& node) {
  if (d.schema != "archfit.detect/1") {
    node.errors.push_back(d.error.empty() ? "no detect report" : "detect failed: " + d.error);
    return;
  }
  node.targets.assign(d.targets.begin(), d.targets.end());
  node.target_ids.assign(d.ids.begin(), d.ids.end());
  node.rocm_arch = split_list(d.rocm_arch);
  node.cuda_arch = split_list(d.cuda_arch);
  std::vector<std::string> driver;
  if (!d.nvidia.empty()) driver.push_back("nvidia " + d.nvidia);
  if (!d.amdgpu.empty()) driver.push_back("amdgpu " + d.amdgpu);
  node.facts["driver"] = driver.empty() ? "unknown" : fmt::format("{}", fmt::join(driver, ", "));
  node.facts["glibc"] = or_unknown(d.glibc);
  node.facts["libstdc++"] = or_unknown(d.glibcxx);
}

struct DoctorPart {
  std::string schema, error;
  std::vector<DoctorCheckSeen> checks;  // not PASS
  Installs rocm, cuda;
  std::string python, torch;
};

DoctorPart read_doctor(JsonPull& in) {
  DoctorPart d;
  in.object([&](std::string_view key) {
    if (key == "schema") {
      d.schema = in.text();
    } else if (key == "error") {
      d.error = in.text();
    } else if (key == "checks") {
      d.checks.clear();
      in.array([&] {
        DoctorCheckSeen check;
        std::string status;
        in.object([&](std::string_view k) {
          if (k == "id") check.id = in.text();
          if (k == "status") status = in.text();
          if (k == "seen") check.seen = in.text();
        });
        // model's spelling; anything else (absent, "PASS", a newer archfit's word) is unknown, never pass.
        check.status = model::status_from_name(status).value_or(model::Status::unknown);
        if (check.status == model::Status::pass) return;
        check.id = or_unknown(std::move(check.id));
        d.checks.push_back(std::move(check));
      });
    } else if (key == "facts") {
      in.object([&](std::string_view k) {
        if (k == "rocm") {
          d.rocm = read_installs(in, "root");
        } else if (k == "cuda") {
          d.cuda = read_installs(in, "nvcc");
        } else if (k == "python") {
          in.object([&](std::string_view p) {
            if (p == "version") {
              d.python = in.text();
            } else if (p == "packages") {
              in.object([&](std::string_view package) {
                if (package == "torch") d.torch = in.text();
              });
            }
          });
        }
      });
    }
  });
  return d;
}

void apply_doctor(DoctorPart& d, NodeSummary& node) {
  if (d.schema != "archfit.doctor/1") {
    node.errors.push_back(d.error.empty() ? "no doctor report" : "doctor failed: " + d.error);
    return;
  }
  node.doctor = std::move(d.checks);
  node.facts["rocm"] = or_unknown(selected_version(d.rocm));
  node.facts["cuda"] = or_unknown(selected_version(d.cuda));
  node.facts["python"] = or_unknown(d.python);
  node.facts["torch"] = or_unknown(d.torch);
}

// An archfit.check/1 document: what a verdict needs of it.
struct CheckPart {
  std::string schema, error;
  std::set<std::string> failing;  // "gfx90a, no code", "glibc GLIBC_2.38"
  bool opaque = false;
  bool will_fail = false;
};

CheckPart read_check_report(JsonPull& in) {
  CheckPart c;
  in.object([&](std::string_view key) {
    if (key == "schema") {
      c.schema = in.text();
    } else if (key == "error") {
      c.error = in.text();
    } else if (key == "will_fail") {
      c.will_fail = in.boolean().value_or(false);
    } else if (key == "results") {
      in.array([&] {
        std::string verdict, target;
        in.object([&](std::string_view k) {
          if (k == "verdict") verdict = in.text();
          if (k == "target") target = in.text();
        });
        if (verdict == "no-code") c.failing.insert(fmt::format("{}, no code", or_unknown(target)));
        if (verdict == "opaque") c.opaque = true;
      });
    } else if (key == "load") {
      in.array([&] {
        in.object([&](std::string_view k) {
          if (k != "problems") return;
          in.array([&] {
            std::string kind, needed;
            in.object([&](std::string_view p) {
              if (p == "kind") kind = in.text();
              if (p == "needed") needed = in.text();
            });
            c.failing.insert(fmt::format("{} {}", or_unknown(kind), or_unknown(needed)));
          });
        });
      });
    }
  });
  return c;
}

// "fails" when check says the input will fail here, naming the targets without code and the load
// problems; "unknown" when it could not judge (opaque code, or no check report).
NodeVerdict verdict_of(const std::string& input, const CheckPart& report, const std::string& error) {
  NodeVerdict verdict{input, "unknown", {}};
  if (report.schema != "archfit.check/1") {
    std::string why = error.empty() ? report.error : error;
    verdict.failing.push_back(why.empty() ? "no check report" : why);
    return verdict;
  }
  verdict.failing.assign(report.failing.begin(), report.failing.end());
  verdict.verdict = report.will_fail ? "fails" : report.opaque && report.failing.empty() ? "unknown" : "runs";
  return verdict;
}

}  // namespace

NodeVerdict verdict_from_check_json(const std::string& input, std::string_view json_text) {
  JsonPull in(json_text);
  CheckPart report = read_check_report(in);
  if (!in.finish()) return verdict_of(input, CheckPart{}, "check printed no JSON document");
  return verdict_of(input, report, "");
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
  doc["status"] = node_status_name(NodeStatus::ok);
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
  doc["status"] = node_status_name(NodeStatus::failed);
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
  // One pass over the whole text; what a failed node's record or an ok node's report needs is kept.
  std::string schema, name, status;
  std::vector<std::string> errors;
  std::string failure_reason, failure_state, failure_stderr;
  std::optional<int> exit_code;
  DetectPart detect;
  DoctorPart doctor;
  std::vector<std::tuple<std::string, CheckPart, std::string>> checks;  // input, report, error
  JsonPull in(text);
  in.object([&](std::string_view key) {
    if (key == "schema") {
      schema = in.text();
    } else if (key == "node") {
      name = in.text();
    } else if (key == "status") {
      status = in.text();
    } else if (key == "errors") {
      errors.clear();
      in.array([&] {
        if (auto error = in.string()) errors.push_back(std::move(*error));
      });
    } else if (key == "failure") {
      in.object([&](std::string_view k) {
        if (k == "reason") failure_reason = in.text();
        if (k == "state") failure_state = in.text();
        if (k == "stderr") failure_stderr = in.text();
        if (k == "exit_code") {
          auto code = in.integer();
          exit_code = code && *code >= INT_MIN && *code <= INT_MAX ? std::optional<int>(static_cast<int>(*code))
                                                                    : std::nullopt;
        }
      });
    } else if (key == "detect") {
      detect = read_detect(in);
    } else if (key == "doctor") {
      doctor = read_doctor(in);
    } else if (key == "checks") {
      checks.clear();
      in.array([&] {
        std::tuple<std::string, CheckPart, std::string> entry;
        in.object([&](std::string_view k) {
          if (k == "input") std::get<0>(entry) = in.text();
          if (k == "report") std::get<1>(entry) = read_check_report(in);
          if (k == "error") std::get<2>(entry) = in.text();
        });
        checks.push_back(std::move(entry));
      });
    }
  });
  if (!in.finish()) {
    return Error{fmt::format("{}: not a complete JSON document (truncated or not JSON): {}", file_name, in.error())};
  }
  if (schema != k_node_schema) {
    return Error{fmt::format("{}: not an archfit node report (no \"schema\": \"{}\")", file_name, k_node_schema)};
  }
  NodeSummary node;
  node.file = std::string(file_name);
  node.name = std::move(name);
  if (!is_plain_node_name(node.name)) {
    return Error{fmt::format("{}: node name {} is not a plain host name ([A-Za-z0-9._-], at most 64)", file_name,
                             dump(json(node.name)))};
  }
  if (file_name != node.name + ".json") {
    return Error{fmt::format("{}: names node '{}', but a node's report is <node>.json", file_name, node.name)};
  }
  for (const auto& fact : drift_fact_names()) node.facts[fact] = "unknown";
  if (status == node_status_name(NodeStatus::failed)) {
    node.status = NodeStatus::failed;
    node.failure_reason = or_unknown(std::move(failure_reason));
    node.state = std::move(failure_state);
    node.stderr_text = std::move(failure_stderr);
    node.exit_code = exit_code;
    return node;
  }
  if (status != node_status_name(NodeStatus::ok)) {
    return Error{fmt::format("{}: status {} is neither ok nor failed", file_name, dump(json(status)))};
  }
  node.status = NodeStatus::ok;
  node.errors = std::move(errors);
  apply_detect(detect, node);
  apply_doctor(doctor, node);
  for (const auto& [input, report, error] : checks) node.verdicts.push_back(verdict_of(input, report, error));
  return node;
}

}  // namespace archfit::fleet
