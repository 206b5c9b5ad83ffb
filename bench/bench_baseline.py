"""This checkout against a baseline revision: the same commands, whole processes, paired.

Usage: python bench/bench_baseline.py [--baseline REV] [--repeats N] [--quick]

For a change that must cost nothing (or gain), measured the way the machine allows: the
baseline's dlxcli/ (`git archive REV`, default HEAD) is unpacked into a temporary folder
and its C core built there with the flags of setup.py; then every case runs
`python -P -m dlxcli ...` (-P: never the working folder's copy) once from the
baseline's tree and once from this checkout's, alternating round by round (A B A B
...), so that both meet the same load. The table shows the medians and this checkout's
time over the baseline's. Every answer must be the same bytes from both trees, and the
known one where a case has it.

Cases, each on the twin it names:
* Python twin (DLXCLI_ENGINE=python): 13 queens (73,712 placements, OEIS A000170),
  the first 100 of the 1,000 hard sudokus (../shared), the 25x25 sample sudoku, and the
  6x10 pentomino covers with the X piece in one quadrant (2,339, Knuth 2000; not with
  --quick);
* C twin: a 500x500 P4929 matrix (reading and building dominate), the 25x25 sample
  sudoku (15,625 options built and checked), 12 queens split over two processes with
  --jobs 2 (every subproblem a `start` with forced options).
"""

import argparse
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from harness import REPO, Contender, Report, precompile, shared, side_by_side

CASES = [
    # (case, twin, dlxcli arguments, stdin file or None, known last line or None)
    ("queens 13", "python", ["queens"], "queens13", b"73712"),
    ("sudoku hard1000 first 100", "python", ["sudoku", "TMP/hard100"], None, None),
    ("sudoku 25x25", "python", ["sudoku", "puzzles/sudoku/25x25.in"], None, None),
    ("pentomino 6x10 count", "python", ["matrix", "--count", "DATA/pento6x10.p4929"], None,
     b"2339"),
    ("P4929 500x500", "c", ["matrix", "DATA/rand500_0.p4929"], None, None),
    ("sudoku 25x25", "c", ["sudoku", "puzzles/sudoku/25x25.in"], None, None),
    ("queens 12 --jobs 2", "c", ["queens", "--jobs", "2"], "queens12", b"14200"),
]
QUICK = {"queens 13", "sudoku hard1000 first 100", "P4929 500x500", "queens 12 --jobs 2"}


def baseline_tree(revision, folder):
    """`revision`'s dlxcli/ unpacked into `folder` (made here), its C core built in place."""
    folder.mkdir()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision, "dlxcli"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    source = folder / "dlxcli" / "engine" / "_dlx.c"
    built = subprocess.run(
        ["gcc", "-shared", "-fPIC", "-O3", f"-I{sysconfig.get_paths()['include']}",
         str(source), "-o", str(source.with_name(f"_dlx{suffix}"))],
        capture_output=True, text=True, check=False)
    if built.returncode:
        sys.exit(f"bench: building the baseline's C core failed:\n{built.stderr}")
    return folder


def contender(label, tree, twin, args, stdin, known, answers):
    """`python -m dlxcli ARGS` from `tree`; each answer is kept in `answers` (by tree)."""
    def check(stdout):
        answers.setdefault(label, set()).add(stdout)
        if known is not None and stdout.rstrip().rsplit(b"\n", 1)[-1] != known:
            return f"last line is not {known.decode()}"
        return None
    return Contender(label, [sys.executable, "-P", "-m", "dlxcli", *args], stdin,
                     {"DLXCLI_ENGINE": twin, "PYTHONPATH": str(tree)}, check)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="HEAD", help="git revision (default HEAD)")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="three cases only")
    args = parser.parse_args()
    precompile()
    data = shared("data", "exact-cover")
    report = Report()
    with tempfile.TemporaryDirectory(prefix="dlxcli-baseline-") as tmp:
        tmp = Path(tmp)
        base = baseline_tree(args.baseline, tmp / "tree")
        for n in (12, 13):
            (tmp / f"queens{n}").write_text(f"{n}\n")
        hard = shared("data", "sudoku", "hard1000.txt").read_text().splitlines(keepends=True)
        (tmp / "hard100").write_text("".join(hard[:100]))
        groups = []
        for case, twin, argv, stdin, known in CASES:
            if args.quick and case not in QUICK:
                continue
            argv = [str(REPO / a) if a.startswith("puzzles/") else a for a in argv]
            argv = [str(data / a[5:]) if a.startswith("DATA/") else
                    str(tmp / a[4:]) if a.startswith("TMP/") else a for a in argv]
            source = tmp / stdin if stdin else None
            answers = {}
            pair = [contender(f"{label} ({twin})", tree, twin, argv, source, known, answers)
                    for label, tree in ((args.baseline, base), ("this checkout", REPO))]
            timings = side_by_side(pair, args.repeats)
            if len(set().union(*answers.values())) != 1:
                timings[1].wrong = timings[1].wrong or "not the baseline's answer"
            groups.append((case, timings))
        report.timings(f"This checkout against {args.baseline} (CPU: {_cpu()})", groups,
                       baseline_label=args.baseline)
    report.finish()


def _cpu():
    lines = subprocess.run(["lscpu"], capture_output=True, text=True,
                           check=False).stdout.splitlines()
    return next((line.split(":", 1)[1].strip() for line in lines
                 if line.startswith("Model name")), "unknown")


if __name__ == "__main__":
    main()
