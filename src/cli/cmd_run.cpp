// `archfit run [--json] [--report FILE] [--sysroot DIR] [--no-context] [--] CMD [ARGS...]`: runs
// CMD with its output passed through, and explains the failure when it fails (docs/explain.md).
// With --json stdout carries one archfit.run/1 document and nothing else: CMD's stdout goes to our
// stderr, beside its stderr.
// Exit status: CMD's own (128 + N when signal N ended it), 127/126 when it could not start,
// 125 when archfit itself could not run it, 2 on a usage error.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "explain/context_builder.hpp"
#include "explain/explainer.hpp"
#include "explain/line_splitter.hpp"
#include "explain/log_scanner.hpp"
#include "explain/signature_table.hpp"
#include "probe/process_relay.hpp"
#include "report/explain_json.hpp"
#include "report/explain_text.hpp"
#include "util/signal_name.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

namespace {

// The status archfit exits with when it could not run the command at all (as env(1) and
// timeout(1) do), distinct from any status of the command.
constexpr int k_exit_run_failed = 125;

struct RunCommandOptions {
  std::vector<std::string> command;
  bool json = false;
  std::string report_file;
  std::string sysroot = "/";
  bool no_context = false;
};

// Ended because someone asked it to (Ctrl-C, kill, a closed terminal): nothing to explain.
bool was_interrupted(const probe::RelayOutcome& outcome) {
  int signal = outcome.signal;
  return outcome.forwarded_signal != 0 || signal == SIGINT || signal == SIGTERM || signal == SIGHUP ||
         signal == SIGQUIT;
}

std::string describe_end(const probe::RelayOutcome& outcome) {
  if (outcome.signal != 0) {
    return fmt::format("was killed by signal {} ({}; status {})", outcome.signal, signal_name(outcome.signal),
                       outcome.status());
  }
  return fmt::format("exited with status {}", outcome.exit_code);
}

// FORCE_COLOR / CLICOLOR_FORCE for the command when the stream its stdout goes to (`out_fd`: ours,
// or our stderr with --json) would be coloured: its output reaches the terminal through a pipe, and
// many tools colour only on a terminal.
std::vector<std::pair<std::string, std::string>> color_environment(const GlobalOptions& global, int out_fd) {
  std::vector<std::pair<std::string, std::string>> variables;
  if (!use_color(global.color, out_fd)) {
    return variables;
  }
  for (const char* name : {"FORCE_COLOR", "CLICOLOR_FORCE"}) {
    if (std::getenv(name) == nullptr) {
      variables.emplace_back(name, "1");
    }
  }
  return variables;
}

bool write_report(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text << '\n';
  return static_cast<bool>(file.flush());
}

int run_run(const RunCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto signatures = explain::builtin_signatures();
  if (!signatures) {
    return report_failure(error_style, options.json, "run", signatures.error().message, k_exit_run_failed);
  }
  explain::LogScanner scanner(*signatures);
  explain::LineSplitter stdout_lines;
  explain::LineSplitter stderr_lines;
  auto to_scanner = [&scanner](std::string_view line) { scanner.add_line(line); };

  probe::RelayOptions relay;
  relay.argv = options.command;
  const auto environment = probe::Environment::current();
  relay.search_environment = &environment;
  // --json: stdout is the document's alone, so CMD's stdout joins its stderr on ours.
  relay.out_fd = options.json ? STDERR_FILENO : STDOUT_FILENO;
  relay.environment = color_environment(global, relay.out_fd);
  relay.on_output = [&](int stream, std::string_view chunk) {
    (stream == 1 ? stdout_lines : stderr_lines).feed(chunk, to_scanner);
  };
  std::fflush(stdout);
  auto outcome = probe::run_relayed(relay);
  if (!outcome) {
    return report_failure(error_style, options.json, "run",
                          "cannot run " + options.command.front() + ": " + outcome.error().message, k_exit_run_failed);
  }
  stdout_lines.finish(to_scanner);
  stderr_lines.finish(to_scanner);

  report::RunRecord record;
  record.command = options.command;
  record.outcome = *outcome;
  record.interrupted = was_interrupted(*outcome);
  std::optional<explain::Explanation> explanation;
  if (!outcome->started) {
    fmt::print(stderr, "archfit: {} {}\n", error_style.red("error:"), terminal_safe(outcome->start_error));
  } else if (outcome->status() != 0 && !record.interrupted) {
    if (outcome->signal != 0) {
      scanner.add_termination_signal(outcome->signal);
    }
    std::unique_ptr<explain::MachineContext> machine;
    if (!options.no_context) {
      auto built = explain::build_machine_context(options.sysroot, probe::Environment::current());
      if (built) {
        machine = std::move(*built);
      } else {
        fmt::print(stderr, "archfit: {} {}; explaining from the output alone\n", error_style.yellow("warning:"),
                   terminal_safe(built.error().message));
      }
    }
    explanation = explain::explain_matches(scanner.matches(), **signatures, machine.get());
    if (!options.json) {
      fmt::print(stderr, "\n{} `{}` {}\n", error_style.bold("archfit:"), terminal_safe(options.command.front()),
                 describe_end(*outcome));
      // -q/-v as on explain (-v: every matched line kept).
      fmt::print(stderr, "{}", report::explain_to_text(*explanation, global.text_style(STDERR_FILENO)));
    }
  }
  record.lines = scanner.matches().lines;
  record.explanation = explanation ? &*explanation : nullptr;
  if (options.json) {
    // Whatever the outcome: how CMD ended, and the explanation when it failed (archfit.run/1).
    fmt::print("{}\n", report::run_to_json(record, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
    std::fflush(stdout);
  }
  if (!options.report_file.empty() && !write_report(options.report_file, report::run_to_json(record, 2))) {
    fmt::print(stderr, "archfit: {} --report {}: cannot write: {}\n", error_style.red("error:"),
               terminal_safe(options.report_file), std::strerror(errno));
  }
  return outcome->status();
}

}  // namespace

std::function<int()> setup_run(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<RunCommandOptions>();
  app.add_option("command", options->command,
                 "The command and its arguments; everything from the first word that is not an option of "
                 "`archfit run` on belongs to it (or put them after --)")
      ->required()
      ->type_name("CMD [ARGS...]");
  // `archfit run make -j8`: once the command starts, "-j8" is the command's, not ours.
  app.positionals_at_end();
  app.add_flag("--json", options->json,
               "Print how CMD ended and, after a failure, the explanation as JSON (archfit.run/1) on stdout; "
               "CMD's own stdout then goes to stderr, so stdout holds the JSON alone");
  app.add_option("--report", options->report_file,
                 "Also write how the command ended and the explanation to FILE as JSON (archfit.run/1)")
      ->type_name("FILE");
  app.add_option("--sysroot", options->sysroot, "Take the machine facts from a captured tree instead of this machine")
      ->type_name("DIR");
  app.add_flag("--no-context", options->no_context, "Explain from the command's output alone");
  return [options, &global] { return run_run(*options, global); };
}

}  // namespace archfit::cli
