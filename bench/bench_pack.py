"""Issue 24: `dlxcli pack` against the seed's p4929_dlx_count, and split over --jobs.

Usage: python bench/bench_pack.py [--quick] [--repeats N] [--no-python]

Every row is a whole process (start-up, reading and building included), the contenders
of a case alternating round by round so that both meet the same load of the shared
machine; the tables show medians and ratios. Every answer is checked against the
published count (Haselgrove 1960; Knuth, "Dancing Links", 2000).

Cases:
* the 12 pentominoes in 6x10 counted up to symmetry (2,339): `dlxcli pack --count`
  beside the seed's p4929_dlx_count on pento6x10.p4929 (../shared), the same problem
  with the X piece kept to one quadrant, as bench/make_pentomino.py writes it. Target
  (issue 24): pack at most 0.8x the seed's time;
* the same board in all orientations (9,356, --all-symmetries) with --jobs 1 and
  --jobs 2: the split search and its speed-up on the machine's 2 cores.
"""

from harness import (Contender, Report, dlxcli, parse_bench_args, precompile, ratio, REPO,
                     shared, side_by_side, trimmed_lines)
from reference import binary

BOARD = REPO / "puzzles" / "pack" / "pentominoes-6x10.in"
UP_TO_SYMMETRY, ALL_ORIENTATIONS = 2339, 9356
TARGET = 0.8


def count_is(count):
    def check(stdout):
        lines = trimmed_lines(stdout)
        return None if lines == [str(count)] else f"expected {count}, got {lines[:2]}"
    return check


def seed_case(args):
    check = count_is(UP_TO_SYMMETRY)
    contenders = [Contender("seed p4929_dlx_count", [str(binary("p4929_dlx_count"))],
                            shared("data", "exact-cover", "pento6x10.p4929"), check=check),
                  dlxcli("dlxcli pack --count (C)", "c", ["pack", "--count", str(BOARD)],
                         check=check)]
    if args.python and not args.quick:
        contenders.append(dlxcli("dlxcli pack --count (Python)", "python",
                                 ["pack", "--count", str(BOARD)], check=check))
    return [("pentominoes 6x10, up to symmetry", side_by_side(contenders, args.repeats))]


def jobs_case(args):
    check = count_is(ALL_ORIENTATIONS)
    contenders = [dlxcli(f"dlxcli pack --count --all-symmetries --jobs {jobs} (C)", "c",
                         ["pack", "--count", "--all-symmetries", "--jobs", str(jobs),
                          str(BOARD)], check=check)
                  for jobs in (1, 2)]
    return [("pentominoes 6x10, all orientations", side_by_side(contenders, args.repeats))]


def main():
    args = parse_bench_args(__doc__.splitlines()[0], "3 runs each, no Python twin",
                            "(no effect: every case runs)", 3)
    precompile()
    report = Report()
    seed = seed_case(args)
    report.timings("Pentominoes 6x10: count up to symmetry (CPU: see lscpu)", seed)
    timings = seed[0][1]
    report.target("pack --count / seed p4929_dlx_count, 6x10",
                  ratio(timings[1].median, timings[0].median), TARGET)
    split = jobs_case(args)
    report.timings("Pentominoes 6x10: every orientation, split over --jobs", split,
                   baseline_label="--jobs 1")
    one, two = split[0][1]
    speedup = ratio(one.median, two.median)
    print(f"\nspeed-up of --jobs 2 over --jobs 1: "
          f"{'-' if speedup is None else f'{speedup:.2f}x'}")
    report.finish()


if __name__ == "__main__":
    main()
