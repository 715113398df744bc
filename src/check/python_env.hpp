// An installed Python environment, read without importing anything from it:
//   - the interpreter is asked only for its paths (sys.executable, sys.prefix, sys.path,
//     sysconfig purelib/platlib) through the CommandRunner;
//   - each <site-packages>/<name>-<version>.dist-info holds METADATA (RFC 822 style headers:
//     "Name:", "Version:", one "Requires-Dist:" per requirement, PEP 566/508) and RECORD (CSV:
//     path,hash,size per installed file, paths relative to site-packages; PEP 376/627);
//   - torch/version.py sets `__version__`, `cuda`, `hip` and `git_version` as Python literals.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "check/check_report.hpp"
#include "probe/command_runner.hpp"
#include "probe/system_root.hpp"
#include "util/result.hpp"

namespace archfit::check {

struct PythonPaths {
  std::string executable;
  std::string prefix;
  std::string version;
  std::vector<std::string> site_dirs;  // existing site-packages / dist-packages dirs, sys.path order
};

Result<PythonPaths> query_python_paths(const std::string& python, const probe::CommandRunner& runner,
                                       const probe::Environment& environment,
                                       std::chrono::milliseconds timeout = std::chrono::seconds(20));

// A virtual environment's paths read from <prefix>/pyvenv.cfg (venv, virtualenv, uv: "home",
// "include-system-site-packages", "version" or "version_info"), where <prefix> is the parent of
// the interpreter's bin/ directory: <prefix>/lib/pythonX.Y/site-packages. nullopt when `python`
// is not in a venv, or the venv also uses the system's site-packages (then ask the interpreter).
std::optional<PythonPaths> venv_python_paths(const probe::SystemRoot& root, const std::string& python);

// "Flash_Attn" → "flash-attn" (PEP 503 normalisation).
std::string normalize_distribution_name(std::string_view name);

struct Distribution {
  PackageInfo info;
  std::string site_dir;
  std::vector<std::string> files;  // absolute paths from RECORD, each inside site_dir
  std::vector<std::string> errors;  // RECORD entries refused (a FIFO or device): one message each
};

// Every distribution in the site dirs (the first one wins when a name repeats, as sys.path does).
std::vector<Distribution> read_distributions(const probe::SystemRoot& root, const std::vector<std::string>& site_dirs);

// METADATA → name, version, requires_dist.
void parse_metadata(std::string_view text, PackageInfo& info);

// torch/version.py literals: `cuda: Optional[str] = '13.0'` / `hip = None` …
void parse_torch_version_py(std::string_view text, PackageInfo& info);

// The distributions `check --python` examines: torch and what is built against it
// (data/gpu_python_packages.tsv).
bool is_gpu_framework(const std::string& normalized_name);
// The names Triton is installed under, in the table's order.
const std::vector<std::string>& triton_distributions();

}  // namespace archfit::check
