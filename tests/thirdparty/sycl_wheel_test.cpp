// bitsandbytes 0.50.2 from PyPI (tests/fixtures/thirdparty): its Intel SYCL builds,
// libbitsandbytes_xpu2025.so and libbitsandbytes_xpu2026.so, keep their device code in one
// __CLANG_OFFLOAD_BUNDLE__<entry-id> section per entry (sycl-spir64_gen, sycl-spir64). readelf's
// section list is the oracle for the entry IDs; Intel's -fsycl-targets reference says whose code each
// is. `scan` must label them so, and `check` must never judge them as AMD or NVIDIA code.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

// https://www.intel.com/content/www/us/en/docs/dpcpp-cpp-compiler/developer-guide-reference/2025-0/fsycl-targets.html:
// spir64_gen "generate code for Intel Processor Graphics"; spir64 "default heuristics for
// SPIR64-based devices" (portable SPIR-V, compiled for the device at run time: no one vendor's).
std::string documented_vendor(const std::string& id) {
  if (id == "sycl-spir64_gen") {
    return "intel";
  }
  if (id == "sycl-spir64") {
    return "other";
  }
  return "<no document for " + id + ">";
}

std::vector<std::string> sorted(std::vector<std::string> values) {
  std::sort(values.begin(), values.end());
  return values;
}

fs::path bitsandbytes_wheel() {
  for (const auto& entry : fs::directory_iterator(fixture_dir("thirdparty") / "bitsandbytes")) {
    if (entry.path().extension() == ".whl") {
      return entry.path();
    }
  }
  return {};
}

// member name in the wheel -> entry IDs readelf lists as __CLANG_OFFLOAD_BUNDLE__ sections.
std::map<std::string, std::vector<std::string>> oracle_sections() {
  std::map<std::string, std::vector<std::string>> out;
  const std::string prefix = "bitsandbytes--";
  const std::string suffix = ".bundle-sections";
  for (const auto& entry : fs::directory_iterator(fixture_dir("thirdparty") / "oracle")) {
    std::string name = entry.path().filename().string();
    if (name.starts_with(prefix) && name.ends_with(suffix)) {
      std::string library = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
      out["bitsandbytes/" + library] = sorted(lines(read_text(entry.path())));
    }
  }
  return out;
}

TEST(ThirdPartyWheels, BitsandbytesSyclLibrariesAreIntelCode) {
  auto wheel = bitsandbytes_wheel();
  ASSERT_FALSE(wheel.empty());
  auto expected = oracle_sections();
  ASSERT_EQ(expected.size(), 2u);  // xpu2025, xpu2026
  // In the wheel, both ways (buffered, and every member streamed).
  for (const auto& extra : {std::vector<std::string>{}, std::vector<std::string>{"--zip-buffer-limit", "0"}}) {
    std::vector<std::string> args{"scan"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(wheel.string());
    auto json = run_archfit_json(args);
    std::size_t seen = 0;
    for (const auto& file : json["files"]) {
      if (!file["member"].is_string() || expected.count(file["member"]) == 0) {
        continue;
      }
      ++seen;
      std::vector<std::string> ids;
      for (const auto& code : file["gpu_code"]) {
        std::string id = code["entry_id"];
        ids.push_back(id);
        EXPECT_EQ(code["vendor"], documented_vendor(id)) << file["member"] << " " << id;
        EXPECT_EQ(code["kind"], "unknown") << id;  // neither an AMD code object nor a cubin/PTX
      }
      EXPECT_EQ(sorted(ids), expected[file["member"]]) << file["member"];
    }
    EXPECT_EQ(seen, expected.size());
  }
}

TEST(ThirdPartyWheels, CheckNeverJudgesBitsandbytesSyclCodeAsAmdOrNvidia) {
  auto wheel = bitsandbytes_wheel();
  ASSERT_FALSE(wheel.empty());
  auto expected = oracle_sections();
  auto json = run_archfit_json({"check", "--target", "gfx90a", "--target", "sm_90", wheel.string()});
  std::size_t seen = 0;
  for (const auto& result : json["results"]) {
    if (!result["member"].is_string() || expected.count(result["member"]) == 0) {
      continue;
    }
    ++seen;
    EXPECT_EQ(result["verdict"], "no-code") << result.dump();
    std::string reason = result["reason"];
    EXPECT_NE(reason.find("carries only"), std::string::npos) << reason;
    for (const auto& id : expected[result["member"]]) {
      EXPECT_NE(reason.find(documented_vendor(id) + " code " + id), std::string::npos) << reason;
    }
  }
  EXPECT_EQ(seen, 2 * expected.size());  // both libraries x both targets
}

}  // namespace
}  // namespace archfit::test
