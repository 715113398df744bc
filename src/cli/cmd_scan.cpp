// `archfit scan [--json] [--deep] [PATH...]`
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <stop_token>
#include <filesystem>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/progress_bar.hpp"
#include "report/scan_findings.hpp"
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
  bool gpu_only = false;
};

// Symlinks found by walking directories (libfoo.so -> libfoo.so.1 -> libfoo.so.1.2) name one file
// several times: keep the first path that reaches each file. Returns how many were dropped.
std::size_t drop_symlinked_duplicates(std::vector<scan::InputFile>& files) {
  std::set<std::filesystem::path> seen;
  std::size_t before = files.size();
  std::erase_if(files, [&seen](const scan::InputFile& file) {
    std::error_code error;
    auto target = std::filesystem::canonical(file.path, error);
    return !error && !seen.insert(target).second;
  });
  return before - files.size();
}

// The progress bar counts files, which says nothing while one large file (a 581 MB wheel takes
// 17 s) is scanned: then a line with the file's name and the time elapsed, redrawn each second
// after the first, on a terminal only, erased when done.
class SingleFileTicker {
 public:
  SingleFileTicker(bool enabled, const std::vector<scan::InputFile>& files) {
    if (!enabled || files.size() != 1) {
      return;
    }
    std::string name = files[0].path;
    std::uint64_t size = files[0].size;
    m_thread = std::jthread([name, size, this](std::stop_token stop) {
      std::mutex mutex;
      std::condition_variable_any wake;
      std::unique_lock lock(mutex);
      for (int seconds = 1; !wake.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; }); ++seconds) {
        std::fprintf(stderr, "\r\x1b[Kscanning %s (%.1f MiB): %d s", name.c_str(),
                     static_cast<double>(size) / (1 << 20), seconds);
        std::fflush(stderr);
        m_drawn = true;
      }
    });
  }
  ~SingleFileTicker() {
    if (m_thread.joinable()) {
      m_thread.request_stop();
      m_thread.join();
    }
    if (m_drawn) {
      std::fputs("\r\x1b[K", stderr);
      std::fflush(stderr);
    }
  }
  SingleFileTicker(const SingleFileTicker&) = delete;
  SingleFileTicker& operator=(const SingleFileTicker&) = delete;

 private:
  std::atomic<bool> m_drawn{false};
  std::jthread m_thread;
};

// "123 files: 45 with GPU code (678 entries), 70 without, 8 with errors; 3 symlinked duplicates
// listed once".
std::string totals_line(const scan::ScanReport& report, std::size_t duplicates) {
  std::size_t with_code = 0;
  std::size_t entries = 0;
  std::size_t with_errors = 0;
  for (const auto& file : report.files) {
    with_code += file.gpu_code.empty() ? 0 : 1;
    entries += file.gpu_code.size();
    with_errors += file.errors.empty() ? 0 : 1;
  }
  std::string line = fmt::format("{} file{}: {} with GPU code ({} entr{}), {} without", report.files.size(),
                                 report.files.size() == 1 ? "" : "s", with_code, entries, entries == 1 ? "y" : "ies",
                                 report.files.size() - with_code);
  if (with_errors > 0) {
    line += fmt::format(", {} with errors", with_errors);
  }
  if (duplicates > 0) {
    line += fmt::format("; {} symlinked duplicate{} listed once", duplicates, duplicates == 1 ? "" : "s");
  }
  return line;
}

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
  std::size_t duplicates = drop_symlinked_duplicates(inputs.files);
  std::uint64_t total_bytes = 0;
  for (const auto& input : inputs.files) {
    total_bytes += input.size;
  }
  scan::ScanReport report;
  {
    ProgressBar progress(!options.json && ::isatty(STDERR_FILENO) == 1, inputs.files.size(), total_bytes);
    SingleFileTicker ticker(!options.json && ::isatty(STDERR_FILENO) == 1, inputs.files);
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
  std::string totals = totals_line(report, duplicates);
  if (options.gpu_only) {
    // Files without GPU code are left out, unless something went wrong with them.
    std::erase_if(report.files, [](const scan::FileReport& file) {
      return file.gpu_code.empty() && file.errors.empty() && file.warnings.empty();
    });
  }
  if (options.json) {
    bool pretty = ::isatty(STDOUT_FILENO) == 1;
    report::write_scan_json(report, pretty ? 2 : 0,
                            [](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); });
    std::fputc('\n', stdout);
  } else {
    report::TextStyle style = global.text_style(STDOUT_FILENO);
    fmt::print("{}", report::scan_to_text(report, style));
    if (report.files.size() > 1 || options.gpu_only || duplicates > 0) {
      fmt::print("{}\n", style.bold(totals));
    }
  }
  std::fflush(stdout);
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  // Each problem once more in the one error voice of stderr: "archfit: error: FILE: message".
  for (const auto& file : report.files) {
    for (const auto& finding : report::scan_file_findings(file)) {
      bool error = finding.status == model::Status::fail;
      fmt::print(stderr, "archfit: {} {}: {}\n", error ? error_style.red("error:") : error_style.yellow("warning:"),
                 terminal_safe(finding.origin), terminal_safe(finding.seen));
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
  app.add_flag("--gpu-only", options->gpu_only,
               "List only files that hold GPU code (and files with errors or warnings); the totals line still "
               "counts every file");
  return [options, &global] { return run_scan(*options, global); };
}

}  // namespace archfit::cli
