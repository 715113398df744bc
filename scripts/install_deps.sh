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
# package set; librocsparse0 is the real third-party ROCm library; zstd makes CCOB test variants;
# libdrm-common ships the amdgpu.ids oracle; python3-venv builds the Python environments `check`
# is tested on; zsh and fish run `eval "$(archfit env)"` in the shells it supports.
test_packages=(hipcc clang-15 lld-15 clang-19 lld-19 llvm-19 libclang-rt-19-dev librocsparse0 binutils zstd
               zip unzip python3 python3-pip python3-venv libdrm-common zsh fish)

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
if [ "$mode" = test ] && ! apt-cache show coreutils >/dev/null 2>&1; then
  # doctor's tests check every Debian package name it prints with apt-cache, which needs the package lists.
  "${sudo_cmd[@]}" apt-get update -qq
fi
if [ "$mode" = test ]; then
  # cuobjdump, the oracle for NVIDIA fatbins (nvcc itself comes with the CUDA toolkit in /usr/local/cuda).
  # Debian's own python3 is "externally managed" (PEP 668): say we mean it; other pythons ignore it.
  pip_flags=(-q --disable-pip-version-check --root-user-action=ignore)
  if python3 -m pip install --help 2>/dev/null | grep -q -- --break-system-packages; then
    pip_flags+=(--break-system-packages)
  fi
  python3 -c 'import nvidia.cu13' 2>/dev/null || python3 -c 'import nvidia.cuda_cuobjdump' 2>/dev/null ||
    python3 -m pip install "${pip_flags[@]}" nvidia-cuda-cuobjdump
fi
