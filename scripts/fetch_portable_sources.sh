#!/usr/bin/env bash
# Unpacks Debian 12's sources of zlib and libzstd into OUTDIR for the portable build (cmake/PortableDeps.cmake).
# Usage: fetch_portable_sources.sh OUTDIR
# Uses a private deb-src list and apt state under OUTDIR: the host's apt configuration is left as it is.
set -euo pipefail
out=$(mkdir -p "${1:?usage: fetch_portable_sources.sh OUTDIR}" && cd "$1" && pwd)
ls -d "$out"/zlib-*/ "$out"/libzstd-*/ >/dev/null 2>&1 && exit 0
mirror=${MIRROR:-http://deb.debian.org/debian}
state=$out/.apt && mkdir -p "$state/lists/partial" "$state/archives/partial"
printf 'deb-src %s bookworm main\ndeb-src %s bookworm-updates main\n' "$mirror" "$mirror" > "$state/sources.list"
opts=(-o Dir::Etc::SourceList="$state/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o Dir::State::Lists="$state/lists" -o Dir::Cache::archives="$state/archives" -o Debug::NoLocking=1
      -o APT::Sandbox::User=root)
apt-get "${opts[@]}" update -qq
cd "$out" && apt-get "${opts[@]}" source -qq zlib libzstd   # dpkg-source -x: Debian's patches applied
