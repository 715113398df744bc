#!/usr/bin/env python3
"""Two archfit binaries (or any commands) on the same arguments, alternating, in one run.

For a change's effect on a loaded machine: each command runs once untimed (warm-up), then
A, B, A, B ... N times each, so both see the same cache state and the same load. Reports the
median and minimum wall time and the median CPU time (user + system, from wait4) of each, and
checks that every run printed the same bytes as A's warm-up (a speed change must not change
the output).

  bench_ab.py -n 21 --a /tmp/archfit-before --b build/archfit -- scan --json LIB
"""
import argparse
import os
import statistics
import sys
import tempfile
import time


def run_once(argv, out_path, env=None):
    """Runs argv (found on PATH) with stdout to out_path: (wall s, CPU s, stdout bytes)."""
    fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ if env is None else env,
                         file_actions=[(os.POSIX_SPAWN_DUP2, fd, 1),
                                       (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    os.close(fd)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{argv} failed with status {status}")
    with open(out_path, "rb") as f:
        return wall, usage.ru_utime + usage.ru_stime, f.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("-n", type=int, default=15)
    parser.add_argument("args", nargs=argparse.REMAINDER)
    opts = parser.parse_args()
    args = opts.args[1:] if opts.args[:1] == ["--"] else opts.args
    cmds = {"A": [opts.a] + args, "B": [opts.b] + args}
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out")
        _, _, expected = run_once(cmds["A"], out)
        _, _, b_out = run_once(cmds["B"], out)
        if b_out != expected:
            sys.exit("FAIL: A and B print different bytes")
        times = {"A": [], "B": []}
        for _ in range(opts.n):
            for name in ("A", "B"):
                wall, cpu, text = run_once(cmds[name], out)
                if text != expected:
                    sys.exit(f"FAIL: a run of {name} printed different bytes")
                times[name].append((wall, cpu))
    print(f"load average: {os.getloadavg()[0]:.2f}; n = {opts.n} each, alternating; output identical")
    print("| | command | median wall | min wall | median CPU |")
    print("|---|---|---:|---:|---:|")
    for name in ("A", "B"):
        walls = [w for w, _ in times[name]]
        cpus = [c for _, c in times[name]]
        print(f"| {name} | `{' '.join(cmds[name])}` | {statistics.median(walls) * 1e3:.2f} ms | "
              f"{min(walls) * 1e3:.2f} ms | {statistics.median(cpus) * 1e3:.1f} ms |")
    ratio = min(w for w, _ in times["A"]) / min(w for w, _ in times["B"])
    print(f"min A / min B = {ratio:.2f}")


if __name__ == "__main__":
    main()
