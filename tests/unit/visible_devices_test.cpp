// *_VISIBLE_DEVICES parsing, by the rules the runtimes document: CUDA programming guide
// "CUDA Environment Variables" (example: "0,2,-1,1" exposes devices 0 and 2; empty = none; UUIDs
// and unique prefixes), ROCR amd_filter_device.h (first illegal, duplicate or out-of-range token
// ends the list).
#include <gtest/gtest.h>

#include "detect/visible_devices.hpp"

namespace archfit::detect {
namespace {

const std::vector<std::string> k_four = {"GPU-8af70525", "GPU-8b000001", "GPU-c0ffee00", "GPU-d0d0d0d0"};

std::vector<std::size_t> visible(std::string_view value, const std::vector<std::string>& uuids = k_four) {
  return parse_visible_devices(value, uuids).devices;
}

TEST(VisibleDevices, TheCudaGuideExample) {
  auto result = parse_visible_devices("0,2,-1,1", k_four);
  EXPECT_EQ(result.devices, (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(result.stopped_at, "-1");
}

TEST(VisibleDevices, EmptyMeansNone) {
  EXPECT_TRUE(visible("").empty());
  EXPECT_TRUE(parse_visible_devices("", k_four).stopped_at.empty());
}

TEST(VisibleDevices, ListOrderIsEnumerationOrder) { EXPECT_EQ(visible("3,1"), (std::vector<std::size_t>{3, 1})); }

TEST(VisibleDevices, OutOfRangeAndDuplicatesEndTheList) {
  EXPECT_EQ(visible("1,4,2"), (std::vector<std::size_t>{1}));
  auto duplicate = parse_visible_devices("1,1,2", k_four);
  EXPECT_EQ(duplicate.devices, (std::vector<std::size_t>{1}));
  EXPECT_EQ(duplicate.stop_reason, "repeats an earlier device");
  EXPECT_TRUE(visible("x,0").empty());
  EXPECT_TRUE(visible("-1").empty());
}

TEST(VisibleDevices, UuidsAndUniquePrefixes) {
  EXPECT_EQ(visible("GPU-c0ffee00"), (std::vector<std::size_t>{2}));
  EXPECT_EQ(visible("GPU-d0,0"), (std::vector<std::size_t>{3, 0}));
  // "GPU-8" is a prefix of two UUIDs: ambiguous, so the list ends.
  auto ambiguous = parse_visible_devices("GPU-8,1", k_four);
  EXPECT_TRUE(ambiguous.devices.empty());
  EXPECT_EQ(ambiguous.stop_reason, "matches more than one device");
  // ROCr: GPU-XX (a device without a unique id) selects nothing.
  EXPECT_TRUE(visible("GPU-XX").empty());
}

TEST(VisibleDevices, UuidAndIndexOfTheSameDeviceIsADuplicate) {
  EXPECT_EQ(visible("2,GPU-c0ffee00"), (std::vector<std::size_t>{2}));
}

}  // namespace
}  // namespace archfit::detect
