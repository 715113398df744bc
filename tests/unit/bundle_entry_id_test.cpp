// Bundle entry IDs as they appear in real binaries (clang/docs/ClangOffloadBundler.rst "Bundle Entry
// ID"; examples from ../shared/reference/formats.md §1.3 and from the clang 15/19 fixtures).
#include <gtest/gtest.h>

#include "binfmt/bundle_entry_id.hpp"

namespace archfit::binfmt {
namespace {

struct IdCase {
  const char* id;
  const char* kind;
  const char* triple;
  const char* target_id;
  const char* processor;
};

class BundleEntryIdTest : public ::testing::TestWithParam<IdCase> {};

TEST_P(BundleEntryIdTest, SplitsKindTripleAndTargetId) {
  const auto& c = GetParam();
  auto id = parse_bundle_entry_id(c.id);
  EXPECT_EQ(id.kind, c.kind);
  EXPECT_EQ(id.triple, c.triple);
  EXPECT_EQ(id.target_id, c.target_id);
  EXPECT_EQ(id.processor, c.processor);
}

INSTANTIATE_TEST_SUITE_P(
    RealIds, BundleEntryIdTest,
    ::testing::Values(
        IdCase{"hipv4-amdgcn-amd-amdhsa--gfx90a", "hipv4", "amdgcn-amd-amdhsa-", "gfx90a", "gfx90a"},
        IdCase{"hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-", "hipv4", "amdgcn-amd-amdhsa-",
               "gfx90a:sramecc+:xnack-", "gfx90a"},
        IdCase{"hipv4-amdgcn-amd-amdhsa--gfx10-3-generic", "hipv4", "amdgcn-amd-amdhsa-", "gfx10-3-generic",
               "gfx10-3-generic"},
        IdCase{"hip-amdgcn-amd-amdhsa--gfx1100", "hip", "amdgcn-amd-amdhsa-", "gfx1100", "gfx1100"},
        // clang 15 -fgpu-rdc section names use a 3-part triple.
        IdCase{"hip-amdgcn-amd-amdhsa-gfx90a:xnack-", "hip", "amdgcn-amd-amdhsa", "gfx90a:xnack-", "gfx90a"},
        IdCase{"hip-amdgcn-amd-amdhsa-gfx10-3-generic", "hip", "amdgcn-amd-amdhsa", "gfx10-3-generic",
               "gfx10-3-generic"},
        IdCase{"host-x86_64-unknown-linux-gnu-", "host", "x86_64-unknown-linux-gnu", "", ""},
        IdCase{"host-x86_64-unknown-linux--", "host", "x86_64-unknown-linux-", "", ""},
        IdCase{"host-x86_64-unknown-linux", "host", "x86_64-unknown-linux", "", ""},
        IdCase{"host-x86_64-pc-linux-gnu", "host", "x86_64-pc-linux-gnu", "", ""},
        IdCase{"hipv4-spirv64-amd-amdhsa--amdgcnspirv", "hipv4", "spirv64-amd-amdhsa-", "amdgcnspirv",
               "amdgcnspirv"}));

TEST(BundleEntryId, ReadsFeaturesWithTheirSigns) {
  auto id = parse_bundle_entry_id("hipv4-amdgcn-amd-amdhsa--gfx942:sramecc-:xnack+");
  ASSERT_EQ(id.features.size(), 2u);
  EXPECT_EQ(id.features[0], (std::pair<std::string, char>{"sramecc", '-'}));
  EXPECT_EQ(id.features[1], (std::pair<std::string, char>{"xnack", '+'}));
  EXPECT_FALSE(id.is_host());
  EXPECT_TRUE(parse_bundle_entry_id("host-x86_64-unknown-linux-gnu-").is_host());
}

}  // namespace
}  // namespace archfit::binfmt
