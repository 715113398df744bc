// `archfit detect --sysroot` on every captured or constructed tree under tests/data/sysroots/.
// Each tree's expected.tsv was written from the public dump it was built from (rocminfo text,
// lspci, libdrm's amdgpu.ids: see its SOURCE.md), never from archfit's output.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "support/test_support.hpp"

namespace archfit::test {
namespace {

namespace fs = std::filesystem;

fs::path sysroots() { return fs::path(ARCHFIT_SOURCE_DIR) / "tests/data/sysroots"; }

std::vector<std::map<std::string, std::string>> read_expected(const fs::path& file) {
  std::vector<std::map<std::string, std::string>> rows;
  std::vector<std::string> header;
  for (const auto& line : lines(read_text(file))) {
    if (line.starts_with('#')) {
      continue;
    }
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true) {
      auto tab = line.find('\t', start);
      fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) {
        break;
      }
      start = tab + 1;
    }
    if (header.empty()) {
      header = fields;
      continue;
    }
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) {
      row[header[i]] = fields[i];
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string lower(std::string text) {
  for (auto& c : text) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return text;
}

// "0x74a1" / "74a1" / "0x74A1" → "0x74a1"
std::string hex_id(const std::string& text, std::size_t digits) {
  std::string value = lower(text);
  if (value.starts_with("0x")) {
    value = value.substr(2);
  }
  while (value.size() < digits) {
    value.insert(value.begin(), '0');
  }
  return "0x" + value;
}

std::vector<fs::path> trees_with_expectations() {
  std::vector<fs::path> trees;
  for (const auto& entry : fs::directory_iterator(sysroots())) {
    if (fs::exists(entry.path() / "expected.tsv")) {
      trees.push_back(entry.path());
    }
  }
  std::sort(trees.begin(), trees.end());
  return trees;
}

TEST(SysrootTrees, EveryTreeYieldsExactlyItsExpectedGpus) {
  auto trees = trees_with_expectations();
  ASSERT_GE(trees.size(), 4u);
  for (const auto& tree : trees) {
    SCOPED_TRACE(tree.filename().string());
    auto expected = read_expected(tree / "expected.tsv");
    int exit_code = -1;
    auto report = run_archfit_json({"detect", "--sysroot", (tree / "root").string()}, &exit_code);
    ASSERT_TRUE(report.contains("gpus"));
    ASSERT_EQ(report["gpus"].size(), expected.size());
    for (const auto& row : expected) {
      SCOPED_TRACE(row.at("pci"));
      const nlohmann::json* found = nullptr;
      for (const auto& gpu : report["gpus"]) {
        if (gpu["pci"] == row.at("pci")) {
          found = &gpu;
        }
      }
      ASSERT_NE(found, nullptr) << "no GPU at " << row.at("pci");
      const auto& gpu = *found;
      EXPECT_EQ(gpu["vendor"], lower(row.at("vendor")));
      EXPECT_EQ(gpu["target"], row.at("target"));
      EXPECT_EQ(gpu["target_id"], row.at("target_id"));
      if (row.count("device_id") && row.at("device_id") != "-") {
        EXPECT_EQ(gpu["device_id"], hex_id(row.at("device_id"), 4));
      }
      if (row.count("revision") && row.at("revision") != "-" && !gpu["revision"].is_null()) {
        EXPECT_EQ(gpu["revision"], hex_id(row.at("revision"), 2));
      }
      if (row.count("compute_units") && row.at("compute_units") != "-") {
        EXPECT_EQ(gpu["compute_units"], std::stoul(row.at("compute_units")));
      }
      if (row.count("name") && row.at("name") != "-") {
        EXPECT_EQ(gpu["name"], row.at("name"));
      }
      if (row.count("accessible") && row.at("accessible") != "-") {
        EXPECT_EQ(gpu["accessible"], row.at("accessible") == "yes");
      }
    }
  }
}

// The real H200 machine: nvidia-smi's answer, captured in the same run as the tree.
TEST(SysrootTrees, H200MatchesNvidiaSmi) {
  auto csv = lines(read_text(sysroots() / "h200/tools/nvidia-smi-query.csv"));
  ASSERT_EQ(csv.size(), 2u);
  ASSERT_EQ(csv[0], "name, compute_cap, pci.bus_id, uuid, driver_version");
  // NVIDIA H200, 9.0, 00000000:00:06.0, GPU-df22…, 580.159.04
  std::vector<std::string> fields;
  std::string row = csv[1];
  for (std::size_t start = 0; start <= row.size();) {
    auto comma = row.find(", ", start);
    fields.push_back(row.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) {
      break;
    }
    start = comma + 2;
  }
  ASSERT_EQ(fields.size(), 5u);
  int exit_code = -1;
  auto report = run_archfit_json({"detect", "--sysroot", (sysroots() / "h200/root").string()}, &exit_code);
  ASSERT_EQ(report["gpus"].size(), 1u);
  const auto& gpu = report["gpus"][0];
  EXPECT_EQ(gpu["vendor"], "nvidia");
  EXPECT_EQ(gpu["name"], fields[0]);
  std::string capability = fields[1];
  EXPECT_EQ(gpu["nvidia"]["compute_capability"], capability);
  EXPECT_EQ(gpu["target"], "sm_" + capability.substr(0, capability.find('.')) + capability.substr(capability.find('.') + 1));
  EXPECT_EQ(gpu["target_id"], gpu["target"]);
  EXPECT_EQ(gpu["pci"], "0000" + fields[2].substr(8));  // nvidia-smi prints an 8-digit domain
  EXPECT_EQ(gpu["uuid"], fields[3]);
  EXPECT_EQ(report["drivers"]["nvidia"], fields[4]);
  EXPECT_EQ(gpu["accessible"], true);
  EXPECT_EQ(report["build_targets"]["TORCH_CUDA_ARCH_LIST"], capability);
  EXPECT_EQ(exit_code, 0);
  // host.txt: `nproc` printed 16 there.
  auto host = lines(read_text(sysroots() / "h200/tools/host.txt"));
  EXPECT_EQ(report["host"]["cpu"]["logical_cpus"], std::stoul(host.at(2)));
  EXPECT_EQ(report["host"]["os"]["id"], "ubuntu");
}

}  // namespace
}  // namespace archfit::test
