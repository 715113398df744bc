#!/usr/bin/env bash
# Installs the wheel the way its users will and runs it (.ci/run's wheel stage):
#   1. `pip install WHEEL` into a fresh venv: `archfit` must be on the venv's PATH (bin/), start,
#      print its version, and scan Debian's librocsparse.so.0.1 listing the same code objects as
#      roc-obj-ls (the oracle: one line per bundle entry); the man page lands in the venv's share/;
#   2. `pipx run --spec WHEEL archfit doctor` (pipx makes its own venv): doctor must run and report
#      (exit 0 when nothing FAILs, 1 when something does: both are answers; 2 or a crash is not).
# Usage: test_wheel.sh WHEEL
set -euo pipefail
wheel=$(realpath "${1:?usage: test_wheel.sh WHEEL}")
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
lib=/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1

python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check --no-index "$wheel"
found=$(PATH="$work/venv/bin:/usr/bin:/bin" command -v archfit)
[ "$found" = "$work/venv/bin/archfit" ] || { echo "test_wheel: archfit on PATH is '$found', not the venv's" >&2; exit 1; }
[ -s "$work/venv/share/man/man1/archfit.1.gz" ] || { echo "test_wheel: no man page in the venv" >&2; exit 1; }
"$found" --version
# The same (bundle, entry id, offset, size) list from both tools, one line each.
roc-obj-ls "$lib" | sed -E 's|^([0-9]+)[[:space:]]+([^[:space:]]+)[[:space:]]+file://.*#offset=([0-9]+)&size=([0-9]+)$|\1 \2 \3 \4|' \
  | sort > "$work/want.txt"
"$found" scan --json "$lib" | python3 -c '
import json, sys
for f in json.load(sys.stdin)["files"]:
    for i, bundle in enumerate(f["bundles"]):
        for e in bundle["entries"]:
            print(i + 1, e["id"], e["offset"], e["size"])' | sort > "$work/got.txt"
echo "test_wheel: scan $lib: $(wc -l < "$work/got.txt") entries, roc-obj-ls: $(wc -l < "$work/want.txt")"
[ -s "$work/want.txt" ] && diff "$work/want.txt" "$work/got.txt" \
  || { echo "test_wheel: the wheel's archfit and roc-obj-ls disagree" >&2; exit 1; }

export PIPX_HOME=$work/pipx PIPX_BIN_DIR=$work/pipx-bin
status=0
pipx run --no-cache --spec "$wheel" archfit doctor > "$work/doctor.txt" 2>&1 || status=$?
cat "$work/doctor.txt"
if [ "$status" -gt 1 ] || ! [ -s "$work/doctor.txt" ]; then
  echo "test_wheel: pipx run archfit doctor exited $status" >&2; exit 1
fi
echo "test_wheel: pip install and pipx run work ($(basename "$wheel"))"
