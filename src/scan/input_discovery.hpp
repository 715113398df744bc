// Expanding the command line's paths into the files to scan. A directory is walked recursively
// (following directory symlinks that stay inside the directory named, never one that leads out of
// it, and never entering the same directory twice, so symlink loops end; /proc, /sys and /dev are
// entered only when named themselves);
// inside directories only files whose first bytes are a format archfit reads are kept — ELF, ar
// archives, offload bundles, CCOBs, CUDA fatbins — identified by magic, never by name. Files named
// explicitly are always kept, so that an unreadable or unknown one is reported; a FIFO, socket or
// device named explicitly is refused by the scanner (util/input_file.hpp), never opened blocking.
// Inside a walk, a file that cannot be opened or a path too long to stat is an error, not a skip.
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
  std::vector<std::string> errors;   // "path: problem" for what could not be read inside a walk
};

// True when `head` (a file's first bytes) starts with a magic number archfit can scan.
bool has_scannable_magic(const std::uint8_t* head, std::size_t size);

DiscoveredInputs discover_inputs(const std::vector<std::string>& paths);

}  // namespace archfit::scan
