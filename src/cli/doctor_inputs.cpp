#include "cli/doctor_inputs.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "cli/config_file.hpp"
#include "cli/failure_output.hpp"
#include "cli/target_sources.hpp"
#include "probe/command_runner.hpp"
#include "probe/system_root.hpp"
#include "probe/text_input.hpp"

namespace archfit::cli {

namespace {

// The embedded rule tables with each --rules file applied in order (later files win).
Result<doctor::RuleSet> load_rules(const std::vector<std::string>& files) {
  auto rules = doctor::RuleSet::embedded();
  if (!rules) {
    return rules.error();
  }
  for (const auto& file : files) {
    auto text = probe::read_text_input(file);
    if (!text) {
      return Error{"--rules " + text.error().message};
    }
    auto added = rules->add_rules_file(*text, file);
    if (!added.ok()) {
      return Error{"--rules " + added.error().message};
    }
  }
  return std::move(*rules);
}

bool valid_project(const std::string& project) { return project.empty() || doctor::is_known_project(project); }

}  // namespace

void add_target_options(CLI::App& app, DoctorInputs& inputs) {
  app.add_option("--target", inputs.targets,
                 "GPU targets instead of the ones found: gfx942, sm_90 (comma-separated or repeated)")
      ->type_name("T,...");
  add_targets_from_option(app, inputs.targets_from);
}

void add_doctor_options(CLI::App& app, DoctorCommandOptions& options, const DoctorOptionHelp& help) {
  app.add_option("--project", options.inputs.project, help.project)->type_name("NAME");
  app.add_option("--src", options.inputs.src, help.src)->type_name("DIR");
  add_target_options(app, options.inputs);
  app.add_option("--python", options.inputs.python, help.python)->type_name("PY");
  app.add_option("--sysroot", options.inputs.sysroot, "Read the machine's files below DIR instead of / (a captured tree)")
      ->type_name("DIR");
  app.add_option("--timeout", options.timeout_seconds, "Seconds each external command may take before it is killed")
      ->type_name("SECONDS")
      ->check(CLI::PositiveNumber);
}

Result<PreparedDoctor> prepare_doctor(const DoctorCommandOptions& options) {
  ARCHFIT_TRY(PreparedDoctor prepared, prepare_doctor(options.inputs));
  prepared.options.timeout = std::chrono::milliseconds(static_cast<long>(options.timeout_seconds * 1000));
  return prepared;
}

int run_with_doctor(const DoctorCommandOptions& options, const GlobalOptions& global, std::string_view command,
                    const std::function<int(const PreparedDoctor&, const probe::SystemRoot&, const probe::CommandRunner&)>& body) {
  auto prepared = prepare_doctor(options);
  if (!prepared) {
    report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
    return report_failure(error_style, options.json, command, prepared.error().message, k_exit_usage);
  }
  probe::SystemRoot root(options.inputs.sysroot);
  probe::ProcessRunner runner;
  return body(*prepared, root, runner);
}

Result<PreparedDoctor> prepare_doctor(const DoctorInputs& command_line) {
  auto environment = probe::Environment::current();
  ARCHFIT_TRY(ConfigFile config, load_config_file(environment));
  DoctorInputs inputs = command_line;
  // The config file's defaults, where the command line names none.
  if (inputs.project.empty() && inputs.src.empty()) {
    inputs.project = config.project;
  }
  std::string python_label = "--python " + inputs.python;
  if (inputs.python.empty() && !config.python.empty()) {
    inputs.python = config.python;
    python_label = config.python_at + " python = " + config.python;
  }
  if (!valid_project(inputs.project)) {
    return Error{"--project " + inputs.project + ": expected pytorch, triton, vllm or flash-attn"};
  }
  probe::SystemRoot root(inputs.sysroot);
  if (!root.is_live() && !root.exists("/")) {
    return Error{"--sysroot " + inputs.sysroot + ": no such directory"};
  }
  ARCHFIT_TRY(doctor::RuleSet rules, load_rules(inputs.rules));
  doctor::DoctorOptions options;
  options.project = inputs.project;
  options.src = inputs.src;
  ARCHFIT_TRY(TargetChoice targets,
              choose_targets({.targets = inputs.targets, .targets_from = inputs.targets_from, .one_vendor = true,
                              .config = &config},
                             environment));
  options.targets = std::move(targets.targets);
  options.targets_source = std::move(targets.source);
  options.fallback_targets = std::move(targets.fallback);
  options.fallback_source = std::move(targets.fallback_source);
  // A --python that is not there is a usage error, never a silent fall-back to python3 (on this
  // machine; below --sysroot the interpreter is the captured tree's and is judged by doctor).
  if (!inputs.python.empty() && root.is_live()) {
    struct stat status {};
    bool found = inputs.python.find('/') != std::string::npos
                     ? ::stat(inputs.python.c_str(), &status) == 0
                     : !probe::find_program(inputs.python, environment).empty();
    if (!found) {
      return Error{python_label + ": no such interpreter (give its path, e.g. --python .venv/bin/python)"};
    }
  }
  options.python = inputs.python;
  std::error_code cwd_error;
  options.cwd = std::filesystem::current_path(cwd_error).string();
  return PreparedDoctor{std::move(options), std::move(rules)};
}

}  // namespace archfit::cli
