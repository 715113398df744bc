#!/usr/bin/env bash
# The README's test command: install everything the tests need, check that every tool they call is
# there (scripts/tools.tsv; a missing tool stops here, loudly), then build and run every test:
#   1. Release build (GCC, build/archfit) + the whole CTest suite, including the tests
#      on real third-party wheels downloaded from PyPI (label "download"; cached in build/fixtures)
#   2. the same suite under AddressSanitizer + UndefinedBehaviorSanitizer (clang 19)
#   3. every libFuzzer harness on a corpus made from the fixtures, FUZZ_TOTAL_SECONDS (default 160)
#      split evenly across the harnesses
# SKIP_ASAN=1 / SKIP_FUZZ=1 skip stages 2 / 3. Each stage prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build_env.sh
source scripts/tools_lib.sh
stage_timer "0/3 install and check the tools (scripts/tools.tsv)"
bash scripts/install_deps.sh test
# The fixtures build the CUDA code with $NVCC: the toolkit's, or the PyPI one install_deps.sh added.
NVCC=$(find_tool "$(tool_rows test | awk -F'\t' '$3 ~ /^cuda:/ {print $2}')")
export NVCC
# NVIDIA's PyPI wheels put libcudart_static.a and libcudadevrt.a in nvidia/cu13/lib, where that
# nvcc's profile does not look: the linker finds them through LIBRARY_PATH (checked in the fresh
# bookworm root, .ci/fresh_root.sh).
case "$NVCC" in
  /opt/archfit-cuda/*) export LIBRARY_PATH="$(dirname "$NVCC")/../lib${LIBRARY_PATH:+:$LIBRARY_PATH}" ;;
esac
jobs=$(nproc)

stage_timer "1/3 release build and tests"
cmake --preset release -DARCHFIT_TESTS=ON -DARCHFIT_DOWNLOAD_TESTS=ON "${cmake_common_args[@]}" > /dev/null
cmake --build build -j "$jobs"
# ARCHFIT_RELEASE_TEST_BINARY (CI: the portable binary): the release suite's end-to-end tests run
# that binary instead of build/archfit (ARCHFIT_TEST_BINARY; never for the ASan suite, whose point is
# the instrumented binary).
(cd build && env ${ARCHFIT_RELEASE_TEST_BINARY:+ARCHFIT_TEST_BINARY="$ARCHFIT_RELEASE_TEST_BINARY"} \
  ctest -j "$jobs" --output-on-failure)

if [ "${SKIP_ASAN:-0}" != 1 ]; then
  stage_timer "2/3 ASan+UBSan build and tests"
  cmake --preset asan "${cmake_common_args[@]}" > /dev/null
  cmake --build build-asan -j "$jobs"
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest -j "$jobs" --output-on-failure)
fi

if [ "${SKIP_FUZZ:-0}" != 1 ] && [ -f fuzz/run_fuzzers.sh ]; then
  stage_timer "3/3 fuzzers"
  # The harnesses are built in the ASan tree (the asan preset turns on ARCHFIT_FUZZ as well), so the
  # instrumented library is compiled once for both stages; with SKIP_ASAN=1 this builds them alone.
  cmake --preset asan "${cmake_common_args[@]}" > /dev/null
  cmake --build build-asan -j "$jobs" --target archfit_fuzzers
  harnesses=$(find build-asan/fuzz -maxdepth 1 -name 'fuzz_*' -type f -executable | wc -l)
  [ "$harnesses" -gt 0 ] || { echo "no fuzz harnesses built" >&2; exit 1; }
  total=${FUZZ_TOTAL_SECONDS:-160}
  per=$(( total / harnesses > 0 ? total / harnesses : 1 ))
  echo "fuzz budget: ${total}s total, ${per}s for each of $harnesses harnesses"
  bash fuzz/run_fuzzers.sh build-asan build/fixtures "$per"
fi
stage_timer
echo "all tests passed"
