#!/usr/bin/env bash
# Runs on the NVIDIA H200 machine (device tool) with build/archfit carried from Debian 12:
# `archfit doctor` vs `python3 -m torch.utils.collect_env` (the issue's reference: 4.7 s there),
# side by side in one run (bench/bench_detect.py --no-detect), plus doctor's own output.
set -uo pipefail
out=${OUT:-/tmp/archfit-doctor}
mkdir -p "$out"
archfit=${ARCHFIT:-$PWD/build/archfit}
here=$(cd "$(dirname "$0")" && pwd)
{
  echo "=== bench: doctor vs collect_env"
  python3 "$here/../bench_detect.py" --archfit "$archfit" --archfit-args="doctor" -n 5 --no-detect \
    --label "H200: archfit doctor vs python3 -m torch.utils.collect_env" \
    --reference "python3 -m torch.utils.collect_env"
  echo "=== archfit doctor"
  "$archfit" doctor; echo "[exit $?]"
  echo "=== archfit env"
  "$archfit" env; echo "[exit $?]"
} > "$out/doctor-run.log" 2>&1
