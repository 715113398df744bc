// EntryIdDecoder (scan/amd_offload_scan.hpp) remembers what each distinct bundle entry ID says, so
// that a .hip_fatbin's repeated IDs are parsed once. What it returns must be what parsing the ID
// afresh gives, for every ID, in any order, also past the number it remembers (a hostile file
// can hold any number of distinct IDs).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "binfmt/bundle_entry_id.hpp"
#include "knowledge/offload_triple_vendors.hpp"
#include "scan/amd_offload_scan.hpp"

namespace archfit::test {
namespace {

void expect_fresh(const scan::EntryIdDecoder::Decoded& decoded, const std::string& text) {
  auto fresh = binfmt::parse_bundle_entry_id(text);
  EXPECT_EQ(decoded.text, text);
  EXPECT_EQ(decoded.id.kind, fresh.kind) << text;
  EXPECT_EQ(decoded.id.triple, fresh.triple) << text;
  EXPECT_EQ(decoded.id.target_id, fresh.target_id) << text;
  EXPECT_EQ(decoded.id.processor, fresh.processor) << text;
  EXPECT_EQ(decoded.id.features, fresh.features) << text;
  EXPECT_EQ(decoded.vendor, knowledge::offload_triple_vendor(fresh.triple)) << text;
}

// IDs as clang writes them (clang/docs/ClangOffloadBundler.rst, "Bundle Entry ID") for HIP, the
// host, CUDA, OpenMP and SYCL entries.
const std::vector<std::string> k_ids = {
    "host-x86_64-unknown-linux-gnu-",        "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-",
    "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+", "hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
    "hip-amdgcn-amd-amdhsa-gfx906",           "hipv4-spirv64-amd-amdhsa--amdgcnspirv",
    "cuda-nvptx64-nvidia-cuda-sm_90",         "openmp-x86_64-pc-linux-gnu",
    "sycl-spir64_gen-unknown-unknown",        "hipv4-amdgcn-amd-amdhsa--gfx10-3-generic"};

TEST(EntryIdDecoder, EachIdDecodesAsParsingItAfreshDoesInAnyOrder) {
  scan::EntryIdDecoder decoder;
  for (int round = 0; round < 3; ++round) {
    for (std::size_t i = 0; i < k_ids.size(); ++i) {
      const auto& text = k_ids[(i * 7 + static_cast<std::size_t>(round)) % k_ids.size()];
      expect_fresh(decoder.decode(text), text);
    }
  }
  EXPECT_TRUE(decoder.decode(k_ids[0]).id.is_host());
  EXPECT_EQ(decoder.decode(k_ids[1]).kind, "code-object");
  EXPECT_EQ(decoder.decode(k_ids[5]).kind, "spirv");
  EXPECT_EQ(decoder.decode(k_ids[8]).kind, "unknown");  // not an AMD or NVIDIA triple
}

TEST(EntryIdDecoder, MoreDistinctIdsThanItRemembersStillDecodeRight) {
  scan::EntryIdDecoder decoder;
  std::vector<std::string> ids;
  for (int n = 0; n < 200; ++n) {
    ids.push_back("hipv4-amdgcn-amd-amdhsa--gfx" + std::to_string(1000 + n) + (n % 2 ? ":xnack-" : ""));
  }
  for (int round = 0; round < 2; ++round) {
    for (const auto& text : ids) {
      expect_fresh(decoder.decode(text), text);
    }
  }
}

}  // namespace
}  // namespace archfit::test
