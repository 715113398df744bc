// `archfit env [--project P] [--target T,...] [--shell bash|zsh|fish|dotenv|json|github] [--ptx]
//              [--write FILE] [--src DIR] [--python PY] [--sysroot DIR] [--rules FILE]...`
#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "doctor/doctor.hpp"
#include "doctor/env_file.hpp"
#include "doctor/env_plan.hpp"
#include "report/env_output.hpp"
#include "report/text_style.hpp"

namespace archfit::cli {

// cmd_doctor.cpp
std::optional<doctor::RuleSet> load_doctor_rules(const std::vector<std::string>& files, std::string& error);
bool valid_project(const std::string& project);
std::vector<std::string> split_targets(const std::vector<std::string>& values);

namespace {

struct EnvCommandOptions {
  std::string project;
  std::vector<std::string> targets;
  std::string shell = "bash";
  std::string write;
  std::string src;
  std::string python;
  std::string sysroot = "/";
  std::vector<std::string> rules;
  bool ptx = false;
};

int run_env_command(const EnvCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto fail_usage = [&](const std::string& message) {
    fmt::print(stderr, "archfit: {} {}\n", error_style.red("error:"), message);
    return k_exit_usage;
  };
  if (!valid_project(options.project)) {
    return fail_usage("--project " + options.project + ": expected pytorch, triton, vllm or flash-attn");
  }
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
  probe::SystemRoot root(options.sysroot);
  if (!root.is_live() && !root.exists("/")) {
    return fail_usage("--sysroot " + options.sysroot + ": no such directory");
  }
  std::string error;
  auto rules = load_doctor_rules(options.rules, error);
  if (!rules) {
    return fail_usage(error);
  }
  doctor::DoctorOptions doctor_options;
  doctor_options.project = options.project;
  doctor_options.src = options.src;
  doctor_options.targets = split_targets(options.targets);
  for (const auto& target : doctor_options.targets) {
    if (doctor::normalize_target(target).empty()) {
      return fail_usage("--target " + target + ": expected a gfx name (gfx942) or a compute capability (sm_90, 9.0)");
    }
  }
  doctor_options.python = options.python;
  doctor_options.env_only = true;
  std::error_code cwd_error;
  doctor_options.cwd = std::filesystem::current_path(cwd_error).string();
  auto environment = probe::Environment::current();
  probe::ProcessRunner runner;
  auto facts = doctor::gather_facts(root, environment, runner, *rules, doctor_options);
  auto plan = doctor::plan_env(facts, *rules, environment, doctor::EnvOptions{options.ptx});
  std::string text = report::env_to_shell(plan, options.shell);
  if (options.write.empty()) {
    fmt::print("{}", text);
    return k_exit_ok;
  }
  auto written = doctor::write_env_block(options.write, text);
  if (!written) {
    fmt::print(stderr, "archfit: {} --write {}\n", error_style.red("error:"), written.error().message);
    return k_exit_findings;
  }
  fmt::print(stderr, "archfit: {} the archfit block in {}{}\n", written->replaced ? "replaced" : "added", written->path,
             written->backup.empty() ? std::string() : " (previous file kept as " + written->backup + ")");
  return k_exit_ok;
}

}  // namespace

std::function<int()> setup_env(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<EnvCommandOptions>();
  app.add_option("--project", options->project, "What to build: pytorch (default), triton, vllm or flash-attn")
      ->type_name("NAME");
  app.add_option("--target", options->targets,
                 "Build for these GPUs instead of the ones found (gfx942, sm_90; comma-separated or repeated)")
      ->type_name("T,...");
  app.add_option("--shell", options->shell, "Output syntax: bash (default), zsh, fish, dotenv, json, github")
      ->type_name("SHELL");
  app.add_flag("--ptx", options->ptx, "TORCH_CUDA_ARCH_LIST: add +PTX to the newest architecture");
  app.add_option("--write", options->write,
                 "Put the exports into FILE (e.g. ~/.bashrc) in a marked block that a later run replaces; keeps "
                 "FILE.archfit-backup")
      ->type_name("FILE");
  app.add_option("--src", options->src, "The source tree (its version decides allow-lists; its paths go in the steps)")
      ->type_name("DIR");
  app.add_option("--python", options->python, "The interpreter of the build environment")->type_name("PY");
  app.add_option("--sysroot", options->sysroot, "Read the machine's files below DIR instead of / (a captured tree)")
      ->type_name("DIR");
  app.add_option("--rules", options->rules, "Add or override rules (docs/doctor.md)")->type_name("FILE");
  return [options, &global] { return run_env_command(*options, global); };
}

}  // namespace archfit::cli
