// `archfit detect --from-rocminfo / --from-nvidia-smi` on real outputs from public issues
// (tests/data/tool-outputs, SOURCES.tsv names each one's URL) and from the H200 machine. The
// expected GPUs are what the text itself shows (rocminfo's agent Name and "ISA 1" target ID;
// nvidia-smi's names and compute_cap), written down in SOURCES.tsv by hand.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    auto at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) {
      return parts;
    }
    start = at + 1;
  }
}

fs::path outputs() { return fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/tool-outputs"; }

TEST(ToolOutputs, EveryPublicOutputYieldsTheGpusItShows) {
  auto rows = lines(read_text(outputs() / "SOURCES.tsv"));
  ASSERT_GE(rows.size(), 15u);
  std::size_t checked = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    auto fields = split(rows[i], '\t');
    ASSERT_GE(fields.size(), 3u) << rows[i];
    const std::string& file = fields[0];
    SCOPED_TRACE(file + " (" + fields[1] + ")");
    bool rocminfo = file.starts_with("rocminfo/");
    auto report = run_archfit_json(
        {"detect", rocminfo ? "--from-rocminfo" : "--from-nvidia-smi", (outputs() / file).string()});
    ASSERT_TRUE(report.contains("gpus")) << report.dump();
    auto expected = split(fields[2], ';');
    ASSERT_EQ(report["gpus"].size(), expected.size());
    for (std::size_t g = 0; g < expected.size(); ++g) {
      const auto& gpu = report["gpus"][g];
      if (rocminfo) {
        // "gfx90a(gfx90a:sramecc+:xnack-)"
        auto open = expected[g].find('(');
        EXPECT_EQ(gpu["vendor"], "amd");
        EXPECT_EQ(gpu["target"], expected[g].substr(0, open));
        EXPECT_EQ(gpu["target_id"], expected[g].substr(open + 1, expected[g].size() - open - 2));
      } else {
        // "NVIDIA TITAN V sm_70" or just the name
        std::string name = expected[g];
        auto sm = name.rfind(" sm_");
        if (sm != std::string::npos) {
          EXPECT_EQ(gpu["target"], name.substr(sm + 1));
          name = name.substr(0, sm);
        }
        EXPECT_EQ(gpu["vendor"], "nvidia");
        EXPECT_EQ(gpu["name"], name);
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, rows.size() - 1);
}

// NVIDIA's own outputs name no compute capability except in the CSV; the others get it from the
// PCI-id table (by device id in -q, by name otherwise). On the H200 machine all three formats were
// captured with the CSV, which is the oracle.
TEST(ToolOutputs, H200FormatsAgreeWithItsCsv) {
  fs::path tools = fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots/h200/tools";
  auto csv = run_archfit_json({"detect", "--from-nvidia-smi", (tools / "nvidia-smi-query.csv").string()});
  ASSERT_EQ(csv["gpus"].size(), 1u);
  EXPECT_EQ(csv["gpus"][0]["target"], "sm_90");
  EXPECT_EQ(csv["gpus"][0]["pci"], "0000:00:06.0");
  EXPECT_EQ(csv["gpus"][0]["confidence"], "high");
  EXPECT_EQ(csv["drivers"]["nvidia"], "580.159.04");
  for (const char* file : {"nvidia-smi.txt", "nvidia-smi-q.txt"}) {
    SCOPED_TRACE(file);
    auto report = run_archfit_json({"detect", "--from-nvidia-smi", (tools / file).string()});
    ASSERT_EQ(report["gpus"].size(), 1u);
    EXPECT_EQ(report["gpus"][0]["name"], csv["gpus"][0]["name"]);
    EXPECT_EQ(report["gpus"][0]["target"], csv["gpus"][0]["target"]);
    EXPECT_EQ(report["gpus"][0]["pci"], csv["gpus"][0]["pci"]);
    EXPECT_EQ(report["drivers"]["nvidia"], "580.159.04");
  }
  auto q = run_archfit_json({"detect", "--from-nvidia-smi", (tools / "nvidia-smi-q.txt").string()});
  EXPECT_EQ(q["gpus"][0]["device_id"], "0x2335");  // "Device Id : 0x233510DE"
  EXPECT_EQ(q["gpus"][0]["uuid"], "GPU-df22b45f-7ac8-b207-d100-46b70f5cab61");
}

TEST(ToolOutputs, NotAToolOutputIsAClearError) {
  auto result = run_command({archfit_binary(), "detect", "--from-rocminfo",
                             (fs::path(ARCHFIT_SOURCE_DIR) / "README.md").string()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("not rocminfo output"), std::string::npos) << result.err;
  auto missing = run_command({archfit_binary(), "detect", "--from-nvidia-smi", "/nonexistent/smi.txt"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/smi.txt"), std::string::npos);
  auto both = run_command({archfit_binary(), "detect", "--from-nvidia-smi", "a", "--from-rocminfo", "b"});
  EXPECT_EQ(both.exit_code, 2);
}

}  // namespace
}  // namespace archfit::test
