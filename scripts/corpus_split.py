#!/usr/bin/env python3
"""Seeded held-out split of the real-input corpora (issue 13).

Decides, for each id in COLLECTION ORDER, whether it is held out, before anyone looks at how
archfit handles it. Method: random.Random(SEED); the ids are taken in consecutive blocks of three
and, per block, rng.randrange(3) names the one member that is held out (a final block of one or
two draws the same way and holds out nothing when the draw falls past its end). Appending ids never
changes an earlier id's side, so the corpus can grow without re-splitting.

usage: corpus_split.py SEED ORDER_FILE      (ORDER_FILE: one id a line, or a TSV whose first
                                             column is the id; prints "id<TAB>train|heldout")
"""
import random
import sys


def sides(seed, ids):
    rng = random.Random(seed)
    out = {}
    for start in range(0, len(ids), 3):
        block = ids[start:start + 3]
        k = rng.randrange(3)
        for i, ident in enumerate(block):
            out[ident] = "heldout" if i == k else "train"
    return out


def main():
    seed = int(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        ids = [line.split("\t")[0].strip() for line in f if line.strip()]
    result = sides(seed, ids)
    for ident in ids:
        print(f"{ident}\t{result[ident]}")


if __name__ == "__main__":
    main()
