// What archfit doctor (and env) learn about the machine before judging it: the facts of each probe.
// The probes (doctor/probes.hpp) fill them, in parallel; the checks (doctor/checks.hpp) and the env
// planner (doctor/env_plan.hpp) only read them. Paths are paths on the probed system.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "check/python_env.hpp"
#include "detect/detect_report.hpp"

namespace archfit::doctor {

// One external command: what ran and what came back.
struct ToolRun {
  std::vector<std::string> argv;  // as run (argv[0] is the path on the probed system)
  bool found = false;             // the program exists
  bool ran = false;               // it started
  bool timed_out = false;         // killed after the timeout
  int exit_code = -1;
  std::string out;
  std::string err;
  std::string error;  // why it did not give an answer ("not found on PATH", "timed out after 10 s", ...)
  double elapsed_ms = 0;

  bool ok() const { return ran && !timed_out && exit_code == 0; }
};

struct Compiler {
  std::string role;       // "CXX" | "CC" | "CUDAHOSTCXX"
  std::string how;        // how CMake (or nvcc) picks it: "$CXX=g++-13", "c++ on PATH"
  std::string command;    // the name or path asked for ("c++", "g++-13")
  std::string path;       // found at (on PATH or as given)
  std::vector<std::string> links;  // the symlink chain after `path` ("/etc/alternatives/c++", "/usr/bin/g++", ...)
  std::string real_path;  // the end of the chain
  std::string launcher;   // "ccache" when $CXX starts with a compiler launcher
  std::string family;     // "gnu" | "clang" | "other" | "" (unknown)
  std::string version;    // "12.2.0"
  std::string version_line;
  ToolRun run;
  bool found() const { return !path.empty(); }
};

// The GCC installation clang takes its libstdc++ headers from (clang's Generic_GCC::GCCInstallationDetector
// picks the highest-versioned /usr/lib/gcc/<triple>/N holding crtbegin.o; `clang -v` prints
// "Selected GCC installation: <dir>"), and whether /usr/include/c++/N exists for it.
struct ClangGccFacts {
  std::string clang_path;                  // the clang asked (empty: none found)
  std::string clang_version;
  ToolRun clang_v;                         // `clang -v`
  std::string selected_by_clang;           // from its "Selected GCC installation:" line
  std::vector<std::string> installations;  // /usr/lib/gcc/<triple>/N dirs with crtbegin.o, ascending
  std::string selected;                    // the dir clang uses (its own answer, else the highest above)
  std::string selected_version;            // "12"
  std::string headers_dir;                 // /usr/include/c++/N
  bool headers_present = false;
};

struct ToolchainFacts {
  Compiler cxx;
  Compiler cc;
  ClangGccFacts clang_gcc;
  ToolRun cmake;
  std::string cmake_path;
  std::string cmake_version;
  ToolRun ninja;
  std::string ninja_path;
  std::string ninja_version;
  ToolRun git;
  std::string git_path;
  std::string git_version;
  std::string ccache_path;                    // ccache on PATH, or ""
  std::vector<std::string> gcc_majors;        // majors of GCC installations found (/usr/lib/gcc/<triple>/N)
  std::vector<std::string> gxx_on_path;       // g++-N / g++ found on PATH
};

struct RocmComponentState {
  std::string component;
  bool required = true;
  bool present = false;
  std::string found_at;     // the proof file that exists
  std::string proof;        // the first proof, as the table writes it (for the message)
  std::string rocm_package;
  std::string source;
};

struct RocmInstall {
  std::string root;                  // "/opt/rocm-6.4.1", "/usr", ".../site-packages/_rocm_sdk_devel"
  std::string kind;                  // "opt" | "ROCM_PATH" | "HIP_PATH" | "debian" | "pip-sdk" | "hipcc"
  std::vector<std::string> aliases;  // other paths that lead here ("/opt/rocm", "$ROCM_PATH", "$HIP_PATH")
  std::string version;               // "6.4.1"
  std::string version_source;        // the file it was read from
  std::string hip_version;           // "6.4.43484" from include/hip/hip_version.h
  bool has_hipcc = false;
  std::vector<std::string> search_roots;  // where component files are looked for (root; a pip SDK has several)
  std::vector<RocmComponentState> components;
};

struct RocmFacts {
  std::vector<RocmInstall> installs;
  std::optional<std::string> rocm_path_env;
  std::optional<std::string> hip_path_env;
  bool rocm_path_missing = false;  // $ROCM_PATH set to a path that does not exist
  bool hip_path_missing = false;
  std::string hipcc_path;          // hipcc on PATH
  std::string hipcc_real;
  int hipcc_install = -1;          // index into installs
  int rocm_path_install = -1;
  int hip_path_install = -1;
  ToolRun hipconfig;               // `<hipcc dir>/hipconfig --version`
  std::string hipconfig_version;
  // LD_LIBRARY_PATH entries that hold a libamdhip64.so*, with the install they belong to (-1: none known).
  std::vector<std::pair<std::string, int>> ld_library_path_hip;
  int selected = -1;               // the install the build will use
  std::string selected_reason;
};

struct NvccInstall {
  std::string nvcc;      // path of nvcc
  std::string home;      // toolkit root (nvcc's ../)
  std::string real_home;
  std::vector<std::string> origins;  // "PATH", "$CUDA_HOME", "/usr/local/cuda"
  ToolRun run;
  std::string version;   // "13.0.88"
  std::string host_config;          // include/crt/host_config.h read
  std::optional<int> max_gcc;       // from host_config.h: "#if __GNUC__ > N"
  std::optional<int> max_clang;     // from host_config.h: "__clang_major__ >= N" -> N-1
};

struct CudaFacts {
  std::vector<NvccInstall> installs;
  std::optional<std::string> cuda_home_env;  // CUDA_HOME, else CUDA_PATH
  int selected = -1;
  std::string selected_reason;
  Compiler host_compiler;  // what nvcc will use as its host compiler
};

struct PythonFacts {
  std::string requested;   // how it was chosen ("--python", "$VIRTUAL_ENV/bin/python", "python3 on PATH")
  std::string interpreter; // path asked
  ToolRun query;
  std::string error;
  std::string executable;
  std::string version;
  std::string prefix;
  std::string base_prefix;
  std::string stdlib;
  bool venv = false;
  bool conda = false;
  bool externally_managed = false;  // <stdlib>/EXTERNALLY-MANAGED (PEP 668) outside a venv
  std::vector<std::string> site_dirs;
  std::vector<check::Distribution> distributions;
  bool ok() const { return !version.empty(); }
};

struct SubmoduleState {
  char state = ' ';  // ' ' ok, '-' not initialised, '+' other commit checked out, 'U' merge conflicts
  std::string path;
  std::string commit;
};

struct SourceFacts {
  std::string dir;               // --src, as given
  bool exists = false;
  std::string project;           // detected: pytorch | vllm | flash-attn | triton | ""
  std::string version;
  std::string version_source;    // "version.txt"
  std::string cmake_min;         // cmake_minimum_required(VERSION x) of the top CMakeLists.txt
  std::string cmake_min_source;
  std::string python_requires;   // ">=3.10" (pyproject.toml requires-python / setup.py python_requires)
  std::string python_requires_source;
  std::string triton_commit;     // .ci/docker/ci_commit_pins/triton.txt
  std::string triton_version;    // .ci/docker/triton_version.txt
  bool git = false;              // <dir>/.git exists
  bool has_submodules = false;   // .gitmodules exists
  ToolRun submodule_status;
  std::vector<SubmoduleState> submodules;
  std::string hipify;            // "hipified" | "not-hipified" | "" (not PyTorch)
  std::vector<std::string> hipify_evidence;
  std::string cache_path;        // build/CMakeCache.txt found
  std::map<std::string, std::string> cache;       // KEY -> value (type stripped)
  std::map<std::string, std::string> cache_real;  // the path entries compared, symlinks resolved
};

struct DiskSpace {
  std::string what;      // "build directory", "pip cache", "temporary directory"
  std::string path;      // the directory asked about
  std::string measured;  // the existing directory statvfs was called on
  std::optional<std::uint64_t> free_bytes;
  std::string error;
};

struct ResourceFacts {
  std::vector<DiskSpace> disks;
};

struct Facts {
  detect::DetectReport detect;
  ToolchainFacts toolchain;
  RocmFacts rocm;
  CudaFacts cuda;
  PythonFacts python;
  SourceFacts source;
  ResourceFacts resources;

  std::string project;                 // pytorch | triton | vllm | flash-attn
  std::string project_version;         // "" when unknown
  std::string project_version_source;
  std::vector<std::string> targets;    // "gfx942", "sm_90" (processor[:features] for AMD)
  std::string targets_source;          // "detect" | "" | where the targets were named (DoctorOptions)
  std::string backend;                 // "rocm" | "cuda" | "cpu"
  std::string backend_reason;
  std::string os_family;               // "debian" | "rhel" | ""
  bool root_user = false;              // fixes need no sudo
  double elapsed_ms = 0;
};

}  // namespace archfit::doctor
