#!/usr/bin/env bash
# Session 9's second H200 run: detect with three sides read at once (the GPUs; the CPU and its
# limits; the OS and its libraries) against main before session 9 (build-portable/archfit-base),
# alternating with /bin/true and nvidia-smi (n = 300), then bench_detect.py on the new binary (the
# figure of issue 15.4: n = 200, --agree, the floor and start-up measured in the same run).
set -uo pipefail
new=build-portable/archfit
base=build-portable/archfit-base
out=${OUT:-/tmp/archfit-session9-detect}
mkdir -p "$out"
smi="nvidia-smi --query-gpu=name,compute_cap --format=csv"
{ nproc; uname -r; uptime; "$new" --version; "$base" --version; } > "$out/machine.txt" 2>&1
python3 bench/device/alternate.py -n 300 "floor=/bin/true" "base --version=$base --version" \
  "new --version=$new --version" "base detect=$base detect --json" "new detect=$new detect --json" \
  "nvidia-smi=$smi" > "$out/detect_ab.md" 2>&1
for round in 1 2; do
  python3 bench/bench_detect.py --archfit "$new" -n 200 --label "H200 (new, round $round): archfit detect --json vs nvidia-smi" \
    --archfit-args=--json --reference "$smi" --agree
done > "$out/bench_detect_new.md" 2>&1
uptime >> "$out/machine.txt"
cat "$out/detect_ab.md" "$out/bench_detect_new.md"
