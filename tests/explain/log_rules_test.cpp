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
#include "knowledge/embedded_data.hpp"
#include "knowledge/tsv_table.hpp"

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

TEST(LogRules, AGfxNameBesideTheOverrideThatIsNotItsValueIsTheGpu) {
  // llama.cpp PR #4454: the GPU and the override on one line; gfx1031 is not what 10.3.0 presents (gfx1030),
  // so it is the GPU, of the override's family: the second stage's crash reading is withdrawn and the
  // missing-code error leads.
  const std::string pr =
      "If I don't add ithe parameter, I get the following cryptic error when trying to load any model (I'm using a "
      "6700XT, which is gfx1031, with HSA_OVERRIDE_GFX_VERSION=10.3.0, on commit 948ff13):\n"
      "CUDA error 98 at /source/llama.cpp/ggml-cuda.cu:7788: invalid device function\n"
      "[1]    212127 IOT instruction (core dumped)  ./bin/main -m /mnt4/models/mistral-7b-v0.1.Q5_K_M.gguf -ngl 33\n";
  auto explanation = explain_text("pr-4454.log", pr);
  ASSERT_EQ(ids(explanation), std::vector<std::string>{"hip-invalid-device-function"});
  EXPECT_EQ(explanation.findings.front().category, "gpu-code-missing");
  EXPECT_TRUE(any_detail_contains(explanation.findings.front(), "line 3 (facets-override-crash) would blame"));
  // The crash alone beside that line: every override-blaming answer is withdrawn, whichever way the GPU is named.
  for (const std::string gpu_line : {"I'm using a 6700XT, which is gfx1031, with HSA_OVERRIDE_GFX_VERSION=10.3.0",
                                     "I'm using a 6700XT with HSA_OVERRIDE_GFX_VERSION=10.3.0",
                                     "I'm using a 6700 XT with HSA_OVERRIDE_GFX_VERSION=10.3.0"}) {
    SCOPED_TRACE(gpu_line);
    auto crash = explain_text("crash.log", gpu_line + "\n" + k_memory_fault_line + "\n");
    EXPECT_EQ(ids(crash), std::vector<std::string>{"unknown"});
  }
  // The override's own value beside it is still no GPU: "override to gfx1030" with an RX 5500 XT crosses.
  LogFacts words;
  words.collect("i use rx 5500xt and override to gfx1030.", 1);  // stable-diffusion-webui#9283
  auto crossing = find_override_crossing(words);
  ASSERT_TRUE(crossing.has_value());
  ASSERT_EQ(crossing->gpus.size(), 1u);
  EXPECT_EQ(crossing->gpus[0].where.value, "gfx1012");
  EXPECT_FALSE(find_override_within_family(words).has_value());
}

TEST(LogRules, PtxasOfAnNvccBuildIsTheToolkitsNotTritons) {
  // NVlabs/instant-ngp#747: ptxas refusing sm_30 in an nvcc build that picked up a stale CUDA 10.1.
  const std::string ptxas = "Compilation error ptxas fatal : Value 'sm_30' is not defined for option 'gpu-name'";
  const std::string nvcc_build = "> Based on the line: `-D__CUDACC__ -D__NVCC__ -D__CUDACC_VER_MAJOR__=10 "
                                 "-D__CUDACC_VER_MINOR__=1`";
  auto build = explain_text("ngp-747.log", ptxas + "\n\n" + nvcc_build + "\n");
  ASSERT_EQ(ids(build), std::vector<std::string>{"ptxas-of-an-nvcc-build"});
  const Finding& top = build.findings.front();
  EXPECT_EQ(top.category, "compiler-version");
  ASSERT_EQ(top.evidence.size(), 2u);
  EXPECT_EQ(top.evidence[0].line, 1u);
  EXPECT_EQ(top.evidence[1].line, 3u);
  EXPECT_TRUE(any_detail_contains(top, "ptxas-gpu-name-undefined"));
  // The same line in a log that names Triton (vLLM#31338's DGX Spark paste): Triton's bundled ptxas.
  auto triton = explain_text("spark.log", "triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error\n" +
                                              ptxas + "\n" + nvcc_build + "\n");
  ASSERT_FALSE(triton.findings.empty());
  EXPECT_EQ(triton.findings.front().id, "ptxas-gpu-name-undefined");
  EXPECT_EQ(triton.findings.front().category, "triton-compile");
  // A bare ptxas line (no nvcc build, no Triton shown) keeps the corpus's reading (vllm#31338, lightllm).
  auto bare = explain_text("bare.log", "ptxas fatal: Value 'sm_110a' is not defined for option 'gpu-name'\n");
  EXPECT_EQ(ids(bare), std::vector<std::string>{"ptxas-gpu-name-undefined"});
}

TEST(LogRules, NvccRefusingANameThatIsNoComputeCapabilityIsTheArchList) {
  // CMU-Perceptual-Computing-Lab/openpose#1087: compute_71, which no GPU has (data/cuda_compute_capabilities.tsv).
  auto seventy_one = explain_text("openpose-1087.log", "nvcc fatal   : Unsupported gpu architecture 'compute_71'\n");
  ASSERT_EQ(ids(seventy_one), std::vector<std::string>{"nvcc-arch-not-a-real-architecture"});
  const Finding& top = seventy_one.findings.front();
  EXPECT_EQ(top.category, "arch-detect");
  ASSERT_EQ(top.evidence.size(), 1u);
  EXPECT_EQ(top.evidence[0].line, 1u);
  EXPECT_TRUE(any_detail_contains(top, "compute_71"));
  EXPECT_TRUE(any_detail_contains(top, "nvcc-unsupported-gpu-arch"));
  // SyneRBI/SIRF-SuperBuild#769: torch's +PTX handed to nvcc; the quoted form without nvcc's prefix too.
  EXPECT_EQ(ids(explain_text("sirf.log", "nvcc fatal   : Unsupported gpu architecture 'compute_86+PTX'\n")).front(),
            "nvcc-arch-not-a-real-architecture");
  EXPECT_EQ(ids(explain_text("quoted.log", "Error: Unsupported gpu architecture 'compute_71'\n")).front(),
            "nvcc-arch-not-a-real-architecture");
  // Real architectures nvcc dropped or does not know yet keep compiler-version (the corpus's convention), with nvcc's
  // "a" and "f" suffixes too; the bare word and the empty name keep their own rows.
  for (const char* real : {"compute_30", "compute_37", "compute_86", "compute_90a", "compute_100f", "compute_121a",
                           "compute_110", "compute_10"}) {
    SCOPED_TRACE(real);
    auto kept = explain_text("real.log", std::string("nvcc fatal   : Unsupported gpu architecture '") + real + "'\n");
    ASSERT_FALSE(kept.findings.empty());
    EXPECT_EQ(kept.findings.front().id, "nvcc-unsupported-gpu-arch");
    EXPECT_EQ(kept.findings.front().category, "compiler-version");
  }
  // A number above the table's newest may be a GPU newer than the table, refused by a toolkit older than it: that is
  // compiler-version (as compute_120 on CUDA 12.6 is), never "no GPU has it".
  auto newer = explain_text("newer.log", "nvcc fatal   : Unsupported gpu architecture 'compute_130'\n");
  ASSERT_FALSE(newer.findings.empty());
  EXPECT_EQ(newer.findings.front().id, "nvcc-unsupported-gpu-arch");
  EXPECT_EQ(ids(explain_text("gap.log", "nvcc fatal   : Unsupported gpu architecture 'compute_102'\n")).front(),
            "nvcc-arch-not-a-real-architecture");
  EXPECT_NE(ids(explain_text("native.log", "nvcc fatal   : Unsupported gpu architecture 'compute_native'\n")).front(),
            "nvcc-arch-not-a-real-architecture");
  // A pasted line (no-break spaces, HTML entities for the quotes) is read as the row reads it; a piece of a wrapped
  // line cut inside the name (paddle#754's compute_50 cut after its 5) says nothing.
  EXPECT_EQ(ids(explain_text("nbsp.log", "nvcc fatal :\u00a0Unsupported\u00a0gpu\u00a0architecture &#39;compute_71&#39;\n"))
                .front(),
            "nvcc-arch-not-a-real-architecture");
  auto cut = explain_text("cut.log", "nvcc fatal : Unsupported gpu architecture 'compute_5\n0'\n");
  ASSERT_FALSE(cut.findings.empty());
  EXPECT_EQ(cut.findings.front().id, "nvcc-unsupported-gpu-arch");
}

TEST(LogRules, OverrideSetButOllamaStillCheckedTheGfxDidNotReachTheServer) {
  // ollama/ollama#8679: the author set the override in the systemd unit, and the server started by hand ran the
  // gfx compatibility check, which Ollama runs only without HSA_OVERRIDE_GFX_VERSION in its environment.
  const std::string said = "Ollama fails to recognize my GPU as compatible, even after setting the "
                           "Environment=\"HSA_OVERRIDE_GFX_VERSION=10.3.0\" environment variable.";
  const std::string check = "time=2025-01-29T21:15:25.522-03:00 level=WARN source=amd_linux.go:378 msg=\"amdgpu is not "
                            "supported (supported types:[gfx1030 gfx1100 gfx900])\" gpu_type=gfx1031 gpu=0 "
                            "library=/opt/rocm/lib";
  auto unseen = explain_text("ollama-8679.log", said + "\n\n" + check + "\n");
  ASSERT_EQ(ids(unseen), (std::vector<std::string>{"override-not-reaching-ollama", "ollama-amdgpu-not-supported"}));
  const Finding& top = unseen.findings.front();
  EXPECT_EQ(top.category, "gpu-isa-override");
  ASSERT_EQ(top.evidence.size(), 2u);
  EXPECT_EQ(top.evidence[0].line, 1u);
  EXPECT_EQ(top.evidence[1].line, 3u);
  EXPECT_NE(top.fix.find("HSA_OVERRIDE_GFX_VERSION=10.3.0"), std::string::npos);
  // ollama/ollama#2502: a run without the override, then one where Ollama logs that it read it: the check's
  // message keeps its own answer (the GPU lacks code in the bundled libraries).
  const std::string seen = "time=... source=amd_windows.go:63 msg=\"skipping rocm gfx compatibility check\" "
                           "HSA_OVERRIDE_GFX_VERSION=10.3.0";
  auto read = explain_text("ollama-2502.log", check + "\n" + seen + "\n");
  ASSERT_FALSE(read.findings.empty());
  EXPECT_EQ(read.findings.front().id, "ollama-amdgpu-not-supported");
  // No override in the log: the check's message alone.
  EXPECT_EQ(ids(explain_text("ollama-plain.log", check + "\n")), std::vector<std::string>{"ollama-amdgpu-not-supported"});
  // An override, but no Ollama check: nothing for this rule to say.
  for (const auto& id : ids(explain_text("override-only.log", said + "\n"))) {
    EXPECT_NE(id, "override-not-reaching-ollama");
  }
}

TEST(LogRules, AFamilyOverrideTheLogGivesWasNotInTheFailingRun) {
  // ROCm/rocBLAS#1398: rocBLAS names gfx90c (Ryzen 7 5800H), the maintainer's answer gives 9.0.0 (gfx900, gfx9-generic
  // like gfx90c: LLVM's AMDGPUUsage generic processors), and the reporter confirmed it ran. With the variable set, libhsakmt
  // reports the override's processor (ROCR-Runtime libhsakmt/src/topology.c), so a line naming gfx90c is a run without it.
  const std::string rocblas = "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek "
                              "for GPU arch : gfx90c";
  const std::string answer = "`export HSA_OVERRIDE_GFX_VERSION=9.0.0`";
  auto without = explain_text("rocblas-1398.log", rocblas + "\n\n" + answer + "\n");
  ASSERT_EQ(ids(without), (std::vector<std::string>{"override-of-family-not-in-failing-run", "rocblas-no-kernels-for-arch"}));
  const Finding& top = without.findings.front();
  EXPECT_EQ(top.category, "gpu-isa-override");
  ASSERT_EQ(top.evidence.size(), 2u);
  EXPECT_EQ(top.evidence[0].line, 1u);
  EXPECT_EQ(top.evidence[1].line, 3u);
  EXPECT_NE(top.fix.find("HSA_OVERRIDE_GFX_VERSION=9.0.0"), std::string::npos) << top.fix;
  EXPECT_NE(top.fix.find("reports gfx900"), std::string::npos) << top.fix;
  // An override of another family (10.3.0 presents gfx1030, gfx10-3-generic): not the workaround for gfx90c.
  EXPECT_EQ(ids(explain_text("other-family.log", rocblas + "\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\n")).front(),
            "rocblas-no-kernels-for-arch");
  // The line names the override's own processor: the override was in effect, and code for gfx900 is what is missing.
  const std::string presented = "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal "
                                "seek for GPU arch : gfx900";
  EXPECT_EQ(ids(explain_text("presented.log", presented + "\n" + answer + "\n")).front(), "rocblas-no-kernels-for-arch");
  // A line that names no processor (hipErrorNoBinaryForGpu) shows nothing about which run had the override.
  auto bare = explain_text("bare.log", "GPU: AMD Radeon RX 6600\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\n"
                                       "\"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\"\n");
  ASSERT_FALSE(bare.findings.empty());
  EXPECT_NE(bare.findings.front().id, "override-of-family-not-in-failing-run");
  // Ollama read the override on some run (ollama/ollama#2502, training: Windows, where the bundled libraries lack
  // gfx1031): the check's message keeps its answer.
  const std::string check = "time=... source=amd_windows.go:95 msg=\"amdgpu is not supported\" gpu=0 gpu_type=gfx1031";
  const std::string skip = "time=... source=amd_windows.go:63 msg=\"skipping rocm gfx compatibility check\" "
                           "HSA_OVERRIDE_GFX_VERSION=10.3.0";
  EXPECT_EQ(ids(explain_text("ollama-2502.log", check + "\n" + skip + "\n")).front(), "ollama-amdgpu-not-supported");
}

TEST(LogRules, AnArchTorchRefusesThatTheLoggedArchListNamesIsTheList) {
  // OpenBMB/BMTrain#83: torch's cpp_extension refuses 9.0+PTX, and the reporter's echo shows the list holding it.
  const std::string refused = "`ValueError: Unknown CUDA arch (9.0+PTX) or GPU not supported`";
  auto echoed = explain_text("bmtrain-83.log", refused + "\n\necho $TORCH_CUDA_ARCH_LIST\n5.2 6.0 6.1 7.0 7.5 8.0 8.6 9.0+PTX\n");
  ASSERT_EQ(ids(echoed), std::vector<std::string>{"torch-arch-list-names-unknown-arch"});
  const Finding& top = echoed.findings.front();
  EXPECT_EQ(top.category, "arch-detect");
  ASSERT_EQ(top.evidence.size(), 2u);
  EXPECT_EQ(top.evidence[0].line, 1u);
  EXPECT_EQ(top.evidence[1].line, 4u);
  EXPECT_NE(top.fix.find("Drop 9.0 from TORCH_CUDA_ARCH_LIST"), std::string::npos);
  // Set on a line of its own, quoted, with ';' between the entries, before the error; +PTX on either side.
  auto exported = explain_text("export.log", "export TORCH_CUDA_ARCH_LIST=\"8.0;8.9+PTX\"\n"
                                             "ValueError: Unknown CUDA arch (8.9) or GPU not supported\n");
  EXPECT_EQ(ids(exported), std::vector<std::string>{"torch-arch-list-names-unknown-arch"});
  // The refusal alone: the rule says nothing, the signature torch-arch-list-unknown-number (seventeenth round) answers;
  // with the list, the rule's finding took that signature's place above. A list without the refused arch: not the rule.
  EXPECT_EQ(ids(explain_text("alone.log", refused + "\n")), std::vector<std::string>{"torch-arch-list-unknown-number"});
  auto other = explain_text("other.log", "TORCH_CUDA_ARCH_LIST=8.6\n" + refused + "\n");
  for (const auto& id : ids(other)) {
    EXPECT_NE(id, "torch-arch-list-names-unknown-arch");
  }
  // A word is not an arch this rule reads ("Unknown CUDA arch (cpu)" is torch-arch-list-not-an-arch's).
  auto word = explain_text("word.log", "TORCH_CUDA_ARCH_LIST=cpu\nValueError: Unknown CUDA arch (cpu) or GPU not supported\n");
  ASSERT_FALSE(word.findings.empty());
  EXPECT_EQ(word.findings.front().id, "torch-arch-list-not-an-arch");
}

// The one processor `named` lists; "" when it lists none, "several" when more than one.
template <class Named>
std::string only_processor(const Named& named) {
  return named.empty() ? std::string() : named.size() > 1 ? std::string("several") : named[0].first;
}

TEST(LogFacts, NamesGpusByGfxAndByProductButNotInTargetLists) {
  // A model number with its XT suffix and no "RX" (llama.cpp PR #4454's "6700XT").
  EXPECT_EQ(only_processor(amd_gpus_named("I'm using a 6700XT, on commit 948ff13")), "gfx1031");
  EXPECT_EQ(only_processor(amd_gpus_named("a 7900 XTX here")), "gfx1100");
  EXPECT_TRUE(amd_gpus_named("commit ab6700xt and 16700xt").empty());
  auto named = amd_gpus_named("i use rx 5500xt and override to gfx1030.");  // stable-diffusion-webui#9283
  EXPECT_NE(std::find(named.begin(), named.end(), std::pair<std::string, std::string>{"gfx1012", "rx 5500xt"}), named.end());
  EXPECT_NE(std::find(named.begin(), named.end(), std::pair<std::string, std::string>{"gfx1030", "gfx1030"}), named.end());
  EXPECT_EQ(only_processor(amd_gpus_named("I am on gfx1201 which is already natively supported")), "gfx1201");  // voicebox#469
  EXPECT_EQ(only_processor(amd_gpus_named("Radeon VII, EndeavourOS")), "gfx906");  // vladmandic/sdnext#1805
  // Instinct, Radeon Pro and Vega names as people write them (the processors are those of libdrm's amdgpu.ids and
  // LLVM's AMDGPUUsage example products: data/amdgpu_pci_ids.tsv, data/amdgpu_example_products.tsv).
  EXPECT_EQ(only_processor(amd_gpus_named("But with a Vega 56 I'm getting the following error:")), "gfx900");  // ROCm#1572
  EXPECT_EQ(only_processor(amd_gpus_named("My MI210 works great now.")), "gfx90a");  // ROCm/ROCm#5238
  EXPECT_EQ(only_processor(amd_gpus_named("[Issue]: `RuntimeError: HIP error: invalid device function` with MI250X and "
                                          "ROCm 6.2.1")),
            "gfx90a");  // ROCm/ROCm#4208
  EXPECT_EQ(only_processor(amd_gpus_named("I was able to put my W7800 in BACO state but was still not able to reproduce")),
            "gfx1100");  // ROCm/ROCm#4226
  EXPECT_EQ(only_processor(amd_gpus_named("GPU: AMD Radeon Pro WX 9100")), "gfx900");
  EXPECT_EQ(only_processor(amd_gpus_named("an AMD Radeon Pro VII and a FirePro W9100")), "several");
  EXPECT_EQ(only_processor(amd_gpus_named("AMD Instinct MI300X")), "gfx942");
  // Words that only look like one: no product of the tables has these keys.
  EXPECT_TRUE(amd_gpus_named("mi 2 phone, w1234 build, vega 99, pro v1 of the script").empty());
  // What a binary carries or a build targets is no GPU.
  EXPECT_TRUE(amd_gpus_named("PYTORCH_ROCM_ARCH=gfx1030;gfx90a").empty());
  EXPECT_TRUE(amd_gpus_named(":1:hip_fatbin.cpp           :687 : 114369963532 us:  No compatible code objects found "
                             "for: gfx1152, value of HIP_FORCE_SPIRV_CODEOBJECT: 0")
                  .empty());
  EXPECT_TRUE(amd_gpus_named("proxy 1234 rxjava 5500").empty());
}

TEST(LogFacts, NamesAnApusIntegratedGpuByItsCpuModel) {
  // CPU brand strings and how users write them (data/amd_apu_graphics.tsv says which iGPU each has).
  // A Steam system report (github.com/user-attachments/files/22146860): Phoenix/Hawk Point, gfx1103.
  auto hawk = apu_gpus_named("CPU Name AMD Ryzen 7 8845HS w/ Radeon 780M Graphics");
  ASSERT_EQ(hawk.size(), 1u);
  EXPECT_EQ(hawk[0], (std::pair<std::string, std::string>{"gfx1103", "Ryzen 7 8845HS"}));
  // ollama/ollama PR #6282's tester: the CPU without tier or brand string.
  auto desktop = apu_gpus_named("with Ryzen 8700G, 64GB RAM, rocm v. 6.2.1.");
  ASSERT_EQ(desktop.size(), 1u);
  EXPECT_EQ(desktop[0], (std::pair<std::string, std::string>{"gfx1103", "Ryzen 8700G"}));
  // gist.github.com/atrauzzi/dd111880501237c2789762a1ef0d0ce5 (Cezanne, gfx90c).
  EXPECT_EQ(only_processor(apu_gpus_named("CPU Brand: AMD Ryzen 7 5700G with Radeon Graphics | |")), "gfx90c");
  // gist.github.com/mrceperka/467695a61a88cf22ec35b6feb6ec5caf: trade marks and PRO.
  EXPECT_EQ(only_processor(apu_gpus_named("- Processor: AMD Ryzen\u2122 9 PRO 7940HS w/ Radeon\u2122 780M Graphics \u00d7 16")),
            "gfx1103");
  // The same CPU read as a GPU in the log's facts, marked as named by its CPU.
  LogFacts facts;
  facts.collect("with Ryzen 8700G, 64GB RAM, rocm v. 6.2.1.", 3);
  ASSERT_EQ(facts.gpus.size(), 1u);
  EXPECT_EQ(facts.gpus[0].naming, GpuNaming::cpu_name);
  EXPECT_EQ(facts.gpus[0].where.line, 3u);
  // CPUs without graphics: the 8700F (brand string as public benchmark records print it) and the
  // 5800X (gist.github.com/zeparu/7f4d941e5455f8efd3a7ff9bc1dd3c38; AMD's table: discrete GPU required).
  EXPECT_TRUE(apu_gpus_named("CPU                    AMD Ryzen 7 8700F 8-Core Processor").empty());
  EXPECT_TRUE(apu_gpus_named("CPU Brand: AMD Ryzen 7 5800X 8-Core Processor | |").empty());
  // A model the table leaves out (Raphael, gist.github.com/ynot01/5a4be5a9ae0dcf7ddee75c4e4fe66dca), a
  // longer model number, and a model number without "Ryzen".
  EXPECT_TRUE(apu_gpus_named("| CPU Brand: AMD Ryzen 7 7700X 8-Core Processor | |").empty());
  EXPECT_TRUE(apu_gpus_named("Ryzen 7 8700GX").empty());
  EXPECT_TRUE(apu_gpus_named("build 8700G of the model").empty());
}

TEST(LogFacts, EveryApuModelNamesAnIntegratedProcessorExplainCanPlace) {
  // data/amd_apu_graphics.tsv against LLVM's tables: each gfx is a processor of a known family
  // (data/amdgpu_processors.tsv) that exists only as an APU's GPU (data/amdgpu_apu_processors.tsv), and
  // each model is 4 digits and a suffix, read back by the CPU reader.
  const auto& table = knowledge::embedded_table("amd_apu_graphics.tsv");
  ASSERT_GE(table.rows.size(), 100u);
  auto apus = knowledge::embedded_file("amdgpu_apu_processors.tsv");
  ASSERT_TRUE(apus.has_value());
  for (const auto& row : table.rows) {
    const std::string& model = table.field(row, "model");
    const std::string& gfx = table.field(row, "gfx");
    EXPECT_FALSE(amd_family_key(gfx).empty()) << model;
    EXPECT_NE(apus->find("\n" + gfx + "\t"), std::string_view::npos) << model << " " << gfx;
    auto named = apu_gpus_named("AMD Ryzen 7 " + model + " with Radeon Graphics");
    ASSERT_EQ(named.size(), 1u) << model;
    EXPECT_EQ(named[0].first, gfx) << model;
  }
}

TEST(LogRules, AnApuNamedByItsCpuIsTheGpuOnlyWhenNoOtherIsNamed) {
  // ollama/ollama PR #6282: a Ryzen 8700G (gfx1103) run with 11.0.1 (gfx1101, both gfx11-generic), then
  // a fault: the usual workaround, so the fault row's override reading is withdrawn.
  const std::string apu = "Ubuntu 24.04.1 LTS (GNU/Linux 6.10.6-061006-generic x86_64) with Ryzen 8700G, 64GB RAM\n"
                          "export HSA_OVERRIDE_GFX_VERSION=11.0.1\n";
  auto within = explain_text("apu-within.log", apu + k_memory_fault_line + "\n");
  ASSERT_EQ(ids(within), std::vector<std::string>{"unknown"});
  EXPECT_TRUE(any_detail_contains(within.findings.front(),
                                  "names the GPU as the integrated GPU of Ryzen 8700G (gfx1103, data/amd_apu_graphics.tsv)"));
  // A Cezanne (gfx90c) under 10.3.0: another family, but the CPU does not show the override was for its
  // iGPU (a discrete GPU may be unnamed), so no crossing is claimed and the fault row answers.
  auto other = explain_text("apu-other.log", std::string("CPU Brand: AMD Ryzen 7 5700G with Radeon Graphics\n") +
                                                 k_override_line + "\n" + k_memory_fault_line + "\n");
  EXPECT_EQ(ids(other), std::vector<std::string>{"hsa-memory-access-fault"});
  // Next to a named GPU of another family (Navi 10 under 10.3.0, crossing), the CPU changes nothing.
  auto named = explain_text("apu-and-dgpu.log", std::string("with Ryzen 8700G, 64GB RAM\n") + k_override_line + "\n" +
                                                    k_navi10_agent + k_memory_fault_line + "\n");
  EXPECT_EQ(ids(named), (std::vector<std::string>{"override-crosses-gpu-family", "hsa-memory-access-fault"}));
  // A CPU without graphics names nothing: the fault row answers and says no GPU is named.
  auto no_igpu = explain_text("no-igpu.log", std::string("AMD Ryzen 7 8700F 8-Core Processor\n") +
                                                 "export HSA_OVERRIDE_GFX_VERSION=11.0.1\n" + k_memory_fault_line + "\n");
  ASSERT_EQ(ids(no_igpu), std::vector<std::string>{"hsa-memory-access-fault"});
  EXPECT_TRUE(any_detail_contains(no_igpu.findings.front(), "names no other GPU"));
}

TEST(LogFacts, ReadsOverridesInWordsAndInPython) {
  LogFacts facts;
  facts.collect("i use rx 5500xt and override to gfx1030.", 1);
  facts.collect("    os.environ[\"HSA_OVERRIDE_GFX_VERSION\"] = \"11.0.0\"", 2);  // jamiepine/voicebox#469's form
  ASSERT_EQ(facts.overrides.size(), 2u);
  EXPECT_EQ(facts.overrides[0].value, "10.3.0");
  EXPECT_EQ(facts.overrides[0].line, 1u);
  EXPECT_EQ(facts.overrides[1].value, "11.0.0");
  // In a sentence (ollama/ollama#12111's title), and "set to".
  LogFacts sentence;
  sentence.collect("After ROCm Upgrade, HSA_OVERRIDE_GFX_VERSION to 10.3.0 Causes SIGSEGV After Receiving Prompt", 1);
  sentence.collect("I just set HSA_OVERRIDE_GFX_VERSION set to 11.0.0 and", 2);
  sentence.collect("HSA_OVERRIDE_GFX_VERSION is not set, 9.0.0 is the default", 3);  // "not" is no value word
  ASSERT_EQ(sentence.overrides.size(), 2u);
  EXPECT_EQ(sentence.overrides[0].value, "10.3.0");
  EXPECT_EQ(sentence.overrides[1].value, "11.0.0");
  EXPECT_EQ(amd_family_key("gfx803"), "gfx803");  // no generic processor: a family of its own
  EXPECT_EQ(amd_family_key("gfx1031"), "gfx10-3-generic");
  EXPECT_EQ(amd_family_key("gfx9999"), "");
}

// The gfx a line names, for the missing-code refiner and the family-override rule: the first name the processor table
// knows, lower-cased; a gfx-like word the table does not know is no GPU.
TEST(LogFacts, FirstKnownProcessorSkipsNamesTheTableDoesNotKnow) {
  EXPECT_EQ(first_known_processor("Cannot read TensileLibrary.dat: Illegal seek for GPU arch : gfx90c"), "gfx90c");
  EXPECT_EQ(first_known_processor("No compatible code objects found for: GFX1031"), "gfx1031");
  EXPECT_EQ(first_known_processor("gfx9999 then gfx906:sramecc+:xnack-"), "gfx906");
  EXPECT_EQ(first_known_processor("built for gfx10-3-generic"), "");  // a generic target, not a processor
  EXPECT_EQ(first_known_processor("no gpu named here"), "");
}

std::string header_for_pairs() { return "id\tcategory\tcondition\trank\tcause\tfix\tsource\n"; }

TEST(LogRules, OverridesOfTwoFamiliesAndAGpuFaultShowTheCrossing) {
  // NixOS/nixpkgs#207109 (rounds 37 and 38): a Ryzen 5600G (gfx90c, not named in the log) under 9.0.12 and 9.0.0 (gfx9
  // family) gets no code objects, and under 10.3.0 (gfx10.3 family) the amdgpu driver logs a page fault. A GPU is of one
  // family only, so one of the overrides crosses families, and the fault is what crossing produces.
  const std::string gfx9 = "- Both `HSA_OVERRIDE_GFX_VERSION=9.0.12` and `HSA_OVERRIDE_GFX_VERSION=9.0.0`";
  const std::string missing = "\"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\"";
  const std::string gfx10 = "- `HSA_OVERRIDE_GFX_VERSION=10.3.0`";
  const std::string fault = "[  306.174866] amdgpu 0000:07:00.0: amdgpu: [gfxhub0] no-retry page fault (src_id:0 ring:221 "
                            "vmid:8 pasid:32771, for process python pid 2315 thread python pid 2315)";
  auto both = explain_text("nixpkgs-207109.log", gfx9 + "\n" + missing + "\n" + gfx10 + "\n" + fault + "\n");
  ASSERT_GE(both.findings.size(), 3u);
  EXPECT_EQ(both.findings[0].id, "overrides-of-two-families-with-gpu-fault");
  EXPECT_EQ(both.findings[0].category, "gpu-isa-override");
  EXPECT_EQ(both.findings[1].id, "hip-no-binary-for-gpu");
  ASSERT_EQ(both.findings[0].evidence.size(), 3u);
  EXPECT_EQ(both.findings[0].evidence[0].line, 1u);
  EXPECT_EQ(both.findings[0].evidence[1].line, 3u);
  EXPECT_EQ(both.findings[0].evidence[2].line, 4u);
  EXPECT_NE(both.findings[0].fix.find("of 9.0.12 and 10.3.0"), std::string::npos) << both.findings[0].fix;
  // One family only (9.0.12 and 9.0.0): no crossing shown, the missing code keeps its answer.
  EXPECT_EQ(ids(explain_text("one-family.log", gfx9 + "\n" + missing + "\n" + fault + "\n")).front(), "hip-no-binary-for-gpu");
  // Two families but no fault read: the missing code keeps its answer.
  EXPECT_EQ(ids(explain_text("no-fault.log", gfx9 + "\n" + missing + "\n" + gfx10 + "\n")).front(), "hip-no-binary-for-gpu");
  // A GPU named (gfx90c): the crossing rule decides, quoting the override and the GPU, not this one.
  EXPECT_EQ(ids(explain_text("named.log", "Name: gfx90c\n" + gfx10 + "\n" + fault + "\n")).front(), "override-crosses-gpu-family");
}

TEST(LogRules, AGpuFaultWithNoOverrideInSightBlamesNoOverride) {
  // The HSA runtime's fault line (ROCm/legacy-rocm-build#5777) alone: hsa-memory-access-fault would file it under an
  // override the log never brings up. Withdrawn; the unknown report says what the fault does and does not tell.
  auto bare = explain_text("bare-fault.log", std::string(k_memory_fault_line) + "\nAborted (core dumped)\n");
  EXPECT_FALSE(bare.explained);
  ASSERT_EQ(ids(bare), std::vector<std::string>{"unknown"});
  EXPECT_NE(bare.findings.front().cause.find("brings up no HSA_OVERRIDE_GFX_VERSION"), std::string::npos)
      << bare.findings.front().cause;
  EXPECT_TRUE(any_detail_contains(bare.findings.front(), "line 1 (hsa-memory-access-fault) would blame"));
  EXPECT_NE(bare.findings.front().fix.find("AMD_SERIALIZE_KERNEL=3"), std::string::npos) << bare.findings.front().fix;
  // The amdgpu driver's page-fault lines of a firmware regression (ROCm/legacy-rocm-build#5616): withdrawn too.
  auto dmesg = explain_text("gfxhub-fault.log",
                            "[   67.058794] amdgpu 0000:c4:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:153 vmid:8 "
                            "pasid:32786)\n[   67.058812] amdgpu 0000:c4:00.0: amdgpu: GCVM_L2_PROTECTION_FAULT_STATUS:"
                            "0x00800932\n");
  EXPECT_EQ(ids(dmesg), std::vector<std::string>{"unknown"});
  // Another category's answer leads and says what was withdrawn.
  auto with_missing = explain_text("fault-and-missing.log", std::string(k_no_binary_line) + "\n" + k_memory_fault_line + "\n");
  ASSERT_EQ(ids(with_missing), std::vector<std::string>{"hip-no-binary-for-gpu"});
  EXPECT_TRUE(any_detail_contains(with_missing.findings.front(), "line 2 (hsa-memory-access-fault) would blame"));
  // The override named without a value ("unset HSA_OVERRIDE_GFX_VERSION", the reporter's own words) keeps the row.
  auto named = explain_text("named-override.log", "I also tried unset HSA_OVERRIDE_GFX_VERSION, same thing:\n" +
                                                       std::string(k_memory_fault_line) + "\n");
  EXPECT_EQ(ids(named), std::vector<std::string>{"hsa-memory-access-fault"});
  // So does an override in words, and the fault at (nil) before any work that only a leftover override was seen
  // to produce (ROCm/legacy-rocm-build#5238), which the rule does not list.
  EXPECT_EQ(ids(explain_text("in-words.log", "override to gfx1030\n" + std::string(k_memory_fault_line) + "\n")).front(),
            "hsa-memory-access-fault");
  EXPECT_EQ(ids(explain_text("nil-fault.log", "Memory access fault by GPU node-2 (Agent handle: 0x63155be5d980) on "
                                              "address (nil). Reason: Unknown.\n")),
            std::vector<std::string>{"hsa-memfault-nil-unknown"});
}

TEST(LogRules, AnOverrideInThisMachinesEnvironmentKeepsTheFaultRows) {
  // explain with context on the machine where the log was made: the override may be set there, not in the log.
  Finding fault;
  fault.id = "hsa-memory-access-fault";
  fault.category = "gpu-isa-override";
  fault.evidence.push_back({1, k_memory_fault_line});
  LogFacts facts;
  facts.collect(k_memory_fault_line, 1);
  std::vector<Finding> here{fault};
  apply_log_rules(builtin_log_rules(), facts, here, /*override_here=*/true);
  EXPECT_EQ(here.size(), 1u);
  std::vector<Finding> not_here{fault};
  LogRuleOutcome outcome = apply_log_rules(builtin_log_rules(), facts, not_here, /*override_here=*/false);
  EXPECT_TRUE(not_here.empty());
  EXPECT_FALSE(outcome.unknown_cause.empty());
}

TEST(LogRules, TableParsesAndRejectsWhatExplainCannotEvaluate) {
  const auto& rules = builtin_log_rules();
  ASSERT_EQ(rules.size(), 9u);
  EXPECT_EQ(rules[0].id, "override-crosses-gpu-family");
  EXPECT_EQ(rules[1].id, "override-within-gpu-family");
  EXPECT_EQ(rules[1].rank, "replaces-category-findings");
  EXPECT_EQ(rules[2].id, "ptxas-of-an-nvcc-build");
  EXPECT_EQ(rules[2].category, "compiler-version");
  EXPECT_EQ(rules[3].id, "override-not-reaching-ollama");
  EXPECT_EQ(rules[3].category, "gpu-isa-override");
  EXPECT_EQ(rules[3].rank, "before-gpu-findings");
  EXPECT_EQ(rules[4].id, "torch-arch-list-names-unknown-arch");
  EXPECT_EQ(rules[4].category, "arch-detect");
  EXPECT_EQ(rules[5].id, "override-of-family-not-in-failing-run");
  EXPECT_EQ(rules[5].rank, "before-gpu-findings");
  EXPECT_EQ(rules[6].id, "overrides-of-two-families-with-gpu-fault");
  EXPECT_EQ(rules[6].rank, "before-gpu-findings");
  EXPECT_EQ(rules[7].id, "nvcc-arch-not-a-real-architecture");
  EXPECT_EQ(rules[7].category, "arch-detect");
  EXPECT_EQ(rules[7].rank, "replaces-nvcc-arch-findings");
  EXPECT_EQ(rules[8].id, "gpu-fault-without-override");
  EXPECT_EQ(rules[8].rank, "withdraws-listed-findings");
  EXPECT_EQ(rules[8].signatures,
            (std::vector<std::string>{"hsa-memory-access-fault", "amdgpu-kernel-gpu-page-fault", "kfd-ih-fifo-overflow"}));
  EXPECT_TRUE(rules[0].signatures.empty());
  // Every signature a rule lists is a row of data/error_signatures.tsv.
  auto signatures = test::builtin_signatures_checked();
  for (const auto& rule : rules) {
    for (const auto& id : rule.signatures) {
      EXPECT_TRUE(std::any_of(signatures->signatures.begin(), signatures->signatures.end(),
                              [&](const Signature& signature) { return signature.id == id; }))
          << rule.id << " lists " << id;
    }
  }
  // withdraws-listed-findings needs a list, and only it may have one.
  const std::string with_list = "id\tcategory\tcondition\trank\tsignatures\tcause\tfix\tsource\n";
  EXPECT_TRUE(parse_log_rules(with_list + "a\tgpu-isa-override\tlog-brings-up-no-override\twithdraws-listed-findings\t"
                                          "x;y\tc\tf\thttps://example.org/x\n", "t").ok());
  EXPECT_FALSE(parse_log_rules(with_list + "a\tgpu-isa-override\tlog-brings-up-no-override\twithdraws-listed-findings\t"
                                           "-\tc\tf\thttps://example.org/x\n", "t").ok());
  EXPECT_FALSE(parse_log_rules(with_list + "a\tgpu-isa-override\toverride-crosses-logged-gpu-family\tbefore-gpu-findings\t"
                                           "x\tc\tf\thttps://example.org/x\n", "t").ok());
  EXPECT_FALSE(parse_log_rules(header_for_pairs() + "a\tarch-detect\tnvcc-arch-not-a-compute-capability\t"
                                                    "before-gpu-findings\tc\tf\thttps://example.org/x\n",
                               "t")
                   .ok());
  EXPECT_FALSE(parse_log_rules(header_for_pairs() + "a\tgpu-isa-override\toverrides-of-two-families-and-gpu-fault\t"
                                                    "replaces-category-findings\tc\tf\thttps://example.org/x\n",
                               "t")
                   .ok());
  auto mispaired = parse_log_rules(header_for_pairs() + "a\tgpu-isa-override\toverride-of-family-absent-from-failing-run\t"
                                                       "replaces-category-findings\tc\tf\thttps://example.org/x\n",
                                   "t");
  ASSERT_FALSE(mispaired.ok());
  EXPECT_NE(mispaired.error().message.find("that condition goes with 'before-gpu-findings'"), std::string::npos)
      << mispaired.error().message;
  EXPECT_FALSE(parse_log_rules(header_for_pairs() + "a\tgpu-isa-override\toverride-set-but-ollama-checked-gfx\t"
                                                    "replaces-category-findings\tc\tf\thttps://example.org/x\n",
                               "t")
                   .ok());
  EXPECT_FALSE(parse_log_rules(header_for_pairs() + "a\tcompiler-version\tptxas-in-cuda-build-without-triton\t"
                                                    "before-gpu-findings\tc\tf\thttps://example.org/x\n",
                               "t")
                   .ok());
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
