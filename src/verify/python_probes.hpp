// The Python side of `verify`: one script, run as `python -c SCRIPT CHECK ARGS…` in a fresh
// process per check, that imports torch (and triton) and reports through ARCHFIT_RESULT.
#pragma once

#include <string_view>

namespace archfit::verify {

// Checks: import, runtime, devices EXPECTED_JSON, matmul DEVICE TOLERANCES_JSON,
// sdpa DEVICE TOLERANCE, memory DEVICE, triton DEVICE, compile DEVICE,
// allreduce RANK WORLD PORT BACKEND MEGABYTES.
std::string_view python_probe_script();

}  // namespace archfit::verify
