// `archfit report [--json] [--project P] [--src DIR] [--target T,...] [--python PY] [--sysroot DIR]
//                 [--timeout SECONDS]`: doctor, detect and check --python in one redacted paste
// (report/bug_report.hpp).
#include <unistd.h>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/doctor_inputs.hpp"
#include "cli/root_app.hpp"
#include "report/bug_report.hpp"

namespace archfit::cli {

namespace {

int run_report_command(const DoctorCommandOptions& options, const GlobalOptions& global) {
  return run_with_doctor(options, global, "report", [&](const PreparedDoctor& prepared, const probe::SystemRoot& root,
                                                        const probe::CommandRunner& runner) {
    report::BugReportOptions report_options;
    report_options.doctor = prepared.options;
    report_options.version = version_line();
    auto report = report::collect_bug_report(report_options, prepared.rules, root, probe::Environment::current(), runner);
    if (options.json) {
      fmt::print("{}\n", report::bug_report_json(report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
    } else {
      fmt::print("{}", report::bug_report_markdown(report, report::k_github_comment_limit, global.verbosity));
    }
    // The report is made whatever it found: it is for pasting, not for gating.
    return k_exit_ok;
  });
}

}  // namespace

std::function<int()> setup_report(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<DoctorCommandOptions>();
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.report/1, docs/json.md)");
  add_doctor_options(
      app, *options,
      {.project = "What the build is: pytorch (default), triton, vllm or flash-attn (as for doctor)",
       .src = "The source tree being built (as for doctor)",
       .python = "The interpreter to report on (default: the one doctor finds: $VIRTUAL_ENV, $CONDA_PREFIX, python3)"});
  return [options, &global] { return run_report_command(*options, global); };
}

}  // namespace archfit::cli
