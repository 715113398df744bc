// What the environment changes about the GPUs programs will see, applied to a detected list:
// HSA_OVERRIDE_GFX_VERSION (the ISA ROCr reports instead of the real one), the *_VISIBLE_DEVICES
// lists and CUDA_DEVICE_ORDER; then the arch lists that cover every visible GPU, and the
// homogeneity verdict.
#pragma once

#include "detect/detect_report.hpp"
#include "probe/environment.hpp"

namespace archfit::detect {

void apply_environment_effects(const probe::Environment& environment, DetectReport& report);

// Variables reported in `environment` (set ones only, in this order).
const std::vector<std::string>& visibility_variables();

}  // namespace archfit::detect
