#!/usr/bin/env python3
"""Wheel = extracted sweep over real GPU wheels from PyPI (issue 12).

For each wheel of a list (tests/data/wheel-sweep/wheels.tsv), one at a time:
  1. `pip download --no-deps` the pinned wheel into a temporary directory (deleted after the wheel);
  2. `archfit scan --json WHEEL`, the default way and with `--zip-buffer-limit 0` (every deflated
     member streamed);
  3. extract every member that starts with an ELF, PE ("MZ"), ar, offload-bundle ("__CLANG_OFFLOAD_BUNDLE__",
     "CCOB") or CUDA fatbin magic, and `archfit scan --json` those files;
  4. compare per member: the wheel's report of a member (path and member name aside) must equal the
     report of the extracted file, for both wheel scans; every extracted binary must be reported;
  5. oracles, on a sample of members: the `.hip_fatbin` bundles' entry IDs must be what
     `clang-offload-bundler --list` says about the section that `llvm-objcopy --dump-section` cut out,
     and the `.nv_fatbin` cubins and PTX what `cuobjdump --list-elf/--list-ptx` lists.
Prints one row per wheel and a summary; exits 1 on any mismatch, 2 on a usage or setup error.

List format (tab-separated, '#' starts a comment line):
  spec (name==version)  wheel file name  size in bytes  sets  why / source
`sets` is a comma list: `full` (the whole sweep), `ci` (the small subset the download-label test runs),
or `skip: reason` for a wheel that is listed but left out (the reason is printed, never dropped).

  wheel_sweep.py [--set ci|full] [--archfit PATH] [--only NAME...] [--results OUT.tsv] LIST
  wheel_sweep.py --resolve NAME... (print list rows for the newest Linux x86_64 wheel of each project)
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
import zlib

MAGICS = (b"\x7fELF", b"MZ", b"!<arch>\n", b"__CLANG_OFFLOAD_BUNDLE__", b"CCOB", b"\x50\xed\x55\xba")
ELF_MAGIC = b"\x7fELF"


# ---------------------------------------------------------------- the list

def read_list(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 5:
                sys.exit(f"{path}:{number}: expected 5 tab-separated fields, got {len(fields)}")
            spec, filename, size, sets, why = fields
            rows.append({"spec": spec, "file": filename, "size": int(size) if size.isdigit() else 0,
                         "sets": sets, "why": why, "line": number})
    return rows


def resolve(names, python_tags=("cp311", "cp310", "py3", "cp39", "cp312")):
    """Newest release of each project with a Linux x86_64 wheel for one of python_tags (in that order)."""
    for name in names:
        url = f"https://pypi.org/pypi/{name}/json"
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                project = json.load(response)
        except Exception as error:  # noqa: BLE001 - print the reason, go on with the next name
            print(f"# {name}\t-\t0\tskip: not on PyPI ({error})\t{url}")
            continue
        releases = project.get("releases", {})
        versions = sorted(releases, key=version_key, reverse=True)
        picked = None
        for version in versions:
            wheels = [u for u in releases[version] if u["filename"].endswith(".whl") and not u.get("yanked")
                      and "linux" in u["filename"] and "x86_64" in u["filename"]]
            for tag in python_tags:
                matching = [u for u in wheels if wheel_tags(u["filename"])[0].split(".").count(tag) or
                            wheel_tags(u["filename"])[0] == tag]
                if matching:
                    picked = (version, matching[0])
                    break
            if picked:
                break
        if not picked:
            print(f"# {name}\t-\t0\tskip: no Linux x86_64 wheel for {'/'.join(python_tags)}\t{url}")
            continue
        version, wheel = picked
        print(f"{project['info']['name']}=={version}\t{wheel['filename']}\t{wheel['size']}\tfull\t"
              f"https://pypi.org/project/{project['info']['name']}/{version}/")


def version_key(version):
    parts = []
    for piece in version.replace("-", ".").split("."):
        digits = "".join(c for c in piece if c.isdigit())
        pre = not piece.isdigit()  # 1.0rc1 < 1.0
        parts.append((int(digits) if digits else 0, 0 if pre else 1))
    return parts


def wheel_tags(filename):
    """(python tag, abi tag, platform tag) of a wheel file name (PEP 427)."""
    parts = filename[:-len(".whl")].split("-")
    return parts[-3], parts[-2], parts[-1]


# ---------------------------------------------------------------- tools

def run(command, cwd=None, check_rc=(0,)):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, errors="replace")
    if done.returncode not in check_rc:
        raise RuntimeError(f"{' '.join(command[:4])}...: exit {done.returncode}: {done.stderr.strip()[:400]}")
    return done


def archfit_json(archfit, arguments, cwd=None):
    # archfit scan exits 1 when a file has an error: the errors are part of what is compared.
    done = run([archfit, "scan", "--json", "-j", "1", *arguments], cwd=cwd, check_rc=(0, 1))
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError as error:
        raise RuntimeError(f"archfit scan {arguments[:2]}: no JSON ({error}); stderr: {done.stderr[:400]}")


def download(row, directory):
    name, _ = row["spec"].split("==")
    python_tag, abi, platforms = wheel_tags(row["file"])
    command = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
               "--only-binary=:all:", "-d", directory]
    for platform in platforms.split("."):
        command += ["--platform", platform]
    tag = python_tag.split(".")[0]
    if tag.startswith("cp") and len(tag) > 3:
        command += ["--python-version", f"{tag[2]}.{tag[3:]}", "--implementation", "cp"]
        if abi != "none":
            command += ["--abi", abi]
    else:
        command += ["--python-version", "3.11"]
    run([*command, row["spec"]])
    path = os.path.join(directory, row["file"])
    if not os.path.exists(path):
        got = ", ".join(os.listdir(directory))
        raise RuntimeError(f"pip downloaded {got or 'nothing'}, not {row['file']}")
    return path


def extract_binaries(wheel, directory):
    """Extracts the members that start with a binary magic; returns their names."""
    names = []
    with zipfile.ZipFile(wheel) as archive:
        for info in archive.infolist():
            if info.is_dir() or info.file_size < 4:
                continue
            with archive.open(info) as member:
                head = member.read(24)
            if not head.startswith(MAGICS):
                continue
            target = os.path.realpath(os.path.join(directory, info.filename))
            if not target.startswith(os.path.realpath(directory) + os.sep):
                continue  # a member name that leaves the directory: not extracted
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with archive.open(info) as member, open(target, "wb") as out:
                shutil.copyfileobj(member, out, 1 << 20)
            names.append(info.filename)
    return names


def elf_section(path, wanted):
    """(file offset, size) of the section named `wanted` of a little-endian ELF64 file, or None."""
    with open(path, "rb") as f:
        header = f.read(64)
        if len(header) < 64 or header[:4] != ELF_MAGIC or header[4] != 2 or header[5] != 1:
            return None
        shoff, = struct.unpack_from("<Q", header, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", header, 0x3A)
        if shoff == 0 or shentsize < 64 or shstrndx >= shnum:
            return None
        f.seek(shoff)
        table = f.read(shentsize * shnum)
        if len(table) < shentsize * shnum:
            return None
        sections = [struct.unpack_from("<IIQQQQ", table, i * shentsize) for i in range(shnum)]
        _, _, _, _, str_offset, str_size = sections[shstrndx]
        f.seek(str_offset)
        names = f.read(str_size)
        for name_offset, kind, _, _, offset, size in sections:
            end = names.find(b"\0", name_offset)
            if names[name_offset:end].decode(errors="replace") == wanted and kind != 8:  # 8: SHT_NOBITS
                return offset, size
    return None


class Tools:
    def __init__(self, archfit):
        self.archfit = archfit
        # The bundler runs llvm-objcopy from its own directory or PATH: in /usr/lib/llvm-19/bin it is
        # there (deb:llvm-19); beside /usr/bin/clang-offload-bundler-19 only if someone installed
        # Debian's unversioned `llvm` (a fresh root has not: every ROCm wheel then failed to list).
        self.bundler = first_tool("/usr/lib/llvm-19/bin/clang-offload-bundler", "clang-offload-bundler-19",
                                  "clang-offload-bundler")
        self.objcopy = first_tool("llvm-objcopy-19", "/usr/lib/llvm-19/bin/llvm-objcopy", "llvm-objcopy")
        self.cuobjdump = find_cuobjdump()


def first_tool(*names):
    for name in names:
        path = shutil.which(name) or (name if os.access(name, os.X_OK) else None)
        if path:
            return path
    return None


def find_cuobjdump():
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "find_cuobjdump.sh")
    done = subprocess.run(["bash", "-c", f"source '{script}'; find_cuobjdump"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


# ---------------------------------------------------------------- comparing

def by_member(report):
    """member name -> report of that file without its location (path, member)."""
    out = {}
    for file in report["files"]:
        member = file.get("member")
        if member is None:
            continue
        out[member] = {k: v for k, v in file.items() if k not in ("path", "member")}
    return out


def extracted_by_member(report):
    """The same keys for the extracted files: 'lib.a(obj.o)' for an archive's members, as in a wheel."""
    out = {}
    for file in report["files"]:
        key = file["path"] if file.get("member") is None else f"{file['path']}({file['member']})"
        out[key] = {k: v for k, v in file.items() if k not in ("path", "member")}
    return out


def differing_keys(a, b):
    if a is None or b is None:
        return ["(not reported)"]
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def smallest_difference(a, b):
    """A short text naming what differs (first differing gpu_code entry or bundle, or the field)."""
    for key in differing_keys(a, b):
        left, right = (a or {}).get(key), (b or {}).get(key)
        if isinstance(left, list) and isinstance(right, list):
            for i in range(max(len(left), len(right))):
                l = left[i] if i < len(left) else None
                r = right[i] if i < len(right) else None
                if l != r:
                    return f"{key}[{i}] (of {len(left)} vs {len(right)}): wheel {json.dumps(l)[:300]} / extracted {json.dumps(r)[:300]}"
        return f"{key}: wheel {json.dumps(left)[:300]} / extracted {json.dumps(right)[:300]}"
    return "(equal)"


def bundler_oracle(tools, path, report):
    """Mismatch texts between archfit's .hip_fatbin entries and clang-offload-bundler --list."""
    section = elf_section(path, ".hip_fatbin")
    if section is None or not tools.bundler or not tools.objcopy:
        return [], 0
    offset, size = section
    bundles = [b for b in report.get("bundles", []) if b.get("section") == ".hip_fatbin"]
    problems = []
    with tempfile.TemporaryDirectory(prefix="sweep-hipfb-") as scratch:
        dumped = os.path.join(scratch, "section")
        run([tools.objcopy, f"--dump-section=.hip_fatbin={dumped}", path, os.path.join(scratch, "copy")])
        if os.path.getsize(dumped) != size:
            return [f"{path}: llvm-objcopy cut {os.path.getsize(dumped)} bytes, the section header says {size}"], 0
        # One bundle after another (padded); clang-offload-bundler lists one bundle: cut the section at
        # each bundle archfit found, and at least list the first from the section's start.
        starts = sorted(b["file_offset"] - offset for b in bundles if b.get("file_offset") is not None)
        if not starts or starts[0] != 0:
            starts = [0] + starts
        with open(dumped, "rb") as f:
            data = f.read()
        expected = []
        for i, start in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else len(data)
            piece = os.path.join(scratch, f"bundle{i}")
            end = ccob_end(data, start, end)
            with open(piece, "wb") as out:
                out.write(data[start:end])
            listed = subprocess.run([tools.bundler, "--list", "--type=o", f"--input={piece}"],
                                    capture_output=True, text=True, errors="replace")
            if listed.returncode != 0 and data[start:start + 6] == b"CCOB\x03\x00":
                listed = list_ccob_v3(tools, data[start:end], piece)
            if listed.returncode != 0:
                problems.append(f"clang-offload-bundler --list failed on the bundle at section offset {start}: "
                                f"{listed.stderr.strip()[:200]}")
                continue
            expected += [line for line in listed.stdout.splitlines() if line.strip()]
    got = sorted(e["id"] for b in bundles for e in b.get("entries", []))
    if sorted(expected) != got:
        problems.append(f".hip_fatbin entries: archfit {len(got)}, clang-offload-bundler {len(expected)}; "
                        f"only archfit: {sorted(set(got) - set(expected))[:3]}, "
                        f"only bundler: {sorted(set(expected) - set(got))[:3]}")
    return problems, 1


def ccob_end(data, start, end):
    """Where a compressed bundle that starts at `start` ends. CCOB v2 and v3 headers record the
    bundle's total size (v2: u32 at +8, v3: u64 at +8; clang's OffloadBundler.cpp). The bundler of
    LLVM 19 ignores it and decompresses every byte after the header up to the end of its input
    (`Blob.substr(CurrentOffset)`), so the zero padding between two bundles of a .hip_fatbin makes
    zstd fail ("Src size is incorrect": bitsandbytes 0.50.2's libbitsandbytes_rocm70.so, whose first
    v2 bundle of 681,617 bytes is padded to 684,032). The piece given to it ends where the header says."""
    if data[start:start + 4] != b"CCOB" or start + 16 > end:
        return end
    version, = struct.unpack_from("<H", data, start + 4)
    if version == 2:
        total, = struct.unpack_from("<I", data, start + 8)
    elif version == 3:
        total, = struct.unpack_from("<Q", data, start + 8)
    else:
        return end  # v1 records no total size: the bundler reads to the end of the piece
    return start + total if 0 < total <= end - start else end


def list_ccob_v3(tools, data, piece):
    """clang-offload-bundler 19 reads CCOB v1/v2 only. A v3 header (clang's OffloadBundler.cpp:
    "CCOB", u16 version 3, u16 method (0 zlib, 1 zstd), u64 total size, u64 uncompressed size, u64
    hash) is 32 bytes: the payload after it is decompressed by zstd(1) or zlib, and the plain bundle
    that comes out is listed by clang-offload-bundler."""
    method, total = struct.unpack_from("<HQ", data, 6)
    payload = data[32:total]
    try:
        if method == 1:
            plain = subprocess.run(["zstd", "-d", "-c", "-q"], input=payload, capture_output=True, check=True).stdout
        else:
            plain = zlib.decompress(payload)
    except (subprocess.CalledProcessError, zlib.error, FileNotFoundError) as error:
        return subprocess.CompletedProcess([], 1, "", f"CCOB v3 payload not decompressed: {error}")
    with open(piece, "wb") as out:
        out.write(plain)
    return subprocess.run([tools.bundler, "--list", "--type=o", f"--input={piece}"],
                          capture_output=True, text=True, errors="replace")


def cuobjdump_oracle(tools, path, report):
    """Mismatch texts between archfit's runnable CUDA entries and cuobjdump --list-elf/--list-ptx
    (the third value: a note on how the member was checked, or None)."""
    if not tools.cuobjdump or elf_section(path, ".nv_fatbin") is None:
        return [], 0, None
    expected = []
    failed = None
    for option, kind in (("--list-elf", "cubin"), ("--list-ptx", "ptx")):
        listed = subprocess.run([tools.cuobjdump, option, path],
                                capture_output=True, text=True, errors="replace")
        if listed.returncode != 0:
            # A listing cut short by an error is not cuobjdump's answer (cuobjdump 13.x stops with
            # "fatal: Invalid ELF" on the sm_70+ cubins that CUDA 12.1 built into
            # libbitsandbytes_cuda121.so, after listing the first: docs/scan.md).
            failed = failed or f"cuobjdump {option} exit {listed.returncode}: {listed.stderr.strip()[:160]}"
        for line in listed.stdout.splitlines():
            name = line.rsplit(".", 2)
            if len(name) == 3 and name[1].startswith("sm_") and line.startswith(("ELF file", "PTX file")):
                target = name[1] if kind == "cubin" else "compute_" + name[1][3:]
                if kind == "cubin" and target.endswith("f"):
                    target = target[:-1]
                expected.append(f"{kind} {target}")
    got = []
    bundles = report.get("bundles", [])
    for code in report.get("gpu_code", []):
        # cuobjdump lists .nv_fatbin only: not the containers archfit finds in data sections
        # (cuRAND 13 keeps 1,747 in .data, cuFFT its kernels in .ldata), whose entries have no
        # `section` of their own but belong to a bundle whose section is that data section.
        index = code.get("bundle", -1)
        section = code.get("section") or (bundles[index].get("section") if 0 <= index < len(bundles) else None)
        if code.get("vendor") != "nvidia" or code.get("relocatable") or section not in (None, ".nv_fatbin"):
            continue
        target = code["target"]
        if code["kind"] == "cubin" and target.endswith("f"):
            target = target[:-1]  # cuobjdump names a cubin from its ELF header, which cannot record 'f'
        got.append(f"{code['kind']} {target}")
    note = None
    if failed:
        # The second oracle: the fatbin's own headers, read here from NVIDIA's documented layout.
        # What cuobjdump listed before it stopped must be where the headers put it.
        decoded, problems = fatbin_header_listing(path)
        if problems:
            return [f"cuobjdump failed ({failed}) and the fatbin headers do not read: {problems[0]}"], 1, None
        if expected != decoded[:len(expected)]:
            return [f"cuobjdump failed ({failed}); what it listed before, {expected[:4]}, is not the start of "
                    f"the fatbin headers' list {decoded[:4]}"], 1, None
        note = (f"{failed}; checked against the .nv_fatbin headers instead ({len(decoded)} entries, "
                f"the {len(expected)} cuobjdump listed before stopping agree)")
        expected = decoded
    if sorted(got) != sorted(expected):
        only_a = sorted(set(got) - set(expected))[:4]
        only_c = sorted(set(expected) - set(got))[:4]
        oracle = "fatbin headers" if failed else "cuobjdump"
        return [f".nv_fatbin entries: archfit {len(got)}, {oracle} {len(expected)}; only archfit {only_a}, "
                f"only {oracle} {only_c}"], 1, note
    return [], 1, note


def fatbin_header_listing(path):
    """The runnable entries of .nv_fatbin as 'cubin sm_XX[a]' / 'ptx compute_XX[a]', in file order,
    from the container and entry headers (NVIDIA fatbinary.h: container u32 magic 0xBA55ED50, u16
    version, u16 header size, u64 fat size; entry u16 kind 1 PTX / 2 ELF, u16 version, u32 header
    size, u64 payload size, ..., u32 arch at +0x1C; flags u64 at +0x28). NVIDIA documents no
    meaning for the flag bits. The arch-variant bits, 0x100000 'a' and 0x200000 'f', are established
    against cuobjdump, the public oracle: nvcc 13 fixtures built with `-gencode arch=compute_90a,
    code=sm_90a` and `compute_100f,code=sm_100f` list as sm_90a / sm_100f in `cuobjdump --list-elf`
    exactly where the bit is set (tests/nvidia/cuobjdump_oracle_test.cpp, CuobjdumpOracle.*; the same
    constants as src/binfmt/cuda_fatbin.hpp). An uncompressed ELF payload must be a cubin
    (e_machine 190, EM_CUDA)."""
    offset, size = elf_section(path, ".nv_fatbin")
    with open(path, "rb") as f:
        f.seek(offset)
        data = f.read(size)
    listed, problems, pos = [], [], 0
    while pos + 16 <= len(data):
        magic, _, header_size, fat_size = struct.unpack_from("<IHHQ", data, pos)
        if magic != 0xBA55ED50:
            pos += 8  # zero padding between containers (8-aligned)
            continue
        end = pos + header_size + fat_size
        if end > len(data):
            problems.append(f"container at section offset {pos:#x} runs past the section")
            break
        entry = pos + header_size
        while entry + 0x40 <= end:
            kind, _, entry_header, payload_size, compressed = struct.unpack_from("<HHIQI", data, entry)
            arch, = struct.unpack_from("<I", data, entry + 0x1C)
            flags, = struct.unpack_from("<Q", data, entry + 0x28)
            suffix = "a" if flags & 0x100000 else ""
            if kind == 2:
                payload = data[entry + entry_header:entry + entry_header + 20]
                if not compressed and (payload[:4] != ELF_MAGIC or struct.unpack_from("<H", payload, 18)[0] != 190):
                    problems.append(f"ELF entry at section offset {entry:#x} is not a cubin")
                listed.append(f"cubin sm_{arch}{suffix}")
            elif kind == 1:
                listed.append(f"ptx compute_{arch}{suffix}{'f' if flags & 0x200000 else ''}")
            if entry_header == 0:
                problems.append(f"entry at section offset {entry:#x} has header size 0")
                break
            entry += entry_header + payload_size
        pos = (end + 7) & ~7
    return listed, problems


def sweep_wheel(row, tools, scratch_root, oracle_sample):
    result = {"spec": row["spec"], "size": row["size"], "members": 0, "gpu_members": 0, "gpu_code": 0,
              "bundles": 0, "errors": 0, "oracles": 0, "hip_oracles": 0, "cuda_oracles": 0, "problems": [], "notes": [],
              "seconds": 0.0}
    started = time.monotonic()
    scratch = tempfile.mkdtemp(prefix="wheel-sweep-", dir=scratch_root)
    try:
        wheel = download(row, scratch)
        result["size"] = os.path.getsize(wheel)
        scan_started = time.monotonic()
        buffered = by_member(archfit_json(tools.archfit, [wheel]))
        streamed = by_member(archfit_json(tools.archfit, ["--zip-buffer-limit", "0", wheel]))
        root = os.path.join(scratch, "x")
        os.makedirs(root)
        names = extract_binaries(wheel, root)
        os.remove(wheel)  # disk: the extracted binaries are all that is needed now
        extracted = {}
        for i in range(0, len(names), 200):
            extracted.update(extracted_by_member(archfit_json(tools.archfit, names[i:i + 200], cwd=root)))
        result["members"] = len(extracted)
        for member in sorted(set(extracted) | set(buffered) | set(streamed)):
            expected = extracted.get(member)
            for label, scanned in (("default", buffered), ("--zip-buffer-limit 0", streamed)):
                if scanned.get(member) != expected:
                    if expected is None and member not in names:
                        # The wheel reports a member the magic filter did not extract: scan it too.
                        result["problems"].append(f"{member}: reported in the wheel ({label}) but not extracted "
                                                  f"(no binary magic)")
                    else:
                        result["problems"].append(f"{member} ({label}): {smallest_difference(scanned.get(member), expected)}")
            if expected:
                result["gpu_code"] += len(expected.get("gpu_code", []))
                result["bundles"] += len(expected.get("bundles", []))
                result["gpu_members"] += 1 if expected.get("gpu_code") else 0
                result["errors"] += len(expected.get("errors", []))
        # Oracles on a sample: the members with the most GPU code entries first, then the rest.
        hip = [m for m in names if any(b.get("section") == ".hip_fatbin" for b in extracted.get(m, {}).get("bundles", []))
               or (extracted.get(m) and elf_section(os.path.join(root, m), ".hip_fatbin"))]
        cuda = [m for m in names if any(b.get("section") == ".nv_fatbin" for b in extracted.get(m, {}).get("bundles", []))]
        for sample, oracle, count in ((hip, bundler_oracle, "hip_oracles"), (cuda, cuobjdump_oracle, "cuda_oracles")):
            sample = sorted(sample, key=lambda m: (-len(extracted[m].get("gpu_code", [])), m))
            if oracle_sample:
                sample = sample[:oracle_sample]
            for member in sample:
                problems, checked, *note = oracle(tools, os.path.join(root, member), extracted[member])
                result["oracles"] += checked
                result[count] += checked
                result["problems"] += [f"{member}: {p}" for p in problems]
                result["notes"] += [f"{member}: {n}" for n in note if n]
        result["scan_seconds"] = time.monotonic() - scan_started
    except (RuntimeError, zipfile.BadZipFile, OSError) as error:
        result["problems"].append(f"sweep error: {error}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result["seconds"] = time.monotonic() - started
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("list", nargs="?", help="the wheel list (tests/data/wheel-sweep/wheels.tsv)")
    parser.add_argument("--set", default="full", help="which rows: full (default) or ci")
    parser.add_argument("--only", default="", help="only these project names (comma-separated)")
    parser.add_argument("--archfit", default=os.environ.get("ARCHFIT", "archfit"))
    parser.add_argument("--oracle-sample", type=int, default=3,
                        help="members per wheel and vendor checked against clang-offload-bundler/cuobjdump (0: all)")
    parser.add_argument("--scratch", default=None, help="where the temporary directories go")
    parser.add_argument("--require-oracles", action="store_true",
                        help="fail unless clang-offload-bundler and cuobjdump each checked at least one member")
    parser.add_argument("--nice", type=int, default=15, help="niceness of every command run (default 15)")
    parser.add_argument("--results", help="append one tab-separated line per wheel to this file")
    parser.add_argument("--resolve", nargs="+", metavar="NAME", help="print list rows for these PyPI projects")
    options = parser.parse_args()
    if options.resolve:
        resolve(options.resolve)
        return 0
    if not options.list:
        parser.error("a list file is needed")
    archfit = shutil.which(options.archfit) or options.archfit
    if not os.access(archfit, os.X_OK):
        print(f"wheel_sweep: archfit not found: {options.archfit}", file=sys.stderr)
        return 2
    if options.nice:
        os.nice(options.nice)  # the inflating and the commands alike: the machine is shared
    tools = Tools(os.path.abspath(archfit))
    print(f"archfit {tools.archfit}; clang-offload-bundler {tools.bundler or 'missing'}; "
          f"cuobjdump {tools.cuobjdump or 'missing (CUDA oracle skipped)'}", flush=True)
    if not tools.bundler or not tools.objcopy:
        print("wheel_sweep: clang-offload-bundler and llvm-objcopy are needed (scripts/install_deps.sh test)",
              file=sys.stderr)
        return 2
    rows = read_list(options.list)
    selected, skipped = [], []
    for row in rows:
        name = row["spec"].split("==")[0].lstrip("# ")
        if options.only and name not in options.only.split(","):
            continue
        if row["sets"].startswith("skip"):
            skipped.append(row)
        elif options.set in row["sets"].split(","):
            selected.append(row)
    selected.sort(key=lambda row: row["size"])  # smallest first: a run cut short has done the most wheels
    for row in skipped:
        print(f"left out: {row['spec']}: {row['sets'][len('skip'):].lstrip(': ')}", flush=True)
    header = f"{'wheel':48} {'MB':>7} {'members':>7} {'w/GPU':>5} {'entries':>7} {'bundles':>7} {'oracle':>6} {'s':>6}  equal"
    print(header, flush=True)
    failed = []
    totals = {"members": 0, "gpu_code": 0, "bytes": 0, "hip_oracles": 0, "cuda_oracles": 0}
    for row in selected:
        result = sweep_wheel(row, tools, options.scratch, options.oracle_sample)
        equal = "yes" if not result["problems"] else "NO"
        print(f"{row['spec']:48} {result['size'] / 1e6:7.1f} {result['members']:7} {result['gpu_members']:5} "
              f"{result['gpu_code']:7} {result['bundles']:7} {result['oracles']:6} {result['seconds']:6.0f}  {equal}",
              flush=True)
        for note in result["notes"]:
            print(f"    note: {note}", flush=True)
        for problem in result["problems"][:20]:
            print(f"    {problem}", flush=True)
        if len(result["problems"]) > 20:
            print(f"    ... and {len(result['problems']) - 20} more", flush=True)
        if result["problems"]:
            failed.append(row["spec"])
        totals["members"] += result["members"]
        totals["gpu_code"] += result["gpu_code"]
        totals["bytes"] += result["size"]
        totals["hip_oracles"] += result["hip_oracles"]
        totals["cuda_oracles"] += result["cuda_oracles"]
        if options.results:
            with open(options.results, "a", encoding="utf-8") as out:
                out.write("\t".join(str(x) for x in (row["spec"], result["size"], result["members"], result["gpu_members"],
                                                     result["gpu_code"], result["bundles"], result["oracles"],
                                                     round(result["seconds"]), equal,
                                                     " | ".join(result["problems"][:3]))) + "\n")
    print(f"summary: {len(selected)} wheels ({totals['bytes'] / 1e9:.2f} GB), {totals['members']} binary members, "
          f"{totals['gpu_code']} GPU code entries; {len(selected) - len(failed)} equal, {len(failed)} not"
          f"{': ' + ', '.join(failed) if failed else ''}; {len(skipped)} listed and left out; members checked "
          f"against clang-offload-bundler {totals['hip_oracles']}, cuobjdump {totals['cuda_oracles']}", flush=True)
    if options.require_oracles and not (totals["hip_oracles"] and totals["cuda_oracles"]):
        print("wheel_sweep: an oracle checked no member (--require-oracles)", flush=True)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
