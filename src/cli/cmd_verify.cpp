// `archfit verify [--python PY] [--native-only] [--json] …`
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "detect/detector.hpp"
#include "report/verify_json.hpp"
#include "report/verify_text.hpp"
#include "verify/verifier.hpp"

namespace archfit::cli {

namespace {

struct VerifyCommandOptions {
  verify::VerifyOptions verify;
  bool json = false;
  unsigned timeout_seconds = 300;
};

int run_verify_command(VerifyCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle style = global.text_style(options.json ? STDERR_FILENO : STDOUT_FILENO);
  if (options.verify.native_only && options.verify.python_only) {
    return report_failure(report::TextStyle{use_color(global.color, STDERR_FILENO)}, options.json, "verify",
                          "--native-only and --python-only exclude each other", k_exit_usage);
  }
  options.verify.timeout = std::chrono::seconds(options.timeout_seconds);
  // Text mode streams each check as it finishes: a suite of GPU checks takes tens of seconds.
  if (!options.json) {
    options.verify.on_check = [&style](const verify::CheckResult& check) {
      fmt::print("{}", report::verify_check_line(check, style));
      std::fflush(stdout);
    };
  } else if (::isatty(STDERR_FILENO) == 1) {
    options.verify.on_check = [&style](const verify::CheckResult& check) {
      fmt::print(stderr, "{}", report::verify_check_line(check, style));
    };
  }
  auto environment = probe::Environment::current();
  probe::SystemRoot root("/");
  auto machine = detect::detect_system(root, environment);
  probe::ProcessRunner runner;
  auto report = verify::run_verify(options.verify, machine, runner, environment);
  if (options.json) {
    fmt::print("{}\n", report::verify_to_json(report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::verify_to_text(report, style));
  }
  // Success is something proven: with nothing run, or every check skipped, nothing was (docs/cli.md).
  bool proven = std::any_of(report.checks.begin(), report.checks.end(),
                            [](const verify::CheckResult& check) { return check.status == model::Status::pass; });
  return report.failed() || !proven ? k_exit_findings : k_exit_ok;
}

}  // namespace

std::function<int()> setup_verify(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<VerifyCommandOptions>();
  app.add_option("--python", options->verify.python, "The interpreter whose torch to verify (default python3)")
      ->type_name("PY");
  app.add_flag("--native-only", options->verify.native_only, "Only the native vector-add check (no Python)");
  app.add_flag("--python-only", options->verify.python_only, "Only the Python checks");
  app.add_flag("--compile", options->verify.compile, "Also torch.compile a small function (slow: minutes)");
  app.add_option("--only", options->verify.only,
                 "Run only these checks (ids or groups: native, python.matmul, allreduce; repeatable)")
      ->type_name("CHECK")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--world-size", options->verify.world_size,
                 "All-reduce processes (default: one per visible GPU)");
  app.add_option("--backend", options->verify.backend,
                 "torch.distributed backend for the all-reduce: nccl (default; RCCL on ROCm) or gloo (CPU)")
      ->check(CLI::IsMember({"nccl", "gloo"}));
  app.add_option("--allreduce-mb", options->verify.allreduce_megabytes,
                 "Tensor size for the all-reduce bandwidth, in MiB (default 256)");
  app.add_option("--timeout", options->timeout_seconds, "Seconds before a hung check is killed (default 300)");
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.verify/1)");
  return [options, &global] { return run_verify_command(*options, global); };
}

}  // namespace archfit::cli
