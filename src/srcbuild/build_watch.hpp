// What `archfit build` reads from a build's output while it runs, one line at a time:
//   - progress: ninja's status lines "[N/M] ..." (also cmake --build and setuptools' ninja builds) and the
//     phases of CMake ("-- Configuring done", "-- Generating done") and pip ("Building wheel for ...",
//     "Successfully built ...");
//   - the arch lines that prove the requested targets reached the build: PyTorch's
//     "Building PyTorch for GPU arch: gfx90a;gfx942" (cmake/public/LoadHIP.cmake), "-- HIP architectures: ...",
//     "TORCH_CUDA_ARCH_LIST: 9.0" / "-- Added CUDA NVCC flags for: -gencode;arch=compute_90,code=sm_90"
//     (cmake/Modules_CUDA_fix/upstream/FindCUDA/select_compute_arch.cmake), and compile lines with
//     `-gencode arch=compute_XX,code=sm_XX`, `--generate-code=arch=...` or `--offload-arch=gfxNNN`.
// A declaration line (the first kind) must name exactly the requested targets; a compile line must
// include them. Targets compare as processors ("gfx942", features dropped) and "sm_90".
#pragma once

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace archfit::build {

struct Progress {
  std::uint64_t done = 0;   // N of the last "[N/M]"
  std::uint64_t total = 0;  // M
  std::string phase;        // "configure", "generate", "compile", "wheel", "installed", ""
  std::string last_step;    // the text after "[N/M]" (what is being built)
};

// "[12/345] Building CXX object ..." -> {12, 345, "Building CXX object ..."}; nullopt for other lines.
std::optional<Progress> parse_ninja_status(std::string_view line);

// Remaining time from the rate so far: (total - done) * elapsed / done; nullopt before the first step.
std::optional<std::chrono::seconds> eta(const Progress& progress, std::chrono::steady_clock::duration elapsed);

struct ArchLine {
  std::string line;              // as read
  std::set<std::string> archs;   // processors / sm_XX it names
  bool declaration = false;      // names the whole list (must equal the targets), else a compile line (must include them)
};

// The archs a line names, when it is one of the lines above; nullopt otherwise.
std::optional<ArchLine> parse_arch_line(std::string_view line);

// "gfx942:sramecc+" -> "gfx942"; "9.0", "90", "sm_90", "compute_90" -> "sm_90"; "" when neither.
std::string arch_key(std::string_view target);

struct ArchVerdict {
  bool agrees = true;
  std::vector<std::string> missing;  // requested, not in the line
  std::vector<std::string> extra;    // in a declaration line, not requested
};
ArchVerdict judge_arch_line(const ArchLine& line, const std::set<std::string>& requested);

// Follows a build's lines: progress, and the first arch line that disagrees with the targets.
class BuildWatch {
 public:
  explicit BuildWatch(std::vector<std::string> targets);
  // Returns true when this line made the build disagree (then `disagreement()` says how).
  bool feed(std::string_view line);
  const Progress& progress() const { return m_progress; }
  const std::vector<ArchLine>& arch_lines() const { return m_arch_lines; }  // the first 16 seen
  std::uint64_t arch_lines_agreeing() const { return m_agreeing; }
  const std::optional<std::pair<ArchLine, ArchVerdict>>& disagreement() const { return m_disagreement; }
  const std::set<std::string>& requested() const { return m_requested; }

 private:
  std::set<std::string> m_requested;
  Progress m_progress;
  std::vector<ArchLine> m_arch_lines;
  std::uint64_t m_agreeing = 0;
  std::optional<std::pair<ArchLine, ArchVerdict>> m_disagreement;
};

}  // namespace archfit::build
