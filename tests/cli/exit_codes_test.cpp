// docs/cli.md's one exit-code table, command by command, on the archfit binary: each command in a
// situation for each code it uses (0 success, 1 a failed verdict or an input that failed, 2 usage:
// nothing judged). The situations are real inputs: captured sysroots (tests/data/sysroots), a real
// build log of tests/data/logs with the cause its INDEX.tsv names, an nvcc-built fixture, files made here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::string h200() { return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/h200/root"; }
std::string sysroot(const std::string& name) {
  return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/" + name + "/root";
}

CommandResult archfit(std::vector<std::string> args) {
  args.insert(args.begin(), archfit_binary());
  return run_command(args);
}

// `archfit ARGS` exits with `code`; the message names the command line and what it printed.
void expect_exit(int code, const std::vector<std::string>& args) {
  auto result = archfit(args);
  std::string line;
  for (const auto& arg : args) {
    line += " " + arg;
  }
  EXPECT_EQ(result.exit_code, code) << "archfit" << line << "\nstdout: " << result.out.substr(0, 2000)
                                    << "\nstderr: " << result.err.substr(0, 2000);
}

class ExitCodes : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = unique_temp_path("archfit-exit-codes");
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& content) {
    fs::path path = dir_ / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
    return path.string();
  }
  fs::path dir_;
};

TEST_F(ExitCodes, Scan) {
  expect_exit(0, {"scan", "/bin/sh"});
  // An ELF header whose section table lies past the end of the file: read, malformed.
  std::string elf("\x7f" "ELF\x02\x01\x01", 7);
  elf.resize(64, '\0');
  elf[16] = 3;                       // e_type ET_DYN
  elf[18] = 62;                      // e_machine x86-64
  elf[40] = '\x00'; elf[41] = '\x10';  // e_shoff 0x1000, beyond the 64 bytes
  elf[58] = 64; elf[60] = 5;         // e_shentsize 64, e_shnum 5
  expect_exit(1, {"scan", write("truncated.so", elf)});
  expect_exit(2, {"scan", "--no-such-option"});
}

TEST_F(ExitCodes, Detect) {
  expect_exit(0, {"detect", "--sysroot", h200()});
  expect_exit(1, {"detect", "--sysroot", sysroot("mixed-vendor")});  // GPUs of several targets: a warning
  expect_exit(1, {"detect", "--from-rocminfo", std::string(ARCHFIT_SOURCE_DIR) + "/README.md"});  // not rocminfo
  expect_exit(2, {"detect", "--from-rocminfo", "/nonexistent/rocminfo.txt"});
  expect_exit(2, {"detect", "--sysroot", "/nonexistent-root"});
}

TEST_F(ExitCodes, Check) {
  // nvcc-built (tests/fixtures): cuobjdump --list-elf lists sm_90a cubins, which run on sm_90.
  expect_exit(0, {"check", "--target", "sm_90", std::string(ARCHFIT_FIXTURE_ROOT) + "/nvidia/libmulti.so"});
  expect_exit(1, {"check", "--target", "sm_90", "/bin/sh"});  // host-only: nothing runs on the GPU
  expect_exit(1, {"check", "--target", "sm_90", write("empty.whl", "")});  // a wheel that is no zip
  expect_exit(2, {"check", "--target", "sm_90", "/nonexistent/libfoo.so"});
  expect_exit(2, {"check", "--target", "gfx942x", "/bin/sh"});
}

TEST_F(ExitCodes, DoctorAndEnv) {
  expect_exit(1, {"doctor", "--sysroot", h200()});  // no compiler, no CMake in the captured tree: FAIL
  expect_exit(2, {"doctor", "--sysroot", h200(), "--target", "gfx942x"});
  expect_exit(0, {"env", "--sysroot", h200(), "--target", "sm_90"});
  expect_exit(1, {"env", "--sysroot", h200(), "--target", "sm_90", "--write", "/nonexistent-dir/env.sh"});
  expect_exit(2, {"env", "--sysroot", h200(), "--target", "gfx942,sm_90"});
}

TEST_F(ExitCodes, Verify) {
  expect_exit(1, {"verify", "--only", "no-such-check"});  // nothing proven
  expect_exit(2, {"verify", "--native-only", "--python-only"});
}

TEST_F(ExitCodes, Clean) {
  write("src/setup.py", "from setuptools import setup\nsetup(name='demo')\n");
  write("src/build/lib/demo.o", "stale");
  expect_exit(0, {"clean", "--src", (dir_ / "src").string()});
  expect_exit(2, {"clean", "--src", "/"});
}

TEST_F(ExitCodes, Build) {
  expect_exit(2, {"build", "--wheel", "--editable"});
}

TEST_F(ExitCodes, ExplainAndRun) {
  std::string log = std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/logs/abi-mismatch/vllm-activation-ops-maybe-wrap-dim.log";
  expect_exit(0, {"explain", log});  // INDEX.tsv: torch-symbol-undefined
  expect_exit(1, {"explain", write("plain.log", "hello\nall good\n")});
  expect_exit(2, {"explain", "/nonexistent/build.log"});
  // run passes the command's own status through.
  expect_exit(0, {"run", "--", "true"});
  expect_exit(1, {"run", "--", "false"});
  expect_exit(3, {"run", "--", "sh", "-c", "exit 3"});
  expect_exit(127, {"run", "--", "/nonexistent/command"});
}

TEST_F(ExitCodes, Report) {
  expect_exit(0, {"report", "--sysroot", h200(), "--python", "/nonexistent/python"});  // findings, still 0
  expect_exit(2, {"report", "--sysroot", "/nonexistent-root"});
}

TEST_F(ExitCodes, Fleet) {
  write("reports/node1.json", "{\"schema\": \"not a fleet report\"}");
  expect_exit(1, {"fleet", "report", (dir_ / "reports").string()});  // the file is rejected
  expect_exit(2, {"fleet", "report", "/nonexistent/reports"});
}

TEST_F(ExitCodes, HelpCompletionMan) {
  expect_exit(0, {"help", "scan"});
  expect_exit(0, {"completion", "bash"});
  expect_exit(0, {"man"});
  expect_exit(2, {"completion", "tcsh"});
  expect_exit(2, {});
  expect_exit(2, {"scna"});
}

// -q and -v are global: every command accepts them, before or after its name, and they exclude
// each other. Where a command honours -q, what it prints is a part of what it prints without.
TEST_F(ExitCodes, QuietAndVerboseAreAcceptedByEveryCommand) {
  const std::vector<std::vector<std::string>> commands = {
      {"scan", "/bin/sh"},
      {"detect", "--sysroot", h200()},
      {"check", "--target", "sm_90", std::string(ARCHFIT_FIXTURE_ROOT) + "/nvidia/libmulti.so"},
      {"doctor", "--sysroot", h200()},
      {"env", "--sysroot", h200(), "--target", "sm_90"},
      {"report", "--sysroot", h200(), "--python", "/nonexistent/python"},
      {"explain", std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/logs/abi-mismatch/vllm-activation-ops-maybe-wrap-dim.log"},
      {"run", "--", "true"},
      {"help", "scan"},
      {"man"},
  };
  for (const auto& command : commands) {
    int plain = archfit(command).exit_code;
    for (const char* flag : {"-q", "-v"}) {  // after the command's name
      auto after = command;
      after.insert(after.begin() + 1, flag);
      expect_exit(plain, after);
    }
    for (const char* flag : {"--quiet", "--verbose"}) {  // before it
      auto before = command;
      before.insert(before.begin(), flag);
      expect_exit(plain, before);
    }
    auto both = command;
    both.insert(both.begin() + 1, {"-q", "-v"});
    expect_exit(2, both);
  }
  auto normal = archfit({"--color", "never", "doctor", "--sysroot", h200()});
  auto quiet = archfit({"--color", "never", "doctor", "--sysroot", h200(), "-q"});
  EXPECT_NE(normal.out.find("  PASS  "), std::string::npos) << normal.out;
  EXPECT_EQ(quiet.out.find("  PASS  "), std::string::npos) << quiet.out;
  EXPECT_NE(quiet.out.find("  FAIL  "), std::string::npos) << quiet.out;
  auto detect_quiet = archfit({"detect", "--sysroot", sysroot("mixed-vendor"), "-q"});
  EXPECT_NE(detect_quiet.out.find("  WARN  "), std::string::npos) << detect_quiet.out;
  EXPECT_EQ(detect_quiet.out.find("Host:"), std::string::npos) << detect_quiet.out;
}

}  // namespace
}  // namespace archfit::test
