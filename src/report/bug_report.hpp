// `archfit report`: one paste for a bug report. It runs doctor (whose facts hold detect's report) and
// `check --python` on the interpreter doctor examined, through their library calls, judges them into
// one list of model::Findings (what needs attention first), and renders it all as Markdown for a
// GitHub comment or as JSON (schema archfit.report/1, docs/json.md). Everything rendered goes through
// the Redactor (report/redaction.hpp): home directories, user and host names, GPU UUIDs and serials
// never leave the machine.
//
// Markdown layout (stable: the same machine gives the same text, so two reports diff cleanly):
//   ### archfit report               version, what was redacted
//   | facts table |                  GPUs, driver, OS, project/targets, Python, verdict counts
//   #### Needs attention (N)         the findings, fail before warn before unknown
//   <details> detect / doctor / check --python </details>   each command's own text report, folded
// The whole stays under `limit` bytes (GitHub's comment limit is 65,536 characters): the longest fold
// is cut at a line boundary, with a note naming the command that prints all of it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "doctor/doctor.hpp"
#include "model/finding.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"
#include "report/redaction.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

inline constexpr std::size_t k_github_comment_limit = 65536;

struct BugReportOptions {
  doctor::DoctorOptions doctor;  // project, src, targets, python, cwd, timeout
  // Where `check --python` reads the environment's files; nullptr: this system ("/").
  const probe::SystemRoot* files_root = nullptr;
  std::string version;  // the archfit version line
};

struct BugReport {
  std::string version;
  doctor::DoctorReport doctor;         // doctor.facts.detect is the detect section
  std::optional<check::CheckReport> check;
  std::string check_skipped;           // why there is no check section
  std::vector<model::Finding> findings;  // the ones that are not ok, most severe first
  Redactor redactor;
};

BugReport collect_bug_report(const BugReportOptions& options, const doctor::RuleSet& rules,
                             const probe::SystemRoot& root, const probe::Environment& environment,
                             const probe::CommandRunner& runner);

// The findings that need attention from the three reports, grouped (one finding per repeated cause)
// and sorted: fail, warn, unknown; then detect, doctor, check; then id.
std::vector<model::Finding> judge(const detect::DetectReport& detect, const doctor::DoctorReport& doctor,
                                  const check::CheckReport* check);

// -q (Verbosity::quiet): the facts table and the findings, without the folded reports; -v: the
// folds hold each command's -v text.
std::string bug_report_markdown(const BugReport& report, std::size_t limit = k_github_comment_limit,
                                Verbosity verbosity = Verbosity::normal);
// indent 0: compact.
std::string bug_report_json(const BugReport& report, int indent);

}  // namespace archfit::report
