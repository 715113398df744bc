// Fuzzes the compressed offload bundle (CCOB v1/v2/v3, zlib/zstd) reader in both modes.
#include <cstddef>
#include <cstdint>

#include "binfmt/compressed_bundle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace archfit::binfmt;
  archfit::Bytes bytes(data, size);
  (void)parse_compressed_bundle(bytes, Decompress::table_only);
  auto full = parse_compressed_bundle(bytes, Decompress::everything);
  if (full && full->decompressed.size() != full->header.uncompressed_size) {
    __builtin_trap();  // parse_compressed_bundle promises the header's size
  }
  return 0;
}
