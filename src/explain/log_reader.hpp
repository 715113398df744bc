// Feeding a log file (or stdin) to a LogScanner in 64 KiB blocks: the log is never held whole. A log that a
// Windows tool saved as UTF-16 is decoded to UTF-8 on the way (util/text_encoding.hpp).
#pragma once

#include <string>

#include "explain/log_scanner.hpp"
#include "util/result.hpp"

namespace archfit::explain {

// Reads `fd` to its end. `name` is used in the error message ("-" for stdin).
Status scan_fd(int fd, const std::string& name, LogScanner& scanner);

// Opens `path` ("-": stdin) and scans it.
Status scan_file(const std::string& path, LogScanner& scanner);

}  // namespace archfit::explain
