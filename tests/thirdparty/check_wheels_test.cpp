// `check --python` on a virtual environment with REAL wheels from PyPI installed by pip (triton 3.5.1,
// markupsafe 3.0.2, downloaded by make_thirdparty_fixtures.sh) next to torch 2.11.0's real METADATA
// (captured on the H200 machine, tests/data/python-envs), which pins triton==3.6.0: the mismatch
// must be found from the installed files alone.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

TEST(CheckWheels, RealTritonWheelAgainstTorchsPin) {
  fs::path wheels = fixture_dir("thirdparty") / "check-wheels";
  fs::path venv = unique_temp_path("venv-wheels");
  fs::remove_all(venv);
  ASSERT_EQ(run_command({"python3", "-m", "venv", venv.string()}).exit_code, 0);
  std::vector<std::string> install = {(venv / "bin/python").string(), "-m", "pip", "install", "-q", "--no-deps",
                                      "--no-index", "--disable-pip-version-check"};
  for (const auto& entry : fs::directory_iterator(wheels)) {
    install.push_back(entry.path().string());
  }
  auto installed = run_command(install);
  ASSERT_EQ(installed.exit_code, 0) << installed.err;
  fs::path site;
  for (const auto& entry : fs::directory_iterator(venv / "lib")) {
    site = entry.path() / "site-packages";
  }
  fs::path captured = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/python-envs/h200-torch-2.11";
  fs::create_directories(site / "torch-2.11.0.dist-info");
  fs::create_directories(site / "torch");
  fs::copy_file(captured / "torch-2.11.0.dist-info/METADATA", site / "torch-2.11.0.dist-info/METADATA");
  fs::copy_file(captured / "torch/version.py", site / "torch/version.py");
  std::ofstream(site / "torch-2.11.0.dist-info/RECORD") << "torch/version.py,,\n";

  auto result = run_command({archfit_binary(), "check", "--python", (venv / "bin/python").string(), "--target",
                             "sm_90", "--json"});
  auto report = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << result.err;
  bool found_triton = false;
  for (const auto& package : report["packages"]) {
    if (package["name"] == "triton") {
      found_triton = true;
      EXPECT_EQ(package["version"], "3.5.1");  // from the wheel's own METADATA, as pip installed it
      EXPECT_GT(package["binaries"].get<int>(), 0);
    }
  }
  EXPECT_TRUE(found_triton);
  bool pin_checked = false;
  for (const auto& item : report["consistency"]) {
    if (item["id"] == "triton-pin") {
      pin_checked = true;
      EXPECT_EQ(item["status"], "fail");
      EXPECT_EQ(item["fix"], "pip install 'triton==3.6.0'");
    }
  }
  EXPECT_TRUE(pin_checked);
  EXPECT_EQ(result.exit_code, 1);

  // The native extension of markupsafe, given as a path: host code only, and it loads here.
  fs::path speedups;
  for (const auto& entry : fs::recursive_directory_iterator(site / "markupsafe")) {
    if (entry.path().filename().string().starts_with("_speedups") && entry.path().extension() == ".so") {
      speedups = entry.path();
    }
  }
  ASSERT_FALSE(speedups.empty());
  auto path_check = run_command({archfit_binary(), "check", "--target", "sm_90", "--json", speedups.string()});
  auto path_report = nlohmann::json::parse(path_check.out, nullptr, false);
  ASSERT_FALSE(path_report.is_discarded());
  EXPECT_EQ(path_report["results"][0]["verdict"], "host-only");
  ASSERT_EQ(path_report["load"].size(), 1u);
  EXPECT_TRUE(path_report["load"][0]["ok"].get<bool>()) << path_report["load"].dump();
  fs::remove_all(venv);
}

}  // namespace
}  // namespace archfit::test
