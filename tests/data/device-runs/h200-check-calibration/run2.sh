#!/bin/bash
# Second device run: libcufile (check says jit for sm_90) and triton, with the kernels of libcufile's fatbin.
set -u
D=$(cd "$(dirname "$0")" && pwd)
PY=/opt/torch/.venv/bin/python3
SITE=$($PY -c 'import site; print(site.getsitepackages()[0])')
cd "$OUT"
CF=$(find "$SITE/nvidia" -name 'libcufile.so.0' | head -1)
{ echo "== $CF: kernels in its fatbin (cuobjdump -sass | grep Function)"; cuobjdump -sass "$CF" 2>&1 | grep -E 'Function|code for' | sort | uniq -c; } > cufile-kernels.txt
PYTHONUNBUFFERED=1 timeout 200 $PY "$D/exercise.py" "$SITE" exercises2.jsonl cufile triton > exercises2.log 2>&1
echo "exercise exit: $?" >> exercises2.log
