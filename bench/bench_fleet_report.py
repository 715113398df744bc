#!/usr/bin/env python3
"""`archfit fleet report` on many synthetic node reports: time and peak RSS (docs/performance.md).

The reports are made from real ones: `archfit fleet node --sysroot` on captured trees of
tests/data/sysroots (MI300X, MI250X, MI210, MI100, RX 7900 XTX, H200), then copied once per
synthetic node with varied facts, so that `fleet report` has real groups, drift and checks to find:
node names gpu00001.. in racks of 40 (one capture per rack), the driver version per rack, the
glibc, libstdc++, Python and torch versions in a few variants, a GPU hidden on some nodes (another
target set), doctor checks that fail on some nodes, and a failure record (node down, srun exit
code and stderr) for about 1 in 200 nodes. The generator is deterministic (--seed).

  bench_fleet_report.py --archfit build/archfit --dir /tmp/fleet-10k -n 10000 --runs 5

The directory is generated when it holds no *.json; then `fleet report --json DIR` runs once
untimed (page cache) and --runs times, each forked from this script and measured with wait4():
wall time, user + system CPU time and the child's peak RSS (ru_maxrss). Also reports the
machine's cores and load average, which bound the wall time on a shared machine.
"""
import argparse
import copy
import json
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = ["mi300x-8gpu", "mi250x", "mi210", "mi100", "rx7900xtx", "h200"]
COMPACT = (",", ":")


def captured_reports(archfit):
    """One real node report per captured tree (`fleet node` reads the tree as its node)."""
    reports = {}
    for tree in TREES:
        root = os.path.join(ROOT, "tests/data/sysroots", tree, "root")
        out = subprocess.run([archfit, "fleet", "node", "--node", "template", "--sysroot", root],
                             check=True, capture_output=True, text=True).stdout
        reports[tree] = json.loads(out)
    return reports


def vary(report, name, rack, rng):
    """A copy of `report` as node `name` with varied facts."""
    doc = copy.deepcopy(report)
    doc["node"] = name
    detect, doctor = doc.get("detect") or {}, doc.get("doctor") or {}
    drivers = detect.get("drivers") or {}
    # One driver version per rack, with a node or two per rack one step behind (a missed update).
    step = rack % 3 + (1 if rng.random() < 0.03 else 0)
    if drivers.get("nvidia"):
        drivers["nvidia"] = f"{570 + step}.{86 + rack % 5}.{10 + step:02d}"
    if drivers.get("amdgpu"):
        drivers["amdgpu"] = f"6.{8 + step}.{rack % 4}"
    host = detect.get("host") or {}
    host["glibc"] = rng.choice(["2.35", "2.35", "2.35", "2.39"])
    host.setdefault("libstdcxx", {}).setdefault("highest", {})["GLIBCXX"] = rng.choice(
        ["GLIBCXX_3.4.30", "GLIBCXX_3.4.30", "GLIBCXX_3.4.32"])
    gpus = detect.get("gpus") or []
    if len(gpus) > 1 and rng.random() < 0.02:
        gpus[-1]["visible"] = False  # ROCR_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES hides one GPU
    for gpu in gpus:
        if gpu.get("uuid"):
            gpu["uuid"] = f"GPU-{rng.getrandbits(128):032x}"
    facts = doctor.get("facts") or {}
    python = facts.setdefault("python", {})
    python["version"] = rng.choice(["3.10.12", "3.11.9", "3.11.9", "3.12.3"])
    python.setdefault("packages", {})["torch"] = rng.choice(["2.5.1", "2.6.0", "2.6.0", "2.7.0"])
    for check in doctor.get("checks") or []:
        if check.get("status") == "pass" and rng.random() < 0.01:
            check["status"] = "warn"
            check["seen"] = f"{name}: varied by the benchmark generator"
    return doc


def failure_record(name, rng):
    reason, state = rng.choice([("node-down", "down*"), ("node-drained", "drained"), ("timeout", None)])
    return {"schema": "archfit.fleet-node/1", "node": name, "status": "failed", "detect": None, "doctor": None,
            "checks": [], "errors": [],
            "failure": {"reason": reason, "state": state, "exit_code": None if state else 1,
                        "stderr": "" if state else f"srun: error: {name}: task 0: Killed"}}


def generate(archfit, directory, count, seed):
    rng = random.Random(seed)
    templates = captured_reports(archfit)
    os.makedirs(directory, exist_ok=True)
    total = 0
    for i in range(count):
        name = f"gpu{i + 1:05d}"
        rack = i // 40
        if rng.random() < 0.005:
            doc = failure_record(name, rng)
        else:
            doc = vary(templates[TREES[rack % len(TREES)]], name, rack, rng)
        text = json.dumps(doc, separators=COMPACT) + "\n"
        total += len(text)
        with open(os.path.join(directory, name + ".json"), "w") as out:
            out.write(text)
    return total


def run_once(argv):
    start = time.perf_counter()
    with open(os.devnull, "w") as devnull:
        child = subprocess.Popen(argv, stdout=devnull, stderr=devnull)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{argv} failed with status {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--archfit", default=os.path.join(ROOT, "build/archfit"))
    parser.add_argument("--dir", default="/tmp/archfit-fleet-bench")
    parser.add_argument("-n", type=int, default=10000, help="synthetic nodes (when generating)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--format", default="--json", help="report's output flag: --json, --markdown or ''")
    args = parser.parse_args()

    existing = [n for n in os.listdir(args.dir) if n.endswith(".json")] if os.path.isdir(args.dir) else []
    if not existing:
        total = generate(args.archfit, args.dir, args.n, args.seed)
        existing = [n for n in os.listdir(args.dir) if n.endswith(".json")]
        print(f"generated {len(existing)} node reports, {total / 1e6:.1f} MB, in {args.dir}")
    sizes = [os.path.getsize(os.path.join(args.dir, n)) for n in existing]
    argv = [args.archfit, "fleet", "report", args.dir] + ([args.format] if args.format else [])
    run_once(argv)  # warm-up: the page cache
    samples = [run_once(argv) for _ in range(args.runs)]
    walls, cpus, rss = zip(*samples)
    print(f"### `archfit fleet report {args.format}` on {len(existing)} node reports "
          f"({sum(sizes) / 1e6:.1f} MB, largest {max(sizes) / 1024:.1f} KiB; n = {args.runs})\n")
    print(f"machine: {os.cpu_count()} cores, load average before {os.getloadavg()[0]:.2f}\n")
    print("| | median | min | max |")
    print("|---|---:|---:|---:|")
    print(f"| wall s | {statistics.median(walls):.2f} | {min(walls):.2f} | {max(walls):.2f} |")
    print(f"| CPU s (user + sys) | {statistics.median(cpus):.2f} | {min(cpus):.2f} | {max(cpus):.2f} |")
    print(f"| peak RSS MiB | {statistics.median(rss):.1f} | {min(rss):.1f} | {max(rss):.1f} |")


if __name__ == "__main__":
    main()
