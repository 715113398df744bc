#!/usr/bin/env bash
# The README's main-job command: install build dependencies, build build/archfit, and run the main
# job: `archfit doctor`, the preflight for building PyTorch for this machine's GPUs (extra
# arguments go to doctor, e.g. --project vllm --src ~/vllm). Its exit status is doctor's: 0 when
# nothing FAILs, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh build
source scripts/build_env.sh
cmake --preset release -DARCHFIT_TESTS=OFF "${cmake_common_args[@]}" > /dev/null
cmake --build build
exec build/archfit doctor "$@"
