#include "detect/saved_targets.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "detect/tool_output_parsers.hpp"
#include "util/text_lines.hpp"

namespace archfit::detect {

namespace {

void add_once(std::vector<std::string>& ids, const std::string& id) {
  if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end()) {
    ids.push_back(id);
  }
}

Result<SavedTargets> from_detect_json(std::string_view text) {
  auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_object() || !json.contains("gpus") || !json["gpus"].is_array()) {
    return Error{"not an `archfit detect --json` report (no \"gpus\" array)"};
  }
  SavedTargets saved;
  saved.format = "detect --json";
  for (const auto& gpu : json["gpus"]) {
    if (!gpu.is_object() || !gpu.contains("target_id") || !gpu["target_id"].is_string()) {
      continue;
    }
    // A GPU that *_VISIBLE_DEVICES hides is not one programs run on.
    if (gpu.contains("visible") && gpu["visible"].is_boolean() && !gpu["visible"].get<bool>()) {
      continue;
    }
    add_once(saved.target_ids, gpu["target_id"].get<std::string>());
  }
  if (saved.target_ids.empty()) {
    return Error{"the report lists no GPU with a target"};
  }
  return saved;
}

Result<SavedTargets> from_tool_gpus(const std::vector<DetectedGpu>& gpus, std::string format) {
  SavedTargets saved;
  saved.format = std::move(format);
  for (const auto& gpu : gpus) {
    add_once(saved.target_ids, gpu.target_id.empty() ? gpu.target : gpu.target_id);
  }
  if (saved.target_ids.empty()) {
    return Error{fmt::format("the {} output names {} GPU(s) but none with a known target", saved.format, gpus.size())};
  }
  return saved;
}

}  // namespace

Result<SavedTargets> read_saved_targets(std::string_view text) {
  std::string_view body = trim(text);
  if (body.starts_with('{')) {
    return from_detect_json(body);
  }
  if (auto gpus = parse_rocminfo(text)) {
    return from_tool_gpus(*gpus, "rocminfo");
  }
  if (auto gpus = parse_nvidia_smi(text)) {
    return from_tool_gpus(*gpus, "nvidia-smi");
  }
  return Error{"neither an `archfit detect --json` report nor rocminfo or nvidia-smi output"};
}

}  // namespace archfit::detect
