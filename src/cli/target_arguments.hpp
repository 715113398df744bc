// --target values, judged the same way by every command that takes them: each item (comma-separated
// or repeated) must be a target ID (model/target_id.hpp: gfx942, gfx90a:xnack+, sm_90, 9.0, 90) that
// names a processor archfit's tables know: data/amdgpu_processors.tsv for AMD, the CUDA rows of
// data/compiler_targets.tsv (what some CUDA release's nvcc builds) for NVIDIA. Anything else is a
// usage error (exit 2) that names the closest known processor.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace archfit::cli {

// The items of `values`, as given. `one_vendor`: AMD and NVIDIA targets together are an error (a
// build is for one backend: doctor, env, build, report). `label` starts each error: where the values
// came from ("--target", "--targets-from FILE", "$PYTORCH_ROCM_ARCH", "config.toml:3 targets").
Result<std::vector<std::string>> validate_target_arguments(const std::vector<std::string>& values, bool one_vendor,
                                                           std::string_view label = "--target");

}  // namespace archfit::cli
