// Shared by the AMD and NVIDIA wheel tests: scanning a zip made by tests/fixtures/make_zip_fixtures.py
// must give, member by member, what scanning the files unzip(1) extracted from it gives.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {

// "libmixed.a(a15.o)" for both a zip member "x/lib/libmixed.a(a15.o)" and the extracted file
// ".../libmixed.a" with archive member "a15.o": the name without the directories it sits in.
inline std::string plain_name(const nlohmann::json& file, bool from_zip) {
  std::string path = file["path"];
  if (!from_zip) {
    std::string name = std::filesystem::path(path).filename().string();
    return file["member"].is_null() ? name : name + "(" + file["member"].get<std::string>() + ")";
  }
  std::string member = file["member"];
  auto slash = member.rfind('/', member.find('('));
  return slash == std::string::npos ? member : member.substr(slash + 1);
}

// name -> the file's report without path/member. Offsets agree too: a member is scanned as its
// own byte sequence, like the extracted file.
inline std::map<std::string, nlohmann::json> by_member(const nlohmann::json& report, bool from_zip) {
  std::map<std::string, nlohmann::json> members;
  for (auto file : report["files"]) {
    std::string name = plain_name(file, from_zip);
    file.erase("path");
    file.erase("member");
    members[name] = file;
  }
  return members;
}

// Scans `archive` (under <fixture>/zip/) with `options` and compares with the extracted files of
// <name>.whl; `expected_files` guards against an empty comparison.
inline void expect_zip_equals_extracted(const std::string& fixture, const std::string& name,
                                        const std::string& archive, const std::vector<std::string>& options,
                                        std::size_t expected_files) {
  auto zip_dir = fixture_dir(fixture) / "zip";
  std::vector<std::string> args{"scan"};
  args.insert(args.end(), options.begin(), options.end());
  auto extracted_args = args;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(zip_dir / (name + "-extracted"))) {
    if (entry.is_regular_file() && entry.path().extension() != ".py") {
      extracted_args.push_back(entry.path().string());
    }
  }
  args.push_back((zip_dir / archive).string());
  auto from_zip = by_member(run_archfit_json(args), true);
  auto from_files = by_member(run_archfit_json(extracted_args), false);
  ASSERT_EQ(from_zip.size(), expected_files);
  EXPECT_EQ(from_zip, from_files);
}

}  // namespace archfit::test
