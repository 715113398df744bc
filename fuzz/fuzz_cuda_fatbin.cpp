// libFuzzer harness: the CUDA fatbin walker, entry decompression (LZ4 / zstd), the PTX header
// reader and the cubin decoder on arbitrary bytes. Nothing may crash, hang or read out of bounds.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "binfmt/cubin.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "util/decompression_budget.hpp"

namespace {

// Small enough that a lying uncompressed size cannot make the fuzzer allocate gigabytes.
constexpr std::uint64_t k_fuzz_decompress_limit = std::uint64_t{1} << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  archfit::Bytes input(data, size);
  auto walk = archfit::binfmt::walk_cuda_fatbin(input);
  archfit::DecompressionBudget budget(std::uint64_t{16} << 20, std::chrono::seconds(5));
  for (const auto& container : walk.containers) {
    for (const auto& entry : container.entries) {
      (void)entry.target_name();
      // The streamed, head-only decode that --deep uses, under a budget shared by all entries.
      auto head = archfit::binfmt::fatbin_entry_contents(input, entry, std::uint64_t{1} << 30, &budget, 4096);
      if (head && head->size() > 4096) {
        __builtin_trap();
      }
      auto contents = archfit::binfmt::fatbin_entry_contents(input, entry, k_fuzz_decompress_limit);
      if (!contents) {
        continue;
      }
      archfit::Bytes decoded(contents->data(), contents->size());
      if (entry.kind == archfit::binfmt::k_fatbin_kind_ptx) {
        (void)archfit::binfmt::parse_ptx_header(archfit::as_chars(decoded));
      } else {
        (void)archfit::binfmt::decode_cubin(decoded);
      }
    }
  }
  (void)archfit::binfmt::decode_cubin(input);
  return 0;
}
