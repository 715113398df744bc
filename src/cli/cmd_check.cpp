// `archfit check [PATH...] [--python PY] [--target T,...] [--targets-from FILE] [--json] [--deep]`
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "check/checker.hpp"
#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "cli/progress_bar.hpp"
#include "cli/target_arguments.hpp"
#include "cli/target_sources.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"

namespace archfit::cli {

namespace {

struct CheckCommandOptions {
  std::vector<std::string> paths;
  std::string python;
  std::vector<std::string> targets;
  std::string targets_from;
  std::string sysroot = "/";
  bool json = false;
  bool deep = false;
  unsigned jobs = 0;
};

int run_check_command(const CheckCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  if (options.paths.empty() && options.python.empty()) {
    fmt::print(stderr, "archfit: {} give what to check: PATH... (libraries, wheels, directories) and/or --python "
                       "PYTHON (an environment's torch, triton, vllm, …)\n",
               error_style.red("error:"));
    return k_exit_usage;
  }
  // Strict inputs (docs/cli.md, "One grammar"): a target archfit does not know, or a PATH that is not
  // there, is a usage error, never a verdict (a missing file is not "host-only").
  // --target, else --targets-from, read and judged as every command does (cli/target_sources.hpp;
  // check takes neither the arch variables nor the config file: it asks about the GPUs that run).
  auto choice = choose_targets({.targets = options.targets, .targets_from = options.targets_from, .one_vendor = false},
                               probe::Environment::current());
  if (!choice) {
    return report_failure(error_style, options.json, "check", choice.error().message, k_exit_usage);
  }
  for (const auto& path : options.paths) {
    struct stat status {};
    if (::lstat(path.c_str(), &status) != 0) {
      return report_failure(error_style, options.json, "check",
                            fmt::format("{}: {}", path, std::strerror(errno)), k_exit_usage);
    }
  }
  check::CheckOptions check_options;
  check_options.paths = options.paths;
  check_options.python = options.python;
  check_options.targets = choice->targets;
  check_options.targets_source = choice->source;
  check_options.jobs = options.jobs;
  check_options.deep = options.deep;
  // The totals are known once the inputs are; the bar appears with the first finished file.
  std::unique_ptr<ProgressBar> progress;
  std::once_flag progress_created;
  bool show_progress = !options.json && ::isatty(STDERR_FILENO) == 1;
  check_options.progress = [&](std::size_t files, std::size_t total_files, std::uint64_t bytes,
                               std::uint64_t total_bytes) {
    std::call_once(progress_created,
                   [&] { progress = std::make_unique<ProgressBar>(show_progress, total_files, total_bytes); });
    progress->update(files, bytes);
  };
  probe::SystemRoot root(options.sysroot);
  probe::ProcessRunner runner;
  auto report = check::run_check(check_options, root, probe::Environment::current(), runner);
  progress.reset();  // clears the bar's line
  if (!report) {
    return report_failure(error_style, options.json, "check", report.error().message, k_exit_usage);
  }
  if (options.json) {
    fmt::print("{}\n", report::check_to_json(*report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::check_to_text(*report, global.text_style(STDOUT_FILENO)));
  }
  // The inputs that could not be read: diagnostics, on stderr after the report (docs/cli.md).
  std::fflush(stdout);
  fmt::print(stderr, "{}", report::check_errors_to_text(*report, error_style));
  return report->will_fail() || !report->errors.empty() ? k_exit_findings : k_exit_ok;
}

}  // namespace

std::function<int()> setup_check(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<CheckCommandOptions>();
  app.add_option("paths", options->paths, "Libraries, executables, wheels, directories or site-packages to check");
  app.add_option("--python", options->python,
                 "Check this interpreter's torch, triton, vllm, flash-attn, torchvision, torchaudio, xformers "
                 "(nothing is imported)")
      ->type_name("PY");
  app.add_option("--target", options->targets,
                 "Targets to check against instead of this machine's GPUs: gfx942,gfx90a:xnack+,sm_90 (repeatable)")
      ->type_name("T,...")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  add_targets_from_option(app, options->targets_from);
  app.add_option("--sysroot", options->sysroot, "Read the machine facts (GPUs, CPU, libraries) below DIR")
      ->type_name("DIR");
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.check/1)");
  app.add_flag("--deep", options->deep, "Decode every code object's ELF header (exact xnack/sramecc modes)");
  app.add_option("-j,--jobs", options->jobs, "Files scanned in parallel (default: one per core)");
  return [options, &global] { return run_check_command(*options, global); };
}

}  // namespace archfit::cli
