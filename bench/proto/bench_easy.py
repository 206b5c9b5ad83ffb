"""Issue 23 research: what xcdcl's per-node cost does to problems that singles already solve.

Usage: python bench/proto/bench_easy.py [--puzzles N] [--set hard1000|17clue1000]

1. The first N puzzles of ../shared/data/sudoku/SET.txt: xcdcl on each (its own process;
   the CPU seconds it reports from the end of its reading to its answer are summed: start-up
   and reading are left out, as they would be inside the engine), against `dlxcli sudoku` on the same N puzzles in one
   process (CPU seconds, minus those of the same command on one puzzle: start-up). Every
   xcdcl answer is checked: a full grid that keeps the givens and breaks no rule.
2. The pentomino count (../shared/data/exact-cover/pento6x10.dlx, 2,339 covers, Knuth):
   `xcdcl --count` (blocking clauses; capped at --count-cap CPU seconds: it is slow) against
   `dlxcli matrix --count`, CPU seconds.
Runs under nice -n 10, one after the other; the machine is shared, so CPU seconds.
"""

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SHARED = REPO.parent / "shared" / "data"
sys.path.insert(0, str(HERE))
from sudoku_xc import decode, knuth_text  # noqa: E402
from xc_text import children_cpu  # noqa: E402


def run(command, stdin=None):
    """(stdout, stderr, cpu seconds) of one process under nice."""
    cpu = children_cpu()
    done = subprocess.run(
        ["nice", "-n", "10", "timeout", "600"] + command,
        capture_output=True,
        text=True,
        input=stdin,
    )
    return done.stdout, done.stderr, children_cpu() - cpu


def valid(puzzle, grid):
    """A full 9x9 grid that keeps the givens and breaks no row, column or box rule."""
    if any(p not in ".0" and p != g for p, g in zip(puzzle, grid)):
        return False
    units = [[9 * r + c for c in range(9)] for r in range(9)]
    units += [[9 * r + c for r in range(9)] for c in range(9)]
    units += [
        [9 * (3 * (b // 3) + r) + 3 * (b % 3) + c for r in range(3) for c in range(3)]
        for b in range(9)
    ]
    return all(sorted(grid[i] for i in unit) == list("123456789") for unit in units)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--set", default="hard1000")
    parser.add_argument(
        "--count-cap", type=float, default=20.0, help="CPU seconds for xcdcl's count"
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="reason-easy-"))
    binary = work / "xcdcl"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(HERE / "xcdcl.c")], check=True)
    dlxcli = str(Path(sys.executable).parent / "dlxcli")
    puzzles = (SHARED / "sudoku" / f"{args.set}.txt").read_text().split()[: args.puzzles]

    inside, conflicts, decisions, worst = 0.0, 0, 0, 0.0
    for k, puzzle in enumerate(puzzles):
        path = work / "p.dlx"
        path.write_text(knuth_text(puzzle))
        stdout, stderr, _ = run([str(binary), str(path)])
        chosen = next(l.split()[1:] for l in stdout.splitlines() if l.startswith("v"))
        if not valid(puzzle, decode(puzzle, map(int, chosen))):
            raise SystemExit(f"puzzle {k + 1}: xcdcl's answer is wrong")
        seconds = float(re.search(r"solve-cpu ([\d.]+) s", stderr).group(1))
        inside += seconds
        worst = max(worst, seconds)
        conflicts += int(re.search(r"conflicts (\d+)", stderr).group(1))
        decisions += int(re.search(r"decisions (\d+)", stderr).group(1))
    (work / "all.txt").write_text("\n".join(puzzles) + "\n")
    (work / "one.txt").write_text(puzzles[0] + "\n")
    _, _, one = run([dlxcli, "sudoku", str(work / "one.txt")])
    _, stats, every = run([dlxcli, "sudoku", "--stats", str(work / "all.txt")])
    nodes = sum(int(n.replace(",", "")) for n in re.findall(r"([\d,]+) nodes", stats))
    print(
        f"{args.set}, first {len(puzzles)} puzzles (load {__import__('os').getloadavg()[0]:.1f}):"
    )
    print(
        f"  xcdcl: {inside:.3f} CPU s inside the solver in all ({1e3 * inside / len(puzzles):.3f} ms a puzzle, "
        f"worst {1e3 * worst:.2f} ms), {decisions} decisions, {conflicts} conflicts"
    )
    print(
        f"  dlxcli sudoku (C twin unless DLXCLI_ENGINE): {every - one:.3f} CPU s beyond start-up "
        f"({1e3 * (every - one) / len(puzzles):.3f} ms a puzzle), {nodes} nodes"
    )

    pento = SHARED / "exact-cover" / "pento6x10.dlx"
    for flags in ([], ["--heur", "mrv", "--no-restarts"]):
        stdout, stderr, cpu = run(
            [str(binary), "--count", "--cpu-timeout", str(args.count_cap)] + flags + [str(pento)]
        )
        count = re.search(r"c solutions (.*)", stdout).group(1)
        print(
            f"pento6x10 count: xcdcl --count {' '.join(flags)}: {count} covers, {cpu:.2f} CPU s; {stderr.strip()}"
        )
    stdout, _, cpu = run([dlxcli, "matrix", "--count", "--input-format", "knuth", str(pento)])
    print(
        f"pento6x10 count: dlxcli matrix --count {stdout.strip()} covers, {cpu:.2f} CPU s (start-up included)"
    )


if __name__ == "__main__":
    main()
