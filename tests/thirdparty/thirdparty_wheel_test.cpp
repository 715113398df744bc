// Real wheels from PyPI (tests/fixtures/thirdparty): archfit's list of cubins and PTX for every
// native library in the wheel, read without unpacking (large members are streamed through
// inflate), must equal cuobjdump's --list-elf / --list-ptx on the extracted file; and the wheel
// scan must equal the scan of the extracted files.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> oracle_names(const fs::path& file, const std::regex& pattern, const std::string& prefix) {
  std::vector<std::string> names;
  for (const auto& line : lines(read_text(file))) {
    std::smatch match;
    if (std::regex_search(line, match, pattern)) {
      names.push_back(prefix + match[1].str());
    }
  }
  return names;
}

// cuobjdump --list-elf names a cubin from the cubin itself, which cannot record 'f'.
std::string without_f(std::string name) {
  if (!name.empty() && name.back() == 'f') {
    name.pop_back();
  }
  return name;
}

TEST(ThirdPartyWheels, CubinsAndPtxMatchCuobjdumpOnTheExtractedLibraries) {
  auto dir = fixture_dir("thirdparty");
  std::size_t checked = 0;
  for (const auto& wheel : fs::directory_iterator(dir / "wheels")) {
    std::string stem = wheel.path().stem().string();
    auto json = run_archfit_json({"scan", wheel.path().string()});
    for (const auto& oracle : fs::directory_iterator(dir / "oracle")) {
      std::string name = oracle.path().filename().string();
      if (!name.starts_with(stem + "--") || oracle.path().extension() != ".member") {
        continue;
      }
      std::string member = lines(read_text(oracle.path())).at(0);
      auto base = oracle.path().parent_path() / oracle.path().stem();
      auto expected_elf = oracle_names(base.string() + ".list-elf", std::regex(R"(\.(sm_[0-9]+[af]?)\.cubin$)"), "");
      auto expected_ptx =
          oracle_names(base.string() + ".list-ptx", std::regex(R"(\.sm_([0-9]+[af]?)\.ptx$)"), "compute_");
      std::vector<std::string> cubins;
      std::vector<std::string> ptx;
      bool found = false;
      for (const auto& file : json["files"]) {
        if (file["member"] != member) {
          continue;
        }
        found = true;
        EXPECT_TRUE(file["errors"].empty()) << file["errors"].dump();
        for (const auto& code : file["gpu_code"]) {
          std::string target = code["target"];
          if (code["kind"] == "cubin") {
            cubins.push_back(without_f(target));
          } else {
            ptx.push_back(target);
          }
        }
      }
      ASSERT_TRUE(found) << member << " not reported in " << stem;
      EXPECT_FALSE(expected_elf.empty() && expected_ptx.empty()) << member;
      EXPECT_EQ(cubins, expected_elf) << member;
      EXPECT_EQ(ptx, expected_ptx) << member;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u);
}

TEST(ThirdPartyWheels, StreamedMembersEqualTheExtractedFiles) {
  auto dir = fixture_dir("thirdparty");
  for (const auto& wheel : fs::directory_iterator(dir / "wheels")) {
    std::string stem = wheel.path().stem().string();
    auto from_wheel = run_archfit_json({"scan", "--deep", wheel.path().string()});
    for (const auto& file : from_wheel["files"]) {
      if (file["member"].is_null() || file["gpu_code"].empty()) {
        continue;
      }
      auto extracted = dir / "extracted" / stem / file["member"].get<std::string>();
      auto direct = run_archfit_json({"scan", "--deep", extracted.string()});
      auto a = file;
      auto b = direct["files"][0];
      for (auto* report : {&a, &b}) {
        report->erase("path");
        report->erase("member");
      }
      EXPECT_EQ(a, b) << extracted;
    }
  }
}

}  // namespace
}  // namespace archfit::test
