#!/usr/bin/env bash
# Runs on the NVIDIA H200 machine (device tool) with build/archfit carried from Debian 12:
#   1. captures the machine's /proc, /sys and /dev facts (scripts/capture_sysroot.sh) for
#      tests/data/sysroots/h200;
#   2. archfit detect vs `nvidia-smi --query-gpu=name,compute_cap --format=csv`, side by side,
#      targets compared; and `detect --confirm` (NVML through dlopen) for the cost of asking the
#      driver;
#   3. the outputs of detect (text, --json, --confirm --json) for docs/.
set -uo pipefail
out=${OUT:-/tmp/archfit-detect}
mkdir -p "$out"
archfit=${ARCHFIT:-build/archfit}
# The capture is a tree of small files: only its tarball comes back.
bash scripts/capture_sysroot.sh /tmp/h200-sysroot > "$out/capture.log" 2>&1 && cp /tmp/h200-sysroot.tar.gz "$out/"
python3 bench/bench_detect.py --archfit "$archfit" -n 100 --label "H200: archfit detect vs nvidia-smi" \
  --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree 2>&1 | tee "$out/bench_detect.md"
python3 bench/bench_detect.py --archfit "$archfit" --archfit-args=--confirm -n 30 \
  --label "H200: archfit detect --confirm (NVML) vs nvidia-smi" \
  --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree 2>&1 | tee "$out/bench_detect_confirm.md"
"$archfit" detect > "$out/detect.txt" 2>&1
"$archfit" detect --json > "$out/detect.json" 2>&1
"$archfit" detect --confirm --json > "$out/detect_confirm.json" 2>&1
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -1)
CUDA_VISIBLE_DEVICES=${uuid:0:12} "$archfit" detect > "$out/detect_visible_uuid.txt" 2>&1
CUDA_VISIBLE_DEVICES= "$archfit" detect > "$out/detect_visible_empty.txt" 2>&1
nvidia-smi --query-gpu=name,compute_cap,pci.bus_id,uuid,driver_version --format=csv > "$out/nvidia-smi-query.csv"
