// `archfit doctor [--project P] [--src DIR] [--target T,...] [--python PY] [--json] [--sysroot DIR]
//                 [--rules FILE]... [--timeout SECONDS]`
#include <unistd.h>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/doctor_inputs.hpp"
#include "doctor/doctor.hpp"
#include "report/doctor_json.hpp"
#include "report/doctor_text.hpp"

namespace archfit::cli {

namespace {

int run_doctor_command(const DoctorCommandOptions& options, const GlobalOptions& global) {
  return run_with_doctor(options, global, "doctor", [&](const PreparedDoctor& prepared, const probe::SystemRoot& root,
                                                        const probe::CommandRunner& runner) {
    auto report = doctor::run_doctor(root, probe::Environment::current(), runner, prepared.rules, prepared.options);
    if (options.json) {
      fmt::print("{}\n", report::doctor_to_json(report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
    } else {
      fmt::print("{}", report::doctor_to_text(report, global.text_style(STDOUT_FILENO)));
    }
    return report.has_failures() ? k_exit_findings : k_exit_ok;
  });
}

}  // namespace

std::function<int()> setup_doctor(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<DoctorCommandOptions>();
  add_doctor_options(
      app, *options,
      {.project = "What to build: pytorch (default), triton, vllm or flash-attn (default: the --src tree's project)",
       .src = "The source tree to check (version, pins, submodules, hipify, build/ cache)",
       .python = "The interpreter of the build environment (default: $VIRTUAL_ENV, $CONDA_PREFIX, python3 on PATH)"});
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.doctor/1, docs/doctor.md)");
  app.add_option("--rules", options->inputs.rules,
                 "Add or override rules from a TSV with the columns of one of the rules tables (docs/doctor.md)")
      ->type_name("FILE");
  return [options, &global] { return run_doctor_command(*options, global); };
}

}  // namespace archfit::cli
