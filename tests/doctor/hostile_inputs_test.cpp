// `env --write` on files it must not damage, and `doctor --rules` on an endless input (issue 14.11,
// 14.16, 14.10). Every file is made here at test time.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "doctor/env_file.hpp"
#include "support/test_support.hpp"

namespace archfit::doctor {
namespace {

namespace fs = std::filesystem;

struct Scratch {
  Scratch() : dir(test::unique_temp_path("hostile-env-write")) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
  fs::path dir;
};

struct stat stat_of(const fs::path& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info;
}

// Run as root on a user's 0640 file: the file (and its backup) stay the user's, with the mode.
TEST(HostileEnvWrite, OwnerGroupAndModeAreKept) {
  if (::geteuid() != 0) {
    GTEST_SKIP() << "giving a file to another user needs root";
  }
  Scratch scratch;
  fs::path rc = scratch.dir / "bashrc";
  std::ofstream(rc) << "export EDITOR=vi\n";
  ASSERT_EQ(::chown(rc.c_str(), 4321, 4322), 0);
  ASSERT_EQ(::chmod(rc.c_str(), 0640), 0);
  auto written = write_env_block(rc.string(), "export A=1\n");
  ASSERT_TRUE(written.ok()) << written.error().message;
  for (const fs::path& file : {rc, fs::path(rc.string() + ".archfit-backup")}) {
    auto info = stat_of(file);
    EXPECT_EQ(info.st_uid, 4321u) << file;
    EXPECT_EQ(info.st_gid, 4322u) << file;
    EXPECT_EQ(info.st_mode & 07777, 0640u) << file;
  }
  EXPECT_NE(test::read_text(rc).find("export A=1"), std::string::npos);
}

TEST(HostileEnvWrite, ReadOnlyFileIsRefusedUnlessForced) {
  Scratch scratch;
  fs::path rc = scratch.dir / "profile";
  const std::string before = "export KEEP=1\n";
  std::ofstream(rc) << before;
  ASSERT_EQ(::chmod(rc.c_str(), 0444), 0);
  auto refused = write_env_block(rc.string(), "export A=1\n");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("read-only"), std::string::npos) << refused.error().message;
  EXPECT_EQ(test::read_text(rc), before);
  EXPECT_FALSE(fs::exists(rc.string() + ".archfit-backup"));
  // The CLI says so and exits 1; --force writes it and keeps the mode.
  auto cli = test::run_command({test::archfit_binary(), "env", "--write", rc.string()});
  EXPECT_EQ(cli.exit_code, 1) << cli.err;
  EXPECT_NE(cli.err.find("read-only"), std::string::npos) << cli.err;
  EXPECT_EQ(test::read_text(rc), before);
  auto forced = write_env_block(rc.string(), "export A=1\n", true);
  ASSERT_TRUE(forced.ok()) << forced.error().message;
  EXPECT_NE(test::read_text(rc).find("export A=1"), std::string::npos);
  EXPECT_EQ(stat_of(rc).st_mode & 07777, 0444u);
}

// /dev/zero never ends: the input cap must end it with a clear error, quickly and in bounded memory.
TEST(HostileInputs, RulesFromAnEndlessFileAreCapped) {
  auto start = std::chrono::steady_clock::now();
  auto result = test::run_command({test::archfit_binary(), "doctor", "--rules", "/dev/zero", "--json"});
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("/dev/zero: larger than 64 MiB"), std::string::npos) << result.err;
  EXPECT_LT(seconds, 30.0);
  auto json = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_FALSE(json.is_discarded()) << result.out;
  EXPECT_EQ(json["schema"], "archfit.error/1");
  EXPECT_EQ(json["command"], "doctor");
}

}  // namespace
}  // namespace archfit::doctor
