// data/cuda_compute_capabilities.tsv against the other tables that name CUDA architectures, each read from its own
// source: the toolkits' target lists (data/cuda_toolkits.tsv, from nvcc/ptxas themselves) and the compute capability
// of every GPU by name and PCI id (data/nvidia_gpu_names.tsv, data/nvidia_pci_ids.tsv, from NVIDIA's GPU pages).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "knowledge/cuda_compute_capabilities.hpp"
#include "knowledge/tsv_table.hpp"

namespace archfit::knowledge {
namespace {

// "8.9" -> "89", "12.0" -> "120": nvcc's spelling of a compute capability.
std::string nvcc_name(std::string_view capability) {
  std::string name(capability);
  name.erase(std::remove(name.begin(), name.end(), '.'), name.end());
  return name;
}

TEST(CudaComputeCapabilities, EveryTargetOfEveryToolkitIsReal) {
  const auto& toolkits = embedded_table("cuda_toolkits.tsv");
  ASSERT_FALSE(toolkits.rows.empty());
  for (const auto& row : toolkits.rows) {
    for (const auto& target : split_list_field(toolkits.field(row, "sm_list"))) {
      ASSERT_TRUE(target.starts_with("sm_")) << target;
      EXPECT_EQ(classify_cuda_arch_name(target.substr(3)), CudaArchName::real)
          << target << " of CUDA " << toolkits.field(row, "cuda");
    }
  }
}

TEST(CudaComputeCapabilities, EveryKnownGpuHasARealComputeCapability) {
  for (const char* name : {"nvidia_gpu_names.tsv", "nvidia_pci_ids.tsv"}) {
    const auto& gpus = embedded_table(name);
    ASSERT_FALSE(gpus.rows.empty()) << name;
    for (const auto& row : gpus.rows) {
      auto capability = gpus.field(row, "compute_capability");
      EXPECT_EQ(classify_cuda_arch_name(nvcc_name(capability)), CudaArchName::real) << name << ": " << capability;
    }
  }
}

TEST(CudaComputeCapabilities, NamesNoGpuHasAreNotRealAndNewerNumbersAreNotJudged) {
  EXPECT_EQ(classify_cuda_arch_name("90a"), CudaArchName::real);
  EXPECT_EQ(classify_cuda_arch_name("100f"), CudaArchName::real);
  EXPECT_EQ(classify_cuda_arch_name("71"), CudaArchName::not_real);    // openpose#1087: no GPU is 7.1
  EXPECT_EQ(classify_cuda_arch_name("86+PTX"), CudaArchName::not_real);  // torch's list syntax, not nvcc's
  EXPECT_EQ(classify_cuda_arch_name("native"), CudaArchName::not_real);
  EXPECT_EQ(classify_cuda_arch_name(""), CudaArchName::not_real);
  EXPECT_EQ(classify_cuda_arch_name("130"), CudaArchName::newer_than_table);
}

}  // namespace
}  // namespace archfit::knowledge
