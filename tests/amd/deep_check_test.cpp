// `scan --deep`: each code object's own ELF header, decoded by archfit, must equal what
// llvm-readelf-19 prints for a code object compiled for that target by the same compiler.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "amd/oracles.hpp"

namespace archfit::test {
namespace {

// Every oracle/<prefix>__<target>.readelf-h checked against the bundle file for <prefix>.
void check_prefix(const std::string& prefix, const std::string& bundle_file, std::size_t expected_count) {
  auto dir = fixture_dir("amd");
  auto json = run_archfit_json({"scan", "--deep", (dir / bundle_file).string()});
  const auto& codes = json["files"][0]["gpu_code"];
  std::size_t checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "oracle")) {
    std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix + "__") || entry.path().extension() != ".target") {
      continue;
    }
    std::string target = lines(read_text(entry.path())).at(0);
    auto readelf = read_text(entry.path().parent_path() / (entry.path().stem().string() + ".readelf-h"));
    bool found = false;
    for (const auto& code : codes) {
      if (code["target"] != target || !code["bundle"].is_number() || code["bundle"] != 0) {
        continue;
      }
      found = true;
      ASSERT_TRUE(code.contains("check")) << target;
      EXPECT_EQ(code["check"]["elf_target"], readelf_target_id(readelf)) << target;
      EXPECT_EQ(code["check"]["code_object_version"], readelf_code_object_version(readelf)) << target;
      EXPECT_TRUE(code["check"]["mismatches"].empty()) << target << ": " << code["check"]["mismatches"].dump();
    }
    EXPECT_TRUE(found) << "no entry for " << target << " in " << bundle_file;
    ++checked;
  }
  EXPECT_EQ(checked, expected_count);
}

TEST(DeepCheck, Clang15CodeObjectsV4) { check_prefix("a15", "a15.hipfb", 4); }
TEST(DeepCheck, Clang19CompressedV6Generic) { check_prefix("a19c", "hip19_ccob.so", 5); }
TEST(DeepCheck, Clang19PlainV5WithFeatures) { check_prefix("a19", "a19_plain.hipfb", 3); }

// An entry ID that lies about its code object: the bundle is clang's, with one ID byte changed
// ("gfx942:xnack-" -> "gfx942:xnack+"); the ELF inside still says xnack off.
TEST(DeepCheck, ReportsAnEntryIdThatDisagreesWithItsCodeObject) {
  auto bytes = read_bytes(fixture_dir("amd") / "a19_plain.hipfb");
  std::string text(bytes.begin(), bytes.end());
  auto at = text.find("gfx942:xnack-");
  ASSERT_NE(at, std::string::npos);
  bytes[at + std::string("gfx942:xnack").size()] = '+';
  auto path = unique_temp_path("archfit_lying_bundle.hipfb");
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
  auto json = run_archfit_json({"scan", "--deep", path.string()});
  std::filesystem::remove(path);
  bool reported = false;
  for (const auto& code : json["files"][0]["gpu_code"]) {
    if (code["target"] == "gfx942:xnack+") {
      ASSERT_EQ(code["check"]["mismatches"].size(), 1u);
      EXPECT_NE(code["check"]["mismatches"][0].get<std::string>().find("xnack"), std::string::npos);
      EXPECT_EQ(code["check"]["elf_target"], "gfx942:xnack-");
      reported = true;
    } else {
      EXPECT_TRUE(code["check"]["mismatches"].empty());
    }
  }
  EXPECT_TRUE(reported);
}

}  // namespace
}  // namespace archfit::test
