// Fuzzes the uncompressed offload bundle parser and the .hip_fatbin walk (plain and CCOB bundles
// at 4096-aligned offsets), with and without full decompression.
#include <cstddef>
#include <cstdint>

#include "binfmt/bundle_entry_id.hpp"
#include "binfmt/hip_fatbin.hpp"
#include "binfmt/offload_bundle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace archfit::binfmt;
  archfit::Bytes bytes(data, size);
  auto bundle = parse_offload_bundle(bytes);
  if (bundle) {
    for (const auto& entry : bundle->entries) {
      (void)parse_bundle_entry_id(entry.id);
    }
  }
  (void)walk_hip_fatbin(bytes, Decompress::table_only);
  (void)walk_hip_fatbin(bytes, Decompress::everything);
  return 0;
}
