// /proc/driver/nvidia parsing, on the three real `version` formats quoted in
// ../shared/reference/detect.md §4.1 (from public issue reports) and the H200 machine's files
// captured under tests/data/sysroots/h200.
#include <gtest/gtest.h>

#include "detect/nvidia_procfs.hpp"
#include "support/test_support.hpp"

namespace archfit::detect {
namespace {

TEST(NvidiaProcfs, ProprietaryModule) {
  auto version = parse_nvidia_driver_version(
      "NVRM version: NVIDIA UNIX x86_64 Kernel Module  384.98  Thu Oct 26 15:16:01 PDT 2017\n"
      "GCC version:  gcc version 5.4.0 20160609 (Ubuntu 5.4.0-6ubuntu1~16.04.5)\n");
  ASSERT_TRUE(version);
  EXPECT_EQ(version->version, "384.98");
  EXPECT_EQ(version->flavor, "proprietary");
}

TEST(NvidiaProcfs, OpenModule) {
  auto version = parse_nvidia_driver_version(
      "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  565.57.01  Release Build  "
      "(dvs-builder@U16-A24-9-2)  Thu Oct 10 12:15:00 UTC 2024\n");
  ASSERT_TRUE(version);
  EXPECT_EQ(version->version, "565.57.01");
  EXPECT_EQ(version->flavor, "open");
}

TEST(NvidiaProcfs, JetsonL4t) {
  auto version = parse_nvidia_driver_version(
      "NVRM version: NVIDIA UNIX Open Kernel Module for aarch64  35.3.1  Release Build  "
      "(buildbrain@mobile-u64-5494-d8000)  Thu Mar 16 19:07:08 PDT 2023\n");
  ASSERT_TRUE(version);
  EXPECT_EQ(version->version, "35.3.1");
  EXPECT_EQ(version->flavor, "jetson");
}

TEST(NvidiaProcfs, NotAVersionFile) {
  EXPECT_FALSE(parse_nvidia_driver_version(""));
  EXPECT_FALSE(parse_nvidia_driver_version("NVRM version: NVIDIA UNIX x86_64 Kernel Module\n"));
}

TEST(NvidiaProcfs, RealH200Files) {
  std::string root = std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/h200/root/proc/driver/nvidia";
  auto version = parse_nvidia_driver_version(test::read_text(root + "/version"));
  ASSERT_TRUE(version);
  // tools/nvidia-smi-query.csv, captured at the same moment, says driver_version 580.159.04.
  EXPECT_EQ(version->version, "580.159.04");
  EXPECT_EQ(version->flavor, "open");
  auto info = parse_nvidia_gpu_information(test::read_text(root + "/gpus/0000:00:06.0/information"));
  EXPECT_EQ(info.model, "NVIDIA H200");
  EXPECT_EQ(info.uuid, "GPU-df22b45f-7ac8-b207-d100-46b70f5cab61");
  EXPECT_EQ(info.bus_location, "0000:00:06.0");
  EXPECT_EQ(info.device_minor, 0u);
  EXPECT_FALSE(info.excluded);
}

}  // namespace
}  // namespace archfit::detect
