// `archfit scan` on AMD binaries made by real compilers, compared with clang-offload-bundler
// --list and roc-obj-ls (see tests/fixtures/amd/make_amd_fixtures.sh).
#include <gtest/gtest.h>

#include <filesystem>

#include "amd/oracles.hpp"

namespace archfit::test {
namespace {

std::string oracle(const std::string& name) { return read_text(fixture_dir("amd") / "oracle" / name); }
std::string fixture(const std::string& name) { return (fixture_dir("amd") / name).string(); }

TEST(ScanAmd, PlainBundlesMatchRocObjLsExactly) {
  auto json = run_archfit_json({"scan", fixture("hip15_two_bundles.so")});
  auto expected = parse_roc_obj_ls(oracle("hip15_two_bundles.roc-obj-ls"));
  ASSERT_EQ(expected.size(), 10u);  // 2 bundles x (host + 4 targets)
  EXPECT_EQ(archfit_bundle_entries(json["files"][0]), expected);
}

TEST(ScanAmd, EachBundleListsWhatTheBundlerLists) {
  auto json = run_archfit_json({"scan", fixture("hip15_two_bundles.so")});
  const auto& bundles = json["files"][0]["bundles"];
  ASSERT_EQ(bundles.size(), 2u);
  EXPECT_EQ(entry_ids(bundles[0]), sorted(lines(oracle("a15.bundler.txt"))));
  EXPECT_EQ(entry_ids(bundles[1]), sorted(lines(oracle("b15.bundler.txt"))));
  for (const auto& code : json["files"][0]["gpu_code"]) {
    EXPECT_EQ(code["vendor"], "amd");
    EXPECT_EQ(code["kind"], "code-object");
    EXPECT_EQ(code["compressed"], false);
  }
}

TEST(ScanAmd, CompressedBundlesInASharedObject) {
  auto json = run_archfit_json({"scan", fixture("hip19_ccob.so")});
  const auto& bundles = json["files"][0]["bundles"];
  ASSERT_EQ(bundles.size(), 2u);
  EXPECT_EQ(entry_ids(bundles[0]), sorted(lines(oracle("a19c.bundler.txt"))));
  EXPECT_EQ(entry_ids(bundles[1]), sorted(lines(oracle("b19c.bundler.txt"))));
  // The first 8 bytes of the bundle clang wrote: "CCOB", u16 version, u16 method (1 = zstd).
  std::string prefix = oracle("a19c.ccob-prefix.hex");
  ASSERT_EQ(prefix.substr(0, 8), "43434f42");
  int version = std::stoi(prefix.substr(8, 2), nullptr, 16);
  std::string method = prefix.substr(12, 2) == "01" ? "zstd" : "zlib";
  for (const auto& bundle : bundles) {
    EXPECT_EQ(bundle["format"], "ccob");
    EXPECT_EQ(bundle["ccob_version"], version);
    EXPECT_EQ(bundle["compression"], method);
  }
  for (const auto& code : json["files"][0]["gpu_code"]) {
    EXPECT_EQ(code["compressed"], true);
    EXPECT_GT(code["size"].get<std::uint64_t>(), 0u);
  }
}

class CcobVariantTest : public ::testing::TestWithParam<std::tuple<int, std::string>> {};

TEST_P(CcobVariantTest, ListsTheInnerBundle) {
  auto [version, method] = GetParam();
  std::string name = "ccob_v" + std::to_string(version) + "_" + method;
  auto json = run_archfit_json({"scan", fixture(name + ".hipfb")});
  const auto& bundles = json["files"][0]["bundles"];
  ASSERT_EQ(bundles.size(), 1u) << json.dump(1);
  EXPECT_EQ(bundles[0]["ccob_version"], version);
  EXPECT_EQ(bundles[0]["compression"], method);
  // The inner bundle is a19.hipfb, whose list clang-offload-bundler-19 recorded.
  EXPECT_EQ(entry_ids(bundles[0]), sorted(lines(oracle("a19.bundler.txt"))));
  // clang-offload-bundler-19 reads v1 and v2 itself: the same list again, straight from the CCOB.
  if (std::filesystem::exists(fixture_dir("amd") / "oracle" / (name + ".bundler.txt"))) {
    EXPECT_EQ(entry_ids(bundles[0]), sorted(lines(oracle(name + ".bundler.txt"))));
  }
  EXPECT_TRUE(json["files"][0]["errors"].empty());
}

INSTANTIATE_TEST_SUITE_P(Variants, CcobVariantTest,
                         ::testing::Values(std::tuple{1, std::string("zlib")}, std::tuple{1, std::string("zstd")},
                                           std::tuple{2, std::string("zlib")}, std::tuple{3, std::string("zlib")},
                                           std::tuple{3, std::string("zstd")}));

TEST(ScanAmd, RdcFatObjectCarriesBitcodePerSection) {
  auto json = run_archfit_json({"scan", fixture("hip15_rdc.o")});
  std::vector<std::string> expected;
  for (const auto& id : lines(oracle("hip15_rdc.bundler.txt"))) {
    if (!id.starts_with("host-")) {
      expected.push_back(id);
    }
  }
  std::vector<std::string> found;
  for (const auto& code : json["files"][0]["gpu_code"]) {
    found.push_back(code["entry_id"]);
    EXPECT_EQ(code["kind"], "bitcode");
  }
  EXPECT_EQ(sorted(found), sorted(expected));
  // Each entry is the section readelf lists under that name.
  std::string sections = oracle("hip15_rdc.sections");
  for (const auto& id : expected) {
    EXPECT_NE(sections.find("__CLANG_OFFLOAD_BUNDLE__" + id), std::string::npos) << id;
  }
}

TEST(ScanAmd, StaticArchiveMembersAreScannedInPlace) {
  std::string archive = fixture("libmixed.a");
  auto members = lines(run_command({"ar", "t", archive}).out);
  auto json = run_archfit_json({"scan", archive});
  std::vector<std::string> reported;
  for (const auto& file : json["files"]) {
    EXPECT_EQ(file["path"], archive);
    reported.push_back(file["member"]);
  }
  EXPECT_EQ(reported, members);
  ASSERT_EQ(json["files"].size(), 3u);
  EXPECT_EQ(entry_ids(json["files"][0]["bundles"][0]), sorted(lines(oracle("a15.bundler.txt"))));
  EXPECT_EQ(entry_ids(json["files"][1]["bundles"][0]), sorted(lines(oracle("a19c.bundler.txt"))));
  EXPECT_EQ(json["files"][2]["gpu_code"].size(), 2u);
}

TEST(ScanAmd, BareCodeObject) {
  auto json = run_archfit_json({"scan", fixture("bare_gfx90a.co")});
  const auto& file = json["files"][0];
  EXPECT_EQ(file["format"], "amdgpu-code-object");
  ASSERT_EQ(file["gpu_code"].size(), 1u);
  EXPECT_EQ(file["gpu_code"][0]["target"], readelf_target_id(oracle("bare_gfx90a.readelf-h")));
}

TEST(ScanAmd, DebianRocsparseMatchesRocObjLsExactly) {
  const std::string library = "/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1";
  ASSERT_TRUE(std::filesystem::exists(library)) << "install Debian's librocsparse0";
  auto expected = parse_roc_obj_ls(oracle("librocsparse.roc-obj-ls"));
  ASSERT_GT(expected.size(), 100u);
  auto json = run_archfit_json({"scan", library});
  EXPECT_EQ(json["files"][0]["bundles"].size(), 111u);
  EXPECT_EQ(archfit_bundle_entries(json["files"][0]), expected);
}

}  // namespace
}  // namespace archfit::test
