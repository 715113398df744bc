# Sourced by main.sh and test.sh: the CMake arguments every configure gets.
# ccache, when present, is the compiler launcher of every preset (release, asan, fuzz): repeated
# builds and CI runs in the same clone hit the cache. No CCACHE_BASEDIR: the test support library
# bakes absolute fixture and binary paths into -D flags, and a base directory would let a clone
# elsewhere reuse an object that points into another (possibly deleted) tree.
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cmake_common_args=()
if command -v ccache >/dev/null; then
  cmake_common_args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi

# stage_timer NAME: prints how long the previous stage took (for docs/testing.md's table), then NAME.
stage_started=
stage_name=
stage_timer() {
  local now; now=$(date +%s)
  if [ -n "$stage_started" ]; then
    printf '== %s took %dm%02ds\n' "$stage_name" $(((now - stage_started) / 60)) $(((now - stage_started) % 60))
  fi
  stage_started=$now stage_name=${1:-}
  if [ -n "$stage_name" ]; then echo "== $stage_name"; fi
}
