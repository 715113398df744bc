#!/usr/bin/env bash
# Session 7 run on the NVIDIA H200 machine (for the lead engineer), from the repository root, with
# the shipped (portable) binary carried as build-portable/archfit: the two H200 figures of issue 15.4
# in one short run (about 3 minutes):
#   1. scan --json vs `cuobjdump --list-elf --list-ptx` on libcublasLt.so.13 (bench_compare.py,
#      n = 15 alternating: every cubin and PTX text of .nv_fatbin must agree, in order), and the
#      scan at --jobs 1/2/4/8/16 (how much of it is serial);
#   2. detect --json vs nvidia-smi --query-gpu, n = 200 alternating, with the /bin/true floor and
#      archfit's start-up (`--version`) measured in the same run (bench_detect.py prints the ratio
#      of the medians and the ratio above the floor: (nvidia-smi - floor) / (archfit - floor)).
set -uo pipefail
portable=${PORTABLE:-build-portable/archfit}
out=${OUT:-/tmp/archfit-session7}
mkdir -p "$out"
site=$(python3 -c 'import site; print(site.getsitepackages()[0])')
cublaslt=$(ls "$site"/nvidia/*/lib/libcublasLt.so.* 2>/dev/null | head -1)
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null || true)
{ nproc; uname -r; uptime; ldd --version 2>&1 | head -1; grep PRETTY_NAME /etc/os-release; "$portable" --version; echo "cublasLt: $cublaslt; cuobjdump: $cuobjdump"; } > "$out/machine.txt" 2>&1
python3 bench/bench_compare.py --archfit "$portable" -n 15 --cuobjdump "$cuobjdump" --cuda-lib "$cublaslt" \
  --case "cuobjdump:$(basename "$cublaslt")" > "$out/bench_cuda_portable.md" 2>&1
for jobs in 1 2 4 8 16; do
  python3 bench/bench_detect.py --archfit "$portable" --no-detect -n 9 --label "scan --json --jobs $jobs" \
    --archfit-args="scan --json --jobs $jobs $cublaslt"
done > "$out/cublaslt_jobs.md" 2>&1
python3 bench/bench_detect.py --archfit "$portable" -n 200 --label "H200 ($portable): archfit detect --json vs nvidia-smi" \
  --archfit-args=--json --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree \
  > "$out/bench_detect_portable.md" 2>&1
# Where detect's time goes on the real machine: every file and read syscall with its time (-T), and
# the start-up alone (--version), for the next change to the probe.
if command -v strace > /dev/null; then
  for i in 1 2 3; do "$portable" detect --json > /dev/null; done
  strace -f -T -tt -o "$out/detect_strace.txt" "$portable" detect --json > /dev/null 2>&1
  strace -f -c -o "$out/detect_strace_summary.txt" "$portable" detect --json > /dev/null 2>&1
  strace -f -T -tt -o "$out/version_strace.txt" "$portable" --version > /dev/null 2>&1
fi
command -v perf > /dev/null && perf stat -r 50 "$portable" detect --json > /dev/null 2> "$out/detect_perf_stat.txt"
uptime >> "$out/machine.txt"
ls -la "$out"
