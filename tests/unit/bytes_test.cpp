#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "util/bytes.hpp"
#include "util/decompressor.hpp"

namespace archfit {
namespace {

TEST(Bytes, SliceRejectsOverflowAndOutOfRange) {
  std::vector<std::uint8_t> data(16, 0xab);
  EXPECT_TRUE(slice(data, 0, 16).has_value());
  EXPECT_TRUE(slice(data, 16, 0).has_value());
  EXPECT_FALSE(slice(data, 1, 16).has_value());
  EXPECT_FALSE(slice(data, UINT64_MAX, 2).has_value());
  EXPECT_FALSE(slice(data, 2, UINT64_MAX).has_value());
}

TEST(Bytes, ReadsLittleEndianIntegersAtAnyAlignment) {
  std::vector<std::uint8_t> data{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09};
  EXPECT_EQ(read_le<std::uint16_t>(data, 1).value(), 0x0302);
  EXPECT_EQ(read_le<std::uint32_t>(data, 5).value(), 0x09080706u);
  EXPECT_FALSE(read_le<std::uint64_t>(data, 2).has_value());
}

TEST(Bytes, AlignUpAndCheckedArithmetic) {
  EXPECT_EQ(align_up(4097, 4096).value(), 8192u);
  EXPECT_EQ(align_up(4096, 4096).value(), 4096u);
  EXPECT_FALSE(align_up(UINT64_MAX - 3, 4096).has_value());
  EXPECT_FALSE(checked_add(UINT64_MAX, 1).has_value());
  EXPECT_FALSE(checked_mul(UINT64_MAX / 2, 3).has_value());
}

TEST(Bytes, ReadCstringNeedsATerminator) {
  std::vector<std::uint8_t> data{'a', 'b', 0, 'c'};
  EXPECT_EQ(read_cstring(data, 0).value(), "ab");
  EXPECT_FALSE(read_cstring(data, 3).has_value());
  EXPECT_FALSE(read_cstring(data, 9).has_value());
}

TEST(Decompressor, RejectsGarbageAndRespectsTheLimit) {
  std::vector<std::uint8_t> garbage(64, 0x55);
  Decompressor zlib(Compression::zlib, garbage, 1 << 20);
  EXPECT_FALSE(zlib.fill_to(16).ok());
  Decompressor zstd(Compression::zstd, garbage, 1 << 20);
  EXPECT_FALSE(zstd.fill_to(16).ok());
  Decompressor limited(Compression::zstd, garbage, 8);
  EXPECT_FALSE(limited.fill_to(9).ok());
}

}  // namespace
}  // namespace archfit
