// MIOpen's precompiled kernels live in a system kernel database next to the library
// (`<prefix>/share/miopen/db/gfx942130.kdb`, one SQLite file per target and compute-unit count),
// found as data/miopen_kernel_dbs.tsv cites from MIOpen's own lookup. A target without one still
// runs: MIOpen compiles each kernel the first time it is needed. So the verdict per AMD target is
// `native` (a database MIOpen would open) or `jit` (none: compiled at first use), never `no-code`.
#pragma once

#include <string>
#include <vector>

#include "check/check_report.hpp"
#include "check/target_rules.hpp"
#include "probe/environment.hpp"

namespace archfit::check {

struct KernelDatabaseCheck {
  bool applies = false;            // the file is MIOpen
  std::string directory;           // the database directory MIOpen reads
  std::vector<TargetResult> results;  // one per AMD target; `path` is the directory
};

// MIOpen's database id for a target: the processor, "_nosramecc" / "_sramecc" and "_xnack" as
// the table's columns say (a --target that does not give a mode gets no suffix for it).
std::string miopen_db_id(const DeviceTarget& target);

// For a library file (`library_path`, on this system) and the AMD targets among `targets`;
// `environment` gives MIOPEN_SYSTEM_DB_PATH.
KernelDatabaseCheck check_miopen_kernel_db(const std::string& library_path, const std::string& package,
                                           const std::vector<DeviceTarget>& targets,
                                           const probe::Environment& environment);

}  // namespace archfit::check
