// scan's problems as model::Findings: what reading a file raised. The inventory (the file's GPU
// code, bundles and host needs) stays scan's own report; only its errors and warnings are judged.
//   scan.error    fail: a structure could not be read (what was read before it is still listed)
//   scan.warning  warn: something was not scanned (a nested zip, a large non-ELF member, ...)
// title "error" or "warning", seen the message, origin the file ("path" or "path(member)"), so a
// finding read on its own (the JSON's `findings`, stderr's `archfit: error: FILE: message`) names it.
#pragma once

#include <vector>

#include "model/finding.hpp"
#include "scan/scan_report.hpp"

namespace archfit::report {

std::vector<model::Finding> scan_file_findings(const scan::FileReport& file);

}  // namespace archfit::report
