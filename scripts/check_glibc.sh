#!/usr/bin/env bash
# The portable-binary check: fails when BINARY needs a glibc symbol version newer than MAX.
# Usage: check_glibc.sh BINARY [MAX]   (MAX default 2.28: RHEL 8, Ubuntu 20.04 and newer start it)
# Reads the dynamic symbol table with binutils' `objdump -T`; prints the highest GLIBC_ version and
# the symbols that need more than MAX.
set -euo pipefail
binary=${1:?usage: check_glibc.sh BINARY [MAX]}
max=${2:-2.28}
table=$(objdump -T "$binary")
highest=$(grep -o 'GLIBC_[0-9][0-9.]*' <<< "$table" | sed 's/GLIBC_//' | sort -uV | tail -1)
[ -n "$highest" ] || { echo "check_glibc: $binary: no GLIBC_ symbol versions (static?)"; exit 0; }
too_new=$(awk -v max="$max" '
  function newer(a, b,  x, y, i, n) { n = split(a, x, "."); split(b, y, ".")
    for (i = 1; i <= (n > 3 ? n : 3); i++) { if (x[i] + 0 != y[i] + 0) return x[i] + 0 > y[i] + 0 } return 0 }
  match($0, /GLIBC_[0-9][0-9.]*/) { v = substr($0, RSTART + 6, RLENGTH - 6); if (newer(v, max)) print "  " $NF "@GLIBC_" v }' \
  <<< "$table" | sort -u)
if [ -n "$too_new" ]; then
  echo "check_glibc: $binary needs GLIBC_$highest, above the portable limit GLIBC_$max:" >&2
  echo "$too_new" >&2
  exit 1
fi
echo "check_glibc: $binary needs at most GLIBC_$highest (limit GLIBC_$max)"
