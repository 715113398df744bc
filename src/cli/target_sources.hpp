// Where a command's GPU targets come from. The first that is given wins:
//   1. --target T,...
//   2. --targets-from FILE (a saved `archfit detect --json`, or a rocminfo / nvidia-smi paste)
//   3. `targets` in the config file (cli/config_file.hpp): the user's standing --target
//   4. the GPUs `detect` finds on this machine (an empty choice: the command asks detect)
//   5. only when detect finds no GPU: $PYTORCH_ROCM_ARCH / $TORCH_CUDA_ARCH_LIST (what
//      `eval "$(archfit env ...)"` exports and what PyTorch's build reads). On a machine with GPUs
//      they are what doctor judges against the GPUs, never a stand-in for them.
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
  // The arch variables' targets, for when detect finds no GPU (with targets empty).
  std::vector<std::string> fallback;
  std::string fallback_source;  // "$PYTORCH_ROCM_ARCH" | "$TORCH_CUDA_ARCH_LIST" | both
};

struct TargetRequest {
  std::vector<std::string> targets;  // --target values
  std::string targets_from;          // --targets-from FILE
  bool one_vendor = true;            // AMD and NVIDIA together are an error (a build)
  const ConfigFile* config = nullptr;
};

Result<TargetChoice> choose_targets(const TargetRequest& request, const probe::Environment& environment);

// --targets-from, with the one help text every command shows.
CLI::Option* add_targets_from_option(CLI::App& app, std::string& file);

}  // namespace archfit::cli
