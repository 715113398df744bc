#!/usr/bin/env bash
# Session 4 run on the NVIDIA H200 machine (device tool), from the repository root, with build/archfit
# carried from Debian 12. In one run:
#   1. scan --json vs cuobjdump --list-elf on libcublasLt.so.13 and libtorch_cuda.so (bench_compare.py:
#      lists must agree), after the fatbin headers and the embedded-code search moved to pread;
#   2. detect --json vs nvidia-smi --query-gpu with the /bin/true floor and archfit's start-up
#      (`--version`) measured in the same run (bench_detect.py);
#   3. the page floor under libcublasLt's fatbin walk: its entry-header offsets read through a
#      mapping and with pread (page_floor.c, built there with cc);
#   4. a census of the CUDA libraries in the venv: fatbin container magics (8-aligned) and cubin
#      ELF headers outside .nv_fatbin / __nv_relfatbin, against what archfit's scan reports.
set -uo pipefail
out=${OUT:-/tmp/archfit-session4}
mkdir -p "$out"
archfit=${ARCHFIT:-build/archfit}
{ nproc; lscpu | grep -E 'Model name'; uname -r; ldd --version | head -1; "$archfit" --version; } > "$out/machine.txt" 2>&1
site=$(python3 -c 'import site; print(site.getsitepackages()[0])')
torch_lib=$(python3 -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))')
cublaslt=$(ls "$site"/nvidia/*/lib/libcublasLt.so.* 2>/dev/null | head -1)
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null || true)
echo "site: $site; cublasLt: $cublaslt; cuobjdump: $cuobjdump" >> "$out/machine.txt"

python3 bench/bench_compare.py --archfit "$archfit" -n 7 --cuobjdump "$cuobjdump" \
  --cuda-lib "$cublaslt" --cuda-lib "$torch_lib/libtorch_cuda.so" \
  --case "cuobjdump:$(basename "$cublaslt")" --case "cuobjdump:libtorch_cuda.so" > "$out/bench_cuda.md" 2>&1
for jobs in 1 4 16; do
  /usr/bin/time -f "jobs $jobs: %e s wall, %U user, %S sys, %M KB" "$archfit" scan --json --jobs "$jobs" "$cublaslt" \
    > /dev/null 2>> "$out/cublaslt_jobs.txt"
done

python3 bench/bench_detect.py --archfit "$archfit" -n 100 --label "H200: archfit detect --json vs nvidia-smi" \
  --archfit-args=--json --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree \
  > "$out/bench_detect.md" 2>&1

cc -O2 -o /tmp/page_floor bench/device/page_floor.c 2> "$out/page_floor_build.txt"
"$archfit" scan --json "$cublaslt" | python3 -c "
import json, sys
for f in json.load(sys.stdin)['files']:
    for b in f['bundles']:
        for e in b['entries']:
            print(e['offset'])" > /tmp/cublaslt_offsets.txt
/tmp/page_floor "$cublaslt" 9 < /tmp/cublaslt_offsets.txt > "$out/page_floor.txt" 2>&1

python3 - "$archfit" "$site" > "$out/census.md" 2>&1 <<'PY'
import glob, json, os, struct, subprocess, sys
archfit, site = sys.argv[1], sys.argv[2]
FATBIN = struct.pack("<I", 0xBA55ED50)
def sections(data):
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return []
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    out = []
    for i in range(shnum):
        name, typ, flags, addr, off, size = struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
        out.append([name, typ, flags, off, size])
    stroff = out[shstrndx][3]
    for s in out:
        end = data.index(b"\0", stroff + s[0])
        s[0] = data[stroff + s[0]:end].decode(errors="replace")
    return out
print("| library | section | fatbin magics (8-aligned) | cubin ELF headers | archfit entries outside .nv_fatbin |")
print("|---|---|---|---|---|")
for path in sorted(set(os.path.realpath(p) for p in glob.glob(site + "/**/*.so*", recursive=True))):
    if not os.path.isfile(path) or os.path.getsize(path) < 1 << 20:
        continue
    data = open(path, "rb").read()
    try:
        secs = sections(data)
    except Exception as e:
        continue
    found = []
    for name, typ, flags, off, size in secs:
        if not flags & 2 or flags & 4 or typ == 8 or name in (".nv_fatbin", "__nv_relfatbin"):
            continue
        chunk = data[off:off + size]
        fat = 0
        at = chunk.find(FATBIN)
        while at != -1:
            if (off + at) % 8 == 0 and chunk[at + 4:at + 6] == b"\x01\x00":
                fat += 1
            at = chunk.find(FATBIN, at + 1)
        cub = 0
        at = chunk.find(b"\x7fELF")
        while at != -1:
            if chunk[at + 18:at + 20] == struct.pack("<H", 190):
                cub += 1
            at = chunk.find(b"\x7fELF", at + 1)
        if fat or cub:
            found.append((name, fat, cub))
    if not found:
        continue
    report = json.loads(subprocess.run([archfit, "scan", "--json", path], capture_output=True, text=True).stdout)
    outside = sum(1 for c in report["files"][0]["gpu_code"] if c.get("section") not in (None, "", ".nv_fatbin", "__nv_relfatbin"))
    for name, fat, cub in found:
        print(f"| {os.path.relpath(path, site)} | {name} | {fat} | {cub} | {outside} |")
PY
echo done >> "$out/machine.txt"
