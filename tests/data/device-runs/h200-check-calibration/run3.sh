#!/bin/bash
# Third device run: libcufile on tmpfs (/dev/shm) and on the root file system's /root.
set -u
D=$(cd "$(dirname "$0")" && pwd)
PY=/opt/torch/.venv/bin/python3
SITE=$($PY -c 'import site; print(site.getsitepackages()[0])')
cd "$OUT"
mount | grep -E ' / | /dev/shm | /tmp ' > mounts.txt
for p in /dev/shm/archfit_cufile.bin /root/archfit_cufile.bin; do
  ARCHFIT_CUFILE_PATH=$p PYTHONUNBUFFERED=1 timeout 100 $PY "$D/exercise.py" "$SITE" "exercises3-$(basename $(dirname $p)).jsonl" cufile >> exercises3.log 2>&1
done
