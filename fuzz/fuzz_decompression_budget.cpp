// libFuzzer harness: decompression bombs. The input is split into a small budget and a payload
// that is read as a CCOB, as a CUDA fatbin, and as raw zstd, zlib and LZ4 data with a claimed
// size taken from the input. Whatever the bytes claim, every decoder must stop within the budget:
// the harness traps if a decoder reports success after producing more than the budget allowed, or
// if the budget's count of decoded bytes ever passes its limit by more than one chunk. Run it
// with -rss_limit_mb=256 (run_fuzzers.sh sets it for this harness): a decoder that allocates a
// claimed size up front fails there.
#include <cstddef>
#include <cstdint>

#include "binfmt/compressed_bundle.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "util/decompression_budget.hpp"
#include "util/decompressor.hpp"
#include "util/lz4_block.hpp"

namespace {

constexpr std::uint64_t k_chunk_slack = std::uint64_t{2} << 20;  // one decoder step past the limit

void check_budget(const archfit::DecompressionBudget& budget) {
  std::uint64_t used = budget.used_bytes();
  if (used != UINT64_MAX && used > budget.limit_bytes() + k_chunk_slack) {
    __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 9) {
    return 0;
  }
  // Byte 0: the budget as a power of two (1 KiB .. 64 MiB); bytes 1-8: a claimed size.
  std::uint64_t budget_bytes = std::uint64_t{1} << (10 + data[0] % 17);
  std::uint64_t claimed = 0;
  for (int i = 1; i <= 8; ++i) {
    claimed = (claimed << 8) | data[i];
  }
  claimed %= std::uint64_t{1} << 32;  // up to 4 GiB, far more than the RSS limit
  archfit::Bytes payload(data + 9, size - 9);
  using namespace archfit;

  {
    DecompressionBudget budget(budget_bytes, std::chrono::seconds(5));
    (void)binfmt::parse_compressed_bundle(payload, binfmt::Decompress::everything, &budget);
    check_budget(budget);
  }
  {
    DecompressionBudget budget(budget_bytes, std::chrono::seconds(5));
    auto walk = binfmt::walk_cuda_fatbin(payload);
    for (const auto& container : walk.containers) {
      for (const auto& entry : container.entries) {
        (void)binfmt::fatbin_entry_contents(payload, entry, std::uint64_t{1} << 30, &budget, 64 * 1024);
        check_budget(budget);
      }
    }
  }
  for (auto method : {Compression::zstd, Compression::zlib}) {
    DecompressionBudget budget(budget_bytes, std::chrono::seconds(5));
    Decompressor decompressor(method, payload, claimed, &budget);
    while (!decompressor.finished()) {
      if (!decompressor.fill_more(1 << 20)) {
        break;
      }
      decompressor.discard_before(decompressor.produced());
    }
    check_budget(budget);
    if (decompressor.produced() > claimed) {
      __builtin_trap();  // the limit is never passed
    }
  }
  {
    auto decoded = lz4_block_decode(payload, claimed, 4096);
    if (decoded && decoded->size() > 4096) {
      __builtin_trap();
    }
  }
  return 0;
}
