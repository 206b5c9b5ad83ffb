"""Issue 2: the engine end to end against the seed's C++ DLX programs.

Usage: python bench/bench_engine.py [--quick] [--full] [--repeats N] [--no-python]
                                    [--baseline DIR]

Every row is a whole process (start-up, parsing, search, output), timed side by side in
one run, alternating the contenders; the table shows medians and each one's ratio to
the baseline (the seed program, or `python -c pass` for start-up). Every answer is
checked independently of dlxcli: queens against a backtracking lister and the known
counts, P4929 covers by checking every column is covered exactly once.

Cases: n-queens counts (P1219, n = 12..14), the three 500x500 P4929 matrices with a
planted cover, start-up on the P4929 sample, and the pentomino cover counts (6x10 with
the X piece in one quadrant: 2,339; 5x12, every placement: 4,040, made by
make_pentomino.py).
The pure-Python twin runs queens only at n = 12 and skips the pentomino count unless
--full (it takes minutes there).

The 1,000 hard sudokus (hard1000) end to end, as bench_sudoku.py runs them, close the
engine's rows (issue 22 set its goals on these rows). With --baseline DIR, every dlxcli
run on the C twin alternates with the same run of the checkout DIR (harness.with_baseline):
the "vs seed" column of both then compares the two in one run.

Other solvers join the pentomino counts where an environment variable names their
binary, each given the same matrix in its own format:
* MINIEXACT: miniexact (github.com/miniexact/miniexact, built with its cmake), its
  Algorithm X with MRV enumerating every cover (`-x -e`; it has no count-only mode);
* DLX1: Knuth's DLX1 (ctangle of dlx1.w, compiled with -O2), counting (no output).
"""

import os
import re
import sys

import harness
import make_pentomino
from bench_sudoku import sudoku_end_to_end
from harness import (CASES, Contender, Report, dlxcli, precompile, shared, side_by_side,
                     trimmed_lines)
from reference import binary

QUEENS_COUNTS = {12: 14200, 13: 73712, 14: 365596}
"""OEIS A000170."""
PENTOMINO_COVERS = 2339
"""Dana Scott's 6x10 pentomino problem with the X piece in one quadrant (Knuth 2000)."""
PENTOMINO_5X12_COVERS = 4040
"""The 5x12 board, every placement: 1,010 solutions up to symmetry, 4 each (Knuth 2000)."""


# -- independent answer checks ----------------------------------------------------------

def first_placements(n, k):
    """The first k n-queens placements in lexicographic order, by plain backtracking."""
    found, columns = [], []

    def place(row):
        if row == n:
            found.append([c + 1 for c in columns])
            return len(found) >= k
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(columns)):
                columns.append(col)
                if place(row + 1):
                    return True
                columns.pop()
        return False

    place(0)
    return found


def queens_check(n):
    expected = [" ".join(map(str, p)) for p in first_placements(n, 3)] + [str(QUEENS_COUNTS[n])]

    def check(stdout):
        got = trimmed_lines(stdout)
        return None if got == expected else (f"expected {expected[-1]} and the first 3, "
                                             f"got {got[-1:]}")
    return check


def read_matrix(path):
    """(n_cols, rows as sets of column numbers) of a P4929 file."""
    words = path.read_text().split()
    n_rows, n_cols = int(words[0]), int(words[1])
    cells = "".join(words[2:])
    return n_cols, [{c for c in range(n_cols) if cells[r * n_cols + c] == "1"}
                    for r in range(n_rows)]


def cover_check(path):
    """A check that the output names rows (1-based) covering every column exactly once."""
    n_cols, rows = read_matrix(path)

    def check(stdout):
        text = stdout.decode(errors="replace")
        if "No Solution" in text:
            return "said No Solution! but a cover exists"
        chosen = [int(w) for w in re.findall(r"\d+", text)]
        covered = [0] * n_cols
        for r in chosen:
            if not 1 <= r <= len(rows):
                return f"row {r} does not exist"
            for c in rows[r - 1]:
                covered[c] += 1
        bad = [c + 1 for c in range(n_cols) if covered[c] != 1]
        return f"column {bad[0]} covered {covered[bad[0] - 1]} times" if bad else None
    return check


def equals_check(expected):
    def check(stdout):
        got = trimmed_lines(stdout)
        return None if got == [expected] else f"expected {expected}, got {got[:1]}"
    return check


# -- the cases ---------------------------------------------------------------------------

def queens_cases(args):
    sizes = (12, 13) if args.quick else (12, 13, 14)
    groups = []
    for n in sizes:
        stdin = args.inputs / f"queens{n}.in"
        stdin.write_text(f"{n}\n")
        check = queens_check(n)
        seed = "p1219_queens" if n <= 13 else "p1219_queens_big"
        contenders = [Contender(seed, [str(binary(seed))], stdin, check=check),
                      dlxcli("dlxcli queens (C)", "c", ["queens"], stdin, check)]
        if args.python and (n == 12 or args.full):
            contenders.append(dlxcli("dlxcli queens (Python)", "python", ["queens"], stdin,
                                     check))
        groups.append((f"queens n={n}", side_by_side(contenders, args.repeats)))
    return groups


def p4929_cases(args):
    files = sorted(shared("data", "exact-cover").glob("rand500_*.p4929"))
    groups = []
    for path in files[:1] if args.quick else files:
        check = cover_check(path)
        contenders = [Contender("p4929_dlx", [str(binary("p4929_dlx"))], path, check=check),
                      dlxcli("dlxcli matrix (C)", "c", ["matrix"], path, check)]
        if args.python:
            contenders.append(dlxcli("dlxcli matrix (Python)", "python", ["matrix"], path,
                                     check))
        groups.append((path.name, side_by_side(contenders, args.repeats)))
    return groups


def startup_case(args):
    sample = CASES / "matrix" / "sample1.in"
    check = cover_check(sample)
    contenders = [Contender("python -c pass", [sys.executable, "-c", "pass"]),
                  dlxcli("dlxcli matrix (C)", "c", ["matrix"], sample, check),
                  Contender("python -m dlxcli matrix (C)",
                            [sys.executable, "-m", "dlxcli", "matrix"], sample,
                            {"DLXCLI_ENGINE": "c"}, check)]
    return [("matrix sample1", side_by_side(contenders, args.repeats * 2))]


def pentomino_cases(args):
    """The 6x10 count from ../shared, and (but for --quick) the 5x12 one generated here."""
    boards = [("pento6x10 count", shared("data", "exact-cover", "pento6x10.p4929"),
               PENTOMINO_COVERS)]
    if not args.quick:
        path = args.inputs / "pento5x12.p4929"
        path.write_text(make_pentomino.matrix_text(5, 12, quadrant=False))
        boards.append(("pento5x12 count", path, PENTOMINO_5X12_COVERS))
    groups = []
    for name, path, covers in boards:
        check = equals_check(str(covers))
        contenders = [Contender("p4929_dlx_count", [str(binary("p4929_dlx_count"))], path,
                                check=check),
                      dlxcli("dlxcli matrix --count (C)", "c", ["matrix", "--count"], path,
                             check)]
        if args.python and args.full:
            contenders.append(dlxcli("dlxcli matrix --count (Python)", "python",
                                     ["matrix", "--count"], path, check))
        if os.environ.get("MINIEXACT"):
            contenders.append(miniexact(path, covers))
        if os.environ.get("DLX1"):
            contenders.append(dlx1(path, covers))
        groups.append((name, side_by_side(contenders, 1 if args.quick else args.repeats)))
    return groups


def named_options(p4929_path):
    """(items, options) of a P4929 0-1 matrix, the columns named c1..cm."""
    tokens = p4929_path.read_text().split()
    n, m, cells = int(tokens[0]), int(tokens[1]), tokens[2:]
    options = [" ".join(f"c{k + 1}" for k in range(m) if cells[r * m + k] == "1")
               for r in range(n)]
    return " ".join(f"c{k}" for k in range(1, m + 1)), options


def miniexact(p4929_path, covers):
    """The miniexact contender on a P4929 matrix, in miniexact's format (`< items >`,
    each option ending in ';'), checked by the covers it prints and counts.
    (Through `sh -c`, about a millisecond more than the others: having enumerated every
    solution, miniexact exits with status 20, "no more".)"""
    items, options = named_options(p4929_path)
    path = p4929_path.with_suffix(".mx")
    path.write_text("\n".join([f"< {items} >"] + [f"{o} ;" for o in options]) + "\n")

    def check(stdout):
        *found, summary = [line for line in trimmed_lines(stdout) if line] or [""]
        if len(found) == covers and summary == f"Found {covers} solutions!":
            return None
        return f"expected {covers} covers, got {len(found)} ({summary[:40]!r})"
    return Contender("miniexact -x -e", ["sh", "-c", '"$0" -x -e "$1"; test $? -eq 20',
                                         os.environ["MINIEXACT"], str(path)], check=check)


def dlx1(p4929_path, covers):
    """Knuth's DLX1 on a P4929 matrix in his format, checked by the count it reports
    on stderr (moved to stdout by `sh -c`)."""
    items, options = named_options(p4929_path)
    path = p4929_path.with_suffix(".dlx")
    path.write_text("\n".join([items] + options) + "\n")

    def check(stdout):
        said = re.search(r"Altogether (\d+) solutions", stdout.decode(errors="replace"))
        found = said and int(said.group(1))
        return None if found == covers else f"expected {covers} covers, got {found}"
    return Contender("DLX1", ["sh", "-c", '"$0" < "$1" 2>&1', os.environ["DLX1"], str(path)],
                     check=check)


def median_ratio(groups, case, label, base_label):
    timings = {t.contender.label: t for name, ts in groups if name == case for t in ts}
    if label not in timings or base_label not in timings:
        return None
    top, bottom = timings[label].median, timings[base_label].median
    return None if top is None or bottom is None else top / bottom


def parse_args():
    return harness.parse_bench_args(
        __doc__.splitlines()[0], "few repetitions and the smaller cases (< 60 s; CI smoke step)",
        "also run the pure-Python twin on the long searches", 2)


def main():
    args = parse_args()
    precompile()
    args.inputs = binary("p4929_dlx").parent / "inputs"
    args.inputs.mkdir(exist_ok=True)
    report = Report()
    print(f"# bench_engine: every time is a whole process, median of {args.repeats} "
          f"alternating runs")

    queens = queens_cases(args)
    report.timings("P1219 queens (count and first three)", queens)
    p4929 = p4929_cases(args)
    report.timings("P4929 at the limit (500 x 500, planted cover)", p4929)
    startup = startup_case(args)
    report.timings("Start-up", startup, "python -c pass")
    pento = pentomino_cases(args)
    report.timings("Pentomino 6x10 and 5x12: count every cover", pento)
    sudoku = sudoku_end_to_end(args, ["hard1000"])
    report.timings("9x9 sudoku, 1000 hard puzzles per process", sudoku)

    report.target("queens n=13: dlxcli (C) / seed",
                  median_ratio(queens, "queens n=13", "dlxcli queens (C)", "p1219_queens"), 0.7)
    for name, _ in p4929:
        report.target(f"{name}: dlxcli (C) / seed",
                      median_ratio(p4929, name, "dlxcli matrix (C)", "p4929_dlx"), 3.0)
    for name, _ in pento:
        report.target(f"{name}: dlxcli (C) / seed",
                      median_ratio(pento, name, "dlxcli matrix --count (C)", "p4929_dlx_count"),
                      0.8)
    report.target("hard1000: dlxcli (C) / seed",
                  median_ratio(sudoku, "hard1000", "dlxcli sudoku (C)", "p1784_sudoku_loop"), 0.4)
    report.target("start-up: dlxcli matrix / python -c pass",
                  median_ratio(startup, "matrix sample1", "dlxcli matrix (C)", "python -c pass"),
                  3.0)
    report.finish()


if __name__ == "__main__":
    main()
