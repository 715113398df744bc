// Host-side needs compared with binutils readelf -d / -V / -n on libraries built at test time.
#include <gtest/gtest.h>

#include <regex>

#include "amd/oracles.hpp"

namespace archfit::test {
namespace {

std::string oracle(const std::string& name) { return read_text(fixture_dir("amd") / "oracle" / name); }

// readelf -d: "(NEEDED)  Shared library: [libstdc++.so.6]", "(RUNPATH) Library runpath: [a:b]".
std::vector<std::string> readelf_dynamic(const std::string& text, const std::string& tag) {
  std::regex pattern("\\(" + tag + "\\)\\s+[A-Za-z ]+: \\[([^\\]]*)\\]");
  std::vector<std::string> values;
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
    values.push_back((*it)[1]);
  }
  return values;
}

std::vector<std::string> split_colons(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (auto colon = text.find(':'); colon != std::string::npos; colon = text.find(':', start)) {
    parts.push_back(text.substr(start, colon - start));
    start = colon + 1;
  }
  parts.push_back(text.substr(start));
  return parts;
}

// readelf -V: highest "Name: NS_x.y.z" per namespace, comparing numbers field by field.
std::map<std::string, std::string> readelf_highest_versions(const std::string& text) {
  static const std::regex pattern(R"(Name: ([A-Za-z_]+)_([0-9.]+)\s)");
  std::map<std::string, std::pair<std::vector<int>, std::string>> best;
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
    std::vector<int> number;
    std::string digits = (*it)[2];
    for (auto& part : split_colons(std::regex_replace(digits, std::regex("\\."), ":"))) {
      number.push_back(std::stoi(part));
    }
    auto& slot = best[(*it)[1]];
    if (slot.second.empty() || slot.first < number) {
      slot = {number, std::string((*it)[1]) + "_" + digits};
    }
  }
  std::map<std::string, std::string> result;
  for (const auto& [space, value] : best) {
    result[space] = value.second;
  }
  return result;
}

TEST(HostNeeds, NeededRunpathVersionsAndIsaLevelMatchReadelf) {
  auto json = run_archfit_json({"scan", (fixture_dir("amd") / "libhost_needs.so").string()});
  const auto& needs = json["files"][0]["needs"];
  std::string dynamic = oracle("libhost_needs.readelf-d");
  EXPECT_EQ(needs["needed"].get<std::vector<std::string>>(), readelf_dynamic(dynamic, "NEEDED"));
  EXPECT_EQ(needs["runpath"].get<std::vector<std::string>>(), split_colons(readelf_dynamic(dynamic, "RUNPATH").at(0)));
  EXPECT_TRUE(needs["rpath"].empty());
  auto highest = needs["highest"].get<std::map<std::string, std::string>>();
  EXPECT_EQ(highest, readelf_highest_versions(oracle("libhost_needs.readelf-V")));
  std::smatch isa;
  std::string notes = oracle("libhost_needs.readelf-n");
  ASSERT_TRUE(std::regex_search(notes, isa, std::regex(R"(x86 ISA needed: (?:[^\n]*, )?(x86-64-[a-z0-9]+))")));
  EXPECT_EQ(needs["x86_isa_level"], isa[1].str());
}

TEST(HostNeeds, LegacyRpath) {
  auto json = run_archfit_json({"scan", (fixture_dir("amd") / "libhost_rpath.so").string()});
  const auto& needs = json["files"][0]["needs"];
  EXPECT_EQ(needs["rpath"].get<std::vector<std::string>>(),
            split_colons(readelf_dynamic(oracle("libhost_rpath.readelf-d"), "RPATH").at(0)));
  EXPECT_TRUE(needs["runpath"].empty());
  EXPECT_TRUE(needs["x86_isa_level"].is_null());
}

TEST(HostNeeds, HipLibraryNeedsTheHipRuntime) {
  auto json = run_archfit_json({"scan", (fixture_dir("amd") / "hip15_two_bundles.so").string()});
  const auto& needs = json["files"][0]["needs"];
  EXPECT_EQ(needs["needed"].get<std::vector<std::string>>(),
            readelf_dynamic(oracle("hip15_two_bundles.readelf-d"), "NEEDED"));
  auto highest = needs["highest"].get<std::map<std::string, std::string>>();
  EXPECT_EQ(highest, readelf_highest_versions(oracle("hip15_two_bundles.readelf-V")));
}

}  // namespace
}  // namespace archfit::test
