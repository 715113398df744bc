#include "cli/config_file.hpp"

#include <toml++/toml.h>

#include <fmt/format.h>

#include "cli/target_arguments.hpp"
#include "doctor/doctor.hpp"
#include "probe/text_input.hpp"
#include "probe/system_root.hpp"

namespace archfit::cli {

namespace {

std::string at(const std::string& path, const toml::source_region& region) {
  return fmt::format("{}:{}", path, region.begin.line);
}

// A string, or an array of strings ("targets").
Result<std::vector<std::string>> string_list(const toml::node& node, const std::string& where) {
  std::vector<std::string> values;
  if (auto text = node.value<std::string>()) {
    values.push_back(*text);
    return values;
  }
  const auto* array = node.as_array();
  if (array == nullptr) {
    return Error{where + ": expected a string or an array of strings"};
  }
  for (const auto& item : *array) {
    auto text = item.value<std::string>();
    if (!text) {
      return Error{where + ": expected a string or an array of strings"};
    }
    values.push_back(*text);
  }
  return values;
}

}  // namespace

std::string config_file_path(const probe::Environment& environment) {
  auto xdg = environment.get("XDG_CONFIG_HOME");
  // The XDG Base Directory Specification: an empty or relative $XDG_CONFIG_HOME is ignored.
  if (xdg && !xdg->empty() && xdg->front() == '/') {
    return *xdg + "/archfit/config.toml";
  }
  auto home = environment.get("HOME");
  if (home && !home->empty()) {
    return *home + "/.config/archfit/config.toml";
  }
  return {};
}

Result<ConfigFile> load_config_file(const probe::Environment& environment) {
  ConfigFile config;
  config.path = config_file_path(environment);
  probe::SystemRoot live("/");
  if (config.path.empty() || !live.exists(config.path)) {
    return config;
  }
  config.found = true;
  auto text = probe::read_text_input(config.path, std::size_t{1} << 20);
  if (!text) {
    return Error{"config file " + text.error().message};
  }
  toml::table table;
  try {
    table = toml::parse(*text, config.path);
  } catch (const toml::parse_error& error) {
    return Error{fmt::format("{}: {}", at(config.path, error.source()), error.description())};
  }
  for (auto&& [key, node] : table) {
    std::string name(key.str());
    std::string where = at(config.path, key.source()) + " " + name;
    if (name == "targets") {
      ARCHFIT_TRY(auto values, string_list(node, where));
      ARCHFIT_TRY(config.targets, validate_target_arguments(values, false, where));
      config.targets_at = at(config.path, key.source());
    } else if (name == "project" || name == "python") {
      auto value = node.value<std::string>();
      if (!value) {
        return Error{where + ": expected a string"};
      }
      if (name == "project") {
        if (!doctor::is_known_project(*value)) {
          return Error{where + " = \"" + *value + "\": expected pytorch, triton, vllm or flash-attn"};
        }
        config.project = *value;
        config.project_at = at(config.path, key.source());
      } else {
        config.python = *value;
        config.python_at = at(config.path, key.source());
      }
    } else {
      return Error{where + ": unknown key (archfit reads targets, project and python)"};
    }
  }
  return config;
}

}  // namespace archfit::cli
