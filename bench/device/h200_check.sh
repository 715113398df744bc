#!/usr/bin/env bash
# Runs on the NVIDIA H200 machine (device tool) with build/archfit carried from Debian 12:
#   1. archfit check --python python3 on the machine's torch 2.11+cu130 (text and JSON), and the
#      oracle: what torch itself says (torch.cuda.get_arch_list(), torch.version.cuda);
#   2. a CUDA extension built there with TORCH_CUDA_ARCH_LIST=8.0 (no PTX): archfit check must
#      predict no-code for sm_90, and running its kernel must fail with "no kernel image";
#   3. side by side: archfit check --python python3 vs python3 -c 'import torch; print(arch list)';
#   4. real METADATA / version.py of torch, triton, torchvision for tests/data/python-envs.
set -uo pipefail
out=${OUT:-/tmp/archfit-check}
mkdir -p "$out" "$out/python-env"
archfit=${ARCHFIT:-$PWD/build/archfit}
py=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)

"$archfit" check --python "$py" > "$out/check_python.txt" 2>&1; echo "exit $?" >> "$out/check_python.txt"
"$archfit" check --python "$py" --json > "$out/check_python.json" 2> "$out/check_python.err"
"$py" -c 'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_arch_list(), torch.cuda.get_device_capability())' \
  > "$out/torch_oracle.txt" 2>&1

site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
for dist in "$site"/torch-*.dist-info "$site"/triton-*.dist-info "$site"/torchvision-*.dist-info "$site"/torchaudio-*.dist-info; do
  [ -d "$dist" ] || continue
  name=$(basename "$dist")
  mkdir -p "$out/python-env/$name"
  cp "$dist/METADATA" "$out/python-env/$name/"
done
cp "$site/torch/version.py" "$out/python-env/torch-version.py"

ext_dir=/tmp/archfit-ext
so=$("$py" "$here/cuda_ext_no_ptx.py" "$ext_dir" build 2> "$out/ext_build.err" | tail -1)
echo "extension: $so" > "$out/ext.txt"
/usr/local/cuda/bin/cuobjdump --list-elf --list-ptx "$so" >> "$out/ext.txt" 2>&1
"$archfit" check "$so" > "$out/ext_check.txt" 2>&1; echo "exit $?" >> "$out/ext_check.txt"
"$py" "$here/cuda_ext_no_ptx.py" "$ext_dir" run > "$out/ext_run.txt" 2>&1; echo "exit $?" >> "$out/ext_run.txt"

python3 "$here/../bench_detect.py" --archfit "$archfit" --archfit-args="check --python $py" -n 5 --no-detect \
  --label "H200: archfit check --python vs importing torch" \
  --reference "$py -c 'import torch; print(torch.cuda.get_arch_list())'" > "$out/bench_check.md" 2>&1
python3 "$here/../bench_detect.py" --archfit "$archfit" -n 100 --label "H200: archfit detect vs nvidia-smi" \
  --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree > "$out/bench_detect.md" 2>&1
"$archfit" detect --json > "$out/detect.json" 2>&1
