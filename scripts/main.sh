#!/usr/bin/env bash
# The README's main-job command: install build dependencies, build build/archfit, and run the main
# job. Until `archfit doctor` exists the main job is `archfit scan` on the system's GPU libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh build
cmake --preset release -DARCHFIT_TESTS=OFF > /dev/null
cmake --build build
exec build/archfit scan "$@"
