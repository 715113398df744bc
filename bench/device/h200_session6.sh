#!/usr/bin/env bash
# Session 6 run on the NVIDIA H200 machine (device tool), from the repository root, with the shipped
# (portable) binary carried as build-portable/archfit (stripped at link): the two H200 figures of
# docs/performance.md in one short run (the device budget left was about 5 minutes):
#   1. scan --json vs cuobjdump --list-elf on libcublasLt.so.13 (bench_compare.py: lists must agree);
#   2. detect --json vs nvidia-smi --query-gpu, with the /bin/true floor and archfit's start-up
#      (`--version`) measured in the same run (bench_detect.py).
set -uo pipefail
portable=${PORTABLE:-build-portable/archfit}
out=${OUT:-/tmp/archfit-session6}
mkdir -p "$out"
site=$(python3 -c 'import site; print(site.getsitepackages()[0])')
cublaslt=$(ls "$site"/nvidia/*/lib/libcublasLt.so.* 2>/dev/null | head -1)
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null || true)
{ nproc; uname -r; "$portable" --version; echo "cublasLt: $cublaslt; cuobjdump: $cuobjdump"; } > "$out/machine.txt" 2>&1
python3 bench/bench_compare.py --archfit "$portable" -n 7 --cuobjdump "$cuobjdump" --cuda-lib "$cublaslt" \
  --case "cuobjdump:$(basename "$cublaslt")" > "$out/bench_cuda_portable.md" 2>&1
python3 bench/bench_detect.py --archfit "$portable" -n 200 --label "H200 ($portable): archfit detect --json vs nvidia-smi" \
  --archfit-args=--json --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree \
  > "$out/bench_detect_portable.md" 2>&1
ls -la "$out"
