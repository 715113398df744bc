#include "report/env_output.hpp"

#include "report/finding_json.hpp"
#include "util/json_writer.hpp"

namespace archfit::report {

namespace {

bool dotenv_safe(std::string_view value) {
  for (char c : value) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              std::string_view("_./:;,+=@%-").find(c) != std::string_view::npos;
    if (!ok) {
      return false;
    }
  }
  return !value.empty();
}

// A comment line: newlines in `text` would end the comment, so they become spaces.
std::string comment(std::string_view text) {
  std::string line = "# ";
  for (char c : text) {
    line += c == '\n' ? ' ' : c;
  }
  return line + "\n";
}

std::string json_plan(const doctor::EnvPlan& plan) {
  JsonWriter json(2);
  json.begin_object();
  json.member("schema", "archfit.env/1");
  json.member("project", plan.project);
  json.member("backend", plan.backend);
  json.member("summary", plan.summary);
  json.key("variables");
  json.begin_array();
  for (const auto& variable : plan.variables) {
    json.begin_object();
    json.member("name", variable.name);
    json.member("value", variable.prepend ? variable.full : variable.value);
    json.member("why", variable.why);
    json.member("prepend", variable.prepend);
    if (variable.prepend) {
      json.member("entry", variable.value);
    }
    json.end_object();
  }
  json.end_array();
  json.string_array("steps", plan.steps);
  // The notes twice: as the sentences they always were, and as Findings (the members every
  // command's findings have).
  std::vector<std::string> sentences;
  for (const auto& note : plan.notes) {
    sentences.push_back(note.seen);
  }
  json.string_array("notes", sentences);
  findings_member(json, "findings", plan.notes);
  json.end_object();
  return json.take() + "\n";
}

}  // namespace

std::string quote_posix(std::string_view value) {
  std::string quoted = "'";
  for (char c : value) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

std::string quote_fish(std::string_view value) {
  std::string quoted = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') {
      quoted += '\\';
    }
    quoted += c;
  }
  return quoted + "'";
}

std::string env_to_shell(const doctor::EnvPlan& plan, std::string_view shell, const EnvTextOptions& options) {
  if (shell == "json") {
    return json_plan(plan);
  }
  std::string out;
  if (shell == "github") {
    for (const auto& variable : plan.variables) {
      const std::string& value = variable.prepend ? variable.full : variable.value;
      if (value.find('\n') != std::string::npos) {
        out += variable.name + "<<ARCHFIT_EOF\n" + value + "\nARCHFIT_EOF\n";
      } else {
        out += variable.name + "=" + value + "\n";
      }
    }
    return out;
  }
  bool quiet = options.verbosity == Verbosity::quiet;
  if (!quiet) {
    out += comment("archfit env: " + plan.summary);
  }
  for (const auto& note : plan.notes) {
    out += comment("note: " + note.seen);
  }
  for (const auto& variable : plan.variables) {
    if (!quiet) {
      out += comment(variable.name + ": " + variable.why);
    }
    if (options.verbosity == Verbosity::verbose) {
      auto now = options.current.find(variable.name);
      bool set = now != options.current.end() && now->second.has_value();
      out += comment("  now: " + (set ? variable.name + "=" + *now->second : variable.name + " is unset") +
                     (variable.prepend ? " (the export prepends to it)" : ""));
    }
    if (shell == "fish") {
      out += "set -gx " + variable.name + " " + quote_fish(variable.value) + (variable.prepend ? " $" + variable.name : "") + "\n";
    } else if (shell == "dotenv") {
      const std::string& value = variable.prepend ? variable.full : variable.value;
      out += variable.name + "=" + (dotenv_safe(value) ? value : quote_posix(value)) + "\n";
    } else {  // bash, zsh
      out += "export " + variable.name + "=" + quote_posix(variable.value);
      if (variable.prepend) {
        out += "\"${" + variable.name + ":+:$" + variable.name + "}\"";
      }
      out += "\n";
    }
  }
  if (!plan.steps.empty() && !quiet) {
    out += comment("Steps, in order:");
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
      const auto& step = plan.steps[i];
      out += comment("  " + std::to_string(i + 1) + ". " + (step.starts_with("# ") ? step.substr(2) : step));
    }
  }
  return out;
}

}  // namespace archfit::report
