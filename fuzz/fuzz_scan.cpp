// Fuzzes the whole scan engine: format detection, ELF, archives (members scanned in place),
// bundles, CCOBs and code objects, with --deep off and on.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "scan/scanner.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace archfit::scan;
  archfit::Bytes bytes(data, size);
  for (bool deep : {false, true}) {
    std::vector<FileReport> out;
    ScanOptions options;
    options.deep = deep;
    scan_bytes("fuzz-input", std::nullopt, bytes, options, out);
    if (out.empty()) {
      __builtin_trap();  // every input gets at least one report
    }
  }
  return 0;
}
