#!/usr/bin/env bash
# Refuses to start a stage while a tool it calls is missing.
# Usage: check_tools.sh STAGE...   (stages of scripts/tools.tsv: build, test, ci)
# Prints every missing tool with the package that provides it and what calls it, then exits 1;
# exits 0 silently when everything is there. A missing tool is never a silent skip.
set -euo pipefail
source "$(dirname "$0")/tools_lib.sh"
[ $# -gt 0 ] || { echo "usage: check_tools.sh STAGE..." >&2; exit 2; }
missing=0
while IFS=$'\t' read -r stage tool source used_by; do
  find_tool "$tool" >/dev/null && continue
  if [ $missing = 0 ]; then
    echo "check_tools: missing tools for stage(s) $* (install them with: bash scripts/install_deps.sh ${*: -1}):" >&2
  fi
  printf '  MISSING  %-60s from %-40s used by %s\n' "$tool" "$source" "$used_by" >&2
  missing=$((missing + 1))
done < <(tool_rows "$@")
if [ $missing -gt 0 ]; then
  echo "check_tools: $missing missing; refusing to start (see scripts/tools.tsv)" >&2
  exit 1
fi
