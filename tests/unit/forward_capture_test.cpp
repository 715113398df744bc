// ForwardCapture's history: a request may start at bytes the stream has just passed, as long as
// they are still in the history; earlier ones are refused (never served wrong bytes). The real
// case is in tests/nvidia/chained_fatbin_stream_test.cpp.
#include <gtest/gtest.h>

#include <numeric>

#include "util/forward_capture.hpp"

namespace archfit {
namespace {

std::vector<std::uint8_t> counting(std::size_t size) {
  std::vector<std::uint8_t> bytes(size);
  std::iota(bytes.begin(), bytes.end(), std::uint8_t{0});
  return bytes;
}

TEST(ForwardCapture, RequestFromACallbackMayStartInThePassedHistory) {
  auto stream = counting(300);
  ForwardCapture capture(16);
  std::vector<std::uint8_t> second;
  // A 10-byte "fixed part" at 95 completes in the second chunk (100..199); the callback then asks
  // for 30 bytes from the same start, 5 of which have passed.
  capture.request(95, 10, [&](Bytes) {
    EXPECT_TRUE(capture.request(95, 30, [&](Bytes bytes) { second.assign(bytes.begin(), bytes.end()); }));
  });
  for (std::size_t at = 0; at < stream.size(); at += 100) {
    capture.feed(Bytes(stream.data() + at, 100));
  }
  ASSERT_EQ(second.size(), 30u);
  EXPECT_TRUE(std::equal(second.begin(), second.end(), stream.begin() + 95));
  EXPECT_TRUE(capture.idle());
  EXPECT_EQ(capture.bytes_held(), 0u);
}

TEST(ForwardCapture, RangeWhollyInTheHistoryCompletesInTheSameFeed) {
  auto stream = counting(200);
  ForwardCapture capture(64);
  std::vector<std::uint8_t> got;
  capture.request(120, 1, [&](Bytes) {
    EXPECT_TRUE(capture.request(70, 20, [&](Bytes bytes) { got.assign(bytes.begin(), bytes.end()); }));
  });
  capture.feed(Bytes(stream.data(), 100));
  capture.feed(Bytes(stream.data() + 100, 100));
  ASSERT_EQ(got.size(), 20u);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), stream.begin() + 70));
}

TEST(ForwardCapture, BytesOlderThanTheHistoryAreRefused) {
  auto stream = counting(300);
  ForwardCapture capture(16);
  capture.feed(Bytes(stream.data(), 100));
  EXPECT_EQ(capture.earliest_available(), 84u);
  EXPECT_FALSE(capture.request(83, 4, [](Bytes) { ADD_FAILURE() << "served bytes it no longer has"; }));
  EXPECT_TRUE(capture.request(84, 4, [](Bytes bytes) { EXPECT_EQ(bytes[0], 84); }));
  capture.feed(Bytes(stream.data() + 100, 100));
  EXPECT_TRUE(capture.idle());
  ForwardCapture no_history;
  no_history.feed(Bytes(stream.data(), 100));
  EXPECT_FALSE(no_history.request(99, 1, [](Bytes) {}));
}

}  // namespace
}  // namespace archfit
