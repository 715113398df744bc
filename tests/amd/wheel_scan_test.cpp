// Zips and wheels: scanning the archive in place must give exactly what scanning the members that
// unzip(1) extracted gives — read from memory, and streamed through inflate (--zip-buffer-limit 0
// forces every large-enough ELF member through the streaming scanner). Hostile zips get one clear
// error or warning each.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

fs::path zip_dir() { return fixture_dir("amd") / "zip"; }

// "libmixed.a(a15.o)" for both a zip member "amd_fixtures/lib/libmixed.a(a15.o)" and the extracted
// file ".../libmixed.a" with archive member "a15.o": the name without the directories it sits in.
std::string plain_name(const nlohmann::json& file, bool from_zip) {
  std::string path = file["path"];
  if (!from_zip) {
    std::string name = fs::path(path).filename().string();
    return file["member"].is_null() ? name : name + "(" + file["member"].get<std::string>() + ")";
  }
  std::string member = file["member"];
  auto slash = member.rfind('/', member.find('('));
  return slash == std::string::npos ? member : member.substr(slash + 1);
}

// name -> the file's report without path/member (what must not depend on the container). Offsets
// agree too: a member is scanned as its own byte sequence, like the extracted file.
std::map<std::string, nlohmann::json> by_member(const nlohmann::json& report, bool from_zip) {
  std::map<std::string, nlohmann::json> members;
  for (auto file : report["files"]) {
    std::string name = plain_name(file, from_zip);
    file.erase("path");
    file.erase("member");
    members[name] = file;
  }
  return members;
}

std::vector<std::string> extracted_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(zip_dir() / "amd_fixtures-extracted")) {
    if (entry.is_regular_file() && entry.path().extension() != ".py") {
      files.push_back(entry.path().string());
    }
  }
  return files;
}

void expect_same_as_extracted(const std::vector<std::string>& extra_args, const std::string& archive) {
  std::vector<std::string> args{"scan"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  auto extracted_args = args;
  for (const auto& file : extracted_files()) {
    extracted_args.push_back(file);
  }
  args.push_back((zip_dir() / archive).string());
  auto from_zip = by_member(run_archfit_json(args), true);
  auto from_files = by_member(run_archfit_json(extracted_args), false);
  ASSERT_EQ(from_zip.size(), 10u);  // 8 files, one archive of 3 members
  EXPECT_EQ(from_zip, from_files);
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
