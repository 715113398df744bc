#!/usr/bin/env bash
# Builds the `pip install archfit` wheel (pyproject.toml, scikit-build-core) into OUTDIR and checks it:
#   - the file name carries py3-none-manylinux_2_28_x86_64;
#   - the binary inside needs nothing above GLIBC_2.28 (scripts/check_glibc.sh);
#   - `auditwheel show` finds no library outside the manylinux policy and a policy no newer than the tag.
# Usage: build_wheel.sh [OUTDIR]   (default build-portable/wheel; prints the wheel's path last)
# The build directory is build-portable/, shared with `cmake --preset portable`: after that preset's
# build the wheel only re-runs CMake's configure step and installs. zig's global cache (its libc++ for
# the target; ~/.cache/zig, or ZIG_GLOBAL_CACHE_DIR) is kept across runs like ccache's.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/build_env.sh
# ccache keys zig's objects on zig's version (the wrapper scripts' mtime is new in every clone).
export CCACHE_COMPILERCHECK=${CCACHE_COMPILERCHECK:-string:ziglang-$(python3 -m ziglang version)}
out=$(mkdir -p "${1:-build-portable/wheel}" && cd "${1:-build-portable/wheel}" && pwd)
tag=py3-none-manylinux_2_28_x86_64
bash scripts/fetch_portable_sources.sh build-portable/portable-sources
rm -f "$out"/archfit-*.whl
config=()
for arg in "${cmake_common_args[@]}"; do config+=(--config-settings="cmake.define.${arg#-D}"); done
# --no-build-isolation: scikit-build-core comes from scripts/tools.tsv (no download during the build).
nice -n 10 python3 -m pip wheel -q --disable-pip-version-check --no-build-isolation --no-deps \
  "${config[@]}" -w "$out" .
wheel=$(ls "$out"/archfit-*.whl)
case $(basename "$wheel") in
  *-$tag.whl) ;;
  *) echo "build_wheel: $wheel is not tagged $tag" >&2; exit 1 ;;
esac
unpacked=$(mktemp -d) && trap 'rm -rf "$unpacked"' EXIT
python3 -m zipfile -e "$wheel" "$unpacked"
bash scripts/check_glibc.sh "$unpacked"/archfit-*.data/scripts/archfit 2.28
# auditwheel prints the most compatible policy the wheel's ELF files allow, e.g.
#   ... is consistent with the following platform tag: "manylinux_2_17_x86_64".
# and names every library outside the policy. The tag must be that policy or a newer one.
report=$(auditwheel show "$wheel" 2>&1) || { echo "$report" >&2; exit 1; }
echo "$report"
policy=$(tr -s ' \n' ' ' <<< "$report" | grep -o 'platform tag: "[a-z0-9_]*"' | head -1 | sed 's/.*"\(.*\)"/\1/')
case $policy in
  manylinux_2_*_x86_64) ;;
  *) echo "build_wheel: auditwheel found no manylinux policy for $wheel" >&2; exit 1 ;;
esac
minor=${policy#manylinux_2_} minor=${minor%%_*}
if [ "$minor" -gt 28 ]; then
  echo "build_wheel: auditwheel says $policy, newer than the wheel's tag $tag" >&2; exit 1
fi
echo "$wheel"
