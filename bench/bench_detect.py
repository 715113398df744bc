#!/usr/bin/env python3
"""archfit detect vs a reference tool, side by side in one run.

Each command runs N times, alternating, after one warm-up run each; the report gives the median
and minimum wall time, the ratio reference/archfit, and each one's peak RSS (ru_maxrss of a run
forked from a small shell, not from this Python process: bench_compare.peak_rss_clean).
With --agree, the GPUs' targets are compared: archfit's `detect --json` targets against the
compute capabilities in nvidia-smi's CSV (the run fails when they differ).

  bench_detect.py --archfit build/archfit -n 50 --label "H200" \
      --reference "nvidia-smi --query-gpu=name,compute_cap --format=csv" --agree
  bench_detect.py --archfit build/archfit -n 200 --label "MI300X tree" \
      --archfit-args "--sysroot tests/data/sysroots/mi300x-8gpu/root"
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_compare import peak_rss_clean  # noqa: E402


def run_once(argv):
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ,
                          file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                                        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{argv} failed with status {status}")
    return elapsed


def summarize(times, argv):
    rss = [peak_rss_clean(argv) for _ in range(3)]
    rss = [r for r in rss if r is not None]
    return statistics.median(times), min(times), (max(rss) if rss else None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--archfit", default="build/archfit")
    parser.add_argument("--archfit-args", default="")
    parser.add_argument("--reference", default="")
    parser.add_argument("-n", type=int, default=50)
    parser.add_argument("--label", default="")
    parser.add_argument("--agree", action="store_true")
    parser.add_argument("--no-detect", action="store_true",
                        help="--archfit-args holds the whole command line (e.g. 'check --python python3')")
    args = parser.parse_args()

    archfit = [args.archfit] + ([] if args.no_detect else ["detect"]) + shlex.split(args.archfit_args)
    reference = shlex.split(args.reference)
    # /bin/true shows the floor: what spawning any process costs in this harness on this machine.
    # `archfit --version` adds what every archfit run pays before it works: loading the binary,
    # static initialisers, the CLI definitions.
    commands = [("archfit", archfit)] + ([("reference", reference)] if reference else []) + \
        [("floor", ["/bin/true"]), ("start", [args.archfit, "--version"])]
    samples = {name: [] for name, _ in commands}
    for _, argv in commands:
        run_once(argv)  # warm-up: page cache, dynamic loader cache
    for _ in range(args.n):
        for name, argv in commands:
            samples[name].append(run_once(argv))

    print(f"### {args.label or 'detect'}  (n = {args.n})\n")
    print("| command | median ms | min ms | peak RSS MiB |")
    print("|---|---|---|---|")
    results = {}
    for name, argv in commands:
        median, minimum, rss = summarize(samples[name], argv)
        results[name] = median
        rss_text = f"{rss / 1024:.1f}" if rss is not None else "n/a"
        print(f"| `{' '.join(argv)}` | {median * 1e3:.2f} | {minimum * 1e3:.2f} | {rss_text} |")
    if reference:
        ratio = results['reference'] / results['archfit']
        floor = results['floor']
        above = (results['reference'] - floor) / max(results['archfit'] - floor, 1e-9)
        print(f"\nratio (reference / archfit, medians): **{ratio:.1f}x**; "
              f"above the /bin/true floor of {floor * 1e3:.2f} ms: {above:.1f}x")
        print(f"\narchfit's time, medians: process floor {floor * 1e3:.2f} ms + start-up (binary, static "
              f"initialisers, CLI) {(results['start'] - floor) * 1e3:.2f} ms + the command's own work "
              f"{(results['archfit'] - results['start']) * 1e3:.2f} ms")

    if args.agree:
        report = json.loads(subprocess.run(archfit + ["--json"], capture_output=True, text=True).stdout)
        ours = sorted(g["target"] for g in report["gpus"] if g["vendor"] == "nvidia")
        csv = subprocess.run(reference, capture_output=True, text=True, check=True).stdout.splitlines()
        header = [c.strip() for c in csv[0].split(",")]
        column = header.index("compute_cap")
        theirs = sorted("sm_" + line.split(",")[column].strip().replace(".", "") for line in csv[1:] if line.strip())
        print(f"\nagreement: archfit {ours} vs reference {theirs}: {'same' if ours == theirs else 'DIFFERENT'}")
        if ours != theirs:
            sys.exit(1)


if __name__ == "__main__":
    main()
