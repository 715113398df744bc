// `archfit report [--json] [--project P] [--src DIR] [--target T,...] [--python PY] [--sysroot DIR]
//                 [--timeout SECONDS]`: doctor, detect and check --python in one redacted paste
// (report/bug_report.hpp).
#include <unistd.h>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/doctor_inputs.hpp"
#include "cli/failure_output.hpp"
#include "cli/root_app.hpp"
#include "report/bug_report.hpp"

namespace archfit::cli {

namespace {

struct ReportCommandOptions {
  DoctorInputs inputs;
  double timeout_seconds = 10;
  bool json = false;
};

int run_report_command(const ReportCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto prepared = prepare_doctor(options.inputs);
  if (!prepared) {
    return report_failure(error_style, options.json, "report", prepared.error().message, k_exit_usage);
  }
  probe::SystemRoot root(options.inputs.sysroot);
  report::BugReportOptions report_options;
  report_options.doctor = prepared->options;
  report_options.doctor.timeout = std::chrono::milliseconds(static_cast<long>(options.timeout_seconds * 1000));
  report_options.version = version_line();
  probe::ProcessRunner runner;
  auto report = report::collect_bug_report(report_options, prepared->rules, root, probe::Environment::current(), runner);
  if (options.json) {
    fmt::print("{}\n", report::bug_report_json(report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::bug_report_markdown(report));
  }
  // The report is made whatever it found: it is for pasting, not for gating.
  return k_exit_ok;
}

}  // namespace

std::function<int()> setup_report(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<ReportCommandOptions>();
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.report/1, docs/json.md)");
  app.add_option("--project", options->inputs.project,
                 "What the build is: pytorch (default), triton, vllm or flash-attn (as for doctor)")
      ->type_name("NAME");
  app.add_option("--src", options->inputs.src, "The source tree being built (as for doctor)")->type_name("DIR");
  add_target_options(app, options->inputs);
  app.add_option("--python", options->inputs.python,
                 "The interpreter to report on (default: the one doctor finds: $VIRTUAL_ENV, $CONDA_PREFIX, python3)")
      ->type_name("PY");
  app.add_option("--sysroot", options->inputs.sysroot, "Read the machine's files below DIR instead of / (a captured tree)")
      ->type_name("DIR");
  app.add_option("--timeout", options->timeout_seconds, "Seconds each external command may take before it is killed")
      ->type_name("SECONDS")
      ->check(CLI::PositiveNumber);
  return [options, &global] { return run_report_command(*options, global); };
}

}  // namespace archfit::cli
