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

TEST(NvidiaWheelScan, Zip64FromAnotherWriter) {
  expect_zip_equals_extracted("nvidia", "nvidia_fixtures", "nvidia_fixtures-zip64.zip", {"--zip-buffer-limit", "0"},
                              k_files);
}

}  // namespace
}  // namespace archfit::test
