// `archfit env` output: the plan (doctor/env_plan.hpp) in the syntax of a shell, each variable preceded
// by a comment that says why it has that value, then the build steps as comments.
//   bash, zsh   export NAME='value'   (single quotes; ' written as '\''), prepended lists as
//               export PATH='/opt/rocm/bin'"${PATH:+:$PATH}"
//   fish        set -gx NAME 'value'  (single quotes; \ and ' escaped with \), lists as set -gx PATH 'dir' $PATH
//   dotenv      NAME=value, single-quoted when the value has characters outside [A-Za-z0-9_./:;,+=@%-]
//   github      NAME=value lines for $GITHUB_ENV (no comments; NAME<<delimiter form for a multi-line value)
//   json        {"schema": "archfit.env/1", "variables": [{"name", "value", "why", "prepend"}], "steps", "notes"}
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "doctor/env_plan.hpp"
#include "report/text_style.hpp"

namespace archfit::report {

inline constexpr std::string_view k_env_shells[] = {"bash", "zsh", "fish", "dotenv", "json", "github"};

// Quoting helpers (exposed for the tests).
std::string quote_posix(std::string_view value);
std::string quote_fish(std::string_view value);

// How much the comments of a shell/dotenv script say (json and github have no comments: unchanged).
//   quiet    the notes (what the user must know) and the exports only: no summary, no "why", no steps
//   normal   the summary, the notes, a "why" before each export, the steps
//   verbose  normal, and before each export the value it replaces in this environment (`current`:
//            name -> value, absent = unset), so what the script changes is visible before it is run
struct EnvTextOptions {
  Verbosity verbosity = Verbosity::normal;
  std::map<std::string, std::optional<std::string>> current;
};

// `shell` is one of k_env_shells.
std::string env_to_shell(const doctor::EnvPlan& plan, std::string_view shell, const EnvTextOptions& options = {});

}  // namespace archfit::report
