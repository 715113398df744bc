// Fuzzes the compressed offload bundle (CCOB v1/v2/v3, zlib/zstd) reader in both modes.
#include <cstddef>
#include <cstdint>

#include "binfmt/compressed_bundle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace archfit::binfmt;
  archfit::Bytes bytes(data, size);
  (void)parse_compressed_bundle(bytes, Decompress::table_only);
  auto full = parse_compressed_bundle(bytes, Decompress::everything);
  if (full) {
    // parse_compressed_bundle promises one head per entry, each at most k_payload_head_size bytes.
    if (full->payload_heads.size() != full->inner.entries.size()) {
      __builtin_trap();
    }
    for (std::size_t i = 0; i < full->payload_heads.size(); ++i) {
      if (full->payload_heads[i].size() > k_payload_head_size ||
          full->payload_heads[i].size() > full->inner.entries[i].size) {
        __builtin_trap();
      }
    }
  }
  return 0;
}
