// Scanning a directory: recursive, symlink loops skipped, only files whose magic archfit reads,
// and the same results as scanning the files one by one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

TEST(DirectoryScan, FindsFilesByMagicSkipsLoopsAndMatchesPerFileScans) {
  auto fixtures = fixture_dir("amd");
  auto tree = unique_temp_path("archfit_directory_scan");
  fs::remove_all(tree);
  fs::create_directories(tree / "sub" / "deeper");
  fs::copy_file(fixtures / "hip15_two_bundles.so", tree / "sub" / "libtwo.so");
  fs::copy_file(fixtures / "libmixed.a", tree / "libmixed.a");
  fs::copy_file(fixtures / "a15.hipfb", tree / "sub" / "deeper" / "kernels.bin");  // found by magic, not name
  std::ofstream(tree / "notes.so") << "not an ELF file\n";                          // named .so, not scanned
  fs::create_directory_symlink("..", tree / "sub" / "deeper" / "loop");             // a symlink loop

  auto json = run_archfit_json({"scan", tree.string()});
  std::vector<std::string> names;
  for (const auto& file : json["files"]) {
    names.push_back(fs::path(file["path"].get<std::string>()).filename().string() +
                    (file["member"].is_null() ? "" : "(" + file["member"].get<std::string>() + ")"));
    EXPECT_TRUE(file["errors"].empty()) << file.dump();
  }
  std::vector<std::string> expected{"libmixed.a(a15.o)", "libmixed.a(a19c.o)", "libmixed.a(hip15_rdc.o)",
                                    "kernels.bin", "libtwo.so"};
  EXPECT_EQ(names, expected);

  auto single = run_archfit_json({"scan", (tree / "sub" / "libtwo.so").string()});
  for (const auto& file : json["files"]) {
    if (file["path"] == (tree / "sub" / "libtwo.so").string()) {
      EXPECT_EQ(file["gpu_code"], single["files"][0]["gpu_code"]);
      EXPECT_EQ(file["bundles"], single["files"][0]["bundles"]);
    }
  }
  // One worker and many give the same report.
  auto serial = run_archfit_json({"scan", "--jobs", "1", tree.string()});
  EXPECT_EQ(serial, json);
  fs::remove_all(tree);
}

}  // namespace
}  // namespace archfit::test
