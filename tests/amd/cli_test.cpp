// The command-line contract: exit codes, "did you mean", errors that name the file and offset,
// and other files still scanned after a bad one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "amd/oracles.hpp"

namespace archfit::test {
namespace {

TEST(Cli, UnknownCommandSuggestsTheClosestAndExitsWithUsageError) {
  auto result = run_command({archfit_binary(), "scna", "x"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("did you mean 'scan'"), std::string::npos) << result.err;
}

TEST(Cli, HelpAndVersion) {
  auto help = run_command({archfit_binary(), "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("scan"), std::string::npos);
  auto scan_help = run_command({archfit_binary(), "scan", "--help"});
  EXPECT_EQ(scan_help.exit_code, 0);
  EXPECT_NE(scan_help.out.find("--deep"), std::string::npos);
  auto version = run_command({archfit_binary(), "--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_TRUE(version.out.starts_with("archfit ")) << version.out;
  EXPECT_EQ(run_command({archfit_binary(), "scan", "--no-such-flag"}).exit_code, 2);
  auto bare = run_command({archfit_binary()});
  EXPECT_EQ(bare.exit_code, 2);
  EXPECT_NE(bare.err.find("scan"), std::string::npos) << "no arguments: the command list on stderr";
}

TEST(Cli, BadInputIsOneErrorNamingFileStructureAndOffsetAndOtherFilesGoOn) {
  auto good = (fixture_dir("amd") / "hip15_two_bundles.so").string();
  auto bytes = read_bytes(good);
  auto bad = unique_temp_path("archfit_cut.so");
  std::ofstream(bad, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), 5000);
  auto result = run_command({archfit_binary(), "scan", bad.string(), good, "--json"});
  std::filesystem::remove(bad);
  EXPECT_EQ(result.exit_code, 1);
  auto error_lines = lines(result.err);
  ASSERT_EQ(error_lines.size(), 1u) << result.err;
  EXPECT_NE(error_lines[0].find(bad.string()), std::string::npos);
  EXPECT_NE(error_lines[0].find("section header table"), std::string::npos);
  EXPECT_NE(error_lines[0].find("0x"), std::string::npos);
  auto json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json["files"].size(), 2u);
  EXPECT_EQ(json["files"][0]["errors"].size(), 1u);
  EXPECT_EQ(json["files"][1]["gpu_code"].size(), 8u);
}

TEST(Cli, TextOutputHasASummaryLine) {
  auto result = run_command({archfit_binary(), "--color", "never", "scan",
                             (fixture_dir("amd") / "hip19_ccob.so").string()});
  EXPECT_EQ(result.exit_code, 0);
  // The --offload-arch targets of a19c.o and b19c.o (make_amd_fixtures.sh), in model::target_less order:
  // processors by version, the generic targets after them.
  EXPECT_NE(result.out.find("gfx90a:xnack+, gfx942, gfx1151, gfx9-generic, gfx11-generic (2 bundles, 10 code "
                            "objects, zstd)"),
            std::string::npos)
      << result.out;
  EXPECT_EQ(result.out.find("\x1b["), std::string::npos);
}

}  // namespace
}  // namespace archfit::test

namespace archfit::test {
namespace {

// Progress goes to stderr only when it is a terminal: run under script(1), which gives the command
// a pseudo-terminal, and piped.
TEST(Cli, ProgressLineOnATerminalOnlyAndNeverWithJson) {
  std::string dir = fixture_dir("amd").string();
  std::string command = archfit_binary() + " scan " + dir + " > /dev/null";
  auto on_tty = run_command({"script", "-qec", command, "/dev/null"});
  EXPECT_NE(on_tty.out.find("scanning "), std::string::npos) << on_tty.out;
  EXPECT_NE(on_tty.out.find(" files, "), std::string::npos);
  auto json_on_tty = run_command({"script", "-qec", archfit_binary() + " scan --json " + dir + " > /dev/null", "/dev/null"});
  EXPECT_EQ(json_on_tty.out.find("scanning "), std::string::npos) << json_on_tty.out;
  auto piped = run_command({archfit_binary(), "scan", dir});
  EXPECT_EQ(piped.err.find("scanning "), std::string::npos);
}

}  // namespace
}  // namespace archfit::test
