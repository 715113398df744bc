// The compatibility rules as tables, each row from the documentation it cites:
//   AMD: LLVM AMDGPUUsage "Target ID" / "Target Features" / "Generic Processors"
//        (../shared/reference/formats.md §3.2 decision table and §3.3 generic families);
//   NVIDIA: CUDA C++ Programming Guide "Binary Compatibility" and "PTX Compatibility", and the
//        arch-specific (a) / family-specific (f) feature sets (formats.md §5.4).
#include <gtest/gtest.h>

#include "check/target_rules.hpp"
#include "knowledge/amdgpu_processors.hpp"

namespace archfit::check {
namespace {

const char* name(Fit fit) {
  switch (fit) {
    case Fit::yes: return "yes";
    case Fit::conditional: return "conditional";
    case Fit::jit: return "jit";
    case Fit::no: return "no";
  }
  return "?";
}

Fit fit(std::string_view code, std::string_view device) {
  auto target = parse_device_target(device);
  EXPECT_TRUE(target) << device;
  return target ? code_fits(code, *target).fit : Fit::no;
}

struct Row {
  const char* code;
  const char* device;
  Fit expected;
};

TEST(TargetRules, AmdFeatureDecisionTable) {
  // formats.md §3.2: P = gfx90a (sramecc and xnack both supported), every code form × every
  // device mode.
  const Row rows[] = {
      {"gfx90a", "gfx90a:sramecc+:xnack-", Fit::yes},           {"gfx90a", "gfx90a:sramecc+:xnack+", Fit::yes},
      {"gfx90a", "gfx90a:sramecc-:xnack-", Fit::yes},           {"gfx90a", "gfx90a:sramecc-:xnack+", Fit::yes},
      {"gfx90a:xnack-", "gfx90a:sramecc+:xnack-", Fit::yes},    {"gfx90a:xnack-", "gfx90a:sramecc+:xnack+", Fit::no},
      {"gfx90a:xnack-", "gfx90a:sramecc-:xnack-", Fit::yes},    {"gfx90a:xnack+", "gfx90a:sramecc+:xnack-", Fit::no},
      {"gfx90a:xnack+", "gfx90a:sramecc+:xnack+", Fit::yes},    {"gfx90a:xnack+", "gfx90a:sramecc-:xnack-", Fit::no},
      {"gfx90a:sramecc+", "gfx90a:sramecc+:xnack-", Fit::yes},  {"gfx90a:sramecc+", "gfx90a:sramecc+:xnack+", Fit::yes},
      {"gfx90a:sramecc+", "gfx90a:sramecc-:xnack-", Fit::no},   {"gfx90a:sramecc-", "gfx90a:sramecc-:xnack+", Fit::yes},
      {"gfx90a:sramecc-", "gfx90a:sramecc+:xnack-", Fit::no},
      {"gfx90a:sramecc+:xnack-", "gfx90a:sramecc+:xnack-", Fit::yes},
      {"gfx90a:sramecc+:xnack-", "gfx90a:sramecc+:xnack+", Fit::no},
      {"gfx90a:sramecc+:xnack-", "gfx90a:sramecc-:xnack-", Fit::no},
      {"gfx90a:sramecc-:xnack+", "gfx90a:sramecc-:xnack+", Fit::yes},
      // A device target that does not name a mode: runs only if that mode holds.
      {"gfx90a:xnack-", "gfx90a", Fit::conditional},            {"gfx90a:sramecc+:xnack-", "gfx90a:xnack-", Fit::conditional},
      {"gfx90a", "gfx90a", Fit::yes},
      // §3.2 last rows: no cross-processor compatibility for specific targets.
      {"gfx90a", "gfx942:sramecc+:xnack-", Fit::no},            {"gfx1100", "gfx1101", Fit::no},
      {"gfx1030", "gfx1031", Fit::no},                         {"gfx908:xnack-", "gfx90a:sramecc+:xnack-", Fit::no},
      // gfx10+ have neither feature: the device side is "unsupported", never a constraint.
      {"gfx1100", "gfx1100", Fit::yes},
  };
  for (const auto& row : rows) {
    EXPECT_STREQ(name(fit(row.code, row.device)), name(row.expected)) << row.code << " on " << row.device;
  }
}

TEST(TargetRules, EveryGenericFamilyCoversExactlyItsMembers) {
  // formats.md §3.3 table (AMDGPUUsage "Generic Processors").
  const std::map<std::string, std::vector<std::string>> families = {
      {"gfx9-generic", {"gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"}},
      {"gfx9-4-generic", {"gfx942", "gfx950"}},
      {"gfx10-1-generic", {"gfx1010", "gfx1011", "gfx1012", "gfx1013"}},
      {"gfx10-3-generic", {"gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036"}},
      {"gfx11-generic", {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"}},
      {"gfx12-generic", {"gfx1200", "gfx1201"}},
  };
  const auto& processors = knowledge::AmdgpuProcessorTable::embedded();
  for (const auto& [generic, members] : families) {
    for (const auto& processor : processors.all()) {
      if (processor.is_generic) {
        continue;
      }
      auto device = parse_device_target(processor.name);
      ASSERT_TRUE(device) << processor.name;
      bool member = std::find(members.begin(), members.end(), processor.name) != members.end();
      auto result = code_fits(generic, *device);
      EXPECT_EQ(result.fit, member ? Fit::yes : Fit::no) << generic << " on " << processor.name;
      if (member) {
        EXPECT_TRUE(result.generic);
      }
    }
  }
  // gfx908 and gfx90a are not gfx9-generic members (§3.3 note).
  EXPECT_EQ(fit("gfx9-generic", "gfx90a"), Fit::no);
  EXPECT_EQ(fit("gfx9-generic", "gfx908"), Fit::no);
  // Feature rules still apply to generic code.
  EXPECT_EQ(fit("gfx9-4-generic:xnack+", "gfx942:sramecc+:xnack-"), Fit::no);
  EXPECT_EQ(fit("gfx9-4-generic:xnack-", "gfx942:sramecc+:xnack-"), Fit::yes);
}

TEST(TargetRules, NvidiaBinaryAndPtxCompatibility) {
  const Row rows[] = {
      // cubin sm_XY: same major, minor ≥ Y.
      {"sm_80", "sm_80", Fit::yes},   {"sm_80", "sm_86", Fit::yes},    {"sm_80", "sm_89", Fit::yes},
      {"sm_86", "sm_80", Fit::no},    {"sm_80", "sm_90", Fit::no},     {"sm_90", "sm_100", Fit::no},
      {"sm_100", "sm_120", Fit::no},  {"sm_100", "sm_103", Fit::yes},
      // sm_XYa: exactly X.Y.
      {"sm_90a", "sm_90", Fit::yes},  {"sm_90a", "sm_86", Fit::no},    {"sm_100a", "sm_103", Fit::no},
      {"sm_90a", "sm_100", Fit::no},
      // sm_XYf: the family (same major, minor ≥ Y): sm_100f on 10.0 and 10.3, sm_120f on 12.1.
      {"sm_100f", "sm_100", Fit::yes}, {"sm_100f", "sm_103", Fit::yes}, {"sm_120f", "sm_121", Fit::yes},
      {"sm_100f", "sm_120", Fit::no},
      // PTX compute_XY: JIT on any M.m ≥ X.Y.
      {"compute_80", "sm_80", Fit::jit}, {"compute_80", "sm_90", Fit::jit}, {"compute_80", "sm_120", Fit::jit},
      {"compute_90", "sm_86", Fit::no},  {"compute_90a", "sm_90", Fit::jit}, {"compute_90a", "sm_100", Fit::no},
      {"compute_100f", "sm_103", Fit::jit}, {"compute_100f", "sm_120", Fit::no},
      // The TORCH_CUDA_ARCH_LIST spelling of a device.
      {"sm_86", "8.6", Fit::yes},     {"sm_90", "12.0", Fit::no},
      // Other vendor's code never fits.
      {"gfx90a", "sm_90", Fit::no},   {"sm_90", "gfx90a", Fit::no},
  };
  for (const auto& row : rows) {
    EXPECT_STREQ(name(fit(row.code, row.device)), name(row.expected)) << row.code << " on " << row.device;
  }
}

TEST(TargetRules, DeviceTargetsParseStrictly) {
  auto amd = parse_device_target("gfx942:sramecc+:xnack-");
  ASSERT_TRUE(amd);
  EXPECT_EQ(amd->sramecc, model::FeatureSetting::on);
  EXPECT_EQ(amd->xnack, model::FeatureSetting::off);
  auto rdna = parse_device_target("gfx1100");
  ASSERT_TRUE(rdna);
  EXPECT_EQ(rdna->xnack, model::FeatureSetting::unsupported);
  // gfx90a has xnack; a target that does not state it leaves the mode unknown (check --json: "unknown").
  auto unstated = parse_device_target("gfx90a");
  ASSERT_TRUE(unstated);
  EXPECT_EQ(unstated->xnack, model::FeatureSetting::any);
  EXPECT_EQ(model::device_mode_name(unstated->xnack), "unknown");
  EXPECT_EQ(rdna->arch_list_value(), "gfx1100");
  auto nvidia = parse_device_target("9.0");
  ASSERT_TRUE(nvidia);
  EXPECT_EQ(nvidia->processor, "sm_90");
  EXPECT_EQ(nvidia->arch_list_value(), "9.0");
  std::string error;
  EXPECT_FALSE(parse_device_target("gfx11-generic", &error));
  EXPECT_NE(error.find("generic"), std::string::npos);
  EXPECT_FALSE(parse_device_target("sm_90a"));
  EXPECT_FALSE(parse_device_target("gfx9999"));
  EXPECT_FALSE(parse_device_target("gfx90a:foo+"));
  EXPECT_FALSE(parse_device_target("9"));
}

// CMake's CUDA_ARCHITECTURES spelling "90" (https://cmake.org/cmake/help/latest/prop_tgt/CUDA_ARCHITECTURES.html)
// names the same device as TORCH_CUDA_ARCH_LIST's "9.0"; LLVM's parser rejects a feature named twice
// (llvm-project clang/lib/Basic/TargetID.cpp), so a device does too.
TEST(TargetRules, DeviceSpellingsFollowTheModel) {
  auto cmake_spelling = parse_device_target("90");
  ASSERT_TRUE(cmake_spelling);
  EXPECT_EQ(cmake_spelling->processor, "sm_90");
  EXPECT_EQ(cmake_spelling->arch_list_value(), "9.0");
  EXPECT_EQ(parse_device_target("120")->processor, "sm_120");
  EXPECT_FALSE(parse_device_target("gfx942:xnack+:xnack-"));
  auto reordered = parse_device_target("gfx90a:xnack+:sramecc-");
  ASSERT_TRUE(reordered);
  EXPECT_EQ(reordered->xnack, model::FeatureSetting::on);
  EXPECT_EQ(reordered->sramecc, model::FeatureSetting::off);
  EXPECT_EQ(code_fits("gfx90a:xnack+", *reordered).fit, Fit::yes);
  EXPECT_EQ(code_fits("gfx90a:xnack-", *reordered).fit, Fit::no);
}

}  // namespace
}  // namespace archfit::check
