// The one-pass vector search for embedded GPU code magics against a plain byte-by-byte oracle:
// every start offset around the 16-byte steps, the end of the buffer and the `limit`.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string_view>
#include <vector>

#include "binfmt/compressed_bundle.hpp"
#include "binfmt/offload_bundle.hpp"
#include "scan/embedded_code_scan.hpp"

namespace archfit::scan {
namespace {

// A 64-bit little-endian ELF header prefix with the given e_machine (byte 18).
std::vector<std::uint8_t> elf_head(std::uint16_t machine) {
  std::vector<std::uint8_t> head(64, 0);
  std::memcpy(head.data(), "\x7f" "ELF", 4);
  head[4] = 2;
  head[5] = 1;
  head[18] = static_cast<std::uint8_t>(machine & 0xff);
  head[19] = static_cast<std::uint8_t>(machine >> 8);
  return head;
}

// Oracle: test every start offset below `limit` with memcmp.
std::vector<EmbeddedMagic> naive(const std::vector<std::uint8_t>& bytes, std::uint64_t limit, std::uint64_t base) {
  std::vector<EmbeddedMagic> out;
  auto at_magic = [&](std::size_t at, std::string_view magic) {
    return at + magic.size() <= bytes.size() && std::memcmp(bytes.data() + at, magic.data(), magic.size()) == 0;
  };
  for (std::size_t at = 0; at < limit && at < bytes.size(); ++at) {
    if (at_magic(at, binfmt::k_offload_bundle_magic)) {
      out.push_back({base + at, EmbeddedKind::plain_bundle});
    } else if (at_magic(at, binfmt::k_ccob_magic)) {
      out.push_back({base + at, EmbeddedKind::compressed_bundle});
    } else if (at_magic(at, std::string_view("\x7f" "ELF", 4)) && at + 20 <= bytes.size()) {
      unsigned machine = bytes[at + 18] | (bytes[at + 19] << 8);
      if (machine == 224 || machine == 190) {
        out.push_back({base + at, EmbeddedKind::elf_image});
      }
    }
  }
  return out;
}

void expect_same(const std::vector<std::uint8_t>& bytes, std::uint64_t limit, const std::string& what) {
  std::vector<EmbeddedMagic> got;
  find_embedded_magics(Bytes(bytes.data(), bytes.size()), limit, 1000, got);
  auto want = naive(bytes, limit, 1000);
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].offset, want[i].offset) << what << " hit " << i;
    EXPECT_EQ(got[i].kind, want[i].kind) << what << " hit " << i;
  }
}

std::vector<std::uint8_t> random_bytes(std::size_t size, std::mt19937& rng) {
  std::vector<std::uint8_t> bytes(size);
  for (auto& byte : bytes) {
    byte = static_cast<std::uint8_t>(rng());
  }
  return bytes;
}

void plant(std::vector<std::uint8_t>& bytes, std::size_t at, const std::vector<std::uint8_t>& what) {
  for (std::size_t i = 0; i < what.size() && at + i < bytes.size(); ++i) {
    bytes[at + i] = what[i];
  }
}

std::vector<std::uint8_t> as_vector(std::string_view text) { return {text.begin(), text.end()}; }

TEST(EmbeddedMagicSearch, EveryMagicAtEveryOffsetAroundTheVectorSteps) {
  std::mt19937 rng(20261201);
  const std::vector<std::vector<std::uint8_t>> magics = {
      as_vector(binfmt::k_offload_bundle_magic), as_vector(binfmt::k_ccob_magic), elf_head(224), elf_head(190),
      elf_head(62) /* x86-64: not GPU code */};
  for (std::size_t m = 0; m < magics.size(); ++m) {
    for (std::size_t at = 0; at < 120; ++at) {
      auto bytes = random_bytes(150, rng);
      plant(bytes, at, magics[m]);
      expect_same(bytes, bytes.size(), "magic " + std::to_string(m) + " at " + std::to_string(at));
      expect_same(bytes, at, "limit at the magic");
      expect_same(bytes, at + 1, "limit just past the magic");
    }
  }
}

TEST(EmbeddedMagicSearch, MagicsCutByTheEndOrAdjacentAreExact) {
  std::mt19937 rng(7);
  for (std::size_t size = 0; size < 80; ++size) {
    auto bytes = random_bytes(size, rng);
    // The magic's first bytes at the very end: a prefix match that must not count.
    for (std::size_t at = size >= 6 ? size - 6 : 0; at < size; ++at) {
      auto cut = bytes;
      plant(cut, at, as_vector(binfmt::k_ccob_magic));
      expect_same(cut, size, "cut CCOB, size " + std::to_string(size));
      plant(cut, at, elf_head(224));
      expect_same(cut, size, "cut ELF, size " + std::to_string(size));
    }
  }
  // Back-to-back magics, and one every byte ("CCOBCCOB..." overlaps only at 4-byte steps).
  std::vector<std::uint8_t> packed;
  for (int i = 0; i < 40; ++i) {
    auto magic = as_vector(i % 2 ? binfmt::k_ccob_magic : binfmt::k_offload_bundle_magic);
    packed.insert(packed.end(), magic.begin(), magic.end());
  }
  expect_same(packed, packed.size(), "packed");
  std::vector<std::uint8_t> sevens(100, 0x7f);
  expect_same(sevens, sevens.size(), "0x7f run");
}

TEST(EmbeddedMagicSearch, LargeRandomBufferWithManyPlantedMagics) {
  std::mt19937 rng(42);
  auto bytes = random_bytes(1 << 20, rng);
  std::vector<std::size_t> planted;
  for (int i = 0; i < 500; ++i) {
    std::size_t at = rng() % bytes.size();
    plant(bytes, at, i % 3 == 0 ? as_vector(binfmt::k_ccob_magic)
                                : (i % 3 == 1 ? elf_head(224) : as_vector(binfmt::k_offload_bundle_magic)));
  }
  expect_same(bytes, bytes.size(), "1 MiB");
  expect_same(bytes, bytes.size() / 2 + 3, "1 MiB, limit in the middle");
  std::vector<EmbeddedMagic> got;
  find_embedded_magics(Bytes(bytes.data(), bytes.size()), bytes.size(), 0, got);
  EXPECT_GE(got.size(), 400u);  // planted ones survive unless a later plant overwrote them
}

}  // namespace
}  // namespace archfit::scan
