#!/usr/bin/env bash
# `archfit build` on the NVIDIA H200 machine (device tool; no internet there), from the repository
# root, with build/archfit (Debian 12 build, glibc 2.36 <= the machine's 2.39) and the sdist carried:
#
#   carry: build/archfit, bench/device/sdists   (git-ignored: bash bench/device/fetch_sdists.sh fills it)
#   bash bench/device/h200_build.sh own      # (a) our extension: ~1-2 min
#   bash bench/device/h200_build.sh sdist    # (b) torch-scatter 2.1.2 from its PyPI sdist: > 8 min
#   bash bench/device/h200_build.sh torchsort  # (c) torchsort 0.1.10 from its PyPI sdist: small
#   bash bench/device/h200_build.sh all      # both (may not fit one 10-minute command)
#   TARGETS=sm_90 bash bench/device/h200_build.sh smoke   # here, without torch or GPU: the plumbing
#
# (a) bench/device/torch_ext: a CUDA extension of our own through torch.utils.cpp_extension
#     (CUDAExtension + BuildExtension) and setuptools, `pip wheel --no-build-isolation`;
# (b) torch-scatter 2.1.2 (bench/device/sdists/torch_scatter-2.1.2.tar.gz, from PyPI, sha256
#     69b3aa435f2424ac6a1bfb6ff702da6eb73b33ca0db38fb26989c74159258e47), FORCE_ONLY_CUDA=1 so that
#     only its CUDA extensions are built (half the compiles of the default CPU+CUDA pair).
# Each: the arch list from `archfit detect --json` (sm_90 on the H200), `archfit build --wheel`
# (progress, the arch line, check of the wheel: WHEEL.archfit.json), then `archfit check WHEEL
# --json`, cuobjdump --list-elf on every .so of the wheel (the oracle for sm_90), and the wheel
# unpacked on PYTHONPATH, imported and called on the GPU against a torch reference.
# Everything goes to $OUT (logs, archfit's JSON, the summary); nothing is written to the tree.
set -uo pipefail
what=${1:-all}
out=${OUT:-/tmp/archfit-h200-build}
mkdir -p "$out"
root=$(pwd)
archfit=${ARCHFIT:-$root/build/archfit}
py=${PYTHON:-python3}
export MAX_JOBS=${MAX_JOBS:-16}
# The build must stop (SIGINT: archfit forwards it and keeps the log) before the device's 10 minutes.
limit=${BUILD_LIMIT_S:-480}
summary=$out/summary.txt
note() { echo "$*" | tee -a "$summary"; }

# shellcheck disable=SC1091  # tests/fixtures/find_cuobjdump.sh, from the repository root
source "$root/tests/fixtures/find_cuobjdump.sh"
cuobjdump=$(find_cuobjdump) || cuobjdump=cuobjdump

{
  date -u
  uname -r
  ldd --version 2>&1 | head -1
  "$archfit" --version
  nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv 2>&1
  command -v nvcc && nvcc --version | tail -2
  "$py" -c 'import sys, torch, setuptools; print(sys.version.split()[0], "torch", torch.__version__, "cuda", torch.version.cuda, "setuptools", setuptools.__version__)'
  "$py" -c 'import wheel; print("wheel", wheel.__version__)' 2>&1 | tail -1
  command -v ninja && ninja --version
  nproc
} > "$out/machine.txt" 2>&1

# setuptools and ninja from the carried wheels, only where the machine's Python lacks them.
tools=/tmp/archfit-h200-tools
if ! "$py" -c "import setuptools" 2>/dev/null; then
  "$py" -m pip install -q --no-index --no-deps --target "$tools" "$root"/bench/device/sdists/setuptools-*.whl >> "$out/tools.txt" 2>&1
  note "setuptools: not in $py, installed from bench/device/sdists into $tools"
fi
if ! command -v ninja >/dev/null; then
  "$py" -m pip install -q --no-index --no-deps --target "$tools" "$root"/bench/device/sdists/ninja-*.whl >> "$out/tools.txt" 2>&1
  note "ninja: not on PATH, installed from bench/device/sdists into $tools"
fi
if [ -d "$tools" ]; then
  export PYTHONPATH=$tools${PYTHONPATH:+:$PYTHONPATH} PATH=$tools/bin:$PATH
fi

"$archfit" detect --json > "$out/detect.json" 2> "$out/detect.err"
targets=${TARGETS:-$("$py" -c '
import json, sys
gpus = json.load(open(sys.argv[1]))["gpus"]
print(",".join(sorted({g["target"] for g in gpus if g.get("vendor") == "nvidia" and g.get("target")})))
' "$out/detect.json")}
note "targets (${TARGETS:+\$TARGETS, not }archfit detect): ${targets:-none}"
if [ -z "$targets" ]; then
  note "no NVIDIA target detected: stop"
  exit 1
fi

# build_one NAME SRC [VAR=VALUE...]: archfit build into $out/NAME, then check, cuobjdump, unpack.
build_one() {
  local name=$1 src=$2
  shift 2
  local dir=$out/$name
  mkdir -p "$dir"
  "$archfit" doctor --src "$src" --target "$targets" > "$dir/doctor.txt" 2>&1
  echo "exit $?" >> "$dir/doctor.txt"
  "$archfit" env --src "$src" --target "$targets" > "$dir/env.txt" 2>&1
  local start=$SECONDS
  # Text mode: the progress lines (stderr), the check table and the report path (stdout).
  # --force: doctor's report is kept above; a FAIL must not cost the device run.
  (cd "$src" && env "$@" timeout -s INT "$limit" "$archfit" build --src "$src" --target "$targets" --wheel \
    --force --log "$dir/build.log" > "$dir/build.out" 2> "$dir/build.err")
  local rc=$?
  note "$name: archfit build exit $rc after $((SECONDS - start)) s (log $name/build.log)"
  grep -m1 "the arch line" "$dir/build.err" | cut -c1-400 | tee -a "$summary"
  grep -m3 "stopped\|interrupted\|out of memory" "$dir/build.err" | tee -a "$summary"
  local wheel
  wheel=$(find "$src/dist" -name '*.whl' -printf '%T@ %p\n' 2>/dev/null | sort -rn | head -1 | cut -d' ' -f2-)
  if [ -z "$wheel" ]; then
    note "$name: no wheel"
    tail -40 "$dir/build.err" > "$dir/build.err.tail"
    return 1
  fi
  cp "$wheel" "$wheel.archfit.json" "$dir/" 2>/dev/null
  note "$name: wheel $(basename "$wheel") ($(stat -c %s "$wheel") bytes)"
  "$archfit" check "$wheel" --target "$targets" --json > "$dir/check.json" 2> "$dir/check.err"
  note "$name: archfit check exit $?"
  "$py" - "$dir/check.json" <<'EOF' | tee -a "$summary"
import json, sys
report = json.load(open(sys.argv[1]))
for row in report["results"]:
    print(f"  check {row['member']} {row['target']}: {row['verdict']} (matched {row['matched']})")
EOF
  rm -rf "$dir/site"
  mkdir -p "$dir/site"
  "$py" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$wheel" "$dir/site"
  find "$dir/site" -name '*.so' | sort | while read -r so; do
    echo "== ${so#"$dir/site/"}"
    "$cuobjdump" --list-elf --list-ptx "$so" 2>&1
  done > "$dir/cuobjdump.txt"
  grep -c "sm_90.cubin" "$dir/cuobjdump.txt" | sed "s/^/  $name: sm_90 cubins (cuobjdump): /" | tee -a "$summary"
  return 0
}

if [ "$what" = smoke ]; then
  # The script's own plumbing where there is no torch and no GPU (TARGETS=sm_90): the CUDA wheel
  # project of the tests, no import.
  src=/tmp/archfit-h200-smoke
  rm -rf "$src"
  cp -a "$root/tests/srcbuild/projects/cuda_wheel" "$src"
  build_one smoke "$src" CUDACXX="${NVCC:-/usr/local/cuda/bin/nvcc}"
fi

if [ "$what" = own ] || [ "$what" = all ]; then
  src=/tmp/archfit-h200-own
  rm -rf "$src"
  cp -a "$root/bench/device/torch_ext" "$src"
  if build_one own "$src"; then
    PYTHONPATH="$out/own/site${PYTHONPATH:+:$PYTHONPATH}" "$py" - > "$out/own/run.txt" 2>&1 <<'EOF'
import torch
import archfit_h200_ext
x = torch.randn(1 << 20, device="cuda")
y = torch.randn(1 << 20, device="cuda")
got = archfit_h200_ext.scale_add(2.5, x, y)
torch.cuda.synchronize()
want = y + 2.5 * x
print("device", torch.cuda.get_device_name(), torch.cuda.get_device_capability())
print("max abs difference", (got - want).abs().max().item())
# nvcc contracts y + a * x into one fused multiply-add; torch rounds the product first. The two differ
# by half an ulp of a * x, which allclose's default atol (1e-8) rejects where y + a * x nearly cancels.
print("ok" if torch.allclose(got, want, rtol=1e-5, atol=1e-5) else "MISMATCH")
EOF
    note "own: run exit $? -> $(tail -2 "$out/own/run.txt" | tr '\n' ' ')"
  fi
fi

if [ "$what" = sdist ] || [ "$what" = all ]; then
  sdist=$root/bench/device/sdists/torch_scatter-2.1.2.tar.gz
  work=/tmp/archfit-h200-sdist
  rm -rf "$work"
  mkdir -p "$work"
  tar xzf "$sdist" -C "$work"
  src=$work/torch_scatter-2.1.2
  if build_one torch-scatter "$src" FORCE_ONLY_CUDA=1; then
    PYTHONPATH="$out/torch-scatter/site${PYTHONPATH:+:$PYTHONPATH}" "$py" - > "$out/torch-scatter/run.txt" 2>&1 <<'EOF'
import torch
import torch_scatter
src = torch.randn(100000, 16, device="cuda")
index = torch.randint(0, 1000, (100000,), device="cuda")
got = torch_scatter.scatter(src, index, dim=0, dim_size=1000, reduce="sum")
want = torch.zeros(1000, 16, device="cuda").index_add_(0, index, src)
torch.cuda.synchronize()
print("torch_scatter", torch_scatter.__version__, "from", torch_scatter.__file__)
print("max abs difference", (got - want).abs().max().item())
print("ok" if torch.allclose(got, want, atol=1e-4) else "MISMATCH")
EOF
    note "torch-scatter: run exit $? -> $(tail -2 "$out/torch-scatter/run.txt" | tr '\n' ' ')"
  fi
fi

if [ "$what" = torchsort ] || [ "$what" = all ]; then
  # (c) torchsort 0.1.10 from its PyPI sdist (bench/device/sdists; sha256 in fetch_sdists.sh): its
  # setup.py adds the CUDAExtension torchsort.isotonic_cuda when `nvcc` is on PATH.
  work=/tmp/archfit-h200-torchsort
  rm -rf "$work"
  mkdir -p "$work"
  tar xzf "$root/bench/device/sdists/torchsort-0.1.10.tar.gz" -C "$work"
  src=$work/torchsort-0.1.10
  if PATH=/usr/local/cuda/bin:$PATH build_one torchsort "$src"; then
    PYTHONPATH="$out/torchsort/site${PYTHONPATH:+:$PYTHONPATH}" "$py" - > "$out/torchsort/run.txt" 2>&1 <<'PY'
import torch
import torchsort
from torchsort import isotonic_cuda  # the wheel's own CUDA extension, not a JIT build
x = torch.randn(64, 1000, dtype=torch.float64)
want = torchsort.soft_rank(x, regularization_strength=0.1)        # the C++ (CPU) extension
got = torchsort.soft_rank(x.cuda(), regularization_strength=0.1)  # the CUDA extension on the GPU
torch.cuda.synchronize()
print("torchsort from", torchsort.__file__, "cuda extension", isotonic_cuda.__file__)
print("max abs difference", (got.cpu() - want).abs().max().item())
print("ok" if torch.allclose(got.cpu(), want, atol=1e-6) else "MISMATCH")
PY
    note "torchsort: run exit $? -> $(tail -2 "$out/torchsort/run.txt" | tr '\n' ' ')"
  fi
fi
