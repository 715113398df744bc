// model::TargetId against the vendors' rules.
// AMD: LLVM AMDGPUUsage "Target ID" (https://llvm.org/docs/AMDGPUUsage.html#target-id): the syntax
//   processor(:feature(+|-))*, features sramecc and xnack, the canonical order (alphabetical, as in the
//   document's examples "gfx908:sramecc+:xnack-"), and clang's parser (llvm-project
//   clang/lib/Basic/TargetID.cpp, parseTargetIDWithFormatCheckingOnly) rejecting a feature without a
//   sign or named twice. Generic processors: AMDGPUUsage "Generic Processors" ("gfx10-3-generic").
// NVIDIA: CUDA C++ Programming Guide "Binary Compatibility" / "PTX Compatibility" and nvcc's GPU
//   feature list (https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/#gpu-feature-list):
//   sm_90a / sm_100f / compute_80 names; "9.0" in TORCH_CUDA_ARCH_LIST and "90" in CMake's
//   CUDA_ARCHITECTURES (https://cmake.org/cmake/help/latest/prop_tgt/CUDA_ARCHITECTURES.html).
#include <gtest/gtest.h>

#include "model/target_id.hpp"

namespace archfit::model {
namespace {

TEST(ModelTargetId, ParsesAmdTargetIdsOfTheDocument) {
  auto plain = parse_amd_target_id("gfx90a");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->processor, "gfx90a");
  EXPECT_EQ(plain->xnack, FeatureSetting::any);
  EXPECT_EQ(plain->sramecc, FeatureSetting::any);

  auto both = parse_amd_target_id("gfx908:sramecc+:xnack-");
  ASSERT_TRUE(both.ok());
  EXPECT_EQ(both->sramecc, FeatureSetting::on);
  EXPECT_EQ(both->xnack, FeatureSetting::off);
  EXPECT_EQ(both->to_string(), "gfx908:sramecc+:xnack-");
}

TEST(ModelTargetId, PrintsFeaturesInCanonicalOrder) {
  auto reversed = parse_amd_target_id("gfx90a:xnack+:sramecc-");
  ASSERT_TRUE(reversed.ok());
  EXPECT_EQ(reversed->to_string(), "gfx90a:sramecc-:xnack+");
  AmdTargetId unsupported{"gfx1100", FeatureSetting::unsupported, FeatureSetting::unsupported};
  EXPECT_EQ(unsupported.to_string(), "gfx1100");
}

TEST(ModelTargetId, RejectsWhatClangRejects) {
  EXPECT_FALSE(parse_amd_target_id("gfx90a:xnack").ok());            // no sign
  EXPECT_FALSE(parse_amd_target_id("gfx90a:xnack+:xnack-").ok());    // twice
  EXPECT_FALSE(parse_amd_target_id("gfx90a:wavefrontsize64+").ok()); // not a target-ID feature
  EXPECT_FALSE(parse_amd_target_id("gfx90a:").ok());
  EXPECT_FALSE(parse_amd_target_id("sm_90").ok());
  EXPECT_FALSE(parse_amd_target_id("").ok());
  auto error = parse_amd_target_id("gfx90a:xnack+:xnack-");
  EXPECT_NE(error.error().message.find("twice"), std::string::npos) << error.error().message;
}

TEST(ModelTargetId, GenericProcessorsKeepTheirDashes) {
  auto generic = parse_amd_target_id("gfx10-3-generic");
  ASSERT_TRUE(generic.ok());
  EXPECT_EQ(generic->processor, "gfx10-3-generic");
  EXPECT_TRUE(generic->is_generic());
  auto with_feature = parse_amd_target_id("gfx9-generic:xnack-");
  ASSERT_TRUE(with_feature.ok());
  EXPECT_EQ(with_feature->processor, "gfx9-generic");
  EXPECT_EQ(with_feature->xnack, FeatureSetting::off);
  EXPECT_FALSE(parse_amd_target_id("gfx942").value().is_generic());
}

TEST(ModelTargetId, SplitIsLenient) {
  auto parts = split_target_id("gfx90a:xnack-:bogus:sramecc+");
  EXPECT_EQ(parts.processor, "gfx90a");
  ASSERT_EQ(parts.features.size(), 2u);  // "bogus" has no sign and is dropped
  EXPECT_EQ(parts.features[0], (std::pair<std::string, char>{"xnack", '-'}));
  EXPECT_EQ(parts.features[1], (std::pair<std::string, char>{"sramecc", '+'}));
  EXPECT_EQ(processor_of("gfx942:sramecc+:xnack-"), "gfx942");
  EXPECT_EQ(processor_of("gfx1100"), "gfx1100");
}

TEST(ModelTargetId, FeatureSpellings) {
  EXPECT_EQ(feature_setting_name(FeatureSetting::any), "any");
  EXPECT_EQ(device_mode_name(FeatureSetting::any), "unknown");
  EXPECT_EQ(device_mode_name(FeatureSetting::on), "on");
  EXPECT_EQ(feature_setting_from_name("unknown"), FeatureSetting::any);
  EXPECT_EQ(feature_setting_from_name("off"), FeatureSetting::off);
  EXPECT_EQ(feature_setting_from_name("unsupported"), FeatureSetting::unsupported);
  EXPECT_FALSE(feature_setting_from_name("+").has_value());
}

TEST(ModelTargetId, CudaTargetsOfNvccsFeatureList) {
  struct Case {
    const char* text;
    int major;
    int minor;
    CudaVariant variant;
    bool ptx;
  };
  for (const Case& c : {Case{"sm_90", 9, 0, CudaVariant::none, false}, Case{"sm_90a", 9, 0, CudaVariant::arch_specific, false},
                        Case{"sm_100f", 10, 0, CudaVariant::family, false}, Case{"sm_120", 12, 0, CudaVariant::none, false},
                        Case{"sm_121a", 12, 1, CudaVariant::arch_specific, false},
                        Case{"compute_80", 8, 0, CudaVariant::none, true},
                        Case{"compute_120f", 12, 0, CudaVariant::family, true}, Case{"sm_75", 7, 5, CudaVariant::none, false}}) {
    auto target = parse_cuda_target(c.text);
    ASSERT_TRUE(target.ok()) << c.text;
    EXPECT_EQ(target->major, c.major) << c.text;
    EXPECT_EQ(target->minor, c.minor) << c.text;
    EXPECT_EQ(target->variant, c.variant) << c.text;
    EXPECT_EQ(target->ptx, c.ptx) << c.text;
    EXPECT_EQ(target->to_string(), c.text);
  }
  for (const char* bad : {"sm_9", "sm_", "sm_90b", "sm_9x0", "compute_", "gfx90a", "sm_90aa", "90"}) {
    EXPECT_FALSE(parse_cuda_target(bad).ok()) << bad;
  }
}

TEST(ModelTargetId, ComputeCapabilitySpellingsAgree) {
  for (const char* text : {"9.0", "90", "sm_90"}) {
    auto capability = parse_compute_capability(text);
    ASSERT_TRUE(capability.ok()) << text;
    EXPECT_EQ(capability->to_string(), "sm_90") << text;
    EXPECT_EQ(capability->compute_capability(), "9.0") << text;
  }
  auto blackwell = parse_compute_capability("12.1");
  ASSERT_TRUE(blackwell.ok());
  EXPECT_EQ(blackwell->to_string(), "sm_121");
  EXPECT_EQ(parse_compute_capability("121").value().compute_capability(), "12.1");
  for (const char* bad : {"9", "9.", ".0", "9.10", "sm_90a", "compute_90", "9.0a", "x.y", ""}) {
    EXPECT_FALSE(parse_compute_capability(bad).ok()) << bad;
  }
}

TEST(ModelTargetId, EitherVendor) {
  auto amd = parse_target_id("gfx942:sramecc+:xnack-");
  ASSERT_TRUE(amd.ok());
  EXPECT_EQ(amd->vendor, Vendor::amd);
  EXPECT_EQ(amd->to_string(), "gfx942:sramecc+:xnack-");
  auto nvidia = parse_target_id("8.6");
  ASSERT_TRUE(nvidia.ok());
  EXPECT_EQ(nvidia->vendor, Vendor::nvidia);
  EXPECT_EQ(nvidia->to_string(), "sm_86");
  EXPECT_EQ(vendor_name(nvidia->vendor), "nvidia");
  EXPECT_EQ(parse_target_id("compute_80").value().to_string(), "compute_80");
  EXPECT_FALSE(parse_target_id("gfx942x:xnack").ok());
}

}  // namespace
}  // namespace archfit::model
