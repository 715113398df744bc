#!/usr/bin/env bash
# Installs what archfit needs on Debian 12, from the manifest scripts/tools.tsv (Debian packages with
# apt-get; the test oracles and, where no CUDA toolkit is installed, the CUDA compiler from PyPI),
# then checks that every tool of the stage is there (scripts/check_tools.sh).
#   install_deps.sh build   compiler, CMake, Ninja, ccache and the libraries archfit links
#   install_deps.sh test    the above plus the real toolchains and tools the tests compare against
#   install_deps.sh ci      the above plus what .ci/run adds (mmdebstrap for the fresh-root stage)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/tools_lib.sh"
mode=${1:-build}
case $mode in
  build) stages=(build) ;;
  test) stages=(build test) ;;
  ci) stages=(build test ci) ;;
  *) echo "usage: install_deps.sh build|test|ci" >&2; exit 2 ;;
esac
sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi

debs=() pypi=() cuda=()
while IFS=$'\t' read -r stage tool source used_by; do
  case $source in
    deb:*) debs+=("${source#deb:}") ;;
    pypi:*) find_tool "$tool" >/dev/null || pypi+=(${source#pypi:}) ;;
    cuda:*) find_tool "$tool" >/dev/null || cuda+=(${source#cuda:}) ;;
  esac
done < <(tool_rows "${stages[@]}")

missing=()
for p in $(printf '%s\n' "${debs[@]}" | sort -u); do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ "$mode" != build ] && ! apt-cache show coreutils >/dev/null 2>&1; then
  # doctor's tests check every Debian package name it prints with apt-cache, which needs the package lists.
  "${sudo_cmd[@]}" apt-get update -qq
fi

if [ ${#pypi[@]} -gt 0 ] || [ ${#cuda[@]} -gt 0 ]; then
  # Debian's own python3 is "externally managed" (PEP 668): say we mean it; other pythons ignore it.
  pip_flags=(-q --disable-pip-version-check --root-user-action=ignore)
  if python3 -m pip install --help 2>/dev/null | grep -q -- --break-system-packages; then
    pip_flags+=(--break-system-packages)
  fi
  if [ ${#pypi[@]} -gt 0 ]; then
    python3 -m pip install "${pip_flags[@]}" "${pypi[@]}"
  fi
  if [ ${#cuda[@]} -gt 0 ]; then
    # No CUDA toolkit here (it is not a Debian package): NVIDIA's PyPI wheels of the same nvcc
    # release, unpacked into /opt/archfit-cuda; scripts/test.sh points the fixtures' $NVCC at it.
    "${sudo_cmd[@]}" python3 -m pip install "${pip_flags[@]}" --upgrade --target /opt/archfit-cuda "${cuda[@]}"
  fi
fi
bash "$here/check_tools.sh" "${stages[@]}"
