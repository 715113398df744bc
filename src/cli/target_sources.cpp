#include "cli/target_sources.hpp"

#include <fmt/format.h>

#include "cli/target_arguments.hpp"
#include "detect/saved_targets.hpp"
#include "knowledge/torch_arch_lists.hpp"
#include "probe/text_input.hpp"

namespace archfit::cli {

namespace {

// The variable's value when it is set and not empty (PyTorch treats an empty one as unset).
std::string variable(const probe::Environment& environment, std::string_view name) {
  auto value = environment.get(name);
  return value ? *value : std::string();
}

}  // namespace

Result<TargetChoice> choose_targets(const TargetRequest& request, const probe::Environment& environment) {
  if (!request.targets.empty()) {
    ARCHFIT_TRY(auto targets, validate_target_arguments(request.targets, request.one_vendor));
    return TargetChoice{std::move(targets), "--target"};
  }
  if (!request.targets_from.empty()) {
    auto text = probe::read_text_input(request.targets_from);  // a file, a pipe, or "-"; capped
    if (!text) {
      return Error{"--targets-from " + text.error().message};
    }
    auto saved = detect::read_saved_targets(*text);
    if (!saved) {
      return Error{"--targets-from " + request.targets_from + ": " + saved.error().message};
    }
    std::string source = "--targets-from " + request.targets_from + " (" + saved->format + ")";
    ARCHFIT_TRY(auto targets, validate_target_arguments(saved->target_ids, request.one_vendor, source));
    return TargetChoice{std::move(targets), std::move(source)};
  }
  if (request.config != nullptr && !request.config->targets.empty()) {
    // load_config_file judged them already (with the file's line in the message).
    ARCHFIT_TRY(auto targets, validate_target_arguments(request.config->targets, request.one_vendor,
                                                        request.config->targets_at + " targets"));
    return TargetChoice{std::move(targets), request.config->targets_at};
  }
  std::string rocm = variable(environment, "PYTORCH_ROCM_ARCH");
  std::string cuda = variable(environment, "TORCH_CUDA_ARCH_LIST");
  if (!rocm.empty() || !cuda.empty()) {
    std::vector<std::string> entries;
    std::string source;
    if (!rocm.empty()) {
      entries = knowledge::pytorch_rocm_arch_entries(rocm);
      source = "$PYTORCH_ROCM_ARCH";
    }
    if (!cuda.empty()) {
      for (auto& entry : knowledge::torch_cuda_arch_list_entries(cuda)) {
        entries.push_back(std::move(entry));
      }
      source += (source.empty() ? "" : " and ") + std::string("$TORCH_CUDA_ARCH_LIST");
    }
    // Each entry on its own (the variables' own separators, not --target's commas).
    std::vector<std::string> targets;
    for (const auto& entry : entries) {
      ARCHFIT_TRY(auto valid, validate_target_arguments({entry}, false, source));
      targets.insert(targets.end(), valid.begin(), valid.end());
    }
    if (request.one_vendor && !rocm.empty() && !cuda.empty()) {
      return Error{fmt::format("$PYTORCH_ROCM_ARCH ({}) and $TORCH_CUDA_ARCH_LIST ({}) are both set: a build is for "
                               "one backend (ROCm or CUDA); unset one, or name the targets with --target",
                               rocm, cuda)};
    }
    if (targets.empty()) {
      return Error{source + ": no target in \"" + rocm + cuda + "\""};
    }
    // Only where detect finds no GPU (a build host): on a machine with GPUs a stale list must not
    // stand in for them; doctor then judges the variables against the GPUs (gpus.arch-list.*).
    TargetChoice choice;
    choice.fallback = std::move(targets);
    choice.fallback_source = std::move(source);
    return choice;
  }
  return TargetChoice{};
}

CLI::Option* add_targets_from_option(CLI::App& app, std::string& file) {
  return app
      .add_option("--targets-from", file,
                  "Targets from a saved `archfit detect --json`, or a rocminfo / nvidia-smi paste (- for stdin)")
      ->type_name("FILE");
}

}  // namespace archfit::cli
