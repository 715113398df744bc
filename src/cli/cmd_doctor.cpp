// `archfit doctor [--project P] [--src DIR] [--target T,...] [--python PY] [--json] [--sysroot DIR]
//                 [--rules FILE]... [--timeout SECONDS]`
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "doctor/doctor.hpp"
#include "report/doctor_json.hpp"
#include "report/doctor_text.hpp"

namespace archfit::cli {

namespace {

struct DoctorCommandOptions {
  std::string project;
  std::string src;
  std::vector<std::string> targets;
  std::string python;
  std::string sysroot = "/";
  std::vector<std::string> rules;
  double timeout_seconds = 10;
  bool json = false;
};

}  // namespace

// Shared with cmd_env.cpp: the rules (embedded tables + --rules files), or a message.
std::optional<doctor::RuleSet> load_doctor_rules(const std::vector<std::string>& files, std::string& error) {
  auto rules = doctor::RuleSet::embedded();
  if (!rules) {
    error = rules.error().message;
    return std::nullopt;
  }
  for (const auto& file : files) {
    std::ifstream input(file, std::ios::binary);
    if (!input) {
      error = fmt::format("--rules {}: {}", file, std::strerror(errno));
      return std::nullopt;
    }
    std::ostringstream text;
    text << input.rdbuf();
    auto added = rules->add_rules_file(text.str(), file);
    if (!added.ok()) {
      error = "--rules " + added.error().message;
      return std::nullopt;
    }
  }
  return std::move(*rules);
}

bool valid_project(const std::string& project) {
  for (auto known : doctor::k_projects) {
    if (project == known) {
      return true;
    }
  }
  return project.empty();
}

std::vector<std::string> split_targets(const std::vector<std::string>& values) {
  std::vector<std::string> targets;
  for (const auto& value : values) {
    for (const auto& item : doctor::split_list(value, true)) {
      targets.push_back(item);
    }
  }
  return targets;
}

namespace {

int run_doctor_command(const DoctorCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto fail_usage = [&](const std::string& message) {
    fmt::print(stderr, "archfit: {} {}\n", error_style.red("error:"), message);
    return k_exit_usage;
  };
  if (!valid_project(options.project)) {
    return fail_usage("--project " + options.project + ": expected pytorch, triton, vllm or flash-attn");
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
  std::error_code cwd_error;
  doctor_options.cwd = std::filesystem::current_path(cwd_error).string();
  doctor_options.timeout = std::chrono::milliseconds(static_cast<long>(options.timeout_seconds * 1000));
  probe::ProcessRunner runner;
  auto report = doctor::run_doctor(root, probe::Environment::current(), runner, *rules, doctor_options);
  if (options.json) {
    fmt::print("{}\n", report::doctor_to_json(report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::doctor_to_text(report, report::TextStyle{use_color(global.color, STDOUT_FILENO)}));
  }
  return report.has_failures() ? k_exit_findings : k_exit_ok;
}

}  // namespace

std::function<int()> setup_doctor(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<DoctorCommandOptions>();
  app.add_option("--project", options->project,
                 "What to build: pytorch (default), triton, vllm or flash-attn (default: the --src tree's project)")
      ->type_name("NAME");
  app.add_option("--src", options->src, "The source tree to check (version, pins, submodules, hipify, build/ cache)")
      ->type_name("DIR");
  app.add_option("--target", options->targets,
                 "Build for these GPUs instead of the ones found (gfx942, sm_90; comma-separated or repeated)")
      ->type_name("T,...");
  app.add_option("--python", options->python,
                 "The interpreter of the build environment (default: $VIRTUAL_ENV, $CONDA_PREFIX, python3 on PATH)")
      ->type_name("PY");
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.doctor/1, docs/doctor.md)");
  app.add_option("--sysroot", options->sysroot, "Read the machine's files below DIR instead of / (a captured tree)")
      ->type_name("DIR");
  app.add_option("--rules", options->rules,
                 "Add or override rules from a TSV with the columns of one of the rules tables (docs/doctor.md)")
      ->type_name("FILE");
  app.add_option("--timeout", options->timeout_seconds, "Seconds each external command may take before it is killed")
      ->type_name("SECONDS")
      ->check(CLI::PositiveNumber);
  return [options, &global] { return run_doctor_command(*options, global); };
}

}  // namespace archfit::cli
