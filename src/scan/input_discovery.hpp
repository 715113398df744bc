// Expanding the command line's paths into the files to scan. A directory is walked recursively
// (following directory symlinks but never entering the same directory twice, so symlink loops end);
// inside directories only files whose first bytes are a format archfit reads are kept — ELF, ar
// archives, offload bundles, CCOBs, CUDA fatbins — identified by magic, never by name. Files named
// explicitly are always kept, so that an unreadable or unknown one is reported.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace archfit::scan {

struct InputFile {
  std::string path;
  std::uint64_t size = 0;
};

struct DiscoveredInputs {
  std::vector<InputFile> files;      // in a stable order: command-line order, then sorted walk order
  std::vector<std::string> errors;   // "path: problem" for directories that could not be read
};

// True when `head` (a file's first bytes) starts with a magic number archfit can scan.
bool has_scannable_magic(const std::uint8_t* head, std::size_t size);

DiscoveredInputs discover_inputs(const std::vector<std::string>& paths);

}  // namespace archfit::scan
