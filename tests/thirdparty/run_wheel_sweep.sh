#!/usr/bin/env bash
# CTest's thirdparty.wheel_sweep (labels download, sweep): scripts/wheel_sweep.py on the "ci" rows of
# tests/data/wheel-sweep/wheels.tsv (8 wheels, 203 MB, downloaded one at a time and deleted), or
# on the whole list (about 9.4 GB) when ARCHFIT_FULL_SWEEP=1. Usage: run_wheel_sweep.sh ARCHFIT
set -euo pipefail
# ARCHFIT_TEST_BINARY, when set, replaces ARCHFIT (as in the end-to-end tests: docs/testing.md).
archfit=${ARCHFIT_TEST_BINARY:-${1:?usage: run_wheel_sweep.sh ARCHFIT}}
root=$(cd "$(dirname "$0")/../.." && pwd)
set_name=ci
if [ "${ARCHFIT_FULL_SWEEP:-0}" = 1 ]; then set_name=full; fi
exec python3 "$root/scripts/wheel_sweep.py" --archfit "$archfit" --set "$set_name" --require-oracles \
  "$root/tests/data/wheel-sweep/wheels.tsv"
