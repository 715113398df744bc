// Zips and wheels: scanning the archive in place must give exactly what scanning the members that
// unzip(1) extracted gives — read from memory, and streamed through inflate (--zip-buffer-limit 0
// forces every large-enough ELF member through the streaming scanner). Hostile zips get one clear
// error or warning each.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/zip_compare.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

fs::path zip_dir() { return fixture_dir("amd") / "zip"; }

// 8 files, one archive of 3 members.
void expect_same_as_extracted(const std::vector<std::string>& options, const std::string& archive) {
  expect_zip_equals_extracted("amd", "amd_fixtures", archive, options, 10);
}

TEST(WheelScan, InMemoryEqualsExtractedFiles) { expect_same_as_extracted({}, "amd_fixtures.whl"); }

TEST(WheelScan, StreamedEqualsExtractedFiles) {
  expect_same_as_extracted({"--zip-buffer-limit", "0"}, "amd_fixtures.whl");
}

TEST(WheelScan, StreamedDeepEqualsExtractedFiles) {
  expect_same_as_extracted({"--deep", "--zip-buffer-limit", "0"}, "amd_fixtures.whl");
}

TEST(WheelScan, Zip64ArchiveFromAnotherWriter) {
  expect_same_as_extracted({"--zip-buffer-limit", "0"}, "amd_fixtures-zip64.zip");
}

TEST(WheelScan, OneWorkerAndManyAgree) {
  auto path = (zip_dir() / "amd_fixtures.whl").string();
  EXPECT_EQ(run_archfit_json({"scan", "--jobs", "1", path}), run_archfit_json({"scan", "--jobs", "4", path}));
}

struct HostileCase {
  const char* file;
  const char* stream;  // "err" or "warning"
  const char* text;
  int exit_code;
};

class HostileZipTest : public ::testing::TestWithParam<HostileCase> {};

TEST_P(HostileZipTest, GivesAClearMessageAndBoundedWork) {
  const auto& c = GetParam();
  auto result = run_command({archfit_binary(), "scan", (zip_dir() / c.file).string()});
  EXPECT_EQ(result.exit_code, c.exit_code) << result.err;
  EXPECT_NE(result.err.find(c.text), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(c.file), std::string::npos) << "messages name the archive";
}

INSTANTIATE_TEST_SUITE_P(
    Hostile, HostileZipTest,
    ::testing::Values(HostileCase{"amd_fixtures-hostile-ratio.zip", "err", "zip bomb", 1},
                      HostileCase{"amd_fixtures-hostile-lying-size.zip", "err", "inflates past its declared size", 1},
                      HostileCase{"amd_fixtures-hostile-overlap.zip", "err", "shares its data", 1},
                      HostileCase{"amd_fixtures-hostile-names.zip", "warning", "unsafe name ('..' component)", 0},
                      HostileCase{"amd_fixtures-hostile-names.zip", "warning", "nested zip archive", 0},
                      HostileCase{"amd_fixtures-hostile-truncated.zip", "err", "end of central directory", 1}));

}  // namespace
}  // namespace archfit::test
