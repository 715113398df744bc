// The inputs `archfit scan` uses when given none (data/default_scan_paths.tsv).
#pragma once

#include <string>
#include <vector>

namespace archfit::scan {

// Expands the embedded glob patterns below `root` ("/" normally) into existing regular files,
// resolving symlinks so that each file appears once, in pattern order.
std::vector<std::string> default_scan_paths(const std::string& root);

}  // namespace archfit::scan
