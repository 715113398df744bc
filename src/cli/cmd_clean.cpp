// `archfit clean --src DIR [--apply] [--deep] [--target T,...] [--python PY] [--json]`
#include <unistd.h>

#include <optional>

#include <fmt/format.h>

#include "clean/cleaner.hpp"
#include "cli/command.hpp"
#include "cli/doctor_inputs.hpp"
#include "cli/failure_output.hpp"
#include "doctor/doctor.hpp"
#include "report/clean_json.hpp"
#include "report/clean_text.hpp"

namespace archfit::cli {

namespace {

struct CleanCommandOptions {
  DoctorInputs inputs;
  bool apply = false;
  bool deep = false;
  bool json = false;
};

int run_clean_command(const CleanCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto prepared = prepare_doctor(options.inputs);
  if (!prepared) {
    return report_failure(error_style, options.json, "clean", prepared.error().message, k_exit_usage);
  }
  auto environment = probe::Environment::current();
  probe::ProcessRunner runner;
  probe::SystemRoot root("/");
  std::optional<doctor::Facts> facts;
  // doctor's probes run only when a CMakeCache.txt is there to compare.
  auto gather = [&]() -> const doctor::Facts& {
    if (!facts) {
      doctor::DoctorOptions doctor_options = prepared->options;
      doctor_options.env_only = true;
      facts = doctor::gather_facts(root, environment, runner, prepared->rules, doctor_options);
    }
    return *facts;
  };
  clean::CleanContext context{environment, runner, gather};
  auto plan = clean::plan_clean(clean::CleanOptions{options.inputs.src, {}, options.deep}, context);
  if (!plan) {
    return report_failure(error_style, options.json, "clean", plan.error().message, k_exit_usage);
  }
  int exit_code = k_exit_ok;
  if (options.apply) {
    auto applied = clean::apply_clean(*plan);
    if (!applied.ok()) {
      plan->report.notes.push_back(applied.error().message);
      exit_code = k_exit_findings;
    } else if (plan->report.has_errors()) {
      exit_code = k_exit_findings;
    }
  }
  if (options.json) {
    fmt::print("{}\n", report::clean_to_json(plan->report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::clean_to_text(plan->report, global.text_style(STDOUT_FILENO)));
  }
  return exit_code;
}

}  // namespace

std::function<int()> setup_clean(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<CleanCommandOptions>();
  app.add_option("--src", options->inputs.src, "The source tree to clean (a setup.py, pyproject.toml or CMake project)")
      ->type_name("DIR")
      ->required();
  app.add_flag("--apply", options->apply, "Remove what is listed (default: a dry run that only lists)");
  app.add_flag("--deep", options->deep,
               "Also the caches outside the tree: Triton's ~/.triton/cache, torch's ~/.cache/torch_extensions");
  add_target_options(app, options->inputs);
  app.add_option("--python", options->inputs.python,
                 "The interpreter of the build environment (default: $VIRTUAL_ENV, $CONDA_PREFIX, python3 on PATH)")
      ->type_name("PY");
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.clean/1, docs/json.md)");
  return [options, &global] { return run_clean_command(*options, global); };
}

}  // namespace archfit::cli
