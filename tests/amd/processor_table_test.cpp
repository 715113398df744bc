// The whole-table check: every processor clang 19 knows must be in data/amdgpu_processors.tsv with
// the same EF_AMDGPU_MACH value and the same target-ID feature support that llvm-readelf-19 shows
// for an object compiled for it (fixtures/amd/processors/<cpu>.flags).
#include <gtest/gtest.h>

#include <regex>

#include "knowledge/amdgpu_processors.hpp"
#include "support/test_support.hpp"

namespace archfit::test {
namespace {

TEST(ProcessorTable, AgreesWithClang19AndLlvmReadelfForEveryProcessor) {
  auto dir = fixture_dir("amd");
  auto cpus = lines(read_text(dir / "oracle" / "clang19-supported-cpus.txt"));
  ASSERT_GT(cpus.size(), 40u);
  const auto& table = knowledge::AmdgpuProcessorTable::embedded();
  static const std::regex flags_pattern(R"(Flags:\s+0x([0-9A-Fa-f]+), ([^\n]*))");
  for (const auto& cpu : cpus) {
    std::string flags_line = read_text(dir / "processors" / (cpu + ".flags"));
    std::smatch match;
    ASSERT_TRUE(std::regex_search(flags_line, match, flags_pattern)) << cpu << ": " << flags_line;
    auto flags = static_cast<std::uint32_t>(std::stoul(match[1], nullptr, 16));
    std::string description = match[2];
    const auto* row = table.by_name(cpu);
    ASSERT_NE(row, nullptr) << cpu << " is missing from data/amdgpu_processors.tsv";
    EXPECT_EQ(row->mach, flags & 0xff) << cpu;
    EXPECT_TRUE(description.starts_with(cpu)) << cpu << ": readelf names it " << description;
    bool xnack = description.find("xnack") != std::string::npos;
    bool sramecc = description.find("sramecc") != std::string::npos;
    EXPECT_EQ(row->supports_xnack, xnack) << cpu;
    EXPECT_EQ(row->supports_sramecc, sramecc) << cpu;
    EXPECT_EQ(row->is_generic, cpu.ends_with("-generic")) << cpu;
  }
}

}  // namespace
}  // namespace archfit::test
