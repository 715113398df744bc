#!/bin/bash
# Device calibration for issue 12 (check): archfit check on the venv for sm_90, every file not
# called native examined with cuobjdump, libnccl's relocatable entries, and one real kernel launch
# per library (exercise.py). Everything lands in $OUT (at most 8 files).
set -u
D=$(cd "$(dirname "$0")" && pwd)
PY=/opt/torch/.venv/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
SITE=$($PY -c 'import site; print(site.getsitepackages()[0])')
A="$D/archfit"
cd "$OUT"
{
  date -u; uname -r; nvidia-smi -L; nvidia-smi --query-gpu=driver_version,compute_cap --format=csv
  $PY -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
  echo "site-packages: $SITE"; "$A" --version; cuobjdump --version | tail -2
} > machine.txt 2>&1
{ /usr/bin/time -v timeout 240 "$A" check --target sm_90 --json "$SITE" > check-sm90.json; } 2> check-time.txt
echo "check exit: $?" >> machine.txt; grep -E "Elapsed|Maximum resident" check-time.txt >> machine.txt
timeout 240 "$A" check --target sm_90 "$SITE" > check-sm90.txt 2>&1
timeout 120 "$A" check --python "$PY" --json > check-python.json 2>&1
$PY - > notnative.tsv <<'PYEOF'
import json
r = json.load(open("check-sm90.json"))
for x in r["results"]:
    if x["verdict"] != "native":
        print(x["path"], x.get("member") or "", x["verdict"], x["reason"][:400], sep="\t")
PYEOF
NCCL=$(find "$SITE/nvidia" -name 'libnccl.so*' -type f | head -1)
{
  echo "# files check --target sm_90 does not call native"; cat notnative.tsv
  for f in $(cut -f1 notnative.tsv | sort -u) "$NCCL"; do
    [ -f "$f" ] || continue
    echo "== $f ($(stat -c %s "$f") bytes)"
    readelf -d "$f" | grep NEEDED
    readelf -SW "$f" | grep -E 'fatbin|nv_|\.rodata '
    echo "-- cuobjdump -lelf -lptx (default: what the runtime loads)"; timeout 60 cuobjdump -lelf -lptx "$f" 2>&1 | head -40
    echo "-- counts: default elf=$(timeout 60 cuobjdump -lelf "$f" 2>/dev/null | grep -c 'ELF file') ptx=$(timeout 60 cuobjdump -lptx "$f" 2>/dev/null | grep -c 'PTX file') all-elf=$(timeout 60 cuobjdump -all -lelf "$f" 2>/dev/null | grep -c 'ELF file') all-ptx=$(timeout 60 cuobjdump -all -lptx "$f" 2>/dev/null | grep -c 'PTX file')"
  done
} > cuobjdump.txt 2>&1
timeout 60 "$A" scan --json "$NCCL" > scan-nccl.json 2>&1
timeout 60 "$A" scan "$NCCL" > scan-nccl.txt 2>&1; cat scan-nccl.txt >> cuobjdump.txt
PYTHONUNBUFFERED=1 timeout 330 $PY "$D/exercise.py" "$SITE" exercises.jsonl > exercises.log 2>&1
echo "exercise exit: $?" >> exercises.log
rm -f notnative.tsv check-time.txt scan-nccl.txt
ls -la "$OUT"
