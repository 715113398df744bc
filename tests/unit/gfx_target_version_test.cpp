// gfx_target_version decoding, checked against the kernel's table (gregkh/linux
// drivers/gpu/drm/amd/amdkfd/kfd_device.c kgd2kfd_probe: the value each ASIC / GC IP gets) and
// LLVM's processor names (AMDGPUUsage "Processors").
#include <gtest/gtest.h>

#include "detect/gfx_target_version.hpp"
#include "knowledge/amdgpu_processors.hpp"

namespace archfit::detect {
namespace {

struct KfdRow {
  std::uint64_t value;
  const char* processor;
};

// kfd_device.c values, each with the processor LLVM names for that chip.
constexpr KfdRow k_kfd_rows[] = {
    {70000, "gfx700"},   {70001, "gfx701"},   {80001, "gfx801"},   {80002, "gfx802"},   {80003, "gfx803"},
    {90000, "gfx900"},   {90002, "gfx902"},   {90004, "gfx904"},   {90006, "gfx906"},   {90008, "gfx908"},
    {90010, "gfx90a"},   {90012, "gfx90c"},   {90402, "gfx942"},   {90500, "gfx950"},   {100100, "gfx1010"},
    {100101, "gfx1011"}, {100102, "gfx1012"}, {100103, "gfx1013"}, {100300, "gfx1030"}, {100301, "gfx1031"},
    {100302, "gfx1032"}, {100303, "gfx1033"}, {100304, "gfx1034"}, {100305, "gfx1035"}, {100306, "gfx1036"},
    {110000, "gfx1100"}, {110001, "gfx1101"}, {110002, "gfx1102"}, {110003, "gfx1103"}, {110500, "gfx1150"},
    {110501, "gfx1151"}, {110502, "gfx1152"}, {110503, "gfx1153"}, {120000, "gfx1200"}, {120001, "gfx1201"},
};

TEST(GfxTargetVersion, EveryKernelValueDecodesToTheLlvmProcessor) {
  const auto& processors = knowledge::AmdgpuProcessorTable::embedded();
  for (const auto& row : k_kfd_rows) {
    auto version = unpack_gfx_target_version(row.value);
    ASSERT_TRUE(version) << row.value;
    EXPECT_EQ(version->processor_name(), row.processor) << row.value;
    EXPECT_EQ(version->packed(), row.value);
    EXPECT_NE(processors.by_name(row.processor), nullptr) << row.processor << " unknown to LLVM's table";
    auto back = parse_gfx_processor_name(row.processor);
    ASSERT_TRUE(back) << row.processor;
    EXPECT_EQ(back->packed(), row.value);
  }
}

TEST(GfxTargetVersion, ZeroIsACpuNode) { EXPECT_FALSE(unpack_gfx_target_version(0)); }

TEST(GfxTargetVersion, OverrideSpellingIsDecimal) {
  // HSA_OVERRIDE_GFX_VERSION values people use: 10.3.0 (RDNA2), 11.0.0 (RDNA3), 9.0.10 = gfx90a.
  EXPECT_EQ(parse_gfx_override("10.3.0")->processor_name(), "gfx1030");
  EXPECT_EQ(parse_gfx_override("11.0.0")->processor_name(), "gfx1100");
  EXPECT_EQ(parse_gfx_override("9.0.10")->processor_name(), "gfx90a");
  EXPECT_EQ(parse_gfx_override("9.4.2")->processor_name(), "gfx942");
  EXPECT_EQ(parse_gfx_override("9.0.10")->override_spelling(), "9.0.10");
  EXPECT_FALSE(parse_gfx_override("gfx1030"));
  EXPECT_FALSE(parse_gfx_override("10.3"));
  EXPECT_FALSE(parse_gfx_override("64.0.0"));   // libhsakmt: major ≤ 63
  EXPECT_FALSE(parse_gfx_override("10.256.0"));  // minor ≤ 255
  EXPECT_FALSE(parse_gfx_override("10.3.0 "));
  EXPECT_FALSE(parse_gfx_override(""));
}

TEST(GfxTargetVersion, GenericNamesAreNotProcessorVersions) {
  EXPECT_FALSE(parse_gfx_processor_name("gfx9-generic"));
  EXPECT_FALSE(parse_gfx_processor_name("sm_90"));
}

}  // namespace
}  // namespace archfit::detect
