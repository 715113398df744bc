// `archfit config show [--json]`: the settings the commands start from when the command line names
// none, and where each comes from: the environment ($PYTORCH_ROCM_ARCH, $TORCH_CUDA_ARCH_LIST), the
// config file (cli/config_file.hpp, "PATH:LINE"), or archfit's default. A config file with an error
// is exit 2, as it is for every command that reads it.
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/config_file.hpp"
#include "cli/failure_output.hpp"
#include "cli/target_sources.hpp"
#include "util/terminal_text.hpp"

namespace archfit::cli {

namespace {

struct ConfigCommandOptions {
  std::string action;
  bool json = false;
};

struct Setting {
  std::string name;
  nlohmann::ordered_json value;  // a string, or a list for targets
  std::string from;              // "environment" | "file" | "default"
  std::string where;             // "$PYTORCH_ROCM_ARCH", "PATH:LINE", or what the default is
};

std::string origin_of(const std::string& source) {
  return source.empty() ? "default" : (source.starts_with("$") ? "environment" : "file");
}

int run_config_command(const ConfigCommandOptions& options, const GlobalOptions& global) {
  report::TextStyle error_style{use_color(global.color, STDERR_FILENO)};
  auto environment = probe::Environment::current();
  auto config = load_config_file(environment);
  if (!config) {
    return report_failure(error_style, options.json, "config", config.error().message, k_exit_usage);
  }
  TargetRequest request;  // no --target, no --targets-from: what the commands start from
  request.config = &*config;
  auto targets = choose_targets(request, environment);
  if (!targets) {
    return report_failure(error_style, options.json, "config", targets.error().message, k_exit_usage);
  }
  std::vector<Setting> settings;
  if (!targets->targets.empty() || targets->fallback.empty()) {
    settings.push_back({"targets", targets->targets, origin_of(targets->source),
                        targets->source.empty() ? "the GPUs archfit detect finds" : targets->source});
  } else {
    settings.push_back({"targets", targets->fallback, "environment",
                        targets->fallback_source + ", where archfit detect finds no GPU (else the GPUs it finds)"});
  }
  settings.push_back(config->project.empty()
                         ? Setting{"project", nullptr, "default", "the --src tree's project, else pytorch"}
                         : Setting{"project", config->project, "file", config->project_at});
  settings.push_back(config->python.empty()
                         ? Setting{"python", nullptr, "default", "$VIRTUAL_ENV, $CONDA_PREFIX, else python3 on PATH"}
                         : Setting{"python", config->python, "file", config->python_at});
  if (options.json) {
    nlohmann::ordered_json json;
    json["schema"] = "archfit.config/1";
    json["config_file"] = {{"path", config->path.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(config->path)},
                           {"found", config->found}};
    json["settings"] = nlohmann::ordered_json::object();
    for (const auto& setting : settings) {
      json["settings"][setting.name] = {{"value", setting.value}, {"from", setting.from}, {"where", setting.where}};
    }
    // Values from the environment may hold any bytes: invalid UTF-8 is replaced, never thrown.
    fmt::print("{}\n", json.dump(::isatty(STDOUT_FILENO) == 1 ? 2 : -1, ' ', false,
                                  nlohmann::ordered_json::error_handler_t::replace));
    return k_exit_ok;
  }
  report::TextStyle style{use_color(global.color, STDOUT_FILENO)};
  fmt::print("{} {} ({})\n", style.bold("config file:"),
             config->path.empty() ? std::string("none ($XDG_CONFIG_HOME and $HOME are unset)") : terminal_safe(config->path),
             config->found ? "read" : "not there");
  for (const auto& setting : settings) {
    std::string value;
    if (setting.value.is_array()) {
      for (const auto& item : setting.value) {
        value += (value.empty() ? "" : ",") + item.get<std::string>();
      }
    } else if (setting.value.is_string()) {
      value = setting.value.get<std::string>();
    }
    fmt::print("{:<8} {:<24} {}: {}\n", setting.name, value.empty() ? "-" : terminal_safe(value), setting.from,
               terminal_safe(setting.where));
  }
  return k_exit_ok;
}

}  // namespace

std::function<int()> setup_config(CLI::App& app, const GlobalOptions& global) {
  auto options = std::make_shared<ConfigCommandOptions>();
  app.add_option("action", options->action, "show: print the effective settings and where each comes from")
      ->required()
      ->check(CLI::IsMember({"show"}));
  app.add_flag("--json", options->json, "Print the settings as JSON (schema archfit.config/1, docs/cli.md)");
  return [options, &global] { return run_config_command(*options, global); };
}

}  // namespace archfit::cli
