// model::Version: dotted releases as tools print them, PEP 440 local labels
// (https://peps.python.org/pep-0440/#local-version-identifiers: "+cu130" never orders versions), and
// real version strings: torch 2.11.0+cu130 (PyPI), nvidia-smi's 580.65.06, hipconfig's
// "6.4.43483-a187df25c", torch nightlies "2.6.0a0+git1234".
#include <gtest/gtest.h>

#include "model/version.hpp"

namespace archfit::model {
namespace {

TEST(ModelVersion, SplitsReleaseSuffixAndLocal) {
  auto torch = parse_version("2.11.0+cu130");
  EXPECT_EQ(torch.release, (std::vector<long>{2, 11, 0}));
  EXPECT_EQ(torch.suffix, "");
  EXPECT_EQ(torch.local, "cu130");

  auto nightly = parse_version("2.6.0a0+git1234");
  EXPECT_EQ(nightly.release, (std::vector<long>{2, 6, 0}));
  EXPECT_EQ(nightly.suffix, "a0");
  EXPECT_EQ(nightly.local, "git1234");

  auto hip = parse_version("6.4.43483-a187df25c");
  EXPECT_EQ(hip.release, (std::vector<long>{6, 4, 43483}));
  EXPECT_EQ(hip.suffix, "-a187df25c");
  EXPECT_EQ(hip.major_minor(), "6.4");
  EXPECT_EQ(hip.major(), 6);

  EXPECT_TRUE(parse_version("unknown").empty());
  EXPECT_FALSE(parse_version("").major().has_value());
  EXPECT_EQ(parse_version("12").major_minor(), "12");
}

TEST(ModelVersion, ComparesNumerically) {
  EXPECT_LT(compare_versions("580.65.06", "580.159.04"), 0);  // 65 < 159, not "6" > "1"
  EXPECT_GT(compare_versions("13.0", "12.9.1"), 0);
  EXPECT_EQ(compare_versions("6.4", "6.4.0"), 0);
  EXPECT_LT(compare_versions("3.9", "3.10"), 0);
}

TEST(ModelVersion, LocalLabelsNeverOrder) {
  EXPECT_EQ(compare_versions("2.11.0+cu130", "2.11.0"), 0);
  EXPECT_EQ(compare_versions("2.11.0+cu130", "2.11.0+rocm6.4"), 0);
  EXPECT_LT(compare_versions("2.10.0+rocm7.0", "2.11.0+cu126"), 0);
  // A number in the local label is not a release part.
  EXPECT_EQ(compare_versions("2.5+3.0", "2.5"), 0);
}

}  // namespace
}  // namespace archfit::model
