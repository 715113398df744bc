// detect_system reads the GPUs, the CPU with its limits, and the OS with its libraries at the same
// time (three threads). On every captured tree the report must be what reading them one after the
// other gives (read_host), and the same on every run, whichever side finishes first.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "detect/detector.hpp"
#include "report/detect_json.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

TEST(DetectConcurrency, HostPartsEqualReadHostInTurnOnEveryCapturedTree) {
  int trees = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots")) {
    fs::path root_dir = entry.path() / "root";
    if (!fs::is_directory(root_dir)) {
      continue;
    }
    ++trees;
    probe::SystemRoot root(root_dir.string());
    probe::Environment environment(std::map<std::string, std::string>{{"PATH", "/usr/bin:/bin"}});
    auto concurrent = detect::detect_system(root, environment);
    auto in_turn = concurrent;
    in_turn.host = detect::read_host(root, environment);
    std::string expected = report::detect_to_json(in_turn, 2);
    EXPECT_EQ(report::detect_to_json(concurrent, 2), expected) << entry.path();
    for (int run = 0; run < 20; ++run) {
      ASSERT_EQ(report::detect_to_json(detect::detect_system(root, environment), 2), expected)
          << entry.path() << " run " << run;
    }
  }
  EXPECT_GE(trees, 10);
}

}  // namespace
}  // namespace archfit::test
