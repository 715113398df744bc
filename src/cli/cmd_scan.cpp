// `archfit scan [--json] [--deep] [PATH...]`
#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/progress_bar.hpp"
#include "report/scan_json.hpp"
#include "report/scan_text.hpp"
#include "scan/default_paths.hpp"
#include "scan/input_discovery.hpp"
#include "scan/parallel_scan.hpp"
#include "scan/scanner.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

namespace {

struct ScanCommandOptions {
  std::vector<std::string> paths;
  bool json = false;
  bool deep = false;
  unsigned jobs = 0;
  std::uint64_t zip_buffer_limit = std::uint64_t{4} << 20;
};

int run_scan(const ScanCommandOptions& options, const GlobalOptions& global) {
  std::vector<std::string> paths = options.paths;
  if (paths.empty()) {
    paths = scan::default_scan_paths("/");
    if (paths.empty()) {
      std::fprintf(stderr, "archfit: no GPU libraries found in the default locations (ROCm under /opt/rocm, "
                           "Debian's ROCm libraries, torch/lib); give the files to scan: archfit scan PATH...\n");
    }
  }
  scan::ScanOptions scan_options;
  scan_options.deep = options.deep;
  scan_options.jobs = options.jobs;
  scan_options.zip_buffer_limit = options.zip_buffer_limit;
  auto inputs = scan::discover_inputs(paths);
  std::uint64_t total_bytes = 0;
  for (const auto& input : inputs.files) {
    total_bytes += input.size;
  }
  scan::ScanReport report;
  {
    ProgressBar progress(!options.json && ::isatty(STDERR_FILENO) == 1, inputs.files.size(), total_bytes);
    report = scan::scan_inputs(inputs.files, scan_options, options.jobs,
                               {[&progress](std::size_t files, std::uint64_t bytes) { progress.update(files, bytes); }});
  }
  for (const auto& error : inputs.errors) {
    scan::FileReport failed;
    failed.path = error.substr(0, error.find(": "));
    failed.format = "unreadable";
    failed.errors.push_back(error.substr(error.find(": ") + 2));
    report.files.push_back(std::move(failed));
  }
  if (options.json) {
    bool pretty = ::isatty(STDOUT_FILENO) == 1;
    fmt::print("{}\n", report::scan_to_json(report, pretty ? 2 : 0));
  } else {
    report::TextStyle style{use_color(global.color, STDOUT_FILENO)};
    fmt::print("{}", report::scan_to_text(report, style));
  }
  std::fflush(stdout);
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  for (const auto& file : report.files) {
    for (const auto& error : file.errors) {
      fmt::print(stderr, "archfit: {} {}: {}\n", error_style.red("error:"), terminal_safe(file.display_name()),
                 terminal_safe(error));
    }
    for (const auto& warning : file.warnings) {
      fmt::print(stderr, "archfit: {} {}: {}\n", error_style.yellow("warning:"),
                 terminal_safe(file.display_name()), terminal_safe(warning));
    }
  }
  return report.has_errors() ? k_exit_findings : k_exit_ok;
}

}  // namespace

std::function<int()> setup_scan(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<ScanCommandOptions>();
  app.add_option("paths", options->paths,
                 "ELF binaries, shared libraries, objects, static archives, offload bundles, code objects, or "
                 "directories to search recursively (default: the system's GPU libraries)");
  app.add_flag("--json", options->json, "Print the report as JSON (schema: docs/json.md)");
  app.add_flag("--deep", options->deep,
               "Decompress every bundle and check each code object's ELF header against its bundle entry ID");
  app.add_option("-j,--jobs", options->jobs, "Files scanned in parallel (default: one per core)");
  app.add_option("--zip-buffer-limit", options->zip_buffer_limit,
                 "Zip members up to this many bytes are inflated into memory; larger ELF members are streamed")
      ->group("Tuning");
  return [options, &global] { return run_scan(*options, global); };
}

}  // namespace archfit::cli
