// CUDA fatbins inside wheels: the same report as the extracted files, whether members are read
// from memory or streamed through inflate (where containers are found while the bytes pass).
#include <gtest/gtest.h>

#include "support/zip_compare.hpp"

namespace archfit::test {
namespace {

// 9 files, one archive of 2 members.
constexpr std::size_t k_files = 10;

TEST(NvidiaWheelScan, InMemoryEqualsExtractedFiles) {
  expect_zip_equals_extracted("nvidia", "nvidia_fixtures", "nvidia_fixtures.whl", {}, k_files);
}

TEST(NvidiaWheelScan, StreamedEqualsExtractedFiles) {
  expect_zip_equals_extracted("nvidia", "nvidia_fixtures", "nvidia_fixtures.whl", {"--zip-buffer-limit", "0"},
                              k_files);
}

TEST(NvidiaWheelScan, StreamedDeepEqualsExtractedFiles) {
  expect_zip_equals_extracted("nvidia", "nvidia_fixtures", "nvidia_fixtures.whl",
                              {"--deep", "--zip-buffer-limit", "0"}, k_files);
}

// Six containers back to back in each of two deflated libraries, with a streamed piece ending inside
// the first container's first entry header (tests/fixtures/nvidia/place_fatbin_boundary.py); the
// extracted files are checked against cuobjdump (cuobjdump_oracle_test.cpp). 3 files.
TEST(NvidiaWheelScan, StreamedChainedContainersEqualExtractedFiles) {
  for (const auto& options : std::vector<std::vector<std::string>>{{"--zip-buffer-limit", "0"},
                                                                   {"--deep", "--zip-buffer-limit", "0"}}) {
    expect_zip_equals_extracted("nvidia", "nvidia_chained", "nvidia_chained.whl", options, 3);
  }
}

TEST(NvidiaWheelScan, Zip64FromAnotherWriter) {
  expect_zip_equals_extracted("nvidia", "nvidia_fixtures", "nvidia_fixtures-zip64.zip", {"--zip-buffer-limit", "0"},
                              k_files);
}

}  // namespace
}  // namespace archfit::test
