#!/usr/bin/env python3
"""Several command variants, alternating, in one run (for A/B/C comparisons on the device machine).

Each variant is LABEL=COMMAND; leading NAME=VALUE words of COMMAND are environment variables for
that variant only. Every variant runs once untimed (warm-up), then V1, V2, ... N times each, so
all see the same cache state. Prints the median and minimum wall time and the median CPU time
(user + system, from wait4) of each. With --same-output, every run's stdout must equal the
first variant's warm-up output byte for byte (a speed change must not change the output).

  alternate.py -n 15 --same-output "copy=ARCHFIT_SEARCH_MODE=copy build/archfit scan --json LIB" \
      "fault=ARCHFIT_SEARCH_MODE=fault build/archfit scan --json LIB"
"""
import argparse
import os
import shlex
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from bench_ab import run_once  # noqa: E402


def parse_variant(text):
    label, _, command = text.partition("=")
    words = shlex.split(command)
    env = dict(os.environ)
    while words and "=" in words[0] and not words[0].startswith(("/", ".")):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    return label, words, env


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=15)
    parser.add_argument("--same-output", action="store_true")
    parser.add_argument("variants", nargs="+")
    args = parser.parse_args()
    variants = [parse_variant(v) for v in args.variants]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out")
        reference = None
        for label, argv, env in variants:
            _, _, data = run_once(argv, out, env)
            reference = data if reference is None else reference
            if args.same_output and data != reference:
                sys.exit(f"{label}: output differs from {variants[0][0]}'s")
        walls = {label: [] for label, _, _ in variants}
        cpus = {label: [] for label, _, _ in variants}
        for _ in range(args.n):
            for label, argv, env in variants:
                wall, cpu, data = run_once(argv, out, env)
                if args.same_output and data != reference:
                    sys.exit(f"{label}: a timed run's output differs")
                walls[label].append(wall * 1e3)
                cpus[label].append(cpu * 1e3)
    print(f"n = {args.n} alternating{', outputs identical' if args.same_output else ''}\n")
    print("| variant | median ms | min ms | median CPU ms |\n|---|---:|---:|---:|")
    for label, _, _ in variants:
        print(f"| {label} | {statistics.median(walls[label]):.2f} | {min(walls[label]):.2f} | "
              f"{statistics.median(cpus[label]):.2f} |")


if __name__ == "__main__":
    main()
