#!/usr/bin/env python3
"""Measure an archfit binary on a corpus of real inputs (issue 13): explain on logs, detect on pastes.

    heldout_eval.py --archfit build/archfit --logs tests/data/logs-heldout
    heldout_eval.py --archfit build/archfit --tool-outputs tests/data/tool-outputs-heldout
    (both at once, --json for a machine-readable report, --verbose to list every miss)

The held-out directories are for the lead's measurement only; try the script on the training
sets (tests/data/logs, tests/data/tool-outputs), never on held-out data while writing rules.

Logs: every row of DIR/INDEX.tsv (file, category, source_url, established_cause, notes,
signature). archfit runs `explain --json FILE`; its answer is the category of the first
finding, or `none` when `explained` is false. A log is right when that answer equals the
row's category. A `none` log for which archfit names any category is a false positive; a
categorised log answered with another category is a wrong category (a confident wrong answer),
one answered `none` is a miss.

Pastes: every row of DIR/SOURCES.tsv (file, source_url, gpus_expected, notes). archfit runs
`detect --from-rocminfo FILE --json` (files under rocminfo/) or `--from-nvidia-smi`. A paste
is right when the GPU count and the multiset of targets equal the expected ones (an expected
target given as unknown matches any answer)
(gpus_expected: `gfx90a(gfx90a:sramecc+:xnack-)` or `NAME sm_86` per GPU, `;`-separated; an
empty field means zero GPUs; see tests/data/tool-outputs-heldout/README.md). When detect
fails without JSON (e.g. "not rocminfo output"), the answer counts as zero GPUs. Names and
target IDs are reported too, but only where the expected value is known (not `?`).

Standard library only. Exit status 0 when the runs completed (whatever the accuracy), 2 on a
usage error or a missing binary or corpus; with --min-accuracy / --max-false-positives /
--max-wrong-category (the training-corpus ctest uses them; held-out sets are reported, not
asserted), 1 when the explain results fall short of them.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

TIMEOUT_S = 60


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    if not rows:
        return []
    header = rows[0]
    return [dict(zip(header, row + [""] * (len(header) - len(row)))) for row in rows[1:]]


def run_json(cmd):
    """Runs cmd; returns (parsed stdout JSON or None, exit status, stderr tail)."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, None, "timeout"
    try:
        doc = json.loads(proc.stdout) if proc.stdout.strip() else None
    except json.JSONDecodeError:
        doc = None
    return doc, proc.returncode, proc.stderr.strip()[-300:]


# ---------------------------------------------------------------------------------------- logs

def eval_logs(archfit, directory, extra_args):
    rows = read_tsv(os.path.join(directory, "INDEX.tsv"))
    per_category = collections.OrderedDict()
    results = []
    for row in rows:
        expected = row["category"].strip() or "none"
        doc, status, err = run_json([archfit, "explain", "--json", *extra_args,
                                     os.path.join(directory, row["file"])])
        if doc is None:
            answer, top_id, note = "error", None, f"no JSON (status {status}): {err}"
        elif not doc.get("explained") or not doc.get("findings"):
            answer, top_id, note = "none", None, ""
        else:
            top = doc["findings"][0]
            answer, top_id, note = top.get("category") or "none", top.get("id"), ""
            if answer == "unknown":
                answer = "none"
        if answer == expected:
            outcome = "right"
        elif expected == "none":
            outcome = "false-positive"
        elif answer == "none":
            outcome = "miss"
        elif answer == "error":
            outcome = "error"
        else:
            outcome = "wrong-category"
        results.append({"file": row["file"], "expected": expected, "answer": answer, "signature": top_id,
                        "outcome": outcome, "note": note})
        stats = per_category.setdefault(expected, collections.Counter())
        stats["total"] += 1
        stats[outcome] += 1
    total = len(results)
    right = sum(r["outcome"] == "right" for r in results)
    categorised = [r for r in results if r["expected"] != "none"]
    none_logs = [r for r in results if r["expected"] == "none"]
    return {
        "directory": directory,
        "logs": total,
        "right": right,
        "accuracy": right / total if total else None,
        "categorised_logs": len(categorised),
        "categorised_right": sum(r["outcome"] == "right" for r in categorised),
        "wrong_category": sum(r["outcome"] == "wrong-category" for r in categorised),
        "none_logs": len(none_logs),
        "false_positives": sum(r["outcome"] == "false-positive" for r in none_logs),
        "errors": sum(r["outcome"] == "error" for r in results),
        "per_category": {cat: dict(stats) for cat, stats in sorted(per_category.items())},
        "results": results,
    }


def print_logs(report, verbose):
    print(f"explain on {report['directory']}: {report['logs']} logs")
    print(f"  {'category':<20} {'right':>5} / {'total':<5} {'accuracy':>8}  misses  wrong-cat  false-pos")
    for cat, s in report["per_category"].items():
        acc = s.get("right", 0) / s["total"]
        print(f"  {cat:<20} {s.get('right', 0):>5} / {s['total']:<5} {acc:>8.0%}  {s.get('miss', 0):>6}"
              f"  {s.get('wrong-category', 0):>9}  {s.get('false-positive', 0):>9}")
    acc = report["accuracy"]
    cat_total = report["categorised_logs"]
    print(f"  overall: {report['right']}/{report['logs']} = {acc:.1%}" if acc is not None else "  overall: no logs")
    if cat_total:
        print(f"  categorised logs: {report['categorised_right']}/{cat_total} = "
              f"{report['categorised_right'] / cat_total:.1%}; wrong category named: {report['wrong_category']}")
    print(f"  false positives on the {report['none_logs']} none logs: {report['false_positives']}")
    if report["errors"]:
        print(f"  runs without JSON: {report['errors']}")
    if verbose:
        for r in report["results"]:
            if r["outcome"] != "right":
                print(f"    {r['outcome']:<15} {r['file']}: expected {r['expected']}, got {r['answer']}"
                      f"{' (' + r['signature'] + ')' if r['signature'] else ''}{' ' + r['note'] if r['note'] else ''}")


# -------------------------------------------------------------------------------------- pastes

def parse_expected(field):
    """'gfx90a(gfx90a:xnack-);NAME sm_86;NAME ?' -> [{'target','target_id','name'}]; '' -> []."""
    gpus = []
    for entry in field.split(";") if field.strip() else []:
        entry = entry.strip()
        if entry.endswith(")") and "(" in entry:  # rocminfo form
            open_at = entry.index("(")
            target_id = entry[open_at + 1:-1]
            gpus.append({"target": entry[:open_at], "target_id": None if target_id == "?" else target_id,
                         "name": None})
            continue
        name, target = entry, None
        at = entry.rfind(" sm_")
        if at != -1:
            name, target = entry[:at], entry[at + 1:]
        elif entry.startswith("sm_"):
            name, target = "?", entry
        elif entry.endswith(" ?"):  # a name shown, its compute capability not establishable ("NVIDIA GeForce ... ?")
            name = entry[:-2]
        gpus.append({"target": target, "target_id": None, "name": None if name == "?" else name})
    return gpus


def eval_pastes(archfit, directory):
    rows = read_tsv(os.path.join(directory, "SOURCES.tsv"))
    results = []
    for row in rows:
        path = os.path.join(directory, row["file"])
        flag = "--from-rocminfo" if row["file"].startswith("rocminfo/") else "--from-nvidia-smi"
        expected = parse_expected(row["gpus_expected"])
        doc, status, err = run_json([archfit, "detect", flag, path, "--json"])
        note = ""
        if doc is None or "gpus" not in doc:
            got = []
            note = f"no JSON (status {status}): {err}"
        else:
            got = doc["gpus"]
        exp_targets = sorted(g["target"] or "?" for g in expected)
        got_targets = sorted(g.get("target") or "null" for g in got)
        # An expected target the paste does not establish ("?", e.g. a truncated name without a
        # compute capability) matches any answer; every known one must be answered.
        unmatched = collections.Counter(got_targets)
        unmatched.subtract(t for t in exp_targets if t != "?")
        right = len(got) == len(expected) and all(n >= 0 for n in unmatched.values())
        # Names / target IDs: compared in order, only where the expected value is known.
        names_known = [(e["name"], g.get("name")) for e, g in zip(expected, got) if e["name"]]
        ids_known = [(e["target_id"], g.get("target_id")) for e, g in zip(expected, got) if e["target_id"]]
        results.append({
            "file": row["file"], "right": right, "expected_targets": exp_targets, "got_targets": got_targets,
            "names_right": sum(a == b for a, b in names_known), "names_known": len(names_known),
            "target_ids_right": sum(a == b for a, b in ids_known), "target_ids_known": len(ids_known),
            "confidence": [g.get("confidence") for g in got], "note": note,
        })
    by_tool = collections.OrderedDict()
    for r in results:
        tool = r["file"].split("/", 1)[0]
        stats = by_tool.setdefault(tool, collections.Counter())
        stats["total"] += 1
        stats["right"] += r["right"]
    total = len(results)
    right = sum(r["right"] for r in results)
    return {
        "directory": directory,
        "pastes": total,
        "right": right,
        "accuracy": right / total if total else None,
        "per_tool": {tool: dict(s) for tool, s in by_tool.items()},
        "names_right": sum(r["names_right"] for r in results),
        "names_known": sum(r["names_known"] for r in results),
        "target_ids_right": sum(r["target_ids_right"] for r in results),
        "target_ids_known": sum(r["target_ids_known"] for r in results),
        "results": results,
    }


def print_pastes(report, verbose):
    print(f"detect --from-… on {report['directory']}: {report['pastes']} pastes")
    for tool, s in report["per_tool"].items():
        print(f"  {tool:<12} targets and count exactly right: {s['right']}/{s['total']} = {s['right'] / s['total']:.0%}")
    if report["accuracy"] is not None:
        print(f"  overall: {report['right']}/{report['pastes']} = {report['accuracy']:.1%}")
    if report["names_known"]:
        print(f"  names right (where the paste shows one): {report['names_right']}/{report['names_known']}")
    if report["target_ids_known"]:
        print(f"  target IDs right (where shown): {report['target_ids_right']}/{report['target_ids_known']}")
    if verbose:
        for r in report["results"]:
            if not r["right"]:
                print(f"    wrong  {r['file']}: expected {r['expected_targets']}, got {r['got_targets']}"
                      f"{' ' + r['note'] if r['note'] else ''}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--archfit", required=True, help="the archfit binary to measure")
    parser.add_argument("--logs", help="directory with INDEX.tsv and the logs (explain)")
    parser.add_argument("--tool-outputs", help="directory with SOURCES.tsv and the pastes (detect)")
    parser.add_argument("--explain-arg", action="append", default=[],
                        help="extra argument for explain (e.g. --no-context); repeatable")
    parser.add_argument("--json", action="store_true", help="print one JSON report instead of text")
    parser.add_argument("--verbose", action="store_true", help="list every input that was not right")
    parser.add_argument("--min-accuracy", type=float, help="explain: fail (status 1) below this fraction right")
    parser.add_argument("--max-false-positives", type=int, help="explain: fail above this many on none logs")
    parser.add_argument("--max-wrong-category", type=int, help="explain: fail above this many wrong categories")
    args = parser.parse_args()
    if not args.logs and not args.tool_outputs:
        parser.error("give --logs DIR and/or --tool-outputs DIR")
    # As in the end-to-end tests (docs/testing.md "Which binary the tests run"): CTest passes this
    # build's binary, ARCHFIT_TEST_BINARY names another (CI: the portable one).
    args.archfit = os.environ.get("ARCHFIT_TEST_BINARY") or args.archfit
    if not (os.path.isfile(args.archfit) and os.access(args.archfit, os.X_OK)):
        print(f"heldout_eval: {args.archfit}: not an executable file", file=sys.stderr)
        return 2
    for index, directory in ((("INDEX.tsv"), args.logs), (("SOURCES.tsv"), args.tool_outputs)):
        if directory and not os.path.isfile(os.path.join(directory, index)):
            print(f"heldout_eval: {directory}: no {index}", file=sys.stderr)
            return 2
    report = {}
    if args.logs:
        report["explain"] = eval_logs(args.archfit, args.logs, args.explain_arg)
    if args.tool_outputs:
        report["detect"] = eval_pastes(args.archfit, args.tool_outputs)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        if "explain" in report:
            print_logs(report["explain"], args.verbose)
        if "detect" in report:
            print_pastes(report["detect"], args.verbose)
    return 1 if falls_short(report.get("explain"), args) else 0


def falls_short(explain_report, args):
    """The thresholds the caller set, checked against the explain report; prints each one missed."""
    if explain_report is None:
        return False
    failures = []
    accuracy = explain_report["accuracy"] or 0.0
    if args.min_accuracy is not None and accuracy < args.min_accuracy:
        failures.append(f"accuracy {accuracy:.1%} is below {args.min_accuracy:.1%}")
    if args.max_false_positives is not None and explain_report["false_positives"] > args.max_false_positives:
        failures.append(f"{explain_report['false_positives']} false positives (at most {args.max_false_positives})")
    if args.max_wrong_category is not None and explain_report["wrong_category"] > args.max_wrong_category:
        failures.append(f"{explain_report['wrong_category']} wrong categories (at most {args.max_wrong_category})")
    if explain_report["errors"]:
        failures.append(f"{explain_report['errors']} runs without JSON")
    for failure in failures:
        print(f"heldout_eval: {failure}", file=sys.stderr)
    return bool(failures)


if __name__ == "__main__":
    sys.exit(main())
