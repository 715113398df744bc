// detect_system's CommandRunner seam: the last-resort `nvidia-smi --query-gpu=pci.bus_id,compute_cap`
// goes through the injected runner. The machine is the H200 tree captured on the real machine
// (tests/data/sysroots/h200, SOURCE.md there), seen as the live system, with its GPU's PCI device id
// replaced by one archfit's table does not know (a GPU newer than the table). The runner answers
// with that machine's own nvidia-smi columns (tools/nvidia-smi-query.csv: 00000000:00:06.0, 9.0).
#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "support/fake_command_runner.hpp"
#include "support/test_support.hpp"

namespace archfit::detect {
namespace {

// A captured tree presented as "/": is_live() is true, every file read goes to the tree.
class TreeSeenAsLive : public probe::SystemRoot {
 public:
  explicit TreeSeenAsLive(const std::string& tree) : SystemRoot("/"), m_tree(tree) {}
  probe::TextFile read_text(std::string_view path, std::size_t limit, std::string_view stop_after) const override {
    if (path == "/sys/bus/pci/devices/0000:00:06.0/device") {
      return {"0xfffe\n", 0};  // not in data/nvidia_pci_ids.tsv
    }
    return m_tree.read_text(path, limit, stop_after);
  }
  std::vector<std::string> list_dir(std::string_view path) const override { return m_tree.list_dir(path); }
  probe::PathAccess access(std::string_view path) const override { return m_tree.access(path); }
  std::optional<std::string> read_link(std::string_view path) const override { return m_tree.read_link(path); }

 private:
  probe::SystemRoot m_tree;
};

const std::vector<std::string> k_query = {"nvidia-smi", "--query-gpu=pci.bus_id,compute_cap", "--format=csv,noheader"};

TreeSeenAsLive h200() { return TreeSeenAsLive(std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/h200/root"); }

TEST(DetectCommandRunnerSeam, UnknownDeviceIdIsAskedOfNvidiaSmiThroughTheRunner) {
  auto root = h200();
  ASSERT_TRUE(root.is_live());
  test::FakeCommandRunner runner;
  runner.answer_output(k_query, "00000000:00:06.0, 9.0\n");
  auto report = detect_system(root, probe::Environment{}, {.runner = &runner});
  if (!report.gpus.empty() && report.gpus[0].source == "nvml") {
    GTEST_SKIP() << "this machine's NVML answered for the captured GPU's PCI address (the H200 machine itself)";
  }
  ASSERT_EQ(runner.calls().size(), 1u);
  EXPECT_EQ(runner.calls().front(), k_query);
  ASSERT_EQ(report.gpus.size(), 1u);
  EXPECT_EQ(report.gpus[0].pci, "0000:00:06.0");
  EXPECT_EQ(report.gpus[0].compute_capability, "9.0");
  EXPECT_EQ(report.gpus[0].target, "sm_90");
  EXPECT_EQ(report.gpus[0].source, "nvidia-smi");
}

TEST(DetectCommandRunnerSeam, NoNvidiaSmiLeavesTheCapabilityUnknown) {
  auto root = h200();
  test::FakeCommandRunner runner;  // answers nothing: nvidia-smi is not installed
  auto report = detect_system(root, probe::Environment{}, {.runner = &runner});
  if (!report.gpus.empty() && report.gpus[0].source == "nvml") {
    GTEST_SKIP() << "this machine's NVML answered for the captured GPU's PCI address (the H200 machine itself)";
  }
  EXPECT_EQ(runner.calls().size(), 1u);
  ASSERT_EQ(report.gpus.size(), 1u);
  EXPECT_EQ(report.gpus[0].compute_capability, "");
  EXPECT_EQ(report.gpus[0].target, "");
}

TEST(DetectCommandRunnerSeam, CapturedTreesNeverStartCommands) {
  probe::SystemRoot root(std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/h200/root");
  test::FakeCommandRunner runner;
  auto report = detect_system(root, probe::Environment{}, {.runner = &runner});
  EXPECT_TRUE(runner.calls().empty());
  ASSERT_EQ(report.gpus.size(), 1u);
  EXPECT_EQ(report.gpus[0].target, "sm_90");  // H200 (0x2335) is in the table
}

}  // namespace
}  // namespace archfit::detect
