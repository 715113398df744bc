// Rules over the whole log (data/error_log_rules.tsv, src/explain/log_rules.cpp): an
// HSA_OVERRIDE_GFX_VERSION of another family than the GPU the log names is the cause, ahead of the
// missing-code error it produces; one of the GPU's own family is not blamed; with no GPU named,
// explain says what it would need. The lines are real public messages (each cited); which family a
// processor belongs to is LLVM's generic-processor table (data/amdgpu_processors.tsv, cited there)
// and which processor a product is, libdrm's amdgpu.ids with rocminfo (data/amdgpu_pci_ids.tsv).
#include <algorithm>

#include <gtest/gtest.h>

#include "explain/log_facts.hpp"
#include "explain/log_rules.hpp"
#include "explain_test_support.hpp"

namespace archfit::explain {
namespace {

// xuhuisheng/rocm-build#36 (the override as the thread suggests it for Navi 10).
constexpr const char* k_override_line = "export HSA_OVERRIDE_GFX_VERSION=10.3.0";
// ROCm/legacy-rocm-build#1530, the error as HIP prints it.
constexpr const char* k_no_binary_line = "\"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\"";
// rocminfo's agent lines for an RX 5700 (ROCm/hip#2187) and for an RX 6700 XT (ROCm/legacy-rocm-build#1931
// names the card; the agent name is gfx1031 per data/amdgpu_pci_ids.tsv).
constexpr const char* k_navi10_agent = "  Name:                    gfx1010                            \n"
                                       "  Marketing Name:          Navi 10 [Radeon RX 5600 OEM/5600 XT / 5700/5700 XT]\n";
constexpr const char* k_navi22_agent = "  Name:                    gfx1031                            \n"
                                       "  Marketing Name:          AMD Radeon RX 6700 XT\n";

Explanation explain_text(const std::string& name, const std::string& text) {
  return test::explain_file_without_context(test::write_temp_file(name, text));
}

std::vector<std::string> ids(const Explanation& explanation) {
  std::vector<std::string> result;
  for (const auto& finding : explanation.findings) {
    result.push_back(finding.id);
  }
  return result;
}

bool any_detail_contains(const Finding& finding, const std::string& text) {
  return std::any_of(finding.details.begin(), finding.details.end(),
                     [&](const std::string& detail) { return detail.find(text) != std::string::npos; });
}

TEST(LogRules, OverrideOfAnotherFamilyOutranksTheMissingCodeItCauses) {
  // Navi 10 (gfx1010, gfx10-1-generic) presented as gfx1030 (gfx10-3-generic).
  auto explanation = explain_text("cross.log", std::string(k_override_line) + "\n" + k_navi10_agent + k_no_binary_line + "\n");
  ASSERT_EQ(ids(explanation), (std::vector<std::string>{"override-crosses-gpu-family", "hip-no-binary-for-gpu"}));
  const Finding& top = explanation.findings.front();
  EXPECT_EQ(top.category, "gpu-isa-override");
  ASSERT_EQ(top.evidence.size(), 2u);
  EXPECT_EQ(top.evidence[0].line, 1u);
  EXPECT_EQ(top.evidence[0].text, k_override_line);
  EXPECT_EQ(top.evidence[1].line, 2u);  // the agent's Name: gfx1010
  EXPECT_TRUE(any_detail_contains(top, "programs then see gfx1030 (family gfx10-3-generic)")) << top.details.front();
  EXPECT_TRUE(any_detail_contains(top, "gfx10-1-generic"));
  EXPECT_TRUE(any_detail_contains(top, "hip-no-binary-for-gpu"));
  // The same family's override value: gfx1010 is the lowest processor of gfx10-1-generic.
  EXPECT_NE(top.fix.find("10.1.0 for gfx1010"), std::string::npos) << top.fix;
  EXPECT_NE(top.fix.find("HSA_OVERRIDE_GFX_VERSION=10.3.0"), std::string::npos) << top.fix;
  EXPECT_TRUE(top.source.starts_with("https://"));
}

TEST(LogRules, OverrideWithinTheFamilyIsNotBlamed) {
  // Navi 22 (gfx1031) presented as gfx1030: the same family (gfx10-3-generic), the usual workaround.
  auto explanation = explain_text("within.log", std::string(k_override_line) + "\n" + k_navi22_agent + k_no_binary_line + "\n");
  EXPECT_EQ(ids(explanation), std::vector<std::string>{"hip-no-binary-for-gpu"});
  EXPECT_EQ(explanation.findings.front().category, "gpu-code-missing");
}

TEST(LogRules, AGpuOfTheOverridesFamilyAmongSeveralLeavesItUndecided) {
  // An RX 7900 XTX (gfx1100) with the desktop CPU's iGPU (gfx1036), in ollama's words (ollama/ollama#4836),
  // and 11.0.0:
  // right for the one, another family for the other; the log does not say which GPU failed.
  auto explanation = explain_text("two-gpus.log",
                                  "HSA_OVERRIDE_GFX_VERSION=11.0.0\n"
                                  "msg=\"amdgpu is supported\" gpu=0 gpu_type=gfx1100\n"
                                  "msg=\"amdgpu is supported\" gpu=1 gpu_type=gfx1036\n" +
                                      std::string(k_no_binary_line) + "\n");
  EXPECT_EQ(ids(explanation), std::vector<std::string>{"hip-no-binary-for-gpu"});
}

TEST(LogRules, OverrideWithoutAGpuNamedSaysWhatIsMissing) {
  auto explanation = explain_text("no-gpu.log", std::string(k_override_line) + "\n" + k_no_binary_line + "\n");
  ASSERT_EQ(ids(explanation), std::vector<std::string>{"hip-no-binary-for-gpu"});
  EXPECT_TRUE(any_detail_contains(explanation.findings.front(), "names no other GPU"));
  EXPECT_TRUE(any_detail_contains(explanation.findings.front(), "rocminfo"));
  // Without an override nothing is said about one.
  auto plain = explain_text("plain.log", std::string(k_no_binary_line) + "\n");
  EXPECT_FALSE(any_detail_contains(plain.findings.front(), "HSA_OVERRIDE_GFX_VERSION"));
}

TEST(LogFacts, NamesGpusByGfxAndByProductButNotInTargetLists) {
  auto named = amd_gpus_named("i use rx 5500xt and override to gfx1030.");  // stable-diffusion-webui#9283
  EXPECT_NE(std::find(named.begin(), named.end(), std::pair<std::string, std::string>{"gfx1012", "rx 5500xt"}), named.end());
  EXPECT_NE(std::find(named.begin(), named.end(), std::pair<std::string, std::string>{"gfx1030", "gfx1030"}), named.end());
  auto gfx1201 = amd_gpus_named("I am on gfx1201 which is already natively supported");  // voicebox#469
  ASSERT_EQ(gfx1201.size(), 1u);
  EXPECT_EQ(gfx1201[0].first, "gfx1201");
  auto radeon_vii = amd_gpus_named("Radeon VII, EndeavourOS");  // vladmandic/sdnext#1805
  ASSERT_EQ(radeon_vii.size(), 1u);
  EXPECT_EQ(radeon_vii[0].first, "gfx906");
  // What a binary carries or a build targets is no GPU.
  EXPECT_TRUE(amd_gpus_named("PYTORCH_ROCM_ARCH=gfx1030;gfx90a").empty());
  EXPECT_TRUE(amd_gpus_named(":1:hip_fatbin.cpp           :687 : 114369963532 us:  No compatible code objects found "
                             "for: gfx1152, value of HIP_FORCE_SPIRV_CODEOBJECT: 0")
                  .empty());
  EXPECT_TRUE(amd_gpus_named("proxy 1234 rxjava 5500").empty());
}

TEST(LogFacts, ReadsOverridesInWordsAndInPython) {
  LogFacts facts;
  facts.collect("i use rx 5500xt and override to gfx1030.", 1);
  facts.collect("    os.environ[\"HSA_OVERRIDE_GFX_VERSION\"] = \"11.0.0\"", 2);  // jamiepine/voicebox#469's form
  ASSERT_EQ(facts.overrides.size(), 2u);
  EXPECT_EQ(facts.overrides[0].value, "10.3.0");
  EXPECT_EQ(facts.overrides[0].line, 1u);
  EXPECT_EQ(facts.overrides[1].value, "11.0.0");
  EXPECT_EQ(amd_family_key("gfx803"), "gfx803");  // no generic processor: a family of its own
  EXPECT_EQ(amd_family_key("gfx1031"), "gfx10-3-generic");
  EXPECT_EQ(amd_family_key("gfx9999"), "");
}

TEST(LogRules, TableParsesAndRejectsWhatExplainCannotEvaluate) {
  const auto& rules = builtin_log_rules();
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0].id, "override-crosses-gpu-family");
  const std::string header = "id\tcategory\tcondition\trank\tcause\tfix\tsource\n";
  EXPECT_TRUE(parse_log_rules(header + "a\tgpu-isa-override\toverride-crosses-logged-gpu-family\tbefore-gpu-findings\tc\tf\t"
                                       "https://example.org/x\n",
                              "t")
                  .ok());
  EXPECT_FALSE(parse_log_rules(header + "a\tgpu-isa-override\tsomething-else\tbefore-gpu-findings\tc\tf\thttps://example.org/x\n", "t").ok());
  EXPECT_FALSE(parse_log_rules(header + "a\tnot-a-category\toverride-crosses-logged-gpu-family\tbefore-gpu-findings\tc\tf\t"
                                        "https://example.org/x\n",
                               "t")
                   .ok());
}

}  // namespace
}  // namespace archfit::explain
