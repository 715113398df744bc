#include "explain/context_builder.hpp"

#include <fmt/format.h>

#include "detect/detector.hpp"

namespace archfit::explain {

Result<std::unique_ptr<MachineContext>> build_machine_context(const std::string& sysroot,
                                                              const probe::Environment& environment) {
  probe::SystemRoot root(sysroot);
  if (!root.is_live() && !root.exists("/")) {
    return Error{fmt::format("--sysroot {}: no such directory (give the root of a tree captured with "
                             "scripts/capture_sysroot.sh, or --no-context to explain from the log alone)",
                             sysroot)};
  }
  detect::DetectReport report = detect::detect_system(root, environment);
  return std::make_unique<MachineContext>(sysroot, environment, std::move(report));
}

}  // namespace archfit::explain
