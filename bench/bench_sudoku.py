"""Issue 3: the sudoku family end to end against the seed's C++ programs.

Usage: python bench/bench_sudoku.py [--quick] [--full] [--repeats N] [--no-python]

Whole processes, timed side by side in one run (alternating contenders; medians and
ratios to the seed), plus 9x9 puzzles per second inside one process for both engine
twins. Every answer is checked independently of dlxcli: sudoku grids by a rule checker
(rows, columns, boxes, givens kept), target-sudoku maxima against the official samples
and the seed's own enumeration, squiggly and samurai against the official outputs.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import harness
from harness import (CASES, REPO, Contender, precompile, Report, dlxcli, ratio, seconds_text,
                     shared, side_by_side, trimmed_lines)
from reference import binary

BENCH_DATA = REPO / "bench" / "data"


# -- independent answer checks ----------------------------------------------------------

def grids_in(stdout):
    """Every solved 9x9 grid in an output, whatever its layout (81-digit lines or 9 lines
    of 9 digits, with or without spaces), as 81-character strings."""
    digits = "".join(line.replace(" ", "") for line in trimmed_lines(stdout)
                      if re.fullmatch(r"[0-9 ]+", line))
    return [digits[k:k + 81] for k in range(0, len(digits), 81)]


def valid_sudoku(grid, givens):
    units = ([[r * 9 + c for c in range(9)] for r in range(9)]
             + [[r * 9 + c for r in range(9)] for c in range(9)]
             + [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)]
                for br in (0, 3, 6) for bc in (0, 3, 6)])
    return (len(grid) == 81
            and all({grid[k] for k in unit} == set("123456789") for unit in units)
            and all(g in ".0" or g == s for g, s in zip(givens, grid)))


def sudoku_check(puzzles):
    def check(stdout):
        grids = grids_in(stdout)
        if len(grids) != len(puzzles):
            return f"{len(grids)} grids for {len(puzzles)} puzzles"
        bad = [k + 1 for k, (g, p) in enumerate(zip(grids, puzzles)) if not valid_sudoku(g, p)]
        return f"puzzle {bad[0]} solved wrongly" if bad else None
    return check


def lines_check(expected):
    def check(stdout):
        got = trimmed_lines(stdout)
        if got == expected:
            return None
        k = next((k for k, (a, b) in enumerate(zip(got, expected)) if a != b),
                 min(len(got), len(expected)))
        return f"line {k + 1} differs ({len(got)} lines, {len(expected)} expected)"
    return check


# -- 9x9 throughput -----------------------------------------------------------------------

def sudoku_end_to_end(args, names):
    groups = []
    for name in names:
        txt = shared("data", "sudoku", f"{name}.txt")
        puzzles = txt.read_text().split()
        check = sudoku_check(puzzles)
        contenders = [Contender("p1784_sudoku_loop", [str(binary("p1784_sudoku_loop"))],
                                shared("data", "sudoku", f"{name}.seedfmt"), check=check),
                      dlxcli("dlxcli sudoku (C)", "c", ["sudoku", str(txt)], None, check)]
        if args.python and args.full:
            contenders.append(dlxcli("dlxcli sudoku (Python)", "python",
                                     ["sudoku", str(txt)], None, check))
        groups.append((name, side_by_side(contenders, args.repeats)))
    return groups


def in_process(engine, puzzle, path, lines=None):
    """(seconds, answer text) of solve_text inside one process of one twin."""
    argv = [sys.executable, str(Path(__file__).with_name("inprocess.py")), puzzle, str(path)]
    if lines:
        argv.append(str(lines))
    done = subprocess.run(argv, capture_output=True, text=True, check=True,
                          env={**os.environ, "DLXCLI_ENGINE": engine})
    result = json.loads(done.stdout)
    return result["seconds"], result["text"].encode()


def sudoku_throughput(args, names, report):
    """Puzzles per second inside one process, C and Python twins alternating."""
    rows = []
    for name in names:
        path = shared("data", "sudoku", f"{name}.txt")
        for engine, lines in (("c", None), ("python", 50 if args.quick else 200)):
            if engine == "python" and not args.python:
                continue
            puzzles = path.read_text().split()[:lines]
            check = sudoku_check(puzzles)
            runs, wrong = [], None
            for _ in range(args.repeats):
                seconds, text = in_process(engine, "sudoku", path, lines)
                runs.append(seconds)
                wrong = wrong or check(text)
            report.all_right &= wrong is None
            best = sorted(runs)[len(runs) // 2]
            rows.append([name, engine, len(puzzles), f"{best:.3f}",
                         f"{len(puzzles) / best:,.0f}", "ok" if not wrong else f"WRONG: {wrong}"])
    report.table("9x9 sudoku in one process (start-up excluded)",
                 ["set", "twin", "puzzles", "median s", "puzzles/s", "answer"], rows)


# -- target sudoku --------------------------------------------------------------------------

def target_cases(args):
    """(name, input path, expected maximum) for every target-sudoku case."""
    cases = [(p.name, p, p.with_suffix(".out").read_text().strip())
             for p in sorted((CASES / "target-sudoku").glob("sample*.in"))]
    maxima = dict(re.findall(r"(t\d+_g\d+) (\d+)", shared("data", "README.md").read_text()))
    cases += [(p.name, p, maxima[p.stem])
              for p in sorted(shared("data", "target-sudoku").glob("*.in"),
                              key=lambda p: int(re.search(r"_g(\d+)", p.name).group(1)),
                              reverse=True)]
    generated = sorted(BENCH_DATA.glob("gen_*.in"), reverse=True)
    if args.quick:
        generated = generated[:1]
    cases += [(p.name, p, p.with_suffix(".out").read_text().strip()) for p in generated]
    return cases


def python_twin_target(args, name):
    """The pure-Python twin takes seconds to minutes on the harder cases: the samples only
    with --quick, the generated cases only with --full."""
    if args.quick:
        return name.startswith("sample")
    return args.full or not name.startswith("gen_")


def target_bench(args):
    groups = []
    for name, path, maximum in target_cases(args):
        check = lines_check([maximum])
        contenders = [Contender("p1074_target", [str(binary("p1074_target"))], path,
                                check=check),
                      dlxcli("dlxcli target-sudoku (C)", "c", ["target-sudoku", str(path)],
                             None, check)]
        if args.python and python_twin_target(args, name):
            contenders.append(dlxcli("dlxcli target-sudoku (Python)", "python",
                                     ["target-sudoku", str(path)], None, check))
        repeats = args.repeats if not name.startswith("gen_") else min(args.repeats, 3)
        groups.append((name, side_by_side(contenders, repeats)))
    return groups


# -- squiggly and samurai ------------------------------------------------------------------

def squiggly_expected(copies):
    """The HDU 4069 sample's answers repeated `copies` times, cases renumbered."""
    bodies = re.split(r"Case \d+:\n", (CASES / "squiggly" / "sample.out").read_text())[1:]
    lines = []
    for k in range(copies * len(bodies)):
        lines.append(f"Case {k + 1}:")
        lines += bodies[k % len(bodies)].splitlines()
    return lines


def squiggly_bench(args):
    path = shared("data", "squiggly", "sample_x800.in")
    check = lines_check(squiggly_expected(800))
    contenders = [Contender("hdu4069_squiggly", [str(binary("hdu4069_squiggly"))], path,
                            check=check),
                  dlxcli("dlxcli squiggly (C)", "c", ["squiggly", str(path)], None, check)]
    if args.python and not args.quick:
        contenders.append(dlxcli("dlxcli squiggly (Python)", "python",
                                 ["squiggly", str(path)], None, check))
    return [("sample_x800 (T=2400)", side_by_side(contenders, args.repeats))]


def samurai_bench(args, report):
    rows = []
    for problem in (1, 2):
        path = CASES / "samurai" / f"seed003-problem{problem}.grid21.in"
        check = lines_check(trimmed_lines(path.with_suffix(".out").read_bytes()))
        contenders = [Contender("python -c pass", [sys.executable, "-c", "pass"]),
                      dlxcli("dlxcli samurai (C)", "c", ["samurai", str(path)], None, check)]
        if args.python:
            contenders.append(dlxcli("dlxcli samurai (Python)", "python",
                                     ["samurai", str(path)], None, check))
        timings = side_by_side(contenders, args.repeats)
        for timing in timings[1:]:
            engine = timing.contender.env["DLXCLI_ENGINE"]
            inside = sorted(in_process(engine, "samurai", path)[0]
                            for _ in range(args.repeats))[args.repeats // 2]
            report.all_right &= timing.wrong is None
            rows.append([path.name, timing.contender.label, seconds_text(timing.median),
                         seconds_text(timings[0].median), f"{inside:.3f}",
                         "ok" if not timing.wrong else f"WRONG: {timing.wrong}"])
            if engine == "c":
                report.target(f"samurai problem {problem}: end to end (C)", timing.median,
                              0.1, " s")
                report.target(f"samurai problem {problem}: solve_text in process (C)",
                              inside, 0.1, " s")
    report.table("Samurai (seed 003), end to end and in process",
                 ["case", "contender", "end to end s", "python -c pass s", "in process s",
                  "answer"], rows)


# -- driver ------------------------------------------------------------------------------------

def median_of(timings, label):
    return next((t.median for t in timings if t.contender.label == label), None)


def parse_args():
    return harness.parse_bench_args(
        __doc__.splitlines()[0], "few repetitions and fewer cases (< 60 s; CI smoke step)",
        "also run the pure-Python twin on the 1000-puzzle sets and the generated target-sudoku "
        "cases", 1)


def main():
    args = parse_args()
    precompile()
    report = Report()
    print(f"# bench_sudoku: end-to-end times are whole processes, median of "
          f"{args.repeats} alternating runs")
    sets = ("hard1000",) if args.quick else ("hard1000", "17clue1000")

    groups = sudoku_end_to_end(args, sets)
    report.timings("9x9 sudoku, 1000 puzzles per process", groups)
    hard = dict(groups)["hard1000"]
    report.target("hard1000: dlxcli sudoku (C) / seed",
                  ratio(median_of(hard, "dlxcli sudoku (C)"),
                        median_of(hard, "p1784_sudoku_loop")), 0.5)
    sudoku_throughput(args, sets, report)

    groups = target_bench(args)
    report.timings("Target sudoku (P1074): maximum score", groups)
    for name, timings in groups:
        seed = timings[0].median
        if seed is None or seed > 0.1:
            report.target(f"target-sudoku {name} (seed {seconds_text(seed)} s): "
                          f"dlxcli (C) / seed",
                          ratio(median_of(timings, "dlxcli target-sudoku (C)"), seed), 0.1)

    groups = squiggly_bench(args)
    report.timings("Squiggly sudoku (HDU 4069)", groups)
    timings = groups[0][1]
    report.target("squiggly sample_x800: dlxcli (C) / seed",
                  ratio(median_of(timings, "dlxcli squiggly (C)"),
                        median_of(timings, "hdu4069_squiggly")), 1.0)

    samurai_bench(args, report)
    report.finish()


if __name__ == "__main__":
    main()
