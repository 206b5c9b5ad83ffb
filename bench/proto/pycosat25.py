"""A plain SAT encoding of an exact-cover problem (Knuth DLX1 text) solved by picosat
(pycosat, PyPI): the second reference for issue 23's prototype. One variable per option;
per primary item one clause "at least one", per item the pairwise "at most one" clauses.
--unique: enumerate up to two solutions. No time cap of its own: run it under `timeout`.

Usage: python bench/proto/pycosat25.py [--unique] FILE.dlx
"""

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from xc_text import print_answer, read_knuth  # noqa: E402

import pycosat  # noqa: E402


def clauses(names, primary, rows):
    """The CNF: option k is variable k + 1."""
    by_item = [[] for _ in names]
    for k, row in enumerate(rows):
        for item in row:
            by_item[item].append(k + 1)
    cnf = []
    for item, options in enumerate(by_item):
        if item < primary:
            cnf.append(options)
        cnf.extend([-a, -b] for a, b in itertools.combinations(options, 2))
    for k, row in enumerate(rows):
        if all(item >= primary for item in row):
            cnf.append([-(k + 1)])
    return cnf


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--unique", action="store_true")
    args = parser.parse_args()
    began = time.perf_counter()
    cnf = clauses(*read_knuth(args.path))
    found = list(itertools.islice(pycosat.itersolve(cnf), 2 if args.unique else 1))
    if found:
        print_answer(
            "SATISFIABLE", [v - 1 for v in found[0] if v > 0], len(found) if args.unique else None
        )
    else:
        print_answer("UNSATISFIABLE", None, 0 if args.unique else None)
    print(f"c end {time.perf_counter() - began:.3f} s, clauses {len(cnf)}", file=sys.stderr)


if __name__ == "__main__":
    main()
