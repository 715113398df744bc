#!/usr/bin/env python3
"""Side-by-side benchmark: archfit against the reference tool, on the same input, in one run.

For every case, both commands are run once untimed (warm-up; its output is the one checked for
agreement), then N times each, interleaved A, B, A, B ... so that both see the same page-cache
state. Every timed run is a direct child of this script, spawned with posix_spawn and reaped with
os.wait4, so wall time is measured around spawn+exit and the resource usage is the kernel's own:

  page faults  ru_minflt (minor: page already in memory / page cache) and ru_majflt (major: needed
               I/O), summed over the process tree (medians of the timed runs).
  disk read    ru_inblock x 512 bytes: what the tree read from storage (0 when the cache is warm;
               the number that matters with --cold, since read() I/O is not a page fault).
  peak RSS     ru_maxrss (KiB). For a tool that runs helpers (roc-obj-ls runs objdump/grep/awk
               through a shell), Linux reports the max over the child and the descendants it
               waited for, i.e. the largest single process of the tree, not their sum.
               A child spawned straight from Python inherits Python's own high-water mark at
               exec (the kernel folds the old mm's hiwater_rss into ru_maxrss), so peak RSS comes
               from 3 extra untimed runs per tool launched as `sh -c 'TOOL &'`, with this script
               a child subreaper (prctl PR_SET_CHILD_SUBREAPER through ctypes): the tool is forked
               from a small shell and reaped here with its own, clean rusage. Where prctl is not
               available the direct runs' ru_maxrss is shown, marked as an upper bound.

The two tools' outputs must AGREE (each case has a check); a disagreement, or a non-zero exit,
fails the whole run with exit status 1 before any table is printed as success.

Runs are warm-cache by default: the input has just been read by the warm-up. --cold evicts the
case's input files from the page cache (posix_fadvise DONTNEED, no root needed) before every run;
the tools' own executables and libraries stay cached, so that is "cold-ish" input, not a cold boot.

Adding a case: append a Case to CASES below: a name, the archfit argv and the reference argv
(use "{archfit}" for the archfit binary), the inputs it needs, and an agreement check that gets
both stdouts and returns a list of differences (empty = agree).

Usage: python3 bench/bench_compare.py [--archfit build/archfit] [--case NAME]... [-n 7] [--json]
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
import urllib.parse
from typing import Callable

# --------------------------------------------------------------------------------------------------
# Agreement checks: each returns a list of human-readable differences (empty means the tools agree).

Entry = tuple[int, str, int, int]  # (bundle number from 1, entry id, file offset, size)


def archfit_scan_entries(stdout: bytes, path: str) -> list[Entry]:
    """Entries of `path` from `archfit scan --json`: files[k].bundles[i].entries[j], bundle i+1."""
    report = json.loads(stdout)
    files = [f for f in report["files"] if f.get("path") == path and f.get("member") is None]
    if len(files) != 1:
        raise ValueError(f"archfit JSON has {len(files)} reports for {path}, expected 1")
    entries: list[Entry] = []
    for i, bundle in enumerate(files[0]["bundles"]):
        for entry in bundle["entries"]:
            entries.append((i + 1, entry["id"], int(entry["offset"]), int(entry["size"])))
    return entries


ROC_OBJ_LS_LINE = re.compile(r"^(\d+)\s+(\S+)\s+file://(.*)#offset=(\d+)&size=(\d+)\s*$")


def roc_obj_ls_entries(stdout: bytes, path: str) -> list[Entry]:
    """Lines `<bundle#> <entry-id> file://<path>#offset=<N>&size=<M>` of roc-obj-ls."""
    entries: list[Entry] = []
    for line in stdout.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        m = ROC_OBJ_LS_LINE.match(line)
        if not m:
            raise ValueError(f"unexpected roc-obj-ls line: {line!r}")
        uri_path = urllib.parse.unquote(m.group(3))
        if os.path.realpath(uri_path) != os.path.realpath(path):
            raise ValueError(f"roc-obj-ls line names {uri_path}, expected {path}")
        entries.append((int(m.group(1)), m.group(2), int(m.group(4)), int(m.group(5))))
    return entries


def compare_entries(ours: list[Entry], theirs: list[Entry], ref_name: str) -> list[str]:
    diffs: list[str] = []
    if not theirs:
        diffs.append(f"{ref_name} listed no entries")
    if len(ours) != len(theirs):
        diffs.append(f"entry count: archfit {len(ours)}, {ref_name} {len(theirs)}")
    for k, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            diffs.append(f"entry {k}: archfit {a}, {ref_name} {b}")
            if len(diffs) > 10:
                diffs.append("...")
                break
    return diffs


def check_vs_roc_obj_ls(path: str) -> Callable[[bytes, bytes], list[str]]:
    def check(archfit_out: bytes, ref_out: bytes) -> list[str]:
        return compare_entries(archfit_scan_entries(archfit_out, path), roc_obj_ls_entries(ref_out, path),
                               "roc-obj-ls")
    return check


# --------------------------------------------------------------------------------------------------
# Cases.

@dataclasses.dataclass
class Case:
    name: str
    description: str
    archfit_argv: list[str]       # "{archfit}" is replaced by --archfit
    reference_argv: list[str]
    reference_name: str
    inputs: list[str]             # must exist, else the case is skipped; --cold evicts them
    check: Callable[[bytes, bytes], list[str]]
    ok_exit_codes: tuple[int, ...] = (0,)


ROCSPARSE = "/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1"

CASES: list[Case] = [
    Case(
        name="rocsparse",
        description="Debian librocsparse0 (1.3 GB, 111 plain bundles): list every bundle entry",
        archfit_argv=["{archfit}", "scan", "--json", ROCSPARSE],
        reference_argv=["roc-obj-ls", ROCSPARSE],
        reference_name="roc-obj-ls",
        inputs=[ROCSPARSE],
        check=check_vs_roc_obj_ls(ROCSPARSE),
    ),
]


def archfit_nv_fatbin_entries(stdout: bytes) -> list[tuple[str, str]]:
    """("ELF", sm_X) for each cubin and ("PTX", sm_X) for each PTX text, in file order, from
    `archfit scan --json`, 'f' dropped: cuobjdump names a cubin from the cubin itself, which cannot
    record the family variant, and a PTX text sm_X where archfit says compute_X. Only the entries of
    .nv_fatbin containers: cuobjdump does not read fatbins or cubins embedded in other sections
    (libcublasLt's .cask_resource), which archfit also lists."""
    names = []
    for file in json.loads(stdout)["files"]:
        bundles = file["bundles"]
        for code in file["gpu_code"]:
            bundle = code.get("bundle", -1)
            in_nv_fatbin = bundle is not None and 0 <= bundle < len(bundles) and bundles[bundle]["section"] == ".nv_fatbin"
            if not in_nv_fatbin or code["kind"] not in ("cubin", "ptx"):
                continue
            target = code["target"][:-1] if code["target"].endswith("f") else code["target"]
            if code["kind"] == "ptx":
                names.append(("PTX", "sm_" + target.removeprefix("compute_")))
            else:
                names.append(("ELF", target))
    return names


def check_vs_cuobjdump_list(archfit_out: bytes, ref_out: bytes) -> list[str]:
    """cuobjdump --list-elf --list-ptx prints one line per entry in file order: "ELF file N:
    <name>.sm_90a.cubin" or "PTX file M: <name>.sm_120.ptx" (N and M count separately)."""
    theirs = re.findall(rb"^(ELF|PTX) file\s+\d+: .*\.(sm_[0-9]+[af]?)\.(?:cubin|ptx)$", ref_out, re.M)
    theirs = [(kind.decode(), target.decode()) for kind, target in theirs]
    ours = archfit_nv_fatbin_entries(archfit_out)
    if ours == theirs:
        return []
    return [f"archfit lists {len(ours)} cubins and PTX texts, cuobjdump --list-elf --list-ptx {len(theirs)}; "
            f"first difference at "
            f"{next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))}"]


def check_wheel_scanned(archfit_out: bytes, ref_out: bytes) -> list[str]:
    """unzip -p only proves the archive inflates; archfit must have read it without errors."""
    report = json.loads(archfit_out)
    return [f"{f['member']}: {e}" for f in report["files"] for e in f["errors"]]


def cuda_case(path: str, cuobjdump: str) -> Case:
    return Case(
        name=f"cuobjdump:{os.path.basename(path)}",
        description=f"{path}: every cubin and PTX text, in order (archfit scan --json vs cuobjdump --list-elf --list-ptx)",
        archfit_argv=["{archfit}", "scan", "--json", path],
        reference_argv=[cuobjdump, "--list-elf", "--list-ptx", path],
        reference_name="cuobjdump --list-elf --list-ptx",
        inputs=[path],
        check=check_vs_cuobjdump_list,
    )


def wheel_case(path: str, jobs: int) -> Case:
    return Case(
        name=f"wheel:{os.path.basename(path)}:j{jobs}",
        description=f"{path}: scan every member without unpacking (-j {jobs}) vs unzip -p to /dev/null",
        archfit_argv=["{archfit}", "scan", "--json", "--jobs", str(jobs), path],
        reference_argv=["sh", "-c", 'exec unzip -p "$1" > /dev/null', "sh", path],
        reference_name="unzip -p",
        inputs=[path],
        check=check_wheel_scanned,
    )


# --------------------------------------------------------------------------------------------------
# Running.

@dataclasses.dataclass
class Run:
    wall_s: float
    cpu_s: float  # user + system, over the process tree
    maxrss_kib: int
    minflt: int
    majflt: int
    inblock: int  # 512-byte blocks read from storage (ru_inblock)
    exit_code: int
    stdout: bytes
    stderr: bytes


def evict(paths: list[str]) -> None:
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def run_once(argv: list[str], workdir: str) -> Run:
    out_path = os.path.join(workdir, "stdout")
    err_path = os.path.join(workdir, "stderr")
    out_fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    err_fd = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    null_fd = os.open(os.devnull, os.O_RDONLY)
    actions = [(os.POSIX_SPAWN_DUP2, null_fd, 0), (os.POSIX_SPAWN_DUP2, out_fd, 1),
               (os.POSIX_SPAWN_DUP2, err_fd, 2)]
    try:
        start = time.perf_counter()
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
    finally:
        for fd in (out_fd, err_fd, null_fd):
            os.close(fd)
    with open(out_path, "rb") as f:
        stdout = f.read()
    with open(err_path, "rb") as f:
        stderr = f.read()
    code = os.waitstatus_to_exitcode(status)
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, usage.ru_minflt, usage.ru_majflt, usage.ru_inblock, code, stdout, stderr)


_SUBREAPER: bool | None = None


def become_subreaper() -> bool:
    global _SUBREAPER
    if _SUBREAPER is None:
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            _SUBREAPER = libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
        except (OSError, AttributeError):
            _SUBREAPER = False
    return _SUBREAPER


def peak_rss_clean(argv: list[str]) -> int | None:
    """ru_maxrss (KiB) of `argv` forked from a small shell, not from this (large) Python process."""
    if not become_subreaper() or shutil.which("sh") is None:
        return None
    null_r = os.open(os.devnull, os.O_RDONLY)
    null_w = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, null_r, 0), (os.POSIX_SPAWN_DUP2, null_w, 1), (os.POSIX_SPAWN_DUP2, null_w, 2)]
    try:
        shell = os.posix_spawnp("sh", ["sh", "-c", '"$@" &', "sh", *argv], os.environ, file_actions=actions)
        os.waitpid(shell, 0)
        _, _, usage = os.wait4(-1, 0)  # the tool, reparented to us
    except ChildProcessError:
        return None
    finally:
        os.close(null_r)
        os.close(null_w)
    return usage.ru_maxrss


class BenchFailure(Exception):
    pass


def check_exit(case: Case, tool: str, run: Run) -> None:
    allowed = case.ok_exit_codes if tool == "archfit" else (0,)
    if run.exit_code not in allowed:
        raise BenchFailure(f"{case.name}: {tool} exited with {run.exit_code}: "
                           f"{run.stderr.decode('utf-8', 'replace').strip()[-2000:]}")


def summarize(runs: list[Run], clean_rss: list[int | None]) -> dict:
    walls = [r.wall_s for r in runs]
    clean = [x for x in clean_rss if x is not None]
    return {
        "median_s": statistics.median(walls),
        "min_s": min(walls),
        "max_s": max(walls),
        "runs_s": walls,
        "cpu_median_s": statistics.median(r.cpu_s for r in runs),
        "peak_rss_kib": max(clean) if clean else max(r.maxrss_kib for r in runs),
        "peak_rss_clean": bool(clean),
        "peak_rss_kib_direct_spawn": max(r.maxrss_kib for r in runs),
        "minflt_median": int(statistics.median(r.minflt for r in runs)),
        "majflt_median": int(statistics.median(r.majflt for r in runs)),
        "disk_read_bytes_median": int(statistics.median(r.inblock for r in runs)) * 512,
    }


def bench_case(case: Case, archfit: str, reps: int, cold: bool) -> dict:
    sub = {"{archfit}": archfit}
    a_argv = [sub.get(x, x) for x in case.archfit_argv]
    b_argv = [sub.get(x, x) for x in case.reference_argv]
    with tempfile.TemporaryDirectory(prefix="archfit-bench-") as workdir:
        # Warm-up, untimed; its outputs are the ones compared.
        warm_a = run_once(a_argv, workdir)
        check_exit(case, "archfit", warm_a)
        warm_b = run_once(b_argv, workdir)
        check_exit(case, case.reference_name, warm_b)
        try:
            diffs = case.check(warm_a.stdout, warm_b.stdout)
        except (ValueError, KeyError, json.JSONDecodeError) as e:
            diffs = [f"could not parse output: {e}"]
        if diffs:
            raise BenchFailure(f"{case.name}: archfit and {case.reference_name} DISAGREE:\n  " + "\n  ".join(diffs))
        digest_a = hashlib.sha256(warm_a.stdout).hexdigest()
        digest_b = hashlib.sha256(warm_b.stdout).hexdigest()

        runs_a: list[Run] = []
        runs_b: list[Run] = []
        for _ in range(reps):
            for argv, runs, tool, digest in ((a_argv, runs_a, "archfit", digest_a),
                                             (b_argv, runs_b, case.reference_name, digest_b)):
                if cold:
                    evict(case.inputs)
                run = run_once(argv, workdir)
                check_exit(case, tool, run)
                if hashlib.sha256(run.stdout).hexdigest() != digest:
                    raise BenchFailure(f"{case.name}: {tool} printed a different output on a timed run")
                runs.append(run)

        rss_a: list[int | None] = []
        rss_b: list[int | None] = []
        for _ in range(3):
            rss_a.append(peak_rss_clean(a_argv))
            rss_b.append(peak_rss_clean(b_argv))

    entries = len(archfit_entries_count(warm_a.stdout))
    a, b = summarize(runs_a, rss_a), summarize(runs_b, rss_b)
    return {
        "case": case.name,
        "description": case.description,
        "archfit_argv": a_argv,
        "reference_argv": b_argv,
        "reference": case.reference_name,
        "entries_compared": entries,
        "agree": True,
        "cache": "cold-ish (input evicted before each run)" if cold else "warm",
        "archfit": a,
        "reference_result": b,
        "ratio_median": b["median_s"] / a["median_s"],
        "ratio_min": b["min_s"] / a["min_s"],
    }


def archfit_entries_count(stdout: bytes) -> list:
    try:
        report = json.loads(stdout)
        return [e for f in report["files"] for b in f["bundles"] for e in b["entries"]]
    except (ValueError, KeyError):
        return []


# --------------------------------------------------------------------------------------------------
# Output.

def machine_info() -> dict:
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {"nproc": os.cpu_count(), "cpu": cpu, "kernel": platform.release(), "python": platform.python_version(),
            "loadavg_1min_at_end": load}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.2f} s"


def ratio(x: float) -> str:
    return f"{x:.0f}×" if x >= 10 else f"{x:.2f}×"


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def rss(result: dict) -> str:
    text = f"{result['peak_rss_kib'] / 1024:.1f} MiB"
    return text if result["peak_rss_clean"] else f"≤ {text}"


def markdown(results: list[dict], reps: int, info: dict, cold: bool) -> str:
    cache = ("cold-ish: each case's input files are evicted from the page cache (posix_fadvise DONTNEED) "
             "before every run; executables and shared libraries stay cached"
             if cold else "warm page cache: the input was read by an untimed warm-up just before")
    lines = [
        f"Machine: {info['nproc']} CPUs, {info['cpu']}, Linux {info['kernel']}; "
        f"1-minute load average at the end: {info['loadavg_1min_at_end']:.2f}.",
        f"{reps} timed runs per tool, interleaved; {cache}.",
        "Peak RSS: ru_maxrss of the largest process in the tool's tree (max of 3 runs forked from a small "
        "shell); faults and disk reads (ru_inblock): medians, summed over the tree.",
        "",
        "| case | tool | median wall | min wall | ratio (ref/archfit, median wall) | median CPU (user+sys) "
        "| peak RSS | minor faults | major faults | read from disk | agree |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in results:
        a, b = r["archfit"], r["reference_result"]
        agree = f"yes ({r['entries_compared']} entries)"
        lines.append(f"| {r['case']} | archfit | {ms(a['median_s'])} | {ms(a['min_s'])} | "
                     f"**{ratio(r['ratio_median'])}** (min: {ratio(r['ratio_min'])}) | {ms(a['cpu_median_s'])} | {rss(a)} | {a['minflt_median']} | "
                     f"{a['majflt_median']} | {mb(a['disk_read_bytes_median'])} | {agree} |")
        lines.append(f"| {r['case']} | {r['reference']} | {ms(b['median_s'])} | {ms(b['min_s'])} | 1× | {ms(b['cpu_median_s'])} | "
                     f"{rss(b)} | {b['minflt_median']} | {b['majflt_median']} | {mb(b['disk_read_bytes_median'])} | |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--archfit", default="build/archfit", help="archfit binary (default: build/archfit)")
    parser.add_argument("--case", action="append", default=[], metavar="NAME",
                        help="run only this case (repeatable); default: every case whose inputs and tools exist")
    parser.add_argument("-n", "--repetitions", type=int, default=7, help="timed runs per tool (default 7, min 5)")
    parser.add_argument("--cold", action="store_true",
                        help="evict the inputs from the page cache before every run (cold-ish)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a markdown table")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--cuda-lib", action="append", default=[], metavar="PATH",
                        help="add a case: archfit vs cuobjdump --list-elf --list-ptx on this CUDA library (repeatable)")
    parser.add_argument("--cuobjdump", default=shutil.which("cuobjdump") or "cuobjdump",
                        help="cuobjdump to compare with (default: from PATH)")
    parser.add_argument("--wheel", action="append", default=[], metavar="PATH",
                        help="add cases: archfit on this wheel with 1 and all workers vs unzip -p (repeatable)")
    args = parser.parse_args()
    CASES.extend(cuda_case(path, args.cuobjdump) for path in args.cuda_lib)
    for path in args.wheel:
        CASES.extend([wheel_case(path, 1), wheel_case(path, os.cpu_count() or 1)])

    if args.list:
        for case in CASES:
            print(f"{case.name}\t{case.description}")
        return 0
    if args.repetitions < 5:
        parser.error("--repetitions must be at least 5")
    archfit = os.path.abspath(args.archfit) if os.sep in args.archfit else (shutil.which(args.archfit) or "")
    if not archfit or not os.access(archfit, os.X_OK):
        parser.error(f"archfit binary not found: {args.archfit} (build it, or pass --archfit PATH)")

    known = {c.name for c in CASES}
    unknown = [n for n in args.case if n not in known]
    if unknown:
        parser.error(f"unknown case(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    selected = [c for c in CASES if not args.case or c.name in args.case]

    results, skipped = [], []
    for case in selected:
        missing = [p for p in case.inputs if not os.path.exists(p)]
        if shutil.which(case.reference_argv[0]) is None:
            missing.append(case.reference_argv[0])
        if missing:
            if args.case:  # asked for explicitly: a missing input is an error, not a skip
                print(f"bench_compare: {case.name}: missing {', '.join(missing)}", file=sys.stderr)
                return 1
            skipped.append({"case": case.name, "missing": missing})
            print(f"bench_compare: skipping {case.name}: missing {', '.join(missing)}", file=sys.stderr)
            continue
        print(f"bench_compare: {case.name}: {args.repetitions} runs each ...", file=sys.stderr)
        try:
            results.append(bench_case(case, archfit, args.repetitions, args.cold))
        except BenchFailure as e:
            print(f"bench_compare: FAIL: {e}", file=sys.stderr)
            return 1
    if not results:
        print("bench_compare: no case ran", file=sys.stderr)
        return 1

    info = machine_info()
    if args.json:
        json.dump({"machine": info, "repetitions": args.repetitions, "cold": args.cold,
                   "results": results, "skipped": skipped}, sys.stdout, indent=2)
        print()
    else:
        sys.stdout.write(markdown(results, args.repetitions, info, args.cold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
