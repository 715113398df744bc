// Offload bundle entries that are neither AMD nor NVIDIA GPU code: OpenMP entries for portable SPIR
// (spir64) and for the host CPU (x86_64), bundled by clang-offload-bundler 19 from objects clang 19
// compiled (tests/fixtures/amd/make_amd_fixtures.sh), into a host ELF object (one section per entry,
// as in bitsandbytes' SYCL libraries) and into a standalone bundle file. `scan` labels each entry with
// the vendor its triple names (data/offload_triple_vendors.tsv) and `check` never judges them as AMD
// or NVIDIA code. The entry IDs come from clang-offload-bundler --list.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "amd/oracles.hpp"

namespace archfit::test {
namespace {

std::string oracle(const std::string& name) { return read_text(fixture_dir("amd") / "oracle" / name); }
std::string fixture(const std::string& name) { return (fixture_dir("amd") / name).string(); }

// The vendor the public documents give each triple of these fixtures: amdgcn-amd-amdhsa is AMD GPU
// code (LLVM AMDGPUUsage, "Target Triples"), spir64 portable SPIR-V that a runtime compiles for its
// device (Intel's -fsycl-targets reference: "default heuristics for SPIR64-based devices"), x86_64
// host CPU code (clang CrossCompilation, "Target Triple").
std::string documented_vendor(const std::string& id) {
  if (id.starts_with("openmp-amdgcn-amd-amdhsa-")) {
    return "amd";
  }
  if (id.starts_with("openmp-spir64-") || id.starts_with("openmp-x86_64-")) {
    return "other";
  }
  return "<no document for " + id + ">";
}

// The bundler's list without the host entry (the host entry is not GPU code: archfit lists it only
// among the bundle's entries).
std::vector<std::string> device_entries(const std::string& bundler_list) {
  std::vector<std::string> ids;
  for (const auto& id : lines(bundler_list)) {
    if (!id.starts_with("host-")) {
      ids.push_back(id);
    }
  }
  return sorted(ids);
}

class OtherOffloadKinds : public ::testing::TestWithParam<std::string> {};

TEST_P(OtherOffloadKinds, EachEntryHasTheVendorItsTripleNames) {
  const std::string name = GetParam();
  auto json = run_archfit_json({"scan", fixture(name)});
  const auto& file = json["files"][0];
  EXPECT_TRUE(file["errors"].empty()) << file["errors"].dump();
  auto expected = device_entries(oracle(name + ".bundler.txt"));
  ASSERT_GE(expected.size(), 2u);
  std::vector<std::string> got;
  for (const auto& code : file["gpu_code"]) {
    std::string id = code["entry_id"];
    got.push_back(id);
    EXPECT_EQ(code["vendor"], documented_vendor(id)) << id;
    if (code["vendor"] == "amd") {
      EXPECT_EQ(code["target"], "gfx90a") << id;
    } else {
      // Never a kind that `check` counts as loadable AMD/NVIDIA code.
      EXPECT_NE(code["kind"], "code-object") << id;
      EXPECT_NE(code["kind"], "cubin") << id;
      EXPECT_NE(code["kind"], "ptx") << id;
    }
  }
  EXPECT_EQ(sorted(got), expected);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, OtherOffloadKinds,
                         ::testing::Values(std::string("other_kinds.o"), std::string("other_kinds.bundle"),
                                           std::string("other_only.o")),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           for (auto& c : name) {
                             c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

TEST(OtherOffloadKinds, TextNamesTheEntriesAndTheirVendor) {
  auto result = run_command({archfit_binary(), "scan", fixture("other_only.o")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const auto& id : device_entries(oracle("other_only.o.bundler.txt"))) {
    EXPECT_NE(result.out.find(id + " (" + documented_vendor(id) + ")"), std::string::npos) << result.out;
  }
  EXPECT_NE(result.out.find("not AMD or NVIDIA code"), std::string::npos) << result.out;
}

TEST(OtherOffloadKinds, CheckNeverJudgesThemAsAmdOrNvidiaCode) {
  // Only non-AMD/NVIDIA entries: no-code for both vendors' targets, naming what the file carries;
  // never native or jit, and not host-only (the file does carry device code).
  auto json = run_archfit_json({"check", "--target", "gfx90a", "--target", "sm_90", fixture("other_only.o")});
  ASSERT_EQ(json["results"].size(), 2u) << json.dump(1);
  for (const auto& result : json["results"]) {
    EXPECT_EQ(result["verdict"], "no-code") << result.dump();
    EXPECT_TRUE(result["matched"].is_null()) << result.dump();
    std::string reason = result["reason"];
    EXPECT_NE(reason.find("carries only"), std::string::npos) << reason;
    for (const auto& id : device_entries(oracle("other_only.o.bundler.txt"))) {
      EXPECT_NE(reason.find(documented_vendor(id) + " code " + id), std::string::npos) << reason;
    }
  }
  // Next to an AMD entry: gfx90a is native through that entry alone; sm_90 has nothing.
  json = run_archfit_json({"check", "--target", "gfx90a", "--target", "sm_90", fixture("other_kinds.o")});
  ASSERT_EQ(json["results"].size(), 2u) << json.dump(1);
  for (const auto& result : json["results"]) {
    if (result["target"] == "gfx90a") {
      EXPECT_EQ(result["verdict"], "native") << result.dump();
      EXPECT_EQ(result["matched"], "gfx90a") << result.dump();
    } else {
      EXPECT_EQ(result["verdict"], "no-code") << result.dump();
      EXPECT_NE(result["reason"].get<std::string>().find("other code openmp-spir64-"), std::string::npos)
          << result.dump();
    }
  }
}

}  // namespace
}  // namespace archfit::test
