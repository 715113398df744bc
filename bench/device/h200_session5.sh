#!/usr/bin/env bash
# Session 5 run on the NVIDIA H200 machine (device tool), from the repository root, with two archfit
# binaries carried from Debian 12: build/archfit (GCC 12, libstdc++, needs the host's glibc 2.36) and
# build-portable/archfit (zig, libc++, glibc 2.28: the shipped binary). In one run, for each binary:
#   1. scan --json vs cuobjdump --list-elf on libcublasLt.so.13 and libtorch_cuda.so (bench_compare.py:
#      lists must agree);
#   2. detect --json vs nvidia-smi --query-gpu, with the /bin/true floor and archfit's start-up
#      (`--version`) measured in the same run (bench_detect.py);
# then once:
#   3. the floor under libcublasLt's embedded-code search: pread of the same data sections in 1 MiB
#      chunks, alone and with one memchr pass, on 1 and 8 threads (read_floor.c, search_ranges.py).
set -uo pipefail
portable=${PORTABLE:-build-portable/archfit}   # a stripped copy travels (the unstripped one is 150 MB)
out=${OUT:-/tmp/archfit-session5}
mkdir -p "$out"
site=$(python3 -c 'import site; print(site.getsitepackages()[0])')
torch_lib=$(python3 -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))')
cublaslt=$(ls "$site"/nvidia/*/lib/libcublasLt.so.* 2>/dev/null | head -1)
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null || true)
{ nproc; lscpu | grep -E 'Model name'; uname -r; ldd --version | head -1
  for b in build/archfit "$portable"; do "$b" --version; done
  echo "site: $site; cublasLt: $cublaslt; cuobjdump: $cuobjdump"; } > "$out/machine.txt" 2>&1

for b in build/archfit "$portable"; do
  name=$([ "$b" = build/archfit ] && echo gcc || echo portable)
  python3 bench/bench_compare.py --archfit "$b" -n 9 --cuobjdump "$cuobjdump" \
    --cuda-lib "$cublaslt" --cuda-lib "$torch_lib/libtorch_cuda.so" \
    --case "cuobjdump:$(basename "$cublaslt")" --case "cuobjdump:libtorch_cuda.so" > "$out/bench_cuda_$name.md" 2>&1
  python3 bench/bench_detect.py --archfit "$b" -n 200 --label "H200 ($b): archfit detect --json vs nvidia-smi" \
    --archfit-args=--json --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree \
    > "$out/bench_detect_$name.md" 2>&1
done

cc -O2 -pthread -o /tmp/read_floor bench/device/read_floor.c 2> "$out/read_floor.txt"
python3 bench/device/search_ranges.py "$cublaslt" > /tmp/ranges.txt
/tmp/read_floor "$cublaslt" 15 8 < /tmp/ranges.txt >> "$out/read_floor.txt" 2>&1
for b in build/archfit "$portable"; do
  for jobs in 1 8; do
    for i in 1 2 3 4 5; do
      /usr/bin/time -f "$b jobs $jobs: %e s wall, %U user, %S sys, %M KB" "$b" scan --json --jobs "$jobs" "$cublaslt" \
        > /dev/null 2>> "$out/cublaslt_jobs.txt"
    done
  done
done
ls -la "$out"
