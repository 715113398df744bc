// `archfit explain [--json] [--sysroot DIR] [--no-context] [FILE|-]`: names the cause of a crash
// or build log and the fix (docs/explain.md).
#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "explain/context_builder.hpp"
#include "explain/explainer.hpp"
#include "explain/log_reader.hpp"
#include "explain/log_scanner.hpp"
#include "explain/signature_table.hpp"
#include "report/explain_json.hpp"
#include "report/explain_text.hpp"

namespace archfit::cli {

namespace {

struct ExplainCommandOptions {
  std::string file;
  bool json = false;
  std::string sysroot = "/";
  bool no_context = false;
};

int run_explain(const ExplainCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto fail = [&](const std::string& message) {
    return report_failure(error_style, options.json, "explain", message, k_exit_usage);
  };
  std::string file = options.file;
  if (file.empty()) {
    if (::isatty(STDIN_FILENO) == 1) {
      return fail("give the log to explain: archfit explain build.log (or - to read stdin, e.g. "
                  "`pip install . 2>&1 | archfit explain -`)");
    }
    file = "-";
  }
  auto signatures = explain::builtin_signatures();
  if (!signatures) {
    return fail(signatures.error().message);
  }
  explain::LogScanner scanner(*signatures);
  if (auto status = explain::scan_file(file, scanner); !status) {
    return fail(status.error().message);
  }
  std::unique_ptr<explain::MachineContext> machine;
  if (!options.no_context) {
    auto built = explain::build_machine_context(options.sysroot, probe::Environment::current());
    if (!built) {
      return fail(built.error().message);
    }
    machine = std::move(*built);
  }
  auto explanation = explain::explain_matches(scanner.matches(), **signatures, machine.get());
  if (options.json) {
    fmt::print("{}\n", report::explain_to_json(explanation, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::explain_to_text(explanation, global.text_style(STDOUT_FILENO)));
  }
  return explanation.explained ? k_exit_ok : k_exit_findings;
}

}  // namespace

std::function<int()> setup_explain(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<ExplainCommandOptions>();
  app.add_option("file", options->file, "The log: a file, or - for stdin (default: stdin when it is not a terminal)")
      ->type_name("FILE|-");
  app.add_flag("--json", options->json, "Print the explanation as JSON (schema archfit.explain/1, docs/explain.md)");
  app.add_option("--sysroot", options->sysroot,
                 "Take the machine facts (GPUs, CPU, libstdc++) from a captured tree instead of this machine")
      ->type_name("DIR");
  app.add_flag("--no-context", options->no_context,
               "Explain from the log alone: do not look at this machine or at the files the log names");
  return [options, &global] { return run_explain(*options, global); };
}

}  // namespace archfit::cli
