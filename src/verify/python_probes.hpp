// The Python side of `verify`: one script, written to a file (Triton's @jit reads its kernels'
// source with inspect, which needs a real file) and run as `python FILE CHECK ARGS…` in a fresh
// process per check; it imports torch (and triton) and reports through ARCHFIT_RESULT.
#pragma once

#include <string_view>

namespace archfit::verify {

// Checks: import, runtime, devices EXPECTED_JSON, matmul DEVICE TOLERANCES_JSON,
// sdpa DEVICE TOLERANCE, memory DEVICE, triton DEVICE, compile DEVICE,
// allreduce RANK WORLD PORT BACKEND MEGABYTES.
std::string_view python_probe_script();

}  // namespace archfit::verify
