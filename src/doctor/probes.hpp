// The probes of archfit doctor: each fills one part of Facts (doctor/facts.hpp) from files below a
// SystemRoot and from external commands run through a CommandRunner (each with a timeout; a command
// that hangs is killed and reported as timed out). Independent probes run on their own threads.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "doctor/facts.hpp"
#include "doctor/rules.hpp"
#include "probe/command_runner.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::doctor {

struct ProbeContext {
  const probe::SystemRoot& root;
  const probe::Environment& environment;
  const probe::CommandRunner& runner;
  std::chrono::milliseconds timeout{10000};
};

// --- paths on the probed system ------------------------------------------------------------------
std::vector<std::string> path_entries(const probe::Environment& environment, std::string_view variable = "PATH");
// The first executable `name` in $PATH (a name with '/' is taken as a path), or "".
std::string find_on_path(const ProbeContext& context, std::string_view name);
bool is_executable(const probe::SystemRoot& root, const std::string& path);
// `path` with every symlink (of the file and of its directories) resolved, "." and ".." folded; each
// symlink met on the way is appended to `chain` (when given) as the path it led to.
std::string resolve_path(const probe::SystemRoot& root, const std::string& path,
                         std::vector<std::string>* chain = nullptr);
std::string parent_dir(std::string_view path);
std::string base_name(std::string_view path);
std::string join_path(std::string_view dir, std::string_view name);
std::string normalize_path(std::string_view path);

// Runs argv (argv[0] a path on the probed system) with the context's environment and timeout.
ToolRun run_tool(const ProbeContext& context, std::vector<std::string> argv);

// --- the probes ----------------------------------------------------------------------------------
struct ToolchainScope {
  bool versions = true;  // run the compilers, cmake, ninja and git (env only needs the paths)
};
void probe_toolchain(const ProbeContext& context, const ToolchainScope& scope, ToolchainFacts& facts);
// The compiler CMake would take for `role` ("CXX" or "C"): $CXX / $CC, else the first of CMake's name
// list found on PATH (Modules/CMakeDetermine{C,CXX}Compiler.cmake; find_program searches every PATH
// directory for one name before trying the next).
Compiler locate_compiler(const ProbeContext& context, std::string_view role);
void identify(const ProbeContext& context, Compiler& compiler);

void probe_rocm(const ProbeContext& context, const std::vector<RocmComponent>& components, bool run_hipconfig,
                RocmFacts& facts);
// Adds a pip-installed ROCm SDK (TheRock: site-packages/_rocm_sdk_core, _rocm_sdk_devel) found in the
// Python environment's site dirs, then decides which install the build will use.
void add_python_rocm_and_select(const ProbeContext& context, const std::vector<RocmComponent>& components,
                                const PythonFacts& python, RocmFacts& facts);

void probe_cuda(const ProbeContext& context, bool run_nvcc, CudaFacts& facts);

// `requested` is --python, else "" (then $VIRTUAL_ENV, $CONDA_PREFIX, python3, python).
void probe_python(const ProbeContext& context, const std::string& requested, PythonFacts& facts);

// `dir` is a host path (the user's checkout).
void probe_source(const ProbeContext& context, const std::string& dir, SourceFacts& facts);
// The project a source tree is (pytorch | vllm | flash-attn | triton), or "" (probe_source's rule).
std::string source_project(const std::string& dir);

// statvfs of each place (host paths below the root): {what, path}.
void probe_disks(const ProbeContext& context, const std::vector<std::pair<std::string, std::string>>& places,
                 ResourceFacts& facts);

}  // namespace archfit::doctor
