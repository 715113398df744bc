// Rules over the whole log (data/error_log_rules.tsv, src/explain/log_rules.cpp): an
// HSA_OVERRIDE_GFX_VERSION of another family than the GPU the log names is the cause, ahead of the
// missing-code error it produces; one of the GPU's own family is not blamed, and the rows that blame any
// override for a fault or crash withdraw their answer then; with no GPU named, explain says what it
// would need. The lines are real public messages (each cited); which family a
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

// ROCm/legacy-rocm-build#5777, the fault as the HSA runtime prints it.
constexpr const char* k_memory_fault_line = "Memory access fault by GPU node-1 (Agent handle: 0x55c81ab89c00) on address "
                                            "0x7f7066bd4000. Reason: Page not present or supervisor privilege.";

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

TEST(LogRules, SameFamilyOverrideWithdrawsTheRowThatBlamesAnyOverrideForAFault) {
  // gfx1031 presented as gfx1030 (one family, gfx10-3-generic), then a memory access fault: the row
  // hsa-memory-access-fault files every such fault under the override; here it is the usual workaround.
  auto explanation = explain_text("within-fault.log", std::string(k_override_line) + "\n" + k_navi22_agent +
                                                          k_memory_fault_line + "\n");
  EXPECT_FALSE(explanation.explained);
  ASSERT_EQ(ids(explanation), std::vector<std::string>{"unknown"});
  const Finding& unknown = explanation.findings.front();
  EXPECT_EQ(unknown.category, "unknown");
  EXPECT_NE(unknown.cause.find("family of the GPU it names"), std::string::npos) << unknown.cause;
  EXPECT_TRUE(any_detail_contains(unknown, "line 4 (hsa-memory-access-fault)"));
  EXPECT_TRUE(any_detail_contains(unknown, "the override here is 10.3.0 (line 1; programs see gfx1030)"));
  EXPECT_TRUE(any_detail_contains(unknown, "names the GPU as gfx1031 (line 2), of the same family gfx10-3-generic"));
  EXPECT_NE(unknown.fix.find("without HSA_OVERRIDE_GFX_VERSION=10.3.0"), std::string::npos) << unknown.fix;
  EXPECT_NE(unknown.fix.find("no code object for gfx1031"), std::string::npos) << unknown.fix;
  // The same fault with a Navi 10 named: the override crosses families and is the cause.
  auto cross = explain_text("cross-fault.log", std::string(k_override_line) + "\n" + k_navi10_agent +
                                                   k_memory_fault_line + "\n");
  EXPECT_EQ(ids(cross), (std::vector<std::string>{"override-crosses-gpu-family", "hsa-memory-access-fault"}));
  // With no GPU named the row still answers, and says what is missing to judge the override.
  auto unnamed = explain_text("unnamed-fault.log", std::string(k_override_line) + "\n" + k_memory_fault_line + "\n");
  ASSERT_EQ(ids(unnamed), std::vector<std::string>{"hsa-memory-access-fault"});
  EXPECT_TRUE(any_detail_contains(unnamed.findings.front(), "names no other GPU"));
}

TEST(LogRules, SameFamilyOverrideLeavesTheOtherCategoryInFront) {
  // The fault row withdrawn, the missing-code error the log shows too leads and says what was withdrawn.
  auto explanation = explain_text("within-both.log", std::string(k_override_line) + "\n" + k_navi22_agent +
                                                         k_memory_fault_line + "\n" + k_no_binary_line + "\n");
  ASSERT_EQ(ids(explanation), std::vector<std::string>{"hip-no-binary-for-gpu"});
  EXPECT_TRUE(explanation.explained);
  EXPECT_TRUE(any_detail_contains(explanation.findings.front(), "line 4 (hsa-memory-access-fault) would blame"));
}

TEST(LogRules, SameFamilyOverrideWithdrawsTheSecondStagesCrashReading) {
  // lemonade-sdk/llamacpp-rocm#115: gfx1151 run with its own value 11.5.1, still segfaulting; the second
  // stage reads "crashing ... HSA_OVERRIDE_GFX_VERSION" as an override crash (facets-override-crash).
  const std::string pr = "Fix gfx1151 Linux test segfault\n"
                         "Fix gfx1151 (Strix Halo) Linux test crashing on startup by exporting HSA_OVERRIDE_GFX_VERSION=11.5.1 "
                         "and HSA_ENABLE_SDMA=0, which works around the ROCm GPU-init segfault on kernel 6.19.x where the "
                         "iGPU is misidentified as gfx1100.\n";
  auto explanation = explain_text("own-value.log", pr);
  ASSERT_EQ(ids(explanation), std::vector<std::string>{"unknown"});
  EXPECT_TRUE(any_detail_contains(explanation.findings.front(), "line 2 (facets-override-crash)"));
  EXPECT_TRUE(any_detail_contains(explanation.findings.front(), "gfx11-generic"));
  // A GPU named by product (lllyasviel/Fooocus#627's rx 6500 xt, gfx1034 per data/amdgpu_pci_ids.tsv).
  auto product = explain_text("product.log", std::string("I had some problem with my rx 6500 xt.\n") + k_override_line +
                                                 "\n" + k_memory_fault_line + "\n");
  ASSERT_EQ(ids(product), std::vector<std::string>{"unknown"});
  EXPECT_TRUE(any_detail_contains(product.findings.front(), "names the GPU as rx 6500 xt (gfx1034)"));
}

TEST(LogRules, GpusOfTwoFamiliesKeepTheOverrideRows) {
  // ollama/ollama#4836's pair (gfx1100 and the iGPU gfx1036) under 11.0.0: the override crosses families for
  // the iGPU, so neither rule decides and the fault row still answers.
  auto explanation = explain_text("two-gpus-fault.log", "HSA_OVERRIDE_GFX_VERSION=11.0.0\n"
                                                        "msg=\"amdgpu is supported\" gpu=0 gpu_type=gfx1100\n"
                                                        "msg=\"amdgpu is supported\" gpu=1 gpu_type=gfx1036\n" +
                                                            std::string(k_memory_fault_line) + "\n");
  EXPECT_EQ(ids(explanation), std::vector<std::string>{"hsa-memory-access-fault"});
}

TEST(LogRules, FindsAnOverrideWithinTheFamilyOfEveryGpuNamed) {
  LogFacts facts;
  facts.collect(k_override_line, 1);
  facts.collect("  Name:                    gfx1032", 2);
  auto within = find_override_within_family(facts);
  ASSERT_TRUE(within.has_value());
  EXPECT_EQ(within->override_target, "gfx1030");
  EXPECT_EQ(within->family, "gfx10-3-generic");
  ASSERT_EQ(within->gpus.size(), 1u);
  EXPECT_EQ(within->gpus[0].where.value, "gfx1032");
  // A second override of another family: undecided.
  LogFacts two = facts;
  two.collect("HSA_OVERRIDE_GFX_VERSION=11.0.0", 3);
  EXPECT_FALSE(find_override_within_family(two).has_value());
  // No GPU named, or the GPU of another family: not this rule.
  LogFacts alone;
  alone.collect(k_override_line, 1);
  EXPECT_FALSE(find_override_within_family(alone).has_value());
  LogFacts navi10;
  navi10.collect(k_override_line, 1);
  navi10.collect("  Name:                    gfx1010", 2);
  EXPECT_FALSE(find_override_within_family(navi10).has_value());
  EXPECT_TRUE(find_override_crossing(navi10).has_value());
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
  ASSERT_EQ(rules.size(), 2u);
  EXPECT_EQ(rules[0].id, "override-crosses-gpu-family");
  EXPECT_EQ(rules[1].id, "override-within-gpu-family");
  EXPECT_EQ(rules[1].rank, "replaces-category-findings");
  const std::string header = "id\tcategory\tcondition\trank\tcause\tfix\tsource\n";
  EXPECT_TRUE(parse_log_rules(header + "a\tgpu-isa-override\toverride-crosses-logged-gpu-family\tbefore-gpu-findings\tc\tf\t"
                                       "https://example.org/x\n",
                              "t")
                  .ok());
  EXPECT_FALSE(parse_log_rules(header + "a\tgpu-isa-override\tsomething-else\tbefore-gpu-findings\tc\tf\thttps://example.org/x\n", "t").ok());
  EXPECT_TRUE(parse_log_rules(header + "a\tgpu-isa-override\toverride-within-logged-gpu-family\treplaces-category-findings\tc\t"
                                       "f\thttps://example.org/x\n",
                              "t")
                  .ok());
  // A condition with the other one's rank: the crossing rule names a cause, the within rule withdraws.
  EXPECT_FALSE(parse_log_rules(header + "a\tgpu-isa-override\toverride-within-logged-gpu-family\tbefore-gpu-findings\tc\t"
                                        "f\thttps://example.org/x\n",
                               "t")
                   .ok());
  EXPECT_FALSE(parse_log_rules(header + "a\tgpu-isa-override\toverride-crosses-logged-gpu-family\treplaces-category-"
                                        "findings\tc\tf\thttps://example.org/x\n",
                               "t")
                   .ok());
  EXPECT_FALSE(parse_log_rules(header + "a\tnot-a-category\toverride-crosses-logged-gpu-family\tbefore-gpu-findings\tc\tf\t"
                                        "https://example.org/x\n",
                               "t")
                   .ok());
}

}  // namespace
}  // namespace archfit::explain
