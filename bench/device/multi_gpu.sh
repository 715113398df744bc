#!/usr/bin/env bash
# Issue "Multi-GPU run": on a device machine with 2 or more GPUs (kinds nvidia-h200-x2/-x4/-x8),
# with build/archfit carried from Debian 12. One log, $OUT/multi-gpu.log, in "=== name" sections:
#   - archfit detect --json: every GPU, its bus id, the homogeneity verdict;
#   - archfit verify: the all-reduce across all GPUs (one process per GPU, NCCL, exact sum, bus
#     bandwidth) and the per-device checks;
#   - CUDA_VISIBLE_DEVICES set to a subset (the first half of the GPUs, and one GPU by UUID):
#     detect and verify must see exactly that subset.
# NVLink multicast stays off (NCCL_NVLS_ENABLE=0, TORCH_SYMM_MEM_DISABLE_MULTICAST=1,
# NVSHMEM_DISABLE_NVLS=1): the machine sets them; this script sets them too if they are missing,
# and verify passes its whole environment to the processes it starts.
set -uo pipefail
export NCCL_NVLS_ENABLE=${NCCL_NVLS_ENABLE:-0}
export TORCH_SYMM_MEM_DISABLE_MULTICAST=${TORCH_SYMM_MEM_DISABLE_MULTICAST:-1}
export NVSHMEM_DISABLE_NVLS=${NVSHMEM_DISABLE_NVLS:-1}
out=${OUT:-/tmp/archfit-multi-gpu}
mkdir -p "$out"
log=$out/multi-gpu.log
: > "$log"
archfit=${ARCHFIT:-$PWD/build/archfit}
section() { printf '\n=== %s\n' "$*" >> "$log"; }
run() { section "$*"; "$@" >> "$log" 2>&1; echo "[exit $?]" >> "$log"; }

section "machine"
{ nvidia-smi --query-gpu=index,name,compute_cap,pci.bus_id,uuid --format=csv; nvidia-smi topo -m; env | grep -E '^(NCCL_NVLS_ENABLE|TORCH_SYMM_MEM_DISABLE_MULTICAST|NVSHMEM_DISABLE_NVLS)='; } >> "$log" 2>&1
count=$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)
run "$archfit" detect --json
run "$archfit" detect
run "$archfit" verify
half=$(seq -s, 0 $(( (count + 1) / 2 - 1 )))
section "CUDA_VISIBLE_DEVICES=$half"
CUDA_VISIBLE_DEVICES=$half "$archfit" detect >> "$log" 2>&1; echo "[exit $?]" >> "$log"
CUDA_VISIBLE_DEVICES=$half "$archfit" verify --python-only >> "$log" 2>&1; echo "[exit $?]" >> "$log"
last_uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | tail -1)
section "CUDA_VISIBLE_DEVICES=${last_uuid:0:16} (one GPU by UUID prefix)"
CUDA_VISIBLE_DEVICES=${last_uuid:0:16} "$archfit" detect >> "$log" 2>&1; echo "[exit $?]" >> "$log"
CUDA_VISIBLE_DEVICES=${last_uuid:0:16} "$archfit" verify --python-only --only python.devices --only allreduce >> "$log" 2>&1
echo "[exit $?]" >> "$log"
