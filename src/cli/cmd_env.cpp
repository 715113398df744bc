// `archfit env [--project P] [--target T,...] [--shell bash|zsh|fish|dotenv|json|github] [--ptx]
//              [--write FILE] [--src DIR] [--python PY] [--sysroot DIR] [--rules FILE]...`
#include <unistd.h>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "cli/doctor_inputs.hpp"
#include "doctor/doctor.hpp"
#include "doctor/env_file.hpp"
#include "doctor/env_plan.hpp"
#include "report/env_output.hpp"
#include "report/text_style.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

namespace {

struct EnvCommandOptions {
  DoctorInputs inputs;
  std::string shell = "bash";
  std::string write;
  bool ptx = false;
  bool force = false;
};

int run_env_command(const EnvCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto fail_usage = [&](const std::string& message) {
    return report_failure(error_style, options.shell == "json", "env", message, k_exit_usage);
  };
  bool known_shell = false;
  for (auto shell : report::k_env_shells) {
    known_shell = known_shell || options.shell == shell;
  }
  if (!known_shell) {
    return fail_usage("--shell " + options.shell + ": expected bash, zsh, fish, dotenv, json or github");
  }
  if (!options.write.empty() && (options.shell == "json" || options.shell == "github")) {
    return fail_usage("--write takes a shell or dotenv file; --shell " + options.shell + " has no comment syntax for its block");
  }
  auto prepared = prepare_doctor(options.inputs);
  if (!prepared) {
    return fail_usage(prepared.error().message);
  }
  probe::SystemRoot root(options.inputs.sysroot);
  doctor::DoctorOptions& doctor_options = prepared->options;
  doctor_options.env_only = true;
  auto environment = probe::Environment::current();
  probe::ProcessRunner runner;
  auto facts = doctor::gather_facts(root, environment, runner, prepared->rules, doctor_options);
  auto plan = doctor::plan_env(facts, prepared->rules, environment, doctor::EnvOptions{options.ptx});
  // -q / -v shape what is printed; a --write block is kept whole and free of this shell's values.
  report::EnvTextOptions text_options;
  if (options.write.empty()) {
    text_options.verbosity = global.verbosity;
    for (const auto& variable : plan.variables) {  // -v: what each export replaces here
      text_options.current[variable.name] = environment.get(variable.name);
    }
  }
  std::string text = report::env_to_shell(plan, options.shell, text_options);
  if (options.write.empty()) {
    fmt::print("{}", text);
    return k_exit_ok;
  }
  auto written = doctor::write_env_block(options.write, text, options.force);
  if (!written) {
    fmt::print(stderr, "archfit: {} --write {}\n", error_style.red("error:"), terminal_safe(written.error().message));
    return k_exit_findings;
  }
  fmt::print(stderr, "archfit: {} the archfit block in {}{}\n", written->replaced ? "replaced" : "added",
             terminal_safe(written->path),
             written->backup.empty() ? std::string() : " (previous file kept as " + terminal_safe(written->backup) + ")");
  return k_exit_ok;
}

}  // namespace

std::function<int()> setup_env(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<EnvCommandOptions>();
  app.add_option("--project", options->inputs.project, "What to build: pytorch (default), triton, vllm or flash-attn")
      ->type_name("NAME");
  add_target_options(app, options->inputs);
  auto* shell = app.add_option("--shell", options->shell, "Output syntax: bash (default), zsh, fish, dotenv, json, github")
                    ->type_name("SHELL");
  // --json as on every other command: the same as --shell json.
  app.add_flag_callback("--json", [options] { options->shell = "json"; }, "Print the environment as JSON (--shell json)")
      ->excludes(shell);
  app.add_flag("--ptx", options->ptx, "TORCH_CUDA_ARCH_LIST: add +PTX to the newest architecture");
  app.add_option("--write", options->write,
                 "Put the exports into FILE (e.g. ~/.bashrc) in a marked block that a later run replaces; keeps "
                 "FILE.archfit-backup")
      ->type_name("FILE");
  app.add_flag("--force", options->force, "With --write: rewrite FILE even when it is read-only");
  app.add_option("--src", options->inputs.src, "The source tree (its version decides allow-lists; its paths go in the steps)")
      ->type_name("DIR");
  app.add_option("--python", options->inputs.python, "The interpreter of the build environment")->type_name("PY");
  app.add_option("--sysroot", options->inputs.sysroot, "Read the machine's files below DIR instead of / (a captured tree)")
      ->type_name("DIR");
  app.add_option("--rules", options->inputs.rules, "Add or override rules (docs/doctor.md)")->type_name("FILE");
  return [options, &global] { return run_env_command(*options, global); };
}

}  // namespace archfit::cli
