// Where a command's GPU targets come from. The first that is given wins:
//   1. --target T,...
//   2. --targets-from FILE (a saved `archfit detect --json`, or a rocminfo / nvidia-smi paste)
//   3. $PYTORCH_ROCM_ARCH / $TORCH_CUDA_ARCH_LIST (what `eval "$(archfit env ...)"` exports and what
//      PyTorch's build reads)
//   4. `targets` in the config file (cli/config_file.hpp)
//   5. the GPUs `detect` finds on this machine (an empty choice: the command asks detect)
// Each is judged as --target is (cli/target_arguments.hpp): an unknown target is exit 2 with the
// closest known one, named after the place it came from.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/config_file.hpp"
#include "probe/environment.hpp"
#include "util/result.hpp"

namespace archfit::cli {

struct TargetChoice {
  std::vector<std::string> targets;  // empty: the GPUs detect finds
  // "--target", "--targets-from FILE (rocminfo)", "$PYTORCH_ROCM_ARCH", "PATH:LINE" of the config
  // file, or "" (detect).
  std::string source;
};

struct TargetRequest {
  std::vector<std::string> targets;  // --target values
  std::string targets_from;          // --targets-from FILE
  bool one_vendor = true;            // AMD and NVIDIA together are an error (a build)
  const ConfigFile* config = nullptr;
};

Result<TargetChoice> choose_targets(const TargetRequest& request, const probe::Environment& environment);

// The entries of $PYTORCH_ROCM_ARCH as PyTorch splits them: ' ' and ';' separate ("gfx90a;gfx942").
std::vector<std::string> pytorch_rocm_arch_entries(std::string_view value);

// The entries of $TORCH_CUDA_ARCH_LIST as PyTorch's extension builder reads them: ' ' becomes ';',
// names ("Ampere", "Hopper") become their lists (data/torch_cuda_arch_names.tsv), then ';' separates:
// "Ampere 9.0+PTX" -> 8.0, 8.6+PTX, 9.0+PTX.
std::vector<std::string> torch_cuda_arch_list_entries(std::string_view value);

// --targets-from, with the one help text every command shows.
CLI::Option* add_targets_from_option(CLI::App& app, std::string& file);

}  // namespace archfit::cli
