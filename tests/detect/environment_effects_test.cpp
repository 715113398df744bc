// What the environment does to the detected GPUs, on real/constructed trees, through the library
// with an injected Environment (no process environment involved). Rules: detect.md §3
// (HSA_OVERRIDE_GFX_VERSION; ROCR/HIP/CUDA_VISIBLE_DEVICES), the runtimes' documented behaviour.
#include <gtest/gtest.h>

#include <cerrno>

#include "detect/detector.hpp"
#include "support/test_support.hpp"

namespace archfit::detect {
namespace {

std::string tree(const std::string& name) {
  return std::string(ARCHFIT_SOURCE_DIR) + "/tests/data/sysroots/" + name + "/root";
}

DetectReport detect_with(const std::string& name, std::map<std::string, std::string> variables) {
  probe::SystemRoot root(tree(name));
  return detect_system(root, probe::Environment(std::move(variables)));
}

const Finding* find(const DetectReport& report, const std::string& id) {
  for (const auto& finding : report.findings) {
    if (finding.id == id) {
      return &finding;
    }
  }
  return nullptr;
}

std::vector<std::string> visible_pcis(const DetectReport& report) {
  std::vector<std::pair<unsigned, std::string>> order;
  for (const auto& gpu : report.gpus) {
    if (gpu.visible_index) {
      order.emplace_back(*gpu.visible_index, gpu.pci);
    }
  }
  std::sort(order.begin(), order.end());
  std::vector<std::string> pcis;
  for (auto& [index, pci] : order) {
    pcis.push_back(pci);
  }
  return pcis;
}

TEST(EnvironmentEffects, NoVariablesEveryAccessibleGpuVisibleInKfdOrder) {
  auto report = detect_with("mi300x-8gpu", {});
  ASSERT_EQ(report.gpus.size(), 8u);
  for (unsigned i = 0; i < 8; ++i) {
    EXPECT_EQ(report.gpus[i].visible_index, i);
  }
  EXPECT_EQ(report.pytorch_rocm_arch, "gfx942");
  EXPECT_EQ(find(report, "gpus-not-homogeneous"), nullptr);
}

TEST(EnvironmentEffects, RocrListEndsAtTheFirstBadToken) {
  auto report = detect_with("mi300x-8gpu", {{"ROCR_VISIBLE_DEVICES", "0,2,-1,1"}});
  auto all = detect_with("mi300x-8gpu", {});
  EXPECT_EQ(visible_pcis(report), (std::vector<std::string>{all.gpus[0].pci, all.gpus[2].pci}));
  ASSERT_NE(find(report, "visible-devices-truncated"), nullptr);
}

TEST(EnvironmentEffects, HipIndexesRocrsListAndFallsBackToCudaVisibleDevices) {
  auto all = detect_with("mi300x-8gpu", {});
  auto report = detect_with("mi300x-8gpu", {{"ROCR_VISIBLE_DEVICES", "4,5,6"}, {"HIP_VISIBLE_DEVICES", "2,0"}});
  EXPECT_EQ(visible_pcis(report), (std::vector<std::string>{all.gpus[6].pci, all.gpus[4].pci}));
  auto cuda = detect_with("mi300x-8gpu", {{"CUDA_VISIBLE_DEVICES", "7"}});
  EXPECT_EQ(visible_pcis(cuda), (std::vector<std::string>{all.gpus[7].pci}));
  auto empty = detect_with("mi300x-8gpu", {{"HIP_VISIBLE_DEVICES", ""}});
  EXPECT_TRUE(visible_pcis(empty).empty());
  EXPECT_NE(find(empty, "visible-devices-empty"), nullptr);
  EXPECT_EQ(empty.pytorch_rocm_arch, "");
}

TEST(EnvironmentEffects, RocrAcceptsUuids) {
  auto all = detect_with("mi300x-8gpu", {});
  ASSERT_FALSE(all.gpus[3].uuid.empty());
  auto report = detect_with("mi300x-8gpu", {{"ROCR_VISIBLE_DEVICES", all.gpus[3].uuid}});
  EXPECT_EQ(visible_pcis(report), (std::vector<std::string>{all.gpus[3].pci}));
}

TEST(EnvironmentEffects, OverrideAcrossFamiliesIsAnError) {
  // detect.md §1.6: an MI210 run with HSA_OVERRIDE_GFX_VERSION=10.3.0 executed gfx1030 code and faulted.
  auto report = detect_with("mi300x-8gpu", {{"HSA_OVERRIDE_GFX_VERSION", "10.3.0"}});
  const auto* finding = find(report, "override-crosses-family");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->severity, detect::Severity::error);
  EXPECT_EQ(report.gpus[0].target, "gfx942");
  EXPECT_EQ(report.gpus[0].override_target, "gfx1030");
  EXPECT_EQ(report.pytorch_rocm_arch, "gfx1030");  // what the runtime will look for
  EXPECT_TRUE(report.has_problems());
}

TEST(EnvironmentEffects, MalformedOverrideIsReported) {
  auto report = detect_with("mi300x-8gpu", {{"HSA_OVERRIDE_GFX_VERSION", "gfx942"}});
  EXPECT_NE(find(report, "override-malformed"), nullptr);
  EXPECT_TRUE(report.gpus[0].override_target.empty());
}

TEST(EnvironmentEffects, OverrideToTheSameTargetIsNothing) {
  auto report = detect_with("mi300x-8gpu", {{"HSA_OVERRIDE_GFX_VERSION", "9.4.2"}});
  EXPECT_EQ(find(report, "override-crosses-family"), nullptr);
  EXPECT_EQ(find(report, "override-in-effect"), nullptr);
  EXPECT_FALSE(report.has_problems());
}

TEST(EnvironmentEffects, HsaXnackChangesTheTargetId) {
  auto report = detect_with("mi300x-8gpu", {{"HSA_XNACK", "1"}});
  EXPECT_EQ(report.gpus[0].target_id, "gfx942:sramecc+:xnack+");
  EXPECT_EQ(report.gpus[0].xnack_source, "HSA_XNACK=1");
}

TEST(EnvironmentEffects, CudaVisibleDevicesOnTheH200) {
  auto uuid = detect_with("h200", {{"CUDA_VISIBLE_DEVICES", "GPU-df22b45f"}});
  EXPECT_EQ(visible_pcis(uuid), (std::vector<std::string>{"0000:00:06.0"}));
  auto none = detect_with("h200", {{"CUDA_VISIBLE_DEVICES", ""}});
  EXPECT_TRUE(visible_pcis(none).empty());
  auto out_of_range = detect_with("h200", {{"CUDA_VISIBLE_DEVICES", "1"}});
  EXPECT_TRUE(visible_pcis(out_of_range).empty());
  EXPECT_NE(find(out_of_range, "visible-devices-truncated"), nullptr);
}

TEST(EnvironmentEffects, OverrideWithinTheFamilyIsAWarning) {
  // detect.md §3.1: HSA_OVERRIDE_GFX_VERSION=10.3.0 on an RX 6700 XT (gfx1031) runs gfx1030 code;
  // both are gfx10-3-generic members.
  auto report = detect_with("rx6700xt-override", {{"HSA_OVERRIDE_GFX_VERSION", "10.3.0"}});
  ASSERT_EQ(report.gpus.size(), 1u);
  EXPECT_EQ(report.gpus[0].target, "gfx1031");
  EXPECT_EQ(report.gpus[0].override_target, "gfx1030");
  const auto* finding = find(report, "override-in-effect");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->severity, detect::Severity::warning);
  EXPECT_EQ(find(report, "override-crosses-family"), nullptr);
}

TEST(EnvironmentEffects, MixedVendorsAreNotHomogeneous) {
  auto report = detect_with("mixed-vendor", {});
  EXPECT_EQ(report.pytorch_rocm_arch, "gfx1100");
  EXPECT_EQ(report.torch_cuda_arch_list, "8.6");
  const auto* finding = find(report, "gpus-not-homogeneous");
  ASSERT_NE(finding, nullptr);
  EXPECT_NE(finding->fix.find("PYTORCH_ROCM_ARCH=\"gfx1100\""), std::string::npos);
  EXPECT_NE(finding->fix.find("TORCH_CUDA_ARCH_LIST=\"8.6\""), std::string::npos);
  // CUDA_VISIBLE_DEVICES also reaches HIP when HIP_VISIBLE_DEVICES is unset.
  auto hidden = detect_with("mixed-vendor", {{"CUDA_VISIBLE_DEVICES", ""}});
  EXPECT_TRUE(visible_pcis(hidden).empty());
  auto hip = detect_with("mixed-vendor", {{"CUDA_VISIBLE_DEVICES", ""}, {"HIP_VISIBLE_DEVICES", "0"}});
  EXPECT_EQ(visible_pcis(hip).size(), 1u);
}

TEST(EnvironmentEffects, IntegratedGpuNextToDiscreteIsFlagged) {
  auto report = detect_with("rx7900xtx", {});
  const auto* finding = find(report, "integrated-gpu-visible");
  ASSERT_NE(finding, nullptr);
  EXPECT_NE(finding->fix.find("HIP_VISIBLE_DEVICES=0"), std::string::npos);
  auto hidden = detect_with("rx7900xtx", {{"HIP_VISIBLE_DEVICES", "0"}});
  EXPECT_EQ(find(hidden, "integrated-gpu-visible"), nullptr);
  EXPECT_EQ(hidden.pytorch_rocm_arch, "gfx1100");
}

TEST(EnvironmentEffects, ContainerWithoutDevKfd) {
  auto report = detect_with("container-no-kfd", {});
  ASSERT_FALSE(report.gpus.empty());
  for (const auto& gpu : report.gpus) {
    EXPECT_FALSE(gpu.accessible);
    EXPECT_NE(gpu.inaccessible_reason.find("/dev/kfd"), std::string::npos);
    EXPECT_NE(gpu.fix.find("--device=/dev/kfd"), std::string::npos);
  }
  EXPECT_TRUE(report.has_problems());
}

// A container's device cgroup makes KFD node files fail with EPERM: the GPU is still on the PCI
// bus, and must be reported as present but not accessible (detect.md §1.1).
class HidingRoot : public probe::SystemRoot {
 public:
  using SystemRoot::SystemRoot;
  probe::TextFile read_text(std::string_view path, std::size_t limit, std::string_view stop_after) const override {
    if (path.find("/topology/nodes/3/") != std::string_view::npos) {
      return {"", EPERM};
    }
    return SystemRoot::read_text(path, limit, stop_after);
  }
};

TEST(EnvironmentEffects, HiddenKfdNodeIsPresentNotAccessible) {
  HidingRoot root(tree("mi300x-8gpu"));
  auto report = detect_system(root, probe::Environment{});
  ASSERT_EQ(report.gpus.size(), 8u);
  unsigned hidden = 0;
  for (const auto& gpu : report.gpus) {
    if (!gpu.accessible) {
      ++hidden;
      EXPECT_EQ(gpu.source, "pci-id-table");
      EXPECT_EQ(gpu.target, "gfx942");  // from the PCI id table
      EXPECT_NE(gpu.inaccessible_reason.find("EPERM"), std::string::npos);
      EXPECT_FALSE(gpu.visible);
    }
  }
  EXPECT_EQ(hidden, 1u);
  EXPECT_NE(find(report, "gpu-not-accessible"), nullptr);
}

}  // namespace
}  // namespace archfit::detect
