#include "cli/target_sources.hpp"

#include <fmt/format.h>

#include "cli/target_arguments.hpp"
#include "detect/saved_targets.hpp"
#include "knowledge/tsv_table.hpp"
#include "probe/text_input.hpp"

namespace archfit::cli {

namespace {

// `value` cut at any of `separators`, empty pieces dropped.
std::vector<std::string> split_at(std::string_view value, std::string_view separators) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= value.size()) {
    auto end = value.find_first_of(separators, start);
    if (end == std::string_view::npos) {
      end = value.size();
    }
    if (end > start) {
      items.emplace_back(value.substr(start, end - start));
    }
    start = end + 1;
  }
  return items;
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// The variable's value when it is set and not empty (PyTorch treats an empty one as unset).
std::string variable(const probe::Environment& environment, std::string_view name) {
  auto value = environment.get(name);
  return value ? *value : std::string();
}

}  // namespace

std::vector<std::string> pytorch_rocm_arch_entries(std::string_view value) { return split_at(value, " ;"); }

std::vector<std::string> torch_cuda_arch_list_entries(std::string_view value) {
  std::string list(value);
  replace_all(list, " ", ";");
  const auto& names = knowledge::embedded_table("torch_cuda_arch_names.tsv");
  for (const auto& row : names.rows) {  // in the table's order: "Ampere+Tegra" before "Ampere"
    replace_all(list, names.field(row, "name"), names.field(row, "arch_list"));
  }
  return split_at(list, ";");
}

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
  std::string rocm = variable(environment, "PYTORCH_ROCM_ARCH");
  std::string cuda = variable(environment, "TORCH_CUDA_ARCH_LIST");
  if (!rocm.empty() || !cuda.empty()) {
    std::vector<std::string> entries;
    std::string source;
    if (!rocm.empty()) {
      entries = pytorch_rocm_arch_entries(rocm);
      source = "$PYTORCH_ROCM_ARCH";
    }
    if (!cuda.empty()) {
      for (auto& entry : torch_cuda_arch_list_entries(cuda)) {
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
    return TargetChoice{std::move(targets), std::move(source)};
  }
  if (request.config != nullptr && !request.config->targets.empty()) {
    // load_config_file judged them already (with the file's line in the message).
    ARCHFIT_TRY(auto targets, validate_target_arguments(request.config->targets, request.one_vendor,
                                                        request.config->targets_at + " targets"));
    return TargetChoice{std::move(targets), request.config->targets_at};
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
