#include "report/bug_report.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check/checker.hpp"
#include "detect/detect_findings.hpp"
#include "report/check_findings.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"
#include "report/detect_json.hpp"
#include "report/detect_text.hpp"
#include "report/doctor_json.hpp"
#include "report/doctor_text.hpp"
#include "report/finding_json.hpp"
#include "report/finding_markdown.hpp"
#include "util/text_lines.hpp"

namespace archfit::report {

namespace {

using model::Finding;
using model::Status;

// ---- judging ----

int origin_rank(const std::string& origin) {
  return origin.starts_with("detect") ? 0 : origin.starts_with("doctor") ? 1 : 2;
}

void add_detect_findings(const detect::DetectReport& detect, std::vector<Finding>& out) {
  for (const auto& item : detect.findings) {
    if (item.severity == detect::Severity::info) {
      continue;
    }
    Finding finding = detect::detect_finding(item);  // title, rule and source from data/detect_findings.tsv
    finding.id = "detect." + item.id;
    finding.origin = "detect";
    out.push_back(std::move(finding));
  }
}

void add_doctor_findings(const doctor::DoctorReport& doctor, std::vector<Finding>& out) {
  for (const auto& check : doctor.checks) {
    if (check.status == Status::pass || check.status == Status::skip) {
      continue;
    }
    out.push_back(check);  // a doctor check is a Finding
    out.back().origin = "doctor";
  }
}

// check's own findings (report/check_findings.hpp): one per repeated cause (19 libraries of a CUDA
// torch that all miss libcudart.so.12), a vendor mismatch one finding of its own; those that need
// attention; jit and opaque code runs (or may): check's own section lists them.
void add_check_findings(const check::CheckReport& check, std::vector<Finding>& out) {
  for (auto& finding : check_findings(check)) {
    if (finding.ok() || (finding.id.starts_with("check.gpu-code.") && finding.status != Status::fail)) {
      continue;
    }
    Finding judged = finding;  // the details stay in check's own section
    judged.group.clear();
    judged.origin = "check --python";
    out.push_back(std::move(judged));
  }
}

// ---- Markdown ----

// Markdown's escaping and code spans are finding_markdown's.
constexpr auto& md = markdown_escape;
constexpr auto& code_span = markdown_code_span;

// A fence longer than any run of backticks in `text`, so the text cannot close it.
std::string fence_for(std::string_view text) {
  return std::string(std::max<std::size_t>(3, longest_backtick_run(text) + 1), '`');
}

// doctor's text ends "N pass, … skip in 123 ms": the time differs between runs, the counts do not.
std::string without_timing(std::string text) {
  auto in = text.rfind(" in ");
  auto ms = text.rfind(" ms\n");
  if (in != std::string::npos && ms != std::string::npos && ms > in && ms + 4 == text.size() &&
      text.find('\n', in) == ms + 3 &&
      std::all_of(text.begin() + static_cast<long>(in) + 4, text.begin() + static_cast<long>(ms),
                  [](char c) { return c >= '0' && c <= '9'; })) {
    text.erase(in, ms + 3 - in);
  }
  return text;
}

struct Fold {
  std::string title;
  std::string command;  // what prints all of it
  std::string body;     // plain text, redacted
};

std::string render_fold(const Fold& fold) {
  std::string fence = fence_for(fold.body);
  return fmt::format("<details><summary>{}</summary>\n\n{}text\n{}{}{}\n\n</details>\n\n", md(fold.title), fence,
                     fold.body, fold.body.ends_with('\n') ? "" : "\n", fence);
}

// Cuts `body` to at most `keep` bytes at a line boundary and says so.
void cut(Fold& fold, std::size_t keep) {
  if (fold.body.size() <= keep) {
    return;
  }
  std::size_t total_lines = static_cast<std::size_t>(std::count(fold.body.begin(), fold.body.end(), '\n'));
  auto end = fold.body.rfind('\n', keep);
  fold.body.resize(end == std::string::npos ? 0 : end + 1);
  std::size_t kept_lines = static_cast<std::size_t>(std::count(fold.body.begin(), fold.body.end(), '\n'));
  fold.body += fmt::format("… {} of {} lines cut to fit a GitHub comment; `{}` prints all of them\n",
                           total_lines - kept_lines, total_lines, fold.command);
}

std::string gpu_summary(const detect::DetectReport& detect, const Redactor& r) {
  if (detect.gpus.empty()) {
    return "none found";
  }
  // "2 × AMD Instinct MI300X `gfx942:sramecc+:xnack-`", in first-seen order.
  std::vector<std::pair<std::string, std::size_t>> counts;
  for (const auto& gpu : detect.gpus) {
    std::string target = gpu.target_id.empty() ? (gpu.target.empty() ? "unknown" : gpu.target) : gpu.target_id;
    std::string label = md(r.redact(gpu.name.empty() ? std::string(model::vendor_name(gpu.vendor)) : gpu.name)) + " " + code_span(target) +
                        (gpu.accessible ? "" : " (not accessible)");
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == label; });
    if (it == counts.end()) {
      counts.emplace_back(label, 1);
    } else {
      ++it->second;
    }
  }
  std::string out;
  for (const auto& [label, count] : counts) {
    out += (out.empty() ? "" : ", ") + fmt::format("{} × {}", count, label);
  }
  return out;
}

std::string python_summary(const BugReport& report) {
  const Redactor& r = report.redactor;
  if (!report.check) {
    return md(r.redact(report.check_skipped));
  }
  std::string out = code_span(r.redact(report.check->python));
  std::string packages;
  for (const auto& package : report.check->packages) {
    if (package.name == "torch" || package.name.find("triton") != std::string::npos) {
      std::string flavour = !package.torch_cuda.empty() ? " (CUDA " + package.torch_cuda + ")"
                            : !package.torch_hip.empty() ? " (ROCm " + package.torch_hip + ")"
                                                          : "";
      packages += (packages.empty() ? "" : ", ") + md(r.redact(package.name + " " + package.version + flavour));
    }
  }
  return out + (packages.empty() ? "" : ": " + packages);
}

// The finding with its free text redacted, for finding_to_markdown.
Finding redacted(Finding finding, const Redactor& r) {
  finding.title = r.redact(finding.title);
  finding.seen = r.redact(finding.seen);
  finding.fix = r.redact(finding.fix);
  return finding;
}

// ---- JSON ----

void null_timings(nlohmann::ordered_json& value) {
  if (value.is_object()) {
    for (auto& [key, member] : value.items()) {
      if (key == "elapsed_ms") {
        member = nullptr;
      } else {
        null_timings(member);
      }
    }
  } else if (value.is_array()) {
    for (auto& item : value) {
      null_timings(item);
    }
  }
}

}  // namespace

std::vector<Finding> judge(const detect::DetectReport& detect, const doctor::DoctorReport& doctor,
                           const check::CheckReport* check) {
  std::vector<Finding> findings;
  add_detect_findings(detect, findings);
  add_doctor_findings(doctor, findings);
  if (check != nullptr) {
    add_check_findings(*check, findings);
  }
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    // Worst first (model::severity_rank; no pass or skip is judged here), then detect, doctor, check.
    return std::make_tuple(-model::severity_rank(a.status), origin_rank(a.origin), a.id) <
           std::make_tuple(-model::severity_rank(b.status), origin_rank(b.origin), b.id);
  });
  return findings;
}

BugReport collect_bug_report(const BugReportOptions& options, const doctor::RuleSet& rules,
                             const probe::SystemRoot& root, const probe::Environment& environment,
                             const probe::CommandRunner& runner) {
  BugReport report;
  report.version = options.version;
  report.doctor = doctor::run_doctor(root, environment, runner, rules, options.doctor);
  const doctor::PythonFacts& python = report.doctor.facts.python;
  std::string interpreter = !options.doctor.python.empty() ? options.doctor.python
                            : !python.executable.empty()    ? python.executable
                                                            : python.interpreter;
  if (interpreter.empty()) {
    report.check_skipped = "no Python interpreter found (doctor's Python section says where it looked)";
  } else {
    check::CheckOptions check_options;
    check_options.python = interpreter;
    // check's targets: the ones named on the command line, else the GPUs here (docs/cli.md, "Where
    // targets come from": check does not take the config file's or the arch variables').
    const std::string& source = options.doctor.targets_source;
    if (source.empty() || source == "--target" || source.starts_with("--targets-from")) {
      check_options.targets = options.doctor.targets;
    }
    check_options.files_root = options.files_root;
    auto checked = check::run_check(check_options, root, environment, runner);
    if (checked) {
      report.check = std::move(*checked);
    } else {
      report.check_skipped = "check --python " + interpreter + ": " + checked.error().message;
    }
  }
  report.findings = judge(report.doctor.facts.detect, report.doctor, report.check ? &*report.check : nullptr);
  report.redactor = Redactor::for_machine(root, environment);
  for (const auto& gpu : report.doctor.facts.detect.gpus) {
    report.redactor.add_value(gpu.uuid, gpu.uuid.starts_with("GPU-") ? "GPU-[uuid]" : "[uuid]", "GPU UUID");
  }
  return report;
}

std::string bug_report_markdown(const BugReport& report, std::size_t limit, Verbosity verbosity) {
  const auto& facts = report.doctor.facts;
  const auto& detect = facts.detect;
  const Redactor& r = report.redactor;
  auto text = [&](std::string_view raw) { return md(r.redact(raw)); };
  std::string head = "### archfit report\n\n";
  head += fmt::format("`{}`", report.version);
  auto kinds = report.redactor.kinds();
  if (!kinds.empty()) {
    std::string list;
    for (const auto& kind : kinds) {
      list += (list.empty() ? "" : ", ") + kind;
    }
    head += " · redacted: " + md(list);
  }
  head += "\n\n| | |\n|---|---|\n";
  head += "| GPUs | " + gpu_summary(detect, r) + " |\n";
  std::string driver;
  if (!detect.drivers.nvidia_version.empty()) {
    driver = "NVIDIA " + detect.drivers.nvidia_version +
             (detect.drivers.nvidia_flavor.empty() ? "" : " (" + detect.drivers.nvidia_flavor + ")");
  }
  if (!detect.drivers.amdgpu_version.empty() || detect.drivers.kfd_present) {
    driver += (driver.empty() ? "" : ", ") + std::string("amdgpu ") +
              (detect.drivers.amdgpu_version.empty() ? "(in-kernel)" : detect.drivers.amdgpu_version) +
              (detect.drivers.kfd_present ? ", /dev/kfd" : "");
  }
  head += "| Driver | " + text(driver.empty() ? "none found" : driver) + " |\n";
  const auto& system = detect.host.system;
  head += "| OS | " +
          text(fmt::format("{}, kernel {}, glibc {}", system.os.pretty_name.empty() ? "unknown" : system.os.pretty_name,
                         system.kernel.empty() ? "unknown" : system.kernel,
                         system.glibc_version().empty() ? "unknown" : system.glibc_version())) +
          " |\n";
  std::string targets;
  for (const auto& target : facts.targets) {
    targets += (targets.empty() ? "" : ",") + target;
  }
  head += "| Build | " +
          text(fmt::format("{}{} for {} ({})", facts.project, facts.project_version.empty() ? "" : " " + facts.project_version,
                         targets.empty() ? "no targets" : targets, facts.backend.empty() ? "no backend" : facts.backend)) +
          " |\n";
  head += "| Python | " + python_summary(report) + " |\n";
  std::size_t fails = 0, warns = 0, unknowns = 0;
  for (const auto& finding : report.findings) {
    fails += finding.status == Status::fail ? 1 : 0;
    warns += finding.status == Status::warn ? 1 : 0;
    unknowns += finding.status == Status::unknown ? 1 : 0;
  }
  head += fmt::format("| Verdict | **{} fail, {} warn, {} unknown** (doctor: {} pass, {} skip) |\n\n", fails, warns,
                      unknowns, report.doctor.count(Status::pass), report.doctor.count(Status::skip));

  std::string attention;
  if (report.findings.empty()) {
    attention = "Nothing needs attention.\n\n";
  } else {
    attention = fmt::format("#### Needs attention ({})\n\n", report.findings.size());
    std::vector<Finding> shown;
    for (const auto& finding : report.findings) {
      shown.push_back(redacted(finding, r));
    }
    attention += findings_to_markdown(shown);
    attention += "\n";
  }

  // The commands' own reports, folded: not with -q (the findings are the problems); with -v as their
  // -v text (every file of a cause, the rules and sources of the passes).
  std::vector<Fold> folds;
  TextStyle fold_style{.verbosity = verbosity};
  if (verbosity != Verbosity::quiet) {
    folds.push_back({fmt::format("detect: {} GPU{}", detect.gpus.size(), detect.gpus.size() == 1 ? "" : "s"),
                     "archfit detect", report.redactor.redact(detect_to_text(detect, fold_style))});
    folds.push_back({"doctor", "archfit doctor",
                     report.redactor.redact(without_timing(doctor_to_text(report.doctor, fold_style)))});
  }
  if (report.check && verbosity != Verbosity::quiet) {
    folds.push_back({"check --python", "archfit check --python PY",
                     report.redactor.redact(check_to_text(*report.check, fold_style) +
                                            check_errors_to_text(*report.check, fold_style))});
  }
  std::string top = r.redact(head) + r.redact(attention);
  const std::string tail = "<sub>made by `archfit report`: paste it whole; it diffs cleanly against another report</sub>\n";

  // Fit: the longest fold gives up lines first, until the whole is under the limit (each fold keeps
  // at least its first lines and the note).
  auto total = [&] {
    std::size_t size = top.size() + tail.size();
    for (const auto& fold : folds) {
      size += render_fold(fold).size();
    }
    return size;
  };
  constexpr std::size_t k_note_room = 200;
  while (total() >= limit) {
    auto longest = std::max_element(folds.begin(), folds.end(),
                                    [](const Fold& a, const Fold& b) { return a.body.size() < b.body.size(); });
    std::size_t excess = total() - limit + 1 + k_note_room;
    if (longest->body.size() <= k_note_room * 2) {
      break;  // nothing left to cut
    }
    cut(*longest, longest->body.size() > excess + k_note_room ? longest->body.size() - excess : k_note_room);
  }
  std::string out = top;
  for (const auto& fold : folds) {
    out += render_fold(fold);
  }
  out += tail;
  out = r.redact(out);  // once more over the whole: nothing assembled above may bring a value back
  if (out.size() >= limit) {  // only when the findings alone are too many: cut, and say so
    std::string note = "\n… cut to fit a GitHub comment; `archfit report --json` has all of it\n";
    auto end = out.rfind('\n', limit > note.size() + 1 ? limit - note.size() - 1 : 0);
    out.resize(end == std::string::npos ? 0 : end);
    out += note;
  }
  return out;
}

std::string bug_report_json(const BugReport& report, int indent) {
  nlohmann::ordered_json out;
  out["schema"] = "archfit.report/1";
  out["archfit"] = report.version;
  out["redacted"] = report.redactor.kinds();
  std::size_t fails = 0, warns = 0, unknowns = 0;
  for (const auto& finding : report.findings) {
    fails += finding.status == Status::fail ? 1 : 0;
    warns += finding.status == Status::warn ? 1 : 0;
    unknowns += finding.status == Status::unknown ? 1 : 0;
  }
  out["summary"] = {{"fail", fails}, {"warn", warns}, {"unknown", unknowns}};
  // The members of every Finding, written by the one JSON renderer of Findings (finding_json).
  JsonWriter findings(0);
  findings.begin_array();
  for (const auto& finding : report.findings) {
    findings.begin_object();
    finding_members(findings, finding);
    findings.end_object();
  }
  findings.end_array();
  out["findings"] = nlohmann::ordered_json::parse(findings.text());
  auto parse = [](const std::string& text) {
    auto value = nlohmann::ordered_json::parse(text, nullptr, false);
    null_timings(value);
    return value;
  };
  out["detect"] = parse(detect_to_json(report.doctor.facts.detect, 0));
  out["doctor"] = parse(doctor_to_json(report.doctor, 0));
  if (report.check) {
    out["check"] = parse(check_to_json(*report.check, 0));
    out["check_skipped"] = nullptr;
  } else {
    out["check"] = nullptr;
    out["check_skipped"] = report.check_skipped;
  }
  std::string text = out.dump(indent > 0 ? indent : -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  return report.redactor.redact(text);
}

}  // namespace archfit::report
