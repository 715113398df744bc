// Bundle entry IDs as they appear in real binaries (clang/docs/ClangOffloadBundler.rst "Bundle Entry
// ID"; examples from ../shared/reference/formats.md §1.3 and from the clang 15/19 fixtures).
#include <gtest/gtest.h>

#include "binfmt/bundle_entry_id.hpp"
#include "knowledge/offload_triple_vendors.hpp"

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

namespace archfit::knowledge {
namespace {

// Whose code an entry holds (data/offload_triple_vendors.tsv), for the triples parse_bundle_entry_id
// gives real IDs: the SYCL IDs are bitsandbytes 0.50.2's libbitsandbytes_xpu*.so section names, the
// OpenMP ones clang-offload-bundler 19's (tests/fixtures/amd/make_amd_fixtures.sh).
struct VendorCase {
  const char* id;
  const char* vendor;
};

class TripleVendorTest : public ::testing::TestWithParam<VendorCase> {};

TEST_P(TripleVendorTest, TheTripleDecides) {
  const auto& c = GetParam();
  EXPECT_EQ(model::vendor_name(offload_triple_vendor(binfmt::parse_bundle_entry_id(c.id).triple)), c.vendor) << c.id;
}

INSTANTIATE_TEST_SUITE_P(
    RealIds, TripleVendorTest,
    ::testing::Values(VendorCase{"hipv4-amdgcn-amd-amdhsa--gfx90a", "amd"},
                      VendorCase{"hip-amdgcn-amd-amdhsa-gfx906", "amd"},
                      VendorCase{"hipv4-spirv64-amd-amdhsa--amdgcnspirv", "amd"},
                      VendorCase{"openmp-amdgcn-amd-amdhsa--gfx90a", "amd"},
                      VendorCase{"cuda-nvptx64-nvidia-cuda-sm_70", "nvidia"},
                      VendorCase{"openmp-nvptx64-nvidia-cuda--sm_80", "nvidia"},
                      VendorCase{"sycl-spir64_gen", "intel"}, VendorCase{"sycl-spir64_gen-unknown-unknown", "intel"},
                      VendorCase{"sycl-spir64_x86_64-unknown-unknown", "intel"}, VendorCase{"sycl-spir64", "other"},
                      VendorCase{"openmp-spir64-unknown-unknown--", "other"},
                      VendorCase{"openmp-x86_64-unknown-linux-gnu-", "other"},
                      VendorCase{"openmp-riscv64-unknown-linux-gnu-", "unknown"},
                      VendorCase{"garbage", "unknown"}));

}  // namespace
}  // namespace archfit::knowledge
