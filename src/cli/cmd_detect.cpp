// `archfit detect [--json] [--sysroot DIR] [--from-rocminfo FILE | --from-nvidia-smi FILE] [--confirm]`
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/failure_output.hpp"
#include "detect/detector.hpp"
#include "detect/environment_effects.hpp"
#include "detect/tool_output_parsers.hpp"
#include "probe/text_input.hpp"
#include "report/detect_json.hpp"
#include "report/detect_text.hpp"
#include "util/terminal_text.hpp"
#include "util/text_encoding.hpp"

namespace archfit::cli {

namespace {

struct DetectCommandOptions {
  bool json = false;
  std::string sysroot = "/";
  std::string from_rocminfo;
  std::string from_nvidia_smi;
  bool confirm = false;
};

// Builds the report from a saved rocminfo / nvidia-smi output instead of this machine.
Result<detect::DetectReport> report_from_tool_output(const DetectCommandOptions& options) {
  bool rocminfo = !options.from_rocminfo.empty();
  const std::string& path = rocminfo ? options.from_rocminfo : options.from_nvidia_smi;
  auto read = probe::read_text_input(path);
  if (!read) {
    return Error{"cannot read " + read.error().message};
  }
  auto text = util::decode_text(*read);  // `nvidia-smi > smi.txt` in Windows PowerShell writes UTF-16
  detect::DetectReport report;
  report.source = rocminfo ? "rocminfo" : "nvidia-smi";
  std::string tool = rocminfo ? "rocminfo" : "nvidia-smi";
  std::string failure;
  auto gpus = rocminfo ? detect::parse_rocminfo(text, &failure)
                       : detect::parse_nvidia_smi(text, &report.drivers.nvidia_version, &failure);
  if (!gpus) {
    return Error{fmt::format("{}: {}; give the complete output of `{}`", path, gpus.error().message, tool)};
  }
  report.gpus = std::move(*gpus);
  if (!failure.empty()) {
    report.findings.push_back(
        {detect::Severity::warning, "tool-failed",
         fmt::format("{} printed an error instead of GPUs ({}), so this output names none", tool, failure),
         fmt::format("fix that error on the machine the output came from (the driver loaded, the user in the "
                     "device's group, the driver and its library of one version), then give the complete output "
                     "of `{}` again",
                     tool)});
  }
  // The variables of *this* shell say nothing about the machine the output came from.
  detect::apply_environment_effects(probe::Environment{}, report);
  return report;
}

int run_detect(const DetectCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  detect::DetectReport report;
  if (!options.from_rocminfo.empty() || !options.from_nvidia_smi.empty()) {
    // A file that is not there is a usage error, as `check PATH` says (exit 2); one that is there
    // but is not the tool's output is an input that failed (exit 1). "-" is stdin.
    const std::string& path = options.from_rocminfo.empty() ? options.from_nvidia_smi : options.from_rocminfo;
    std::error_code error;
    if (path != "-" && !std::filesystem::exists(path, error)) {
      return report_failure(error_style, options.json, "detect", path + ": no such file", k_exit_usage);
    }
    auto parsed = report_from_tool_output(options);
    if (!parsed) {
      return report_failure(error_style, options.json, "detect", parsed.error().message, k_exit_findings);
    }
    report = std::move(*parsed);
  } else {
    probe::SystemRoot root(options.sysroot);
    if (!root.is_live() && !root.exists("/")) {
      return report_failure(error_style, options.json, "detect", "--sysroot " + options.sysroot + ": no such directory",
                            k_exit_usage);
    }
    report = detect::detect_system(root, probe::Environment::current(), {options.confirm});
  }
  if (options.json) {
    fmt::print("{}\n", report::detect_to_json(report, ::isatty(STDOUT_FILENO) == 1 ? 2 : 0));
  } else {
    fmt::print("{}", report::detect_to_text(report, global.text_style(STDOUT_FILENO)));
  }
  return report.has_problems() ? k_exit_findings : k_exit_ok;
}

}  // namespace

std::function<int()> setup_detect(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<DetectCommandOptions>();
  app.add_flag("--json", options->json, "Print the report as JSON (schema archfit.detect/1, docs/json.md)");
  app.add_option("--sysroot", options->sysroot,
                 "Read /sys, /proc, /dev and /etc below DIR instead of / (a captured tree)")
      ->type_name("DIR");
  auto* rocminfo = app.add_option("--from-rocminfo", options->from_rocminfo,
                                  "Read the GPUs from a saved `rocminfo` output (FILE, or - for stdin)")
                       ->type_name("FILE");
  auto* smi = app.add_option("--from-nvidia-smi", options->from_nvidia_smi,
                             "Read the GPUs from a saved `nvidia-smi` output (table, -L, -q or --query-gpu CSV)")
                  ->type_name("FILE");
  rocminfo->excludes(smi);
  app.add_flag("--confirm", options->confirm,
               "Confirm NVIDIA compute capabilities through NVML (libnvidia-ml, loaded at run time; slower)");
  return [options, &global] { return run_detect(*options, global); };
}

}  // namespace archfit::cli
