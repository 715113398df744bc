#!/usr/bin/env bash
# Downloads the sdist that bench/device/h200_build.sh builds on the H200 (no internet there) into
# bench/device/sdists/ (git-ignored; carried to the device) and checks its sha256 against PyPI's.
# `pip download` cannot fetch it: it prepares the metadata, and torch-scatter's setup.py imports torch.
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)/sdists
mkdir -p "$dir"
file=torch_scatter-2.1.2.tar.gz
sha256=69b3aa435f2424ac6a1bfb6ff702da6eb73b33ca0db38fb26989c74159258e47  # pypi.org/simple/torch-scatter/
url=https://files.pythonhosted.org/packages/f5/ab/2a44ecac0f891dd0d765fc59ac8d277c6283a31907626560e72685df2ed6/$file
[ -f "$dir/$file" ] || curl -sSfL --max-time 120 -o "$dir/$file" "$url"
echo "$sha256  $dir/$file" | sha256sum -c -
