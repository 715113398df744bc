#!/usr/bin/env bash
# The README's test command: install everything the tests need, then build and run every test:
#   1. Release build (the portable binary in build/) + the whole CTest suite, including the tests
#      on real third-party wheels downloaded from PyPI (label "download"; cached in build/fixtures)
#   2. the same suite under AddressSanitizer + UndefinedBehaviorSanitizer (clang 19)
#   3. every libFuzzer harness for a bounded time on a corpus made from the fixtures
# FUZZ_SECONDS (default 30) sets the per-fuzzer time; SKIP_ASAN=1 / SKIP_FUZZ=1 skip stages 2 / 3.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh test
jobs=$(nproc)

echo "== 1/3 release build and tests"
cmake --preset release -DARCHFIT_TESTS=ON -DARCHFIT_DOWNLOAD_TESTS=ON > /dev/null
cmake --build build -j "$jobs"
(cd build && ctest -j "$jobs" --output-on-failure)

if [ "${SKIP_ASAN:-0}" != 1 ]; then
  echo "== 2/3 ASan+UBSan build and tests"
  cmake --preset asan > /dev/null
  cmake --build build-asan -j "$jobs"
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest -j "$jobs" --output-on-failure)
fi

if [ "${SKIP_FUZZ:-0}" != 1 ] && [ -f fuzz/run_fuzzers.sh ]; then
  echo "== 3/3 fuzzers"
  cmake --preset fuzz > /dev/null
  cmake --build build-fuzz -j "$jobs"
  bash fuzz/run_fuzzers.sh build-fuzz build/fixtures "${FUZZ_SECONDS:-30}"
fi
echo "all tests passed"
