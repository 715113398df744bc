# Sourced by main.sh and test.sh: the CMake arguments every configure gets.
# ccache, when present, is the compiler launcher of every preset (release, asan, fuzz). Its base
# directory is the repository root and the working directory is not hashed, so a clone elsewhere
# (CI's clean clone, a git worktree) hits the objects of earlier builds. This is safe for the test
# support library's absolute fixture paths: ccache rewrites only path options (-I, the source, -o),
# never -D values, so an object that bakes another tree's path in a -D flag is a miss, not a hit
# (checked: the same source with -DFIX="/a/fix" and -DFIX="/b/fix" under two base directories
# compiles twice). No source uses __FILE__ to find files at run time.
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CCACHE_BASEDIR=$repo_root CCACHE_NOHASHDIR=1
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
