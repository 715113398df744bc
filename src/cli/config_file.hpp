// The optional user configuration, $XDG_CONFIG_HOME/archfit/config.toml (when XDG_CONFIG_HOME is
// unset or empty: ~/.config/archfit/config.toml, XDG Base Directory Specification). It holds
// defaults that the command line and the environment override (docs/cli.md, "Where targets come
// from"):
//
//   targets = ["gfx942", "gfx90a"]   # or one string: "gfx942,gfx90a"
//   project = "pytorch"              # pytorch, triton, vllm or flash-attn
//   python  = "/opt/venv/bin/python"
//
// Read with toml++ (Debian's libtomlplusplus-dev, header-only). A file that is not there is an empty
// configuration; a file that does not parse, a key archfit does not know or a value of the wrong
// type is an error naming the file, the line and the key.
#pragma once

#include <string>
#include <vector>

#include "probe/environment.hpp"
#include "util/result.hpp"

namespace archfit::cli {

struct ConfigFile {
  std::string path;    // where it is looked for
  bool found = false;  // the file is there
  std::vector<std::string> targets;
  std::string project;
  std::string python;
  // "PATH:LINE" of each key that is set, for errors and `config show`.
  std::string targets_at;
  std::string project_at;
  std::string python_at;
};

// "" when neither XDG_CONFIG_HOME nor HOME is set.
std::string config_file_path(const probe::Environment& environment);

// Reads and checks the file (targets as --target does, project as --project does).
Result<ConfigFile> load_config_file(const probe::Environment& environment);

}  // namespace archfit::cli
