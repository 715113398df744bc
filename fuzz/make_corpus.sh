#!/usr/bin/env bash
# Builds seed corpora for the libFuzzer harnesses, one directory per harness under CORPUS_DIR.
# Usage: make_corpus.sh FIXTURE_DIR CORPUS_DIR
#
# FIXTURE_DIR is what tests/fixtures/amd/make_amd_fixtures.sh wrote (e.g. build/fixtures/amd), or
# its parent (then <parent>/amd and, when present, <parent>/nvidia are used). If it does not exist
# the AMD fixtures are generated first (into it when it is named amd, else into FIXTURE_DIR/amd). Only files under 64 KiB become seeds: libFuzzer
# mutates small inputs far faster. A few synthetic seeds are added that mutation finds hard to reach:
# CCOBs of a tiny bundle with zlib level 0 (stored blocks, so the inner table stays mutable), GNU
# and BSD archives with long names, the two-bundle .hip_fatbin section of a real library and, with
# NVIDIA fixtures, the .nv_fatbin / __nv_relfatbin sections of their libraries and objects.
# Checked-in seeds under fuzz/seeds/<harness>/ (if any) are added too.
set -euo pipefail
fixtures=${1:?usage: make_corpus.sh FIXTURE_DIR CORPUS_DIR}
corpus=${2:?usage: make_corpus.sh FIXTURE_DIR CORPUS_DIR}
here=$(cd "$(dirname "$0")" && pwd)
llvm19=/usr/lib/llvm-19/bin
max_seed=65535

if [ ! -e "$fixtures" ]; then  # generate: into FIXTURE_DIR itself if it is named amd, else FIXTURE_DIR/amd
  target=$fixtures; [ "$(basename "$fixtures")" = amd ] || target=$fixtures/amd
  bash "$here/../tests/fixtures/amd/make_amd_fixtures.sh" "$target" >/dev/null
fi
amd=$fixtures; [ -d "$fixtures/amd" ] && amd=$fixtures/amd
nvidia=$(dirname "$amd")/nvidia; [ -d "$fixtures/nvidia" ] && nvidia=$fixtures/nvidia

harnesses=(fuzz_elf fuzz_ar fuzz_offload_bundle fuzz_ccob fuzz_scan fuzz_zip_stream)
for h in "${harnesses[@]}"; do mkdir -p "$corpus/$h"; done
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# seed HARNESS FILE...: copies the files that exist and are small enough, named by content hash.
seed() {
  local harness=$1 f; shift
  for f in "$@"; do
    [ -f "$f" ] && [ "$(stat -c %s "$f")" -le $max_seed ] || continue
    cp "$f" "$corpus/$harness/$(sha1sum "$f" | cut -c1-16)"
  done
}
has_magic() { [ "$(head -c "${#2}" "$1" 2>/dev/null)" = "$2" ]; }

# Synthetic bundles and CCOBs (python3 writes the same layout as tests/fixtures/amd/make_ccob.py).
python3 - "$work" <<'PY'
import hashlib, struct, sys, zlib
out = sys.argv[1]
def bundle(entries):
    table = b"".join(struct.pack("<QQQ", 0, 0, 0) + i.encode() for i, _ in entries)
    head = b"__CLANG_OFFLOAD_BUNDLE__" + struct.pack("<Q", len(entries))
    offset, body, rows = len(head) + len(table), b"", b""
    for ident, payload in entries:
        rows += struct.pack("<QQQ", offset + len(body), len(payload), len(ident)) + ident.encode()
        body += payload
    return head + rows + body
elf = b"\x7fELF\x02\x01\x01\x40\x03" + bytes(7) + struct.pack("<HHI", 3, 224, 1) + bytes(24) + \
      struct.pack("<I", 0x53f) + bytes(12)
b = bundle([("host-x86_64-unknown-linux-gnu-", b""), ("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", elf)])
open(f"{out}/tiny.hipfb", "wb").write(b)
md5 = hashlib.md5(b).digest()[:8]
for level in (0, 9):
    z = zlib.compress(b, level)
    open(f"{out}/tiny_v1_z{level}.ccob", "wb").write(b"CCOB" + struct.pack("<HHI", 1, 0, len(b)) + md5 + z)
    open(f"{out}/tiny_v2_z{level}.ccob", "wb").write(b"CCOB" + struct.pack("<HHII", 2, 0, 24 + len(z), len(b)) + md5 + z)
    open(f"{out}/tiny_v3_z{level}.ccob", "wb").write(b"CCOB" + struct.pack("<HHQQ", 3, 0, 32 + len(z), len(b)) + md5 + z)
PY
# Small archives: GNU long names ("//" table) and BSD "#1/N" names.
(cd "$work" && printf 'x' > short.o && cp tiny.hipfb a_member_with_a_long_name.o &&
  ar rcs gnu.a short.o a_member_with_a_long_name.o &&
  "$llvm19/llvm-ar" rc --format=bsd bsd.a short.o a_member_with_a_long_name.o) || true
# The two-bundle .hip_fatbin section of the linked clang-15 library.
"$llvm19/llvm-objcopy" --dump-section=.hip_fatbin="$work/two_bundles.fatbin" "$amd/hip15_two_bundles.so" \
  /dev/null 2>/dev/null || true

shopt -s nullglob
elves=("$amd"/*.o "$amd"/*.so "$amd"/*.co "$amd"/code_objects/*.co "$amd"/work/*.o)
bundles=("$amd"/*.hipfb "$amd"/work/*.hipfb "$work"/*.hipfb "$work"/*.ccob "$work"/two_bundles.fatbin)
seed fuzz_elf "${elves[@]}"
seed fuzz_ar "$amd"/*.a "$work"/*.a
seed fuzz_offload_bundle "${bundles[@]}"
for f in "${bundles[@]}"; do has_magic "$f" CCOB && seed fuzz_ccob "$f"; done
seed fuzz_scan "${elves[@]}" "${bundles[@]}" "$amd"/*.a "$work"/*.a
if [ -d "$nvidia" ]; then
  nv=("$nvidia"/* "$nvidia"/work/*)
  for f in "$nvidia"/*.so "$nvidia"/*.o; do  # the fatbin sections of the (large) host files
    for s in .nv_fatbin __nv_relfatbin; do
      "$llvm19/llvm-objcopy" --dump-section="$s=$work/$(basename "$f")$s" "$f" /dev/null 2>/dev/null || true
    done
  done
  nv+=("$work"/*.nv_fatbin "$work"/*__nv_relfatbin)
  mkdir -p "$corpus/fuzz_cuda_fatbin"
  seed fuzz_scan "${nv[@]}"
  for f in "${nv[@]}"; do
    has_magic "$f" $'\x7fELF' && seed fuzz_elf "$f" && seed fuzz_cuda_fatbin "$f"
    has_magic "$f" $'\x50\xed\x55\xba' && seed fuzz_cuda_fatbin "$f"
  done
fi
# fuzz_decompression_budget: 9 bytes (budget selector, claimed size) before each CCOB and fatbin
# seed, plus two bombs: a zstd frame of 64 MiB of zeros and a CCOB v3 claiming it.
mkdir -p "$corpus/fuzz_decompression_budget"
if command -v zstd >/dev/null; then
  head -c 64M /dev/zero | zstd -19 -q -c > "$work/bomb.zst"
  python3 - "$work" <<'PY' || true
import struct, sys
out = sys.argv[1]
frame = open(f"{out}/bomb.zst", "rb").read()
open(f"{out}/bomb.ccob", "wb").write(b"CCOB" + struct.pack("<HHQQ", 3, 1, 32 + len(frame), 64 << 20) + bytes(8) + frame)
PY
fi
for f in "$work"/bomb.zst "$work"/bomb.ccob "${bundles[@]}" "$corpus"/fuzz_cuda_fatbin/*; do
  [ -f "$f" ] && [ "$(stat -c %s "$f")" -lt $max_seed ] || continue
  { printf '\x0e\x00\x00\x00\x00\x04\x00\x00\x00'; cat "$f"; } > "$work/budget_seed"
  cp "$work/budget_seed" "$corpus/fuzz_decompression_budget/$(sha1sum "$work/budget_seed" | cut -c1-16)"
done

# fuzz_zip_stream: the first byte picks the chunk size, the rest is a zip or an ELF file.
for f in "${elves[@]}" "$amd"/zip/*.zip "$amd"/zip/*.whl; do
  [ -f "$f" ] && [ "$(stat -c %s "$f")" -lt $max_seed ] || continue
  { printf '\x07'; cat "$f"; } > "$work/stream_$(basename "$f")"
  seed fuzz_zip_stream "$work/stream_$(basename "$f")"
done
(cd "$work" && python3 -c "
import zipfile, sys
with zipfile.ZipFile('small.whl', 'w', zipfile.ZIP_DEFLATED) as z:
    for name in sys.argv[1:]:
        z.write(name, 'pkg/lib/' + name.split('/')[-1])
" "$amd"/bare_gfx90a.co "$amd"/a15.hipfb "$amd"/libhost_rpath.so 2>/dev/null && { printf '\x01'; cat small.whl; } > stream_small.whl) || true
seed fuzz_zip_stream "$work/stream_small.whl"

# fuzz_detect_text: the first byte picks the parser (see fuzz_detect_text.cpp); seeds are the
# captured sysroot trees' files and saved tool outputs under tests/data.
mkdir -p "$corpus/fuzz_detect_text"
detect_seed() {  # detect_seed SELECTOR FILE...
  local selector=$1 f; shift
  for f in "$@"; do
    [ -f "$f" ] && [ "$(stat -c %s "$f")" -lt $max_seed ] || continue
    { printf "\\$(printf '%03o' "$selector")"; cat "$f"; } > "$work/detect_seed"
    cp "$work/detect_seed" "$corpus/fuzz_detect_text/$(sha1sum "$work/detect_seed" | cut -c1-16)"
  done
}
data=$here/../tests/data
shopt -s nullglob globstar
detect_seed 0 "$data"/sysroots/*/root/sys/class/kfd/kfd/topology/nodes/*/properties
detect_seed 1 "$data"/sysroots/*/root/proc/cpuinfo
detect_seed 2 "$data"/sysroots/*/root/etc/os-release
detect_seed 3 /usr/share/libdrm/amdgpu.ids
detect_seed 4 "$data"/sysroots/*/root/proc/driver/nvidia/version "$data"/sysroots/*/root/proc/driver/nvidia/gpus/*/information
detect_seed 7 "$data"/tool-outputs/rocminfo/*.txt
detect_seed 8 "$data"/tool-outputs/nvidia-smi/*.txt "$data"/sysroots/h200/tools/*
detect_seed 10 /etc/ld.so.cache
shopt -u nullglob globstar
printf '\005GPU-0a,1,-1' > "$corpus/fuzz_detect_text/visible"
printf '\00610.3.0' > "$corpus/fuzz_detect_text/override"
printf '\0110-3,8,10-11' > "$corpus/fuzz_detect_text/cpulist"

# Checked-in seeds, for harnesses whose inputs the fixtures do not cover.
for dir in "$here"/seeds/*/; do
  [ -d "$dir" ] || continue  # no seeds/ directory: the glob stays unexpanded
  h=$(basename "$dir"); mkdir -p "$corpus/$h"; seed "$h" "$dir"*
done
# fuzz_explain_lines: every twentieth real log of tests/data/logs, and each again as Windows tools save a log
# (UTF-16LE with a BOM: PowerShell's `>`), converted by glibc's iconv.
mkdir -p "$corpus/fuzz_explain_lines"
n=0
for f in "$here"/../tests/data/logs/*/*.log; do
  n=$((n + 1)); [ $((n % 20)) = 0 ] || continue
  seed fuzz_explain_lines "$f"
  iconv -f UTF-8 -t UTF-16 "$f" > "$work/utf16_seed" 2>/dev/null || continue
  seed fuzz_explain_lines "$work/utf16_seed"
done
for h in "$corpus"/*/; do echo "$(basename "$h"): $(ls "$h" | wc -l) seeds"; done
