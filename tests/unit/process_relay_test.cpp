// `archfit run`'s process relay: argv[0]'s PATH search reads the injected Environment, never this
// process's environment behind the caller's back. POSIX 2.9.1.1 (command search and execution,
// https://pubs.opengroup.org/onlinepubs/9699919799/utilities/V3_chap02.html#tag_18_09_01_01):
// a name without '/' is searched in PATH's directories in order; not found is exit status 127.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "probe/process_relay.hpp"
#include "support/test_support.hpp"

namespace archfit::probe {
namespace {

namespace fs = std::filesystem;

class RelayPath : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = test::unique_temp_path("relay-path");
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
    std::ofstream(m_dir / "archfit-relay-probe") << "#!/bin/sh\necho found-on-injected-path\n";
    fs::permissions(m_dir / "archfit-relay-probe", fs::perms::owner_all);
    m_null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  }
  void TearDown() override {
    ::close(m_null);
    fs::remove_all(m_dir);
  }

  Result<RelayOutcome> relay(const Environment& environment, std::string& output) {
    RelayOptions options;
    options.argv = {"archfit-relay-probe"};
    options.search_environment = &environment;
    options.out_fd = m_null;
    options.err_fd = m_null;
    options.drain_timeout = std::chrono::milliseconds(200);
    options.on_output = [&output](int stream, std::string_view chunk) {
      if (stream == 1) {
        output += chunk;
      }
    };
    return run_relayed(options);
  }

  fs::path m_dir;
  int m_null = -1;
};

TEST_F(RelayPath, FindsTheCommandOnTheInjectedPath) {
  Environment environment(std::map<std::string, std::string>{{"PATH", "/nonexistent-dir:" + m_dir.string()}});
  std::string output;
  auto outcome = relay(environment, output);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_TRUE(outcome->started) << outcome->start_error;
  EXPECT_EQ(outcome->exit_code, 0);
  EXPECT_EQ(output, "found-on-injected-path\n");
}

TEST_F(RelayPath, NotOnTheInjectedPathIs127) {
  Environment environment(std::map<std::string, std::string>{{"PATH", "/nonexistent-dir"}});
  std::string output;
  auto outcome = relay(environment, output);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_FALSE(outcome->started);
  EXPECT_EQ(outcome->exit_code, 127);
  EXPECT_NE(outcome->start_error.find("command not found"), std::string::npos) << outcome->start_error;
  EXPECT_EQ(output, "");
}

}  // namespace
}  // namespace archfit::probe
