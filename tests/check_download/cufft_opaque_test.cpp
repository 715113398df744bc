// `check` on the real cuFFT libraries (PyPI nvidia-cufft 12.0.0.61, the H200 venv's): their
// fatbins hold one sm_75 cubin (cuobjdump is the oracle), yet cuFFT runs on sm_90 (recorded in
// docs/check.md, "Calibration on an H200"): a target the fatbin does not cover is `opaque`, never
// `no-code`; a target it covers stays `native`. Inside the wheel and extracted alike.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

// cuobjdump's "ELF file 1: libcufft.so.1.sm_75.cubin" lines → {"sm_75"}.
std::set<std::string> listed(const std::string& name) {
  std::set<std::string> targets;
  std::regex line(R"((ELF|PTX) file\s+\d+: .*\.(sm_[0-9]+[af]?)\.(cubin|ptx))");
  std::istringstream in(read_text(fixture_dir("check_download") / "oracle" / name));
  for (std::string text; std::getline(in, text);) {
    std::smatch match;
    if (std::regex_search(text, match, line)) {
      targets.insert(match[2]);
    }
  }
  return targets;
}

std::string verdict_of(const nlohmann::json& report, const std::string& path, const std::string& member,
                       const std::string& target) {
  for (const auto& result : report["results"]) {
    bool same_member = member.empty() ? result["member"].is_null() : result["member"] == member;
    if (result["path"] == path && same_member && result["target"] == target) {
      return result["verdict"];
    }
  }
  return "(none)";
}

TEST(CufftOpaque, TargetsTheFatbinDoesNotCoverAreOpaqueNotNoCode) {
  auto dir = fixture_dir("check_download");
  std::string wheel = (dir / "wheels" / "cufft.whl").string();
  for (const std::string lib : {"libcufft.so.12", "libcufftw.so.12"}) {
    auto cubins = listed(lib + ".list-elf");
    ASSERT_EQ(cubins, std::set<std::string>{"sm_75"}) << lib;  // the placeholder cubin
    ASSERT_TRUE(listed(lib + ".list-ptx").empty()) << lib;
    std::string path = (dir / "lib" / lib).string();
    int exit_code = -1;
    auto report = run_archfit_json({"check", "--target", "sm_90,sm_75", path, wheel, "--json"}, &exit_code);
    // sm_75 SASS runs on 7.5 only within major 7: native there; sm_90 is not covered.
    EXPECT_EQ(verdict_of(report, path, "", "sm_75"), "native") << lib;
    EXPECT_EQ(verdict_of(report, path, "", "sm_90"), "opaque") << lib;
    EXPECT_EQ(verdict_of(report, wheel, "nvidia/cu13/lib/" + lib, "sm_90"), "opaque") << lib;
    EXPECT_EQ(verdict_of(report, wheel, "nvidia/cu13/lib/" + lib, "sm_75"), "native") << lib;
    for (const auto& result : report["results"]) {
      EXPECT_NE(result["verdict"], "no-code") << result.dump();
      if (result["verdict"] == "opaque") {
        EXPECT_NE(result["reason"].get<std::string>().find("sm_75"), std::string::npos);
        EXPECT_NE(result["reason"].get<std::string>().find("https://"), std::string::npos);
      }
    }
  }
}

}  // namespace
}  // namespace archfit::test
