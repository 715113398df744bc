#!/usr/bin/env bash
# Downloads what bench/device/h200_build.sh needs on the H200 (no internet there) into
# bench/device/sdists/ (git-ignored; carried to the device):
#   - torch-scatter 2.1.2's sdist, its sha256 checked against PyPI's simple index. `pip download`
#     cannot fetch it: it prepares the metadata, and torch-scatter's setup.py imports torch;
#   - setuptools and ninja wheels, installed there into a scratch directory only when the machine's
#     Python lacks them (a venv of Python 3.12 has no setuptools; without ninja
#     torch.utils.cpp_extension compiles one file at a time).
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)/sdists
mkdir -p "$dir"
file=torch_scatter-2.1.2.tar.gz
sha256=69b3aa435f2424ac6a1bfb6ff702da6eb73b33ca0db38fb26989c74159258e47  # pypi.org/simple/torch-scatter/
url=https://files.pythonhosted.org/packages/f5/ab/2a44ecac0f891dd0d765fc59ac8d277c6283a31907626560e72685df2ed6/$file
[ -f "$dir/$file" ] || curl -sSfL --max-time 120 -o "$dir/$file" "$url"
echo "$sha256  $dir/$file" | sha256sum -c -
# torchsort 0.1.10 (pypi.org/pypi/torchsort/json): one C++ and one CUDA source, small enough for one
# device command; setup.py builds its CUDAExtension when `nvcc` is on PATH.
file=torchsort-0.1.10.tar.gz
sha256=416a7dd2ab88332b27e98318d7fb2e0243b9fb6f1fffcf77760d63103d70dd04
url=https://files.pythonhosted.org/packages/57/c8/f643cdde8bcfe2c9c2460ffeac83e2fecac9d5bb48fddaf61970547275aa/$file
[ -f "$dir/$file" ] || curl -sSfL --max-time 120 -o "$dir/$file" "$url"
echo "$sha256  $dir/$file" | sha256sum -c -
python3 -m pip download -q --no-deps --only-binary :all: --python-version 3.12 --platform manylinux_2_17_x86_64 \
  --platform manylinux2014_x86_64 --platform any -d "$dir" setuptools==80.9.0 ninja==1.13.0
ls -l "$dir"
