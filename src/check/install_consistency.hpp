// Consistency inside one Python environment, from the distributions' METADATA (PEP 508
// "Requires-Dist: name (specifier); marker") and torch/version.py:
//   - the Triton that torch pins vs the Triton installed (triton, pytorch-triton,
//     pytorch-triton-rocm, triton-rocm all install the same `triton` package);
//   - several Triton distributions at once (they overwrite each other's files);
//   - torchvision / torchaudio / vllm / flash-attn / xformers pins on torch vs the torch installed;
//   - torch's GPU flavour (CUDA, ROCm, CPU) vs the GPUs, and its CUDA vs the driver
//     (data/cuda_toolkits.tsv), its ROCm vs the system's ROCm.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "check/check_report.hpp"
#include "check/python_env.hpp"
#include "model/version.hpp"

namespace archfit::check {

struct SystemFacts {
  std::string nvidia_driver;  // "580.159.04", or empty
  std::string rocm_version;   // "6.4.1" from /opt/rocm/.info/version, or empty
};

std::vector<ConsistencyResult> check_install_consistency(const std::vector<Distribution>& distributions,
                                                         const std::vector<DeviceTarget>& targets,
                                                         const SystemFacts& system);

struct Requirement {
  std::string name;       // normalised
  std::string specifier;  // "==3.6.0", ">=2.4,<2.6", "" for any
  std::string marker;     // after ';', or empty
};

std::optional<Requirement> parse_requirement(std::string_view text);

// PEP 440, the parts that pins use: ==, !=, >=, <=, >, <, ~=, "==X.*"; a local version label
// ("+cu130") is ignored unless the specifier has one.
bool version_satisfies(std::string_view version, std::string_view specifier);

// Numeric comparison of dotted versions ("580.65.06" vs "580.159.04"): -1, 0, 1.
using model::compare_versions;

}  // namespace archfit::check
