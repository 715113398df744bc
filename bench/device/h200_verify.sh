#!/usr/bin/env bash
# Runs on the NVIDIA H200 machine (device tool) with build/archfit carried from Debian 12.
# Everything lands in ONE log file, $OUT/verify-run.log (the device tool returns few files), in
# sections headed "=== name".
#   - archfit verify (native vector-add + the PyTorch checks) on the machine's torch 2.11 + Triton 3.6,
#     text and --json; and with --compile;
#   - the all-reduce with one process per GPU (world size 1 here) and, on the CPU, gloo with 4 ranks;
#   - CUDA_VISIBLE_DEVICES="" and an out-of-range index: detect and verify must agree;
#   - archfit check --python python3, and a torch CUDA extension built for TORCH_CUDA_ARCH_LIST=8.0
#     (no PTX): check must say no-code, and running it must fail with "no kernel image";
#     when `archfit run` exists, the run goes through it so that the explanation is recorded;
#   - real METADATA / version.py of torch, triton, torchvision, torchaudio (for tests/data).
set -uo pipefail
out=${OUT:-/tmp/archfit-verify}
mkdir -p "$out"
log=$out/verify-run.log
: > "$log"
archfit=${ARCHFIT:-$PWD/build/archfit}
here=$(cd "$(dirname "$0")" && pwd)
section() { printf '\n=== %s\n' "$*" >> "$log"; }
run() { section "$*"; "$@" >> "$log" 2>&1; echo "[exit $?]" >> "$log"; }

section "machine"; { nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv; uname -r; python3 --version; env | grep -E '^(NCCL_NVLS_ENABLE|TORCH_SYMM_MEM_DISABLE_MULTICAST|NVSHMEM_DISABLE_NVLS|CUDA_VISIBLE_DEVICES)='; } >> "$log" 2>&1
run "$archfit" verify
run "$archfit" verify --json
run "$archfit" verify --only allreduce --backend gloo --world-size 4 --allreduce-mb 64
run "$archfit" verify --only python.compile --compile
section "CUDA_VISIBLE_DEVICES= (none)"
CUDA_VISIBLE_DEVICES= "$archfit" detect >> "$log" 2>&1; echo "[exit $?]" >> "$log"
CUDA_VISIBLE_DEVICES= "$archfit" verify --python-only >> "$log" 2>&1; echo "[exit $?]" >> "$log"
section "CUDA_VISIBLE_DEVICES=1 (out of range)"
CUDA_VISIBLE_DEVICES=1 "$archfit" detect >> "$log" 2>&1; echo "[exit $?]" >> "$log"

run "$archfit" check --python python3
ext_dir=/tmp/archfit-ext
section "build extension with TORCH_CUDA_ARCH_LIST=8.0"
so=$(python3 "$here/cuda_ext_no_ptx.py" "$ext_dir" build 2>> "$log" | tail -1)
echo "extension: $so" >> "$log"
run /usr/local/cuda/bin/cuobjdump --list-elf --list-ptx "$so"
run "$archfit" check "$so"
if "$archfit" run --help > /dev/null 2>&1; then
  run "$archfit" run -- python3 "$here/cuda_ext_no_ptx.py" "$ext_dir" run
else
  run python3 "$here/cuda_ext_no_ptx.py" "$ext_dir" run
fi

section "bench: detect vs nvidia-smi"
python3 "$here/../bench_detect.py" --archfit "$archfit" -n 100 --label "H200: archfit detect vs nvidia-smi" \
  --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree >> "$log" 2>&1
section "bench: check --python vs importing torch"
python3 "$here/../bench_detect.py" --archfit "$archfit" --archfit-args="check --python python3" -n 5 --no-detect \
  --label "H200: archfit check --python vs importing torch" \
  --reference "python3 -c 'import torch; print(torch.cuda.get_arch_list())'" >> "$log" 2>&1
if [ -x "${PHASES:-build/detect_phases}" ]; then run "${PHASES:-build/detect_phases}" / 200; fi
run "$archfit" check --python python3 --json

site=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
for dist in "$site"/torch-*.dist-info "$site"/triton-*.dist-info "$site"/torchvision-*.dist-info "$site"/torchaudio-*.dist-info; do
  section "file $(basename "$dist")/METADATA"
  cat "$dist/METADATA" >> "$log"
done
section "file torch/version.py"
cat "$site/torch/version.py" >> "$log"
