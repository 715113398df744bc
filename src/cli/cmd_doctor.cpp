// `archfit doctor [--project P] [--src DIR] [--target T,...] [--python PY] [--json] [--sysroot DIR]
//                 [--rules FILE]... [--timeout SECONDS]`
#include <unistd.h>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "cli/doctor_inputs.hpp"
#include "doctor/doctor.hpp"
#include "report/doctor_json.hpp"
#include "report/doctor_text.hpp"

namespace archfit::cli {

namespace {

struct DoctorCommandOptions {
  DoctorInputs inputs;
  double timeout_seconds = 10;
  bool json = false;
};

int run_doctor_command(const DoctorCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto prepared = prepare_doctor(options.inputs);
  if (!prepared) {
    return report_failure(error_style, options.json, "doctor", prepared.error().message, k_exit_usage);
  }
  probe::SystemRoot root(options.inputs.sysroot);
  doctor::DoctorOptions& doctor_options = prepared->options;
  doctor_options.timeout = std::chrono::milliseconds(static_cast<long>(options.timeout_seconds * 1000));
  probe::ProcessRunner runner;
  auto report = doctor::run_doctor(root, probe::Environment::current(), runner, prepared->rules, doctor_options);
  if (options.json) {
    fmt::print("{}\n", report::doctor_to_json(report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::doctor_to_text(report, global.text_style(STDOUT_FILENO)));
  }
  return report.has_failures() ? k_exit_findings : k_exit_ok;
}

}  // namespace

std::function<int()> setup_doctor(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<DoctorCommandOptions>();
  app.add_option("--project", options->inputs.project,
                 "What to build: pytorch (default), triton, vllm or flash-attn (default: the --src tree's project)")
      ->type_name("NAME");
  app.add_option("--src", options->inputs.src, "The source tree to check (version, pins, submodules, hipify, build/ cache)")
      ->type_name("DIR");
  add_target_options(app, options->inputs);
  app.add_option("--python", options->inputs.python,
                 "The interpreter of the build environment (default: $VIRTUAL_ENV, $CONDA_PREFIX, python3 on PATH)")
      ->type_name("PY");
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.doctor/1, docs/doctor.md)");
  app.add_option("--sysroot", options->inputs.sysroot, "Read the machine's files below DIR instead of / (a captured tree)")
      ->type_name("DIR");
  app.add_option("--rules", options->inputs.rules,
                 "Add or override rules from a TSV with the columns of one of the rules tables (docs/doctor.md)")
      ->type_name("FILE");
  app.add_option("--timeout", options->timeout_seconds, "Seconds each external command may take before it is killed")
      ->type_name("SECONDS")
      ->check(CLI::PositiveNumber);
  return [options, &global] { return run_doctor_command(*options, global); };
}

}  // namespace archfit::cli
