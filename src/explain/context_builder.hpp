// Building the machine context `explain` and `run` use: `detect` on the system root (or a
// captured --sysroot tree) with the given environment.
#pragma once

#include <memory>
#include <string>

#include "explain/machine_context.hpp"
#include "probe/environment.hpp"
#include "util/result.hpp"

namespace archfit::explain {

// Fails when `sysroot` is not "/" and does not exist.
Result<std::unique_ptr<MachineContext>> build_machine_context(const std::string& sysroot,
                                                              const probe::Environment& environment);

}  // namespace archfit::explain
