// Regression (found by fuzz review, reproduced with fuzz_ccob: libFuzzer out-of-memory,
// malloc(3221225528) from a 10 KiB input): Decompressor::step sized its output buffer from the
// requested size, not from what the stream produced. A CCOB whose header claims a ~4 GiB bundle
// and whose inner entry claims a 3 GiB ID made table-only parsing zero-fill 3 GiB before learning
// that the stream holds 10 KB.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "binfmt/compressed_bundle.hpp"
#include "util/decompression_budget.hpp"
#include "util/decompressor.hpp"

namespace archfit {
namespace {

void put_le(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  }
}

// zlib level 0: stored blocks, so the stream really holds only what it is given.
std::vector<std::uint8_t> zlib_stored(const std::vector<std::uint8_t>& data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  std::vector<std::uint8_t> out(size);
  EXPECT_EQ(compress2(out.data(), &size, data.data(), static_cast<uLong>(data.size()), 0), Z_OK);
  out.resize(size);
  return out;
}

// A CCOB v2 (zlib) claiming `claimed` uncompressed bytes, around a bundle whose only entry has an
// ID length of `id_length`, padded with 10000 zero bytes.
std::vector<std::uint8_t> lying_ccob(std::uint32_t claimed, std::uint64_t id_length) {
  std::vector<std::uint8_t> inner(binfmt::k_offload_bundle_magic.begin(), binfmt::k_offload_bundle_magic.end());
  put_le(inner, 1, 8);
  put_le(inner, 64, 8);
  put_le(inner, 1, 8);
  put_le(inner, id_length, 8);
  inner.resize(inner.size() + 10000);
  auto stream = zlib_stored(inner);
  std::vector<std::uint8_t> ccob{'C', 'C', 'O', 'B'};
  put_le(ccob, 2, 2);
  put_le(ccob, 0, 2);
  put_le(ccob, 24 + stream.size(), 4);
  put_le(ccob, claimed, 4);
  put_le(ccob, 0, 8);
  ccob.insert(ccob.end(), stream.begin(), stream.end());
  return ccob;
}

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST(DecompressorRegression, LyingIdLengthDoesNotAllocateTheClaimedSize) {
  auto ccob = lying_ccob(0xf0000000u, std::uint64_t{3} << 30);
  long before = peak_rss_kib();
  auto parsed = binfmt::parse_compressed_bundle(ccob, binfmt::Decompress::table_only);
  long grown_mib = (peak_rss_kib() - before) / 1024;
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(parsed.error().message.find("entry 0 ID at +0x38"), std::string::npos) << parsed.error().message;
  EXPECT_LT(grown_mib, 256) << "parsing a 10 KiB CCOB raised peak RSS by " << grown_mib << " MiB";
}

TEST(DecompressorRegression, FillToBeyondTheStreamFailsWithoutReservingIt) {
  std::vector<std::uint8_t> data(5000, 0x5a);
  auto stream = zlib_stored(data);
  Decompressor decompressor(Compression::zlib, stream, std::uint64_t{8} << 30);
  ASSERT_TRUE(decompressor.fill_to(100).ok());
  long before = peak_rss_kib();
  auto status = decompressor.fill_to(std::uint64_t{2} << 30);
  long grown_mib = (peak_rss_kib() - before) / 1024;
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(decompressor.output().size(), data.size());
  EXPECT_LT(grown_mib, 256);
}


// Regression (CI's fuzz_ccob: libFuzzer out-of-memory, malloc(2147876928) = 2^31 + 3 x 128 KiB +
// 64, zstd's streaming buffer for a 2 GiB window): zstd allocates the window a frame header asks
// for before it decodes a block, and the decoder allowed a window as large as the container's
// claimed size, whatever the input's decompression budget had left.
//
// The frame is written by hand (RFC 8878, 3.1.1): magic 28 B5 2F FD; frame header descriptor 0x00
// (no content size, no checksum, a window descriptor follows); window descriptor 0xA8 (exponent
// 21, mantissa 0: 2^(10+21) = 2 GiB); one last raw block of `payload` bytes.
std::vector<std::uint8_t> zstd_frame_with_2gib_window(const std::vector<std::uint8_t>& payload) {
  std::vector<std::uint8_t> frame{0x28, 0xB5, 0x2F, 0xFD, 0x00, 0xA8};
  put_le(frame, 1 | (payload.size() << 3), 3);  // last block, raw, its size
  frame.insert(frame.end(), payload.begin(), payload.end());
  return frame;
}

TEST(DecompressorRegression, ZstdWindowBeyondTheBudgetIsRefusedBeforeAllocation) {
  std::vector<std::uint8_t> payload(100, 0x5a);
  auto frame = zstd_frame_with_2gib_window(payload);
  // The same frame decodes when both the claim and the budget allow its window (zstd only
  // reserves the address space here: nothing touches it)...
  DecompressionBudget roomy(std::uint64_t{4} << 30, std::chrono::seconds(60));
  Decompressor allowed(Compression::zstd, frame, std::uint64_t{4} << 30, &roomy);
  ASSERT_TRUE(allowed.fill_to(payload.size()).ok());
  EXPECT_EQ(allowed.output()[0], 0x5a);
  // ...and is refused, naming the window, when the container claims 4 GiB but the budget is 256 MiB.
  DecompressionBudget small(std::uint64_t{256} << 20, std::chrono::seconds(60));
  Decompressor refused(Compression::zstd, frame, std::uint64_t{4} << 30, &small);
  auto status = refused.fill_to(payload.size());
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find("decoding window larger than the 2^28 bytes allowed"), std::string::npos)
      << status.error().message;
}

// The same through the CCOB reader's table-only mode (which fuzz_ccob runs first, and which has no
// up-front check of the claimed size): a v3 header claiming 3 GiB around that frame.
TEST(DecompressorRegression, CcobTableOnlyDoesNotAllocateAFrameWindowBeyondTheDefaultBudget) {
  std::vector<std::uint8_t> inner(binfmt::k_offload_bundle_magic.begin(), binfmt::k_offload_bundle_magic.end());
  put_le(inner, 0, 8);  // no entries
  auto frame = zstd_frame_with_2gib_window(inner);
  std::vector<std::uint8_t> ccob{'C', 'C', 'O', 'B'};
  put_le(ccob, 3, 2);
  put_le(ccob, 1, 2);  // zstd
  put_le(ccob, 32 + frame.size(), 8);
  put_le(ccob, std::uint64_t{3} << 30, 8);
  put_le(ccob, 0, 8);
  ccob.insert(ccob.end(), frame.begin(), frame.end());
  auto parsed = binfmt::parse_compressed_bundle(ccob, binfmt::Decompress::table_only);
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(parsed.error().message.find("decoding window"), std::string::npos) << parsed.error().message;
}

}  // namespace
}  // namespace archfit
