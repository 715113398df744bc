// Properties of archfit's NVIDIA records that cuobjdump does not print directly: formats,
// sections, compression, and that compressed entries really decode (--deep).
#include <gtest/gtest.h>

#include <fstream>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

nlohmann::json scan_one(const std::string& file, bool deep = false) {
  std::vector<std::string> args{"scan"};
  if (deep) {
    args.push_back("--deep");
  }
  args.push_back((fixture_dir("nvidia") / file).string());
  auto report = run_archfit_json(args);
  EXPECT_EQ(report["files"].size(), 1u);
  return report["files"].empty() ? nlohmann::json::object() : report["files"][0];
}

TEST(NvidiaScan, FormatsOfStandaloneFiles) {
  EXPECT_EQ(scan_one("kernel_a.fatbin")["format"], "cuda-fatbin");
  EXPECT_EQ(scan_one("kernel_a_sm_90a.cubin")["format"], "cuda-cubin");
  EXPECT_EQ(scan_one("libmulti.so")["format"], "elf-shared-object");
  EXPECT_EQ(scan_one("rdc_a.o")["format"], "elf-relocatable");
}

TEST(NvidiaScan, ContainersAreRecordedWithTheirSection) {
  auto linked = scan_one("libmulti.so");
  ASSERT_FALSE(linked["bundles"].empty());
  for (const auto& bundle : linked["bundles"]) {
    EXPECT_EQ(bundle["section"], ".nv_fatbin");
    EXPECT_EQ(bundle["format"], "cuda-fatbin");
  }
  auto relocatable = scan_one("rdc_a.o");
  ASSERT_FALSE(relocatable["bundles"].empty());
  EXPECT_EQ(relocatable["bundles"][0]["section"], "__nv_relfatbin");
  // The PTX-only library's leading empty container (fat size 0) is skipped, not reported.
  EXPECT_EQ(scan_one("libptx_only.so")["bundles"].size(), 1u);
}

void expect_all_compressed_and_decoded(const std::string& file, const std::string& method) {
  auto report = scan_one(file, true);
  ASSERT_FALSE(report["gpu_code"].empty());
  for (const auto& code : report["gpu_code"]) {
    EXPECT_EQ(code["vendor"], "nvidia");
    EXPECT_TRUE(code["compressed"]) << code.dump();
    EXPECT_EQ(code["compression"], method) << code.dump();
    EXPECT_TRUE(code["file_offset"].is_null());
    EXPECT_GT(code["size"].get<std::uint64_t>(), 0u);
    EXPECT_TRUE(code["check"]["error"].is_null()) << code.dump();
    EXPECT_FALSE(code["check"]["elf_target"].get<std::string>().empty()) << code.dump();
  }
}

TEST(NvidiaScan, ZstdEntriesDecode) { expect_all_compressed_and_decoded("libmulti_zstd.so", "zstd"); }

TEST(NvidiaScan, Lz4EntriesDecode) { expect_all_compressed_and_decoded("libfamily_lz4.so", "lz4"); }

TEST(NvidiaScan, UncompressedCubinsHaveFileOffsetsPointingAtAnElf) {
  auto path = fixture_dir("nvidia") / "libmulti.so";
  auto bytes = read_bytes(path);
  auto report = scan_one("libmulti.so");
  for (const auto& code : report["gpu_code"]) {
    if (code["kind"] != "cubin" || code["compressed"]) {
      continue;
    }
    auto offset = code["file_offset"].get<std::uint64_t>();
    ASSERT_LT(offset + 4, bytes.size());
    EXPECT_EQ(std::string(bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                          bytes.begin() + static_cast<std::ptrdiff_t>(offset) + 4),
              "\x7f" "ELF");
  }
}

TEST(NvidiaScan, TruncatedLibraryReportsTheContainerAndKeepsGoing) {
  auto bytes = read_bytes(fixture_dir("nvidia") / "kernel_a.fatbin");
  ASSERT_GT(bytes.size(), 0x200u);
  auto truncated = std::filesystem::path(::testing::TempDir()) / "truncated.fatbin";
  {
    std::ofstream out(truncated, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size() / 2));
  }
  int exit_code = 0;
  auto report = run_archfit_json({"scan", truncated.string()}, &exit_code);
  EXPECT_NE(exit_code, 0);
  const auto& file = report["files"][0];
  ASSERT_FALSE(file["errors"].empty());
  EXPECT_NE(file["errors"][0].get<std::string>().find("fatbin container at +0x0: fat size"), std::string::npos)
      << file["errors"].dump();
  EXPECT_FALSE(file["gpu_code"].empty());  // the entries before the cut are still listed
}

}  // namespace
}  // namespace archfit::test
