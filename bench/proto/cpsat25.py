"""OR-Tools CP-SAT, one worker (or --workers N), on an exact-cover problem (Knuth DLX1 text): the reference
for issue 23's prototype. One Boolean per option; ExactlyOne per primary item, AtMostOne per
secondary item. --unique: after the first solution, forbid it and solve again.

Usage: python bench/proto/cpsat25.py [--timeout S] [--unique] [--workers N] FILE.dlx
Prints xcdcl's output (s / v / c solutions); stats (wall, branches, conflicts) on stderr.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from xc_text import print_answer, read_knuth  # noqa: E402

from ortools.sat.python import cp_model  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--unique", action="store_true")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    began = time.perf_counter()
    names, primary, rows = read_knuth(args.path)
    model = cp_model.CpModel()
    chosen = [model.NewBoolVar(f"o{k}") for k in range(len(rows))]
    by_item = [[] for _ in names]
    for k, row in enumerate(rows):
        for item in row:
            by_item[item].append(chosen[k])
    for item, options in enumerate(by_item):
        if item < primary:
            model.AddExactlyOne(options)
        elif options:
            model.AddAtMostOne(options)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = args.workers
    solver.parameters.max_time_in_seconds = args.timeout
    status = solver.Solve(model)
    first = time.perf_counter() - began
    branches, conflicts = solver.NumBranches(), solver.NumConflicts()
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        print_answer(
            "UNKNOWN" if status == cp_model.UNKNOWN else "UNSATISFIABLE",
            None,
            0 if args.unique else None,
            status == cp_model.UNKNOWN,
        )
    else:
        solution = [k for k, var in enumerate(chosen) if solver.Value(var)]
        solutions, capped = None, False
        if args.unique:
            model.AddBoolOr([chosen[k].Not() for k in solution])
            solver.parameters.max_time_in_seconds = max(0.01, args.timeout - first)
            again = solver.Solve(model)
            capped = again == cp_model.UNKNOWN
            solutions = 2 if again in (cp_model.OPTIMAL, cp_model.FEASIBLE) else 1
            branches += solver.NumBranches()
            conflicts += solver.NumConflicts()
        print_answer("SATISFIABLE", solution, solutions, capped)
    print(
        f"c first {first:.3f} s, end {time.perf_counter() - began:.3f} s, "
        f"branches {branches}, conflicts {conflicts}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
