// Unit tests for the CUDA fatbin walker, the cubin decoder and the LZ4 block decoder, on small
// hand-built buffers laid out as formats.md §4/§5 and nvcc 13.0 output describe.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "binfmt/cubin.hpp"
#include "binfmt/cuda_fatbin.hpp"
#include "util/lz4_block.hpp"

namespace archfit {
namespace {

using Buffer = std::vector<std::uint8_t>;

template <class T>
void put(Buffer& buffer, std::size_t offset, T value) {
  if (buffer.size() < offset + sizeof(T)) {
    buffer.resize(offset + sizeof(T));
  }
  std::memcpy(buffer.data() + offset, &value, sizeof(T));
}

struct EntrySpec {
  std::uint16_t kind = 2;
  std::uint32_t arch = 90;
  std::uint64_t flags = 0x11;
  std::uint32_t header_size = 0x40;
  Buffer payload = Buffer(16, 0xab);
};

Buffer make_entry(const EntrySpec& spec) {
  Buffer entry(spec.header_size, 0);
  put<std::uint16_t>(entry, 0x00, spec.kind);
  put<std::uint16_t>(entry, 0x02, 0x0101);
  put<std::uint32_t>(entry, 0x04, spec.header_size);
  put<std::uint64_t>(entry, 0x08, spec.payload.size());
  put<std::uint16_t>(entry, 0x18, spec.kind == 1 ? 0 : 8);
  put<std::uint16_t>(entry, 0x1a, spec.kind == 1 ? 9 : 1);
  put<std::uint32_t>(entry, 0x1c, spec.arch);
  put<std::uint64_t>(entry, 0x28, spec.flags);
  entry.insert(entry.end(), spec.payload.begin(), spec.payload.end());
  return entry;
}

Buffer make_container(const std::vector<EntrySpec>& entries) {
  Buffer body;
  for (const auto& spec : entries) {
    Buffer entry = make_entry(spec);
    body.insert(body.end(), entry.begin(), entry.end());
  }
  Buffer container;
  put<std::uint32_t>(container, 0, binfmt::k_fatbin_magic);
  put<std::uint16_t>(container, 4, 1);
  put<std::uint16_t>(container, 6, 16);
  put<std::uint64_t>(container, 8, body.size());
  container.insert(container.end(), body.begin(), body.end());
  return container;
}

Bytes bytes(const Buffer& buffer) { return {buffer.data(), buffer.size()}; }

std::vector<std::string> targets(const binfmt::CudaFatbinWalk& walk) {
  std::vector<std::string> names;
  for (const auto& container : walk.containers) {
    for (const auto& entry : container.entries) {
      names.push_back(entry.target_name());
    }
  }
  return names;
}

TEST(CudaFatbin, WalksContainersSkipsEmptyOnesAndNamesVariants) {
  Buffer region = make_container({});  // fat size 0, as nvcc emits before a PTX-only container
  Buffer first = make_container({{2, 80, 0x11}, {2, 90, 0x00100011}, {2, 100, 0x01200011, 0x60}});
  Buffer second = make_container({{1, 90, 0x11, 0x50}, {1, 100, 0x00200011, 0x50}});
  region.insert(region.end(), first.begin(), first.end());
  region.resize((region.size() + 7) / 8 * 8 + 8, 0);  // alignment padding plus a zero quad
  region.insert(region.end(), second.begin(), second.end());
  auto walk = binfmt::walk_cuda_fatbin(bytes(region));
  EXPECT_TRUE(walk.errors.empty()) << walk.errors.front().message;
  ASSERT_EQ(walk.containers.size(), 2u);
  EXPECT_EQ(targets(walk), (std::vector<std::string>{"sm_80", "sm_90a", "sm_100f", "compute_90", "compute_100f"}));
  EXPECT_EQ(walk.containers[0].entries[2].header_size, 0x60u);
  EXPECT_EQ(walk.containers[1].entries[0].version_major, 9);
}

TEST(CudaFatbin, TruncatedContainerReportsFatSizePastTheSection) {
  Buffer region = make_container({{}, {}});
  region.resize(region.size() - 20);
  auto walk = binfmt::walk_cuda_fatbin(bytes(region));
  ASSERT_FALSE(walk.errors.empty());
  EXPECT_NE(walk.errors[0].message.find("fatbin container at +0x0: fat size"), std::string::npos)
      << walk.errors[0].message;
  EXPECT_NE(walk.errors[0].message.find("runs past the section"), std::string::npos);
  ASSERT_EQ(walk.containers.size(), 1u);
  EXPECT_EQ(walk.containers[0].entries.size(), 1u);  // the first entry is intact
}

TEST(CudaFatbin, LyingFatSizeDoesNotOverflow) {
  Buffer region = make_container({{}});
  put<std::uint64_t>(region, 8, ~std::uint64_t{0});
  auto walk = binfmt::walk_cuda_fatbin(bytes(region));
  ASSERT_FALSE(walk.errors.empty());
  EXPECT_NE(walk.errors[0].message.find("fat size 18446744073709551615 runs past the section"), std::string::npos)
      << walk.errors[0].message;
}

TEST(CudaFatbin, HugeEntryHeaderSizeIsAnErrorNamingTheEntry) {
  Buffer region = make_container({{}, {}});
  put<std::uint32_t>(region, 16 + 4, 0xffffffffu);
  auto walk = binfmt::walk_cuda_fatbin(bytes(region));
  ASSERT_EQ(walk.errors.size(), 1u);
  EXPECT_NE(walk.errors[0].message.find("fatbin entry at +0x10: header size 0xffffffff"), std::string::npos)
      << walk.errors[0].message;
  EXPECT_TRUE(walk.containers.at(0).entries.empty());
}

TEST(CudaFatbin, EntryHeaderSmallerThanTheBaseIsRejected) {
  Buffer region = make_container({{}});
  put<std::uint32_t>(region, 16 + 4, 0x20);
  auto walk = binfmt::walk_cuda_fatbin(bytes(region));
  ASSERT_EQ(walk.errors.size(), 1u);
  EXPECT_NE(walk.errors[0].message.find("smaller than the 0x40-byte base header"), std::string::npos);
}

TEST(CudaFatbin, ResynchronisesAfterJunk) {
  Buffer region(24, 0x5a);
  Buffer container = make_container({{2, 75, 0x11}});
  region.insert(region.end(), container.begin(), container.end());
  auto walk = binfmt::walk_cuda_fatbin(bytes(region));
  ASSERT_EQ(walk.errors.size(), 1u);  // one report for the whole junk run
  EXPECT_NE(walk.errors[0].message.find("fatbin region at +0x0"), std::string::npos);
  EXPECT_EQ(targets(walk), (std::vector<std::string>{"sm_75"}));
  EXPECT_EQ(walk.containers[0].offset, 24u);
}

TEST(CudaFatbin, EveryPrefixParsesOrFailsCleanly) {
  Buffer region = make_container({{2, 80, 0x11}, {1, 90, 0x11, 0x50}});
  for (std::size_t size = 0; size <= region.size(); ++size) {
    auto walk = binfmt::walk_cuda_fatbin(Bytes(region.data(), size));
    if (size == region.size()) {
      EXPECT_TRUE(walk.errors.empty());
    }
    for (const auto& container : walk.containers) {
      for (const auto& entry : container.entries) {
        EXPECT_LE(entry.payload_offset() + entry.payload_size, size);
      }
    }
  }
}

TEST(CudaFatbin, DecodesLz4AndRejectsUnknownCompression) {
  // LZ4 block: 4 literals "abcd", then a match of 8 bytes at distance 4, then literal "!".
  Buffer block = {0x44, 'a', 'b', 'c', 'd', 0x04, 0x00, 0x10, '!'};
  EntrySpec spec{1, 90, 0x2011, 0x40, block};
  Buffer region = make_container({spec});
  put<std::uint32_t>(region, 16 + 0x10, static_cast<std::uint32_t>(block.size()));
  put<std::uint64_t>(region, 16 + 0x38, 13);
  auto walk = binfmt::walk_cuda_fatbin(bytes(region));
  ASSERT_EQ(walk.containers.size(), 1u);
  auto contents = binfmt::fatbin_entry_contents(bytes(region), walk.containers[0].entries[0], 1 << 20);
  ASSERT_TRUE(contents.ok()) << contents.error().message;
  EXPECT_EQ(std::string(contents->begin(), contents->end()), "abcdabcdabcd!");
  put<std::uint64_t>(region, 16 + 0x28, 0x1011);
  walk = binfmt::walk_cuda_fatbin(bytes(region));
  EXPECT_FALSE(binfmt::fatbin_entry_contents(bytes(region), walk.containers[0].entries[0], 1 << 20).ok());
}

TEST(Lz4Block, RejectsBadOffsetsTruncationAndOverlongOutput) {
  Buffer zero_offset = {0x10, 'a', 0x00, 0x00};
  EXPECT_FALSE(lz4_block_decode(bytes(zero_offset), 5).ok());
  Buffer far_offset = {0x10, 'a', 0x09, 0x00};
  EXPECT_NE(lz4_block_decode(bytes(far_offset), 5).error().message.find("back offset 9"), std::string::npos);
  Buffer truncated = {0xf0, 0xff};
  EXPECT_FALSE(lz4_block_decode(bytes(truncated), 300).ok());
  Buffer literals = {0x30, 'a', 'b', 'c'};
  EXPECT_TRUE(lz4_block_decode(bytes(literals), 3).ok());
  EXPECT_FALSE(lz4_block_decode(bytes(literals), 2).ok());
  EXPECT_FALSE(lz4_block_decode(bytes(literals), 4).ok());
}

Buffer make_cubin_header(std::uint8_t abi_version, std::uint32_t flags) {
  Buffer elf(64, 0);
  const char ident[] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  std::memcpy(elf.data(), ident, sizeof ident);
  elf[7] = abi_version == 7 ? 0x33 : 0x41;
  elf[8] = abi_version;
  put<std::uint16_t>(elf, 16, 2);
  put<std::uint16_t>(elf, 18, 190);
  put<std::uint32_t>(elf, 20, 130);
  put<std::uint32_t>(elf, 48, flags);
  put<std::uint16_t>(elf, 52, 64);
  put<std::uint16_t>(elf, 58, 64);
  return elf;
}

TEST(Cubin, DecodesBothEflagsLayouts) {
  Buffer old_abi = make_cubin_header(7, 0x005a0d5a);  // sm_90a: SM 0x5a, 0x800 set, virtual 0x5a
  auto decoded = binfmt::decode_cubin(bytes(old_abi));
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  EXPECT_EQ(decoded->target(), "sm_90a");
  EXPECT_EQ(decoded->virtual_sm, 90u);
  Buffer new_abi = make_cubin_header(8, 0x06006402);  // nvcc 13.0 sm_100, no section table
  decoded = binfmt::decode_cubin(bytes(new_abi));
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  EXPECT_EQ(decoded->target(), "sm_100");
  EXPECT_EQ(decoded->abi_version, 8);
}

TEST(Cubin, RejectsOtherMachinesAndShortBuffers) {
  Buffer elf = make_cubin_header(8, 0x06005a04);
  put<std::uint16_t>(elf, 18, 224);
  EXPECT_FALSE(binfmt::decode_cubin(bytes(elf)).ok());
  EXPECT_FALSE(binfmt::decode_cubin(Bytes(elf.data(), 20)).ok());
}

TEST(PtxHeader, ReadsVersionAndTarget) {
  auto header = binfmt::parse_ptx_header("//\n// Generated\n.version 9.0\n.target sm_100f\n.address_size 64\n");
  EXPECT_EQ(header.version, "9.0");
  EXPECT_EQ(header.target, "sm_100f");
}

}  // namespace
}  // namespace archfit
