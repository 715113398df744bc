#!/usr/bin/env bash
# Installs what archfit needs from Debian 12 (and PyPI for the test oracles).
#   install_deps.sh build   compiler, CMake, Ninja and the libraries archfit links
#   install_deps.sh test    the above plus the real toolchains and tools the tests compare against
set -euo pipefail
mode=${1:-build}
sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi

build_packages=(g++ cmake ninja-build pkg-config libfmt-dev nlohmann-json3-dev libcli11-dev zlib1g-dev libzstd-dev
                libgtest-dev libgmock-dev libbenchmark-dev)
# hipcc = Debian's HIP compiler driver (clang 15) for plain offload bundles; clang-19/lld-19/llvm-19 for
# compressed bundles, code object v6 and the bundler/readelf oracles; roc-obj-ls comes with hipcc's
# package set; librocsparse0 is the real third-party ROCm library; zstd makes CCOB test variants.
test_packages=(hipcc clang-15 lld-15 clang-19 lld-19 llvm-19 libclang-rt-19-dev librocsparse0 binutils zstd
               python3 python3-pip)

packages=("${build_packages[@]}")
if [ "$mode" = test ]; then packages+=("${test_packages[@]}"); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ "$mode" = test ]; then
  # cuobjdump, the oracle for NVIDIA fatbins (nvcc itself comes with the CUDA toolkit in /usr/local/cuda).
  python3 -m pip install -q --disable-pip-version-check nvidia-cuda-cuobjdump 2>&1 | grep -v 'WARNING: Running pip as' || true
fi
