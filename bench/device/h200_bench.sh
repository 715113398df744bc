#!/usr/bin/env bash
# Runs on the NVIDIA H200 machine (the device tool), from the repository root, with the archfit
# binary built on the Debian 12 machine (carried as build/archfit). Side by side, in one run:
#   - archfit scan vs cuobjdump --list-elf on torch's libtorch_cuda.so and NVIDIA's libcublasLt.so.13
#     (lists must be identical, else bench_compare.py fails);
#   - archfit scan of a wheel made there from torch/lib vs unzip -p of the same wheel, 1 and all cores.
# Writes markdown tables and the machine description to $OUT (or /tmp/archfit-bench).
set -uo pipefail
# unzip is not installed there: a copy of Debian's can be carried in .device-bin/.
[ -x .device-bin/unzip ] && export PATH="$PWD/.device-bin:$PATH"
out=${OUT:-/tmp/archfit-bench}
mkdir -p "$out"
archfit=${ARCHFIT:-build/archfit}
python=${PYTHON:-python3}
{ nproc; lscpu | grep -E 'Model name|^CPU\(s\)'; uname -r; "$archfit" --version; } > "$out/machine.txt" 2>&1

torch_lib=$("$python" -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))')
cublaslt=$("$python" - <<'PY'
import glob, os, site
for root in site.getsitepackages():
    hits = sorted(glob.glob(os.path.join(root, "nvidia", "**", "libcublasLt.so.*"), recursive=True))
    if hits:
        print(hits[0]); break
PY
)
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null || true)
echo "torch/lib: $torch_lib; cublasLt: $cublaslt; cuobjdump: $cuobjdump" | tee -a "$out/machine.txt"
"$cuobjdump" --version >> "$out/machine.txt" 2>&1

args=(--archfit "$archfit" -n 5 --cuobjdump "$cuobjdump" --cuda-lib "$torch_lib/libtorch_cuda.so")
[ -n "$cublaslt" ] && args+=(--cuda-lib "$cublaslt")
"$python" bench/bench_compare.py "${args[@]}" --case "cuobjdump:libtorch_cuda.so" \
  ${cublaslt:+--case "cuobjdump:$(basename "$cublaslt")"} 2>&1 | tee "$out/bench_cuda.md"

wheel=/tmp/torch_lib-0-py3-none-linux_x86_64.whl
"$python" - "$torch_lib" "$wheel" <<'PY'
import os, sys, zipfile
lib, wheel = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
    for name in sorted(os.listdir(lib)):
        path = os.path.join(lib, name)
        if os.path.isfile(path) and ".so" in name:
            z.write(path, "torch/lib/" + name)
PY
ls -la "$wheel" >> "$out/machine.txt"
"$python" bench/bench_compare.py --archfit "$archfit" -n 5 --wheel "$wheel" \
  --case "wheel:$(basename "$wheel"):j1" --case "wheel:$(basename "$wheel"):j$(nproc)" 2>&1 | tee "$out/bench_wheel.md"
"$archfit" scan "$torch_lib/libtorch_cuda.so" > "$out/scan_libtorch_cuda.txt" 2>&1
"$archfit" scan --deep --json "$torch_lib/libtorch_cuda.so" > /tmp/deep.json 2>&1
"$python" -c "
import json; d = json.load(open('/tmp/deep.json'))
codes = [c for f in d['files'] for c in f['gpu_code']]
bad = [c for c in codes if c.get('check') and (c['check']['mismatches'] or c['check']['error'])]
print(len(codes), 'entries,', len(bad), 'with a --deep mismatch or error')" > "$out/deep_libtorch_cuda.txt" 2>&1
