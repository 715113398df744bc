#!/usr/bin/env bash
# Session 9 run on the NVIDIA H200 machine, from the repository root, with two portable binaries
# carried: build-portable/archfit-base (main before this session's changes) and build-portable/archfit
# (the host files read on a second thread while detect probes the GPUs; the embedded search able to
# read its chunks three ways, chosen by ARCHFIT_SEARCH_MODE for this measurement only).
# The switch was never committed (copy stays: docs/performance.md, session 9), so with a binary of
# main parts 2 and 4 measure the copy way under three names; the script is kept as the record of the
# run in tests/data/device-runs/h200-session9/.
#   1. detect: base and new alternating with /bin/true, both --version and nvidia-smi (n = 300),
#      then bench_detect.py on the new binary (the figure of issue 15.4, n = 200, --agree);
#   2. scan --json libcublasLt: the three ways of reading the search's chunks (copy: pread into a
#      buffer; populate: MADV_POPULATE_READ then search the mapping; fault: search the mapping),
#      and the base binary, alternating, outputs identical (n = 15), and copy vs fault at --jobs
#      4/8/16 (n = 9);
#   3. the floor of the search: read_floor.c over the same sections on 1 and 8 threads;
#   4. bench_compare.py against cuobjdump --list-elf --list-ptx (n = 15, lists compared) for the
#      copy and the fault way.
set -uo pipefail
new=build-portable/archfit
base=build-portable/archfit-base
out=${OUT:-/tmp/archfit-session9}
mkdir -p "$out"
site=$(python3 -c 'import site; print(site.getsitepackages()[0])')
cublaslt=$(ls "$site"/nvidia/*/lib/libcublasLt.so.* 2>/dev/null | head -1)
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null || true)
smi="nvidia-smi --query-gpu=name,compute_cap --format=csv"
{ nproc; uname -r; uptime; ldd --version 2>&1 | head -1; grep PRETTY_NAME /etc/os-release; "$new" --version; "$base" --version
  echo "cublasLt: $cublaslt; cuobjdump: $cuobjdump"; } > "$out/machine.txt" 2>&1

python3 bench/device/alternate.py -n 300 "floor=/bin/true" "base --version=$base --version" \
  "new --version=$new --version" "base detect=$base detect --json" "new detect=$new detect --json" \
  "nvidia-smi=$smi" > "$out/detect_ab.md" 2>&1
python3 bench/bench_detect.py --archfit "$new" -n 200 --label "H200 (new): archfit detect --json vs nvidia-smi" \
  --archfit-args=--json --reference "$smi" --agree > "$out/bench_detect_new.md" 2>&1

python3 bench/device/alternate.py -n 15 --same-output "copy=ARCHFIT_SEARCH_MODE=copy $new scan --json $cublaslt" \
  "populate=ARCHFIT_SEARCH_MODE=populate $new scan --json $cublaslt" \
  "fault=ARCHFIT_SEARCH_MODE=fault $new scan --json $cublaslt" "base=$base scan --json $cublaslt" \
  > "$out/cublaslt_modes.md" 2>&1
for jobs in 4 8 16; do
  echo "### --jobs $jobs"
  python3 bench/device/alternate.py -n 9 --same-output "copy=ARCHFIT_SEARCH_MODE=copy $new scan --json --jobs $jobs $cublaslt" \
    "fault=ARCHFIT_SEARCH_MODE=fault $new scan --json --jobs $jobs $cublaslt"
done >> "$out/cublaslt_modes.md" 2>&1

cc -O2 -mavx2 -mpopcnt -pthread -o /tmp/read_floor bench/device/read_floor.c &&
  python3 bench/device/search_ranges.py "$cublaslt" > /tmp/ranges.txt &&
  /tmp/read_floor "$cublaslt" 9 8 < /tmp/ranges.txt > "$out/read_floor.md" 2>&1

for mode in copy fault; do
  echo "### ARCHFIT_SEARCH_MODE=$mode"
  ARCHFIT_SEARCH_MODE=$mode python3 bench/bench_compare.py --archfit "$new" -n 15 --cuobjdump "$cuobjdump" \
    --cuda-lib "$cublaslt" --case "cuobjdump:$(basename "$cublaslt")"
done > "$out/bench_cuda_modes.md" 2>&1
uptime >> "$out/machine.txt"
ls -la "$out"
