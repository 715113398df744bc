#include <gtest/gtest.h>

#include <csignal>
#include <cstring>

#include "util/signal_name.hpp"

namespace archfit {
namespace {

// The oracle is glibc's own table (sigabbrev_np, glibc 2.32+: this test is built against the host's
// glibc; archfit itself must not call it, to start on glibc 2.28).
TEST(SignalName, AgreesWithGlibcForEveryNamedSignal) {
  int named = 0;
  for (int signal = 1; signal < 32; ++signal) {
    std::string ours = signal_name(signal);
    const char* glibc = sigabbrev_np(signal);
    ASSERT_NE(glibc, nullptr) << signal;
    if (ours.starts_with("SIG")) {
      EXPECT_EQ(ours, std::string("SIG") + glibc) << signal;
      ++named;
    } else {
      EXPECT_EQ(ours, "signal " + std::to_string(signal));
    }
  }
  EXPECT_GE(named, 18);  // every signal a crashed or stopped build reports is named
  EXPECT_EQ(signal_name(SIGSEGV), "SIGSEGV");
  EXPECT_EQ(signal_name(SIGKILL), "SIGKILL");
}

TEST(SignalName, UnknownNumbersAreSaidAsNumbers) {
  EXPECT_EQ(signal_name(0), "signal 0");
  EXPECT_EQ(signal_name(64), "signal 64");
  EXPECT_EQ(signal_name(-3), "signal -3");
}

}  // namespace
}  // namespace archfit
