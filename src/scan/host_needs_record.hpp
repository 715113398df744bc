// The report form of a file's host needs.
#pragma once

#include "binfmt/elf_host_needs.hpp"
#include "scan/scan_report.hpp"

namespace archfit::scan {

HostNeedsRecord host_needs_record(const binfmt::HostNeeds& needs);

}  // namespace archfit::scan
