"""The C Learner (dlxcli.engine.Learner, issue 23) against its prototype, bench/proto/xcdcl.c,
on Gecode's 18 25x25 sudokus: first solution, side by side in one run.

Usage: python bench/bench_learn.py [--cap S] [NAME ...]

Per instance four contenders, each its own process (`nice -n 10`, capped at CAP CPU
seconds with `ulimit -t`, as bench/proto/bench_reason25.py runs them), their order rotated
from one instance to the next so that they share the machine's load:

* xcdcl: the prototype (gcc -O2, default flags) on sudoku_xc.py's DLX1 text of the puzzle;
* learner-xc: the C Learner on that same text: the same option numbering, so a faithful
  port makes the prototype's search exactly (the same decisions and conflicts);
* learner-grid: the C Learner on the sudoku module's matrix (every cell's 25 options,
  option cell * 25 + symbol - 1), the givens as assumptions: the numbering dlxcli uses,
  hence another search;
* learner-facts: the same matrix, the givens made level-0 facts instead (every option
  sharing an item with a given forbidden alone): what a one-off query can do that
  `generate --minimal`, which needs the givens as assumptions, cannot.

Each cell: search CPU seconds (without reading and building) / conflicts, and the whole
process's CPU seconds; "cap" when the cap stopped it, "WRONG" when the grid is not
bench/data/gecode25/NAME.out.
"""

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "data" / "gecode25"
sys.path.insert(0, str(HERE / "proto"))
from bench_reason25 import timed  # noqa: E402
from sudoku_xc import ALPHABETS, decode, knuth_text  # noqa: E402
from xc_text import read_knuth  # noqa: E402

CONTENDERS = ("xcdcl", "learner-xc", "learner-grid", "learner-facts")
UNLIMITED = 1 << 62


def solve_xc(dlx_path, line):
    """The Learner on the DLX1 text: (grid line, Learner, search seconds)."""
    from dlxcli import engine
    names, primary, rows = read_knuth(dlx_path)
    solver = engine.Learner(primary, len(names) - primary, rows)
    began = time.process_time()
    solver.start()
    status = solver.run(UNLIMITED)
    seconds = time.process_time() - began
    grid = decode(line, solver.solution()) if status == engine.SOLUTION else None
    return grid, solver, seconds


def solve_grid(line, as_facts=False):
    """The Learner on the sudoku module's matrix: (grid line, Learner, search seconds).
    The givens are assumptions, or, `as_facts`, level-0 facts: every option sharing an
    item with a given is forbidden alone (a unit clause) before the query starts."""
    from dlxcli import engine
    from dlxcli.puzzles.sudoku import parse_lines, sudoku_grid
    (puzzle,), _ = parse_lines(line)
    grid = sudoku_grid(puzzle.side)
    n_primary, n_secondary, options, _, _ = grid.problem.definition
    solver = engine.Learner(n_primary, n_secondary, options)
    givens = grid.forced(puzzle.givens)
    began = time.process_time()
    if as_facts:
        for rival in rivals(options, givens):
            solver.forbid([rival])
    solver.start(() if as_facts else givens)
    status = solver.run(UNLIMITED)
    seconds = time.process_time() - began
    symbols = grid.decode(solver.solution()) if status == engine.SOLUTION else None
    text = "".join(ALPHABETS[puzzle.side][s - 1] for s in symbols) if symbols else None
    return text, solver, seconds


def rivals(options, chosen):
    """The options other than `chosen` that share an item with one of them, in order."""
    taken = {item for j in chosen for item in options[j]}
    kept = set(chosen)
    return [j for j, option in enumerate(options) if j not in kept and taken.intersection(option)]


def child(mode, in_path, dlx_path):
    """One Learner run: the grid on stdout, its figures on stderr (xcdcl's words)."""
    line = Path(in_path).read_text().split()[0]
    if mode == "xc":
        grid, solver, seconds = solve_xc(dlx_path, line)
    else:
        grid, solver, seconds = solve_grid(line, as_facts=mode == "facts")
    print(grid or "no solution")
    print(f"c solve-cpu {seconds:.6f} s, decisions {solver.decisions}, conflicts "
          f"{solver.conflicts}", file=sys.stderr)


def cell(stdout, stderr, cpu, killed, line, expected, contender):
    """The table cell of one run of `contender` on the puzzle `line`."""
    if killed:
        return "cap"
    conflicts = re.search(r"conflicts (\d+)", stderr)
    solve = re.search(r"solve-cpu ([\d.]+)", stderr)
    if contender == "xcdcl":
        chosen = next((words.split()[1:] for words in stdout.splitlines()
                       if words.startswith("v")), None)
        answer = decode(line, map(int, chosen)) if chosen is not None else None
    else:
        answer = stdout.strip()
    if answer != expected or not conflicts or not solve:
        return "WRONG"
    return f"{float(solve.group(1)):.2f} / {int(conflicts.group(1)):,} ({cpu:.2f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--cap", type=float, default=20.0)
    parser.add_argument("--child", nargs=3, metavar=("MODE", "IN", "DLX"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(*args.child)
    names = args.names or sorted((p.stem for p in FOLDER.glob("*.in")),
                                 key=lambda s: int(re.sub(r"\D", "", s)))
    work = Path(tempfile.mkdtemp(prefix="bench-learn-"))
    binary = work / "xcdcl"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(HERE / "proto" / "xcdcl.c")], check=True)
    print(f"cap {args.cap:g} CPU s; cells: search CPU s / conflicts (process CPU s)")
    print("| instance | " + " | ".join(CONTENDERS) + " | same search |")
    print("|---" * (len(CONTENDERS) + 2) + "|")
    for index, name in enumerate(names):
        in_path = FOLDER / f"{name}.in"
        line = in_path.read_text().split()[0]
        expected = (FOLDER / f"{name}.out").read_text().split()[0]
        dlx_path = work / f"{name}.dlx"
        dlx_path.write_text(knuth_text(line))
        commands = {
            "xcdcl": [str(binary), str(dlx_path)],
            "learner-xc": [sys.executable, __file__, "--child", "xc", str(in_path), str(dlx_path)],
            "learner-grid": [sys.executable, __file__, "--child", "grid", str(in_path),
                             str(dlx_path)],
            "learner-facts": [sys.executable, __file__, "--child", "facts", str(in_path),
                              str(dlx_path)],
        }
        order = CONTENDERS[index % len(CONTENDERS):] + CONTENDERS[:index % len(CONTENDERS)]
        cells, searches = {}, {}
        for contender in order:
            stdout, stderr, _, cpu, killed = timed(commands[contender], args.cap)
            cells[contender] = cell(stdout, stderr, cpu, killed, line, expected, contender)
            searches[contender] = re.findall(r"(?:decisions|conflicts) \d+", stderr)
        same = "yes" if searches["xcdcl"] == searches["learner-xc"] else "NO"
        print(f"| {name} | " + " | ".join(cells[c] for c in CONTENDERS) + f" | {same} |",
              flush=True)


if __name__ == "__main__":
    main()
