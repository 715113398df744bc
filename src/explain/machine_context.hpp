// What `explain` knows about the machine: the `detect` report (GPUs, overrides, CPU level,
// libstdc++), the files below the system root, and the libraries a log names, examined with the
// scan engine on first use and cached. Built by the CLI (it runs detect); absent with --no-context.
//
// Paths a log names are paths on the machine that wrote it. With --sysroot they are looked up
// below the sysroot first and, when absent there, as written (a captured sysroot holds /sys,
// /proc, /dev and /etc, not the libraries). Probes of the machine's own layout (which ROCm,
// GCC, CUDA are installed) look at the probed system only.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/detect_report.hpp"
#include "explain/explanation.hpp"
#include "probe/environment.hpp"
#include "probe/system_root.hpp"

namespace archfit::explain {

class MachineContext {
 public:
  MachineContext(std::string sysroot, probe::Environment environment, detect::DetectReport report);

  const detect::DetectReport& report() const { return m_report; }
  const probe::SystemRoot& root() const { return m_root; }
  const probe::Environment& environment() const { return m_environment; }

  // Visible GPUs of `vendor`.
  std::vector<const detect::DetectedGpu*> gpus(model::Vendor vendor) const;
  // The real processors of the visible AMD GPUs ("gfx1031"), distinct, in detect order: what to
  // build for, whatever HSA_OVERRIDE_GFX_VERSION makes programs see.
  std::vector<std::string> amd_targets() const;
  // Compute capabilities of the visible NVIDIA GPUs ("9.0"), distinct.
  std::vector<std::string> cuda_capabilities() const;

  // A path the log names, where it is readable here: below --sysroot, else as written; nullopt
  // when neither exists.
  std::optional<std::string> local_path(std::string_view path) const;
  // The machine's own layout (toolchains under /opt, /usr/lib/gcc, /usr/local/cuda...): looked up
  // on the probed system only — below --sysroot when one is given, never on this machine then.
  bool exists(std::string_view path) const;
  // Names in a directory of the probed system (sorted), empty when absent.
  std::vector<std::string> list_dir(std::string_view path) const;

  // A library the log names: GPU code targets, host needs, and (for libstdc++/libc) the versions
  // it defines. Cached; the list of everything examined goes into the context summary.
  const LibraryFacts& library(const std::string& path);
  // Shared objects carrying GPU code under a package directory the log names (at most
  // k_max_package_files files are looked at).
  std::vector<LibraryFacts> package_gpu_libraries(const std::string& package_dir);
  static constexpr std::size_t k_max_package_files = 64;

  ContextSummary summary() const;

 private:
  std::string m_sysroot;
  probe::SystemRoot m_root;
  probe::Environment m_environment;
  detect::DetectReport m_report;
  std::map<std::string, LibraryFacts> m_libraries;
  std::vector<std::string> m_library_order;
};

// The family (generic processor) of an AMD processor, "gfx10-3-generic" for gfx1031, or empty.
std::string amd_family(std::string_view processor);

// "sm_120" → "12.0"; "sm_87" → "8.7"; empty when not an sm_ name.
std::string sm_to_capability(std::string_view sm);

// "a, b and c".
std::string join_list(const std::vector<std::string>& items, std::string_view separator = ", ");

}  // namespace archfit::explain
