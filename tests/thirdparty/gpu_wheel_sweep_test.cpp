// Wheel = extracted, on real ROCm and CUDA wheels from PyPI (tests/fixtures/thirdparty, "sweep";
// the list and the reasons are in docs/scan.md). Every ELF member scanned inside the wheel, both
// the default way and with --zip-buffer-limit 0 (every deflated member streamed), must give the
// report that scanning the file unzip(1) extracted gives, with or without GPU code. For the ROCm
// libraries, the bundle entries must also be what clang-offload-bundler --list says about the
// extracted .hip_fatbin (cupy-rocm-4-0 10.6.0's cub and thrust: a .hip_fatbin aligned to 8 only,
// issue 12.1, which the streamed scan used to report as no GPU code at all).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

nlohmann::json without_location(nlohmann::json file) {
  file.erase("path");
  file.erase("member");
  return file;
}

std::map<std::string, nlohmann::json> members(const nlohmann::json& report) {
  std::map<std::string, nlohmann::json> out;
  for (const auto& file : report["files"]) {
    if (!file["member"].is_null()) {
      out[file["member"]] = without_location(file);
    }
  }
  return out;
}

// The sweep's wheels, and the cuobjdump fixture's (nvidia-curand), each with where unzip put it.
std::vector<std::pair<fs::path, fs::path>> sweep_wheels() {
  auto dir = fixture_dir("thirdparty");
  std::vector<std::pair<fs::path, fs::path>> wheels;
  for (auto [folder, extracted] : {std::pair{"sweep", "sweep-extracted"}, std::pair{"wheels", "extracted"}}) {
    for (const auto& entry : fs::directory_iterator(dir / folder)) {
      if (entry.path().extension() == ".whl") {
        wheels.emplace_back(entry.path(), dir / extracted / entry.path().stem());
      }
    }
  }
  std::sort(wheels.begin(), wheels.end());
  return wheels;
}

TEST(GpuWheelSweep, EveryMemberScannedInTheWheelEqualsTheExtractedFile) {
  auto wheels = sweep_wheels();
  ASSERT_GE(wheels.size(), 5u);
  std::size_t with_gpu_code = 0;
  for (const auto& [wheel, root] : wheels) {
    std::string stem = wheel.stem().string();
    auto buffered = members(run_archfit_json({"scan", wheel.string()}));
    auto streamed = members(run_archfit_json({"scan", "--zip-buffer-limit", "0", wheel.string()}));
    ASSERT_FALSE(buffered.empty()) << stem;
    for (const auto& [member, report] : buffered) {
      if (member.find('(') != std::string::npos) {
        continue;  // an archive's member: compared as part of its archive's file
      }
      auto direct = run_archfit_json({"scan", (root / member).string()});
      ASSERT_EQ(direct["files"].size(), 1u) << member;
      auto expected = without_location(direct["files"][0]);
      EXPECT_EQ(report, expected) << stem << ": " << member << " (default buffer limit)";
      EXPECT_EQ(streamed[member], expected) << stem << ": " << member << " (--zip-buffer-limit 0)";
      with_gpu_code += expected["gpu_code"].empty() ? 0 : 1;
    }
  }
  EXPECT_GE(with_gpu_code, 10u);  // 2 + 3 cupy modules, 4 cupti libraries, libcurand
}

TEST(GpuWheelSweep, RocmBundlesMatchClangOffloadBundlerOnTheExtractedSection) {
  auto dir = fixture_dir("thirdparty");
  std::size_t checked = 0;
  for (const auto& [wheel, root] : sweep_wheels()) {
    std::string stem = wheel.stem().string();
    auto streamed = members(run_archfit_json({"scan", "--zip-buffer-limit", "0", wheel.string()}));
    for (const auto& oracle : fs::directory_iterator(dir / "oracle")) {
      std::string name = oracle.path().filename().string();
      if (!name.starts_with(stem + "--") || oracle.path().extension() != ".hip-member") {
        continue;
      }
      std::string member = lines(read_text(oracle.path())).at(0);
      auto base = oracle.path().parent_path() / oracle.path().stem();
      auto expected = lines(read_text(base.string() + ".bundler.txt"));
      std::sort(expected.begin(), expected.end());
      const auto& report = streamed[member];
      ASSERT_TRUE(report.is_object()) << member << " not reported in " << stem;
      std::vector<std::string> ids;
      for (const auto& bundle : report["bundles"]) {
        if (bundle["section"] == ".hip_fatbin") {
          for (const auto& entry : bundle["entries"]) {
            ids.push_back(entry["id"]);
          }
        }
      }
      std::sort(ids.begin(), ids.end());
      EXPECT_EQ(ids, expected) << stem << ": " << member;
      EXPECT_FALSE(report["gpu_code"].empty()) << stem << ": " << member;
      ++checked;
    }
  }
  EXPECT_GE(checked, 2u);
}

}  // namespace
}  // namespace archfit::test
