// e_flags decoding, checked against values whose meaning llvm-readelf-19 printed for real code
// objects (tests/fixtures/amd: "Flags: 0x53F, gfx90a, xnack, sramecc" etc.) and against the
// AMDGPUUsage e_flags tables for V3.
#include <gtest/gtest.h>

#include <vector>

#include "binfmt/amdgpu_code_object.hpp"

namespace archfit::binfmt {
namespace {

// A minimal ELF64 header for EM_AMDGPU with the given OS ABI, ABI version and e_flags.
std::vector<std::uint8_t> amdgpu_header(std::uint8_t osabi, std::uint8_t abi_version, std::uint32_t flags,
                                        std::uint16_t type = 3) {
  std::vector<std::uint8_t> header(64, 0);
  header[0] = 0x7f;
  header[1] = 'E';
  header[2] = 'L';
  header[3] = 'F';
  header[4] = 2;  // ELFCLASS64
  header[5] = 1;  // little-endian
  header[6] = 1;
  header[7] = osabi;
  header[8] = abi_version;
  header[16] = static_cast<std::uint8_t>(type);
  header[18] = 224;  // EM_AMDGPU
  for (int i = 0; i < 4; ++i) {
    header[48 + i] = static_cast<std::uint8_t>(flags >> (8 * i));
  }
  return header;
}

struct FlagsCase {
  std::uint8_t abi_version;
  std::uint32_t flags;
  const char* target_id;
  int code_object_version;
  int generic_version;
};

class EflagsTest : public ::testing::TestWithParam<FlagsCase> {};

TEST_P(EflagsTest, DecodesTargetId) {
  const auto& c = GetParam();
  auto bytes = amdgpu_header(64, c.abi_version, c.flags);
  auto decoded = decode_amdgpu_code_object(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  EXPECT_EQ(decoded->target_id(), c.target_id);
  EXPECT_EQ(decoded->code_object_version, c.code_object_version);
  EXPECT_EQ(decoded->generic_version, c.generic_version);
}

INSTANTIATE_TEST_SUITE_P(
    ReadelfConfirmed, EflagsTest,
    ::testing::Values(
        // llvm-readelf: "0x53F, gfx90a, xnack, sramecc" (V4: both ANY)
        FlagsCase{2, 0x53F, "gfx90a", 4, 0},
        // llvm-readelf: "0xE3F, gfx90a, xnack-, sramecc+" (V5)
        FlagsCase{3, 0xE3F, "gfx90a:sramecc+:xnack-", 5, 0},
        // llvm-readelf: "0x1000151, gfx9-generic, xnack, generic_v1" (V6)
        FlagsCase{4, 0x1000151, "gfx9-generic", 6, 1},
        // llvm-readelf: "0x1000054, gfx11-generic, generic_v1"
        FlagsCase{4, 0x1000054, "gfx11-generic", 6, 1},
        // V4 gfx908 with xnack OFF (0x200 in the xnack field), sramecc ANY (0x400)
        FlagsCase{2, 0x630, "gfx908:xnack-", 4, 0},
        // V3 (AMDGPUUsage: EF_AMDGPU_FEATURE_XNACK_V3 0x100, SRAMECC_V3 0x200): gfx90a with xnack on,
        // sramecc bit clear -> off, both printed because gfx90a supports both.
        FlagsCase{1, 0x13F, "gfx90a:sramecc-:xnack+", 3, 0},
        // V3 gfx1030 supports neither feature: nothing is appended.
        FlagsCase{1, 0x036, "gfx1030", 3, 0}));

TEST(AmdgpuCodeObject, NamesUnknownMachValues) {
  auto bytes = amdgpu_header(64, 3, 0x5c);
  auto decoded = decode_amdgpu_code_object(bytes);
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(decoded->processor, "unknown-mach-0x5c");
}

TEST(AmdgpuCodeObject, RejectsCodeObjectV2AndOtherMachines) {
  auto v2 = amdgpu_header(64, 0, 0x2f);
  EXPECT_FALSE(decode_amdgpu_code_object(v2).ok());
  auto x86 = amdgpu_header(0, 0, 0);
  x86[18] = 62;
  auto decoded = decode_amdgpu_code_object(x86);
  ASSERT_FALSE(decoded.ok());
  EXPECT_NE(decoded.error().message.find("e_machine"), std::string::npos);
}

TEST(AmdgpuCodeObject, RejectsTruncatedHeaders) {
  auto bytes = amdgpu_header(64, 3, 0x3f);
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    EXPECT_FALSE(decode_amdgpu_code_object(Bytes(bytes.data(), size)).ok()) << "size " << size;
  }
}

}  // namespace
}  // namespace archfit::binfmt
