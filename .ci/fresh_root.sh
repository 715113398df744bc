#!/usr/bin/env bash
# Fresh-root check: the README's two commands on a clean clone in a minimal Debian 12 (bookworm)
# root made from Debian's own packages, with nothing from the host but the network (resolv.conf and
# the host's local CA certificates).
# Usage: .ci/fresh_root.sh [ROOT_DIR]   (default: a new directory under /var/tmp; needs root)
#   Stages (each timed): mmdebstrap the root; `bash scripts/main.sh` (install build deps, build,
#   doctor); `bash scripts/test.sh` (install test deps, release suite, ASan+UBSan suite, fuzzers;
#   SKIP_ASAN=1 / SKIP_FUZZ=1 from the caller's environment pass through).
#   The host's compiler cache is shared with the root (CCACHE_DIR bound in): it can make the builds
#   faster, never hide a missing package. ccache's direct mode re-hashes every header an object was
#   built from (a header missing in the root is a miss, and the compile then fails there), a
#   preprocessor-mode lookup runs the root's own preprocessor, compiler_check=mtime keys on the root's
#   compiler binaries, and linking, test-time compilers (hipcc, nvcc, clang-19) and every tool a test
#   calls are never cached. FRESH_ROOT_CCACHE=0 runs without it.
#   The CUDA toolkit is not a Debian package: in the root, install_deps.sh puts NVIDIA's nvcc wheels
#   from PyPI in /opt/archfit-cuda (scripts/tools.tsv), so the NVIDIA fixtures are built there too.
# MIRROR overrides the Debian mirror (default: the one this host's apt uses). KEEP_ROOT=1 keeps it.
# ARCHFIT_RELEASE_TEST_BINARY=FILE (a binary built outside, e.g. CI's portable one) is copied into the
# root and passed on to test.sh, whose release suite then runs it (docs/testing.md, "Which binary").
# AFTER='COMMANDS' runs COMMANDS with bash inside the root's clone after test.sh (the CI's portable
# and .deb stages use the root's build tree this way).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-$(mktemp -d /var/tmp/archfit-fresh-root.XXXXXX)}
[ "$(id -u)" = 0 ] || { echo "fresh_root.sh: needs root (mmdebstrap, chroot, mount)" >&2; exit 2; }

# The mirror this host's apt uses (deb822 "URIs:" or one-line "deb URL"), else Debian's CDN.
mirror=${MIRROR:-$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
  sed -n -e 's/^URIs: *\(http[^ ]*\/debian\)\/*$/\1/p' -e 's/^deb  *\(http[^ ]*\/debian\)\/* .*/\1/p' | head -1 || true)}
mirror=${mirror:-http://deb.debian.org/debian}

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -R -l "${mounted[i]}" 2>/dev/null || true; done
  if [ "${KEEP_ROOT:-0}" != 1 ] && [ -d "$root" ]; then
    if findmnt -rn -o TARGET | grep -q "^$root/"; then
      echo "fresh_root.sh: mounts left under $root; not removing it" >&2
    else
      rm -rf --one-file-system "$root"
    fi
  fi
}
trap cleanup EXIT
# bind SRC DIR MOUNT-OPTIONS...: mounts into the root, slave so that nothing propagates to the host.
bind() { mkdir -p "$root$2"; mount "${@:3}" "$1" "$root$2"; mounted+=("$root$2"); mount --make-rslave "$root$2"; }

t() { date +%s; }
report() { printf '== fresh root: %-44s %dm%02ds\n' "$1" $(($2 / 60)) $(($2 % 60)); }

start=$(t)
rmdir "$root" 2>/dev/null || true
mmdebstrap --variant=minbase --quiet bookworm "$root" \
  "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
  "deb ${mirror%/debian}/debian-security bookworm-security main"
report "mmdebstrap minbase bookworm ($mirror)" $(($(t) - start))

# A clean clone of the committed tree: no build directories, caches or untracked files.
git clone -q --no-local "$repo" "$root/work/archfit"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# Network plumbing too: local CA certificates this host trusts (an HTTPS-inspecting egress proxy's,
# on some CI hosts). Without them pip's downloads from PyPI fail certificate verification inside
# the root. They land where Debian's ca-certificates picks them up when install_deps.sh installs it.
if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
fi
bind proc /proc -t proc
bind sysfs /sys -t sysfs
# The cgroup hierarchies are kernel interfaces, not host files: the build tests' compiler killed for
# memory runs in a memory cgroup of its own (tests/srcbuild/build_cli_test.cpp).
if [ -d /sys/fs/cgroup ] && findmnt -rn /sys/fs/cgroup > /dev/null; then bind /sys/fs/cgroup /sys/fs/cgroup --rbind; fi
bind /dev /dev --rbind
cache_env=()
host_cache=$(ccache -k cache_dir 2>/dev/null || true)
if [ "${FRESH_ROOT_CCACHE:-1}" = 1 ] && [ -n "$host_cache" ] && [ -d "$host_cache" ]; then
  bind "$host_cache" /var/cache/archfit-ccache --bind
  cache_env=(CCACHE_DIR=/var/cache/archfit-ccache)
fi
pass_env=()
for name in SKIP_ASAN SKIP_FUZZ FUZZ_TOTAL_SECONDS; do
  if [ -n "${!name:-}" ]; then pass_env+=("$name=${!name}"); fi
done
if [ -n "${ARCHFIT_RELEASE_TEST_BINARY:-}" ]; then
  install -D -m 755 "$ARCHFIT_RELEASE_TEST_BINARY" "$root/opt/archfit-under-test/archfit"
  pass_env+=(ARCHFIT_RELEASE_TEST_BINARY=/opt/archfit-under-test/archfit)
fi
in_root() { chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb PATH=/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 "${cache_env[@]}" "${pass_env[@]}" "$@"; }

start=$(t)
# main.sh exits with doctor's verdict: 1 (a FAIL: no GPU here) is a verdict, anything else a failure.
rc=0
in_root bash -c 'cd /work/archfit && bash scripts/main.sh' || rc=$?
report "bash scripts/main.sh (rc $rc)" $(($(t) - start))
[ $rc -le 1 ] && [ -x "$root/work/archfit/build/archfit" ] || { echo "fresh root: main.sh failed" >&2; exit 1; }

start=$(t)
in_root bash -c 'cd /work/archfit && bash scripts/test.sh'
report "bash scripts/test.sh ${pass_env[*]}" $(($(t) - start))
echo "fresh root: both README commands passed"
if [ -n "${AFTER:-}" ]; then
  start=$(t)
  in_root bash -c "cd /work/archfit && $AFTER"
  report "AFTER commands" $(($(t) - start))
fi
