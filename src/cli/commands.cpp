#include "cli/command.hpp"

namespace archfit::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"detect", "Name every GPU's exact architecture and the host, from the kernel's files (no GPU runtime)",
       setup_detect},
      {"scan", "List the GPU code inside binaries, archives and bundles, and what they need from the host",
       setup_scan},
  };
  return table;
}

}  // namespace archfit::cli
