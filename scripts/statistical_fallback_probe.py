#!/usr/bin/env python3
"""Would a statistical fallback help `explain`? A measurement, not a feature (docs/explain.md, Decisions and limits).

    statistical_fallback_probe.py --archfit build/archfit [--folds 10] [--seed 1]

Reads the readable corpus sets only (tests/data/logs and logs-heldout, logs-heldout2 .. logs-heldout11; never the
unbiased held-out sets 12 and later), and runs a k-fold cross-validation of a naive Bayes text classifier (lower-cased
word tokens, each counted once per log, tokens in fewer than two training logs dropped, Laplace smoothing, the `none`
label as a class of its own). For each posterior threshold it prints:
  - alone: how many categorised answers the classifier gives on all logs, how many are right, and how many `none`
    logs it names a category for;
  - as a fallback: the same, only on the logs archfit's rules answer `unknown` (the only logs a fallback would touch).
Standard library only.
"""
import argparse
import collections
import math
import os
import random
import re

from heldout_eval import read_tsv, run_json  # the corpus measurement's own INDEX reader and explain runner

READ_SETS = ["logs", "logs-heldout"] + [f"logs-heldout{i}" for i in range(2, 12)]
TOKEN = re.compile(r"[a-z_][a-z0-9_+]*")


def tokens(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return set(TOKEN.findall(f.read().lower()))


def rules_answer(archfit, path):
    doc, _, _ = run_json([archfit, "explain", "--json", path])
    return doc["findings"][0]["category"] if doc and doc.get("explained") and doc.get("findings") else "none"


class NaiveBayes:
    def __init__(self, docs, labels, alpha=1.0, min_df=2):
        df = collections.Counter()
        for d in docs:
            df.update(d)
        self.vocab = {w for w, c in df.items() if c >= min_df}
        self.classes = sorted(set(labels))
        self.counts = {c: collections.Counter() for c in self.classes}
        for d, label in zip(docs, labels):
            self.counts[label].update(w for w in d if w in self.vocab)
        self.log_prior = {c: math.log(labels.count(c) / len(labels)) for c in self.classes}
        self.denominator = {c: sum(self.counts[c].values()) + alpha * len(self.vocab) for c in self.classes}
        self.alpha = alpha

    def predict(self, doc):
        scores = {}
        for c in self.classes:
            s = self.log_prior[c]
            for w in doc:
                if w in self.vocab:
                    s += math.log((self.counts[c][w] + self.alpha) / self.denominator[c])
            scores[c] = s
        top = max(scores, key=scores.get)
        z = sum(math.exp(v - scores[top]) for v in scores.values())
        return top, 1.0 / z


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archfit", required=True)
    parser.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "tests", "data"))
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    logs = []
    for name in READ_SETS:
        directory = os.path.join(args.data, name)
        for row in read_tsv(os.path.join(directory, "INDEX.tsv")):
            logs.append((os.path.join(directory, row["file"]), row["category"].strip() or "none"))
    random.Random(args.seed).shuffle(logs)
    docs = [tokens(path) for path, _ in logs]
    labels = [label for _, label in logs]
    rules = [rules_answer(args.archfit, path) for path, _ in logs]

    predictions = [None] * len(logs)
    for fold in range(args.folds):
        train = [i for i in range(len(logs)) if i % args.folds != fold]
        model = NaiveBayes([docs[i] for i in train], [labels[i] for i in train])
        for i in range(fold, len(logs), args.folds):
            predictions[i] = model.predict(docs[i])

    none_logs = labels.count("none")
    unknown = [i for i in range(len(logs)) if rules[i] == "none"]
    print(f"{len(logs)} readable logs ({none_logs} none); the rules answer unknown on {len(unknown)} "
          f"({sum(labels[i] == 'none' for i in unknown)} of them labelled none)")
    print("threshold | alone: answers right/given, none named | fallback: right, wrong category, none named")
    for threshold in (0.5, 0.9, 0.99, 0.999):
        def tally(indices):
            given = [i for i in indices if predictions[i][0] != "none" and predictions[i][1] >= threshold]
            right = sum(labels[i] == predictions[i][0] for i in given)
            named_none = sum(labels[i] == "none" for i in given)
            return len(given), right, named_none
        given, right, named_none = tally(range(len(logs)))
        f_given, f_right, f_none = tally(unknown)
        print(f"{threshold} | {right}/{given}, {named_none} of {none_logs} | "
              f"{f_right}, {f_given - f_right - f_none}, {f_none}")


if __name__ == "__main__":
    main()
