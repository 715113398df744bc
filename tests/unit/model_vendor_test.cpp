// model::Vendor: the spellings docs/json.md and data/offload_triple_vendors.tsv give, and that a word
// another process wrote is never taken for a vendor it does not name.
#include <string>

#include <gtest/gtest.h>

#include "knowledge/tsv_table.hpp"
#include "model/vendor.hpp"

namespace archfit::model {
namespace {

TEST(ModelVendor, NamesRoundTrip) {
  for (Vendor vendor : {Vendor::amd, Vendor::nvidia, Vendor::intel, Vendor::other, Vendor::unknown}) {
    EXPECT_EQ(vendor_from_name(vendor_name(vendor)), vendor);
  }
  // docs/json.md's spellings (detect's gpus[].vendor, scan's gpu_code[].vendor).
  EXPECT_EQ(vendor_name(Vendor::amd), "amd");
  EXPECT_EQ(vendor_name(Vendor::nvidia), "nvidia");
  EXPECT_EQ(vendor_name(Vendor::intel), "intel");
  EXPECT_EQ(vendor_name(Vendor::other), "other");
  EXPECT_EQ(vendor_name(Vendor::unknown), "unknown");
}

// A saved detect --json or a fleet node report is another process's text: a word that is not one of
// the five is unknown, never amd or nvidia (nor a near spelling of them).
TEST(ModelVendor, UnnamedWordIsUnknownNeverAGpuVendor) {
  for (std::string word : {"AMD", "NVIDIA", "Nvidia", "amdgpu", "nvidia ", " amd", "ati", "", "cuda", "rocm", "gfx942"}) {
    EXPECT_EQ(vendor_from_name(word), Vendor::unknown) << '"' << word << '"';
    EXPECT_FALSE(is_gpu_target_vendor(vendor_from_name(word))) << '"' << word << '"';
  }
}

TEST(ModelVendor, OnlyAmdAndNvidiaAreGpuTargetVendors) {
  EXPECT_TRUE(is_gpu_target_vendor(Vendor::amd));
  EXPECT_TRUE(is_gpu_target_vendor(Vendor::nvidia));
  EXPECT_FALSE(is_gpu_target_vendor(Vendor::intel));
  EXPECT_FALSE(is_gpu_target_vendor(Vendor::other));
  EXPECT_FALSE(is_gpu_target_vendor(Vendor::unknown));
}

// Every vendor word data/offload_triple_vendors.tsv uses is one the enum names (a row with a new word
// would otherwise be read as unknown).
TEST(ModelVendor, EveryTripleTableVendorIsNamed) {
  const auto& table = knowledge::embedded_table("offload_triple_vendors.tsv");
  ASSERT_FALSE(table.rows.empty());
  for (const auto& row : table.rows) {
    std::string word(table.field(row, "vendor"));
    EXPECT_NE(vendor_from_name(word), Vendor::unknown) << word;
    EXPECT_EQ(vendor_name(vendor_from_name(word)), word);
  }
}

}  // namespace
}  // namespace archfit::model
