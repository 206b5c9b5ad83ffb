"""What the benchmark scripts share: paths, contenders, side-by-side timing, tables.

Not part of the package and not a test: a benchmark runs the installed `dlxcli` the way a
user does (one subprocess per run, process start included) next to the seed's C++
programs, in the same run. Machines are shared and noisy, so every comparison alternates
its contenders round by round (A B A B ...) and reports medians and ratios, never a
single timing against a figure measured some other day.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CASES = REPO / "puzzles"  # the official samples among the bundled puzzles
"""The official samples and golden answers, in the repository."""
SHARED = REPO.parent / "shared"


def shared(*parts):
    """A path under ../shared (beside the repository), or exit with why not."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        sys.exit(f"bench: {path} is missing; the benchmarks need the shared reference "
                 f"material (data/, reference/) in {SHARED}, beside the repository")
    return path


def dlxcli_argv():
    """The venv's console script beside the running interpreter (what users type), else
    `python -m dlxcli` with the same interpreter."""
    script = Path(sys.executable).with_name("dlxcli")
    return [str(script)] if script.exists() else [sys.executable, "-m", "dlxcli"]


@dataclass
class Contender:
    """One program run on one input; `check(stdout) -> None | str` names a wrong answer."""

    label: str
    argv: list
    stdin: Path = None
    env: dict = field(default_factory=dict)
    check: object = None
    timeout: float = 600.0


def dlxcli(label, engine, args, stdin=None, check=None, timeout=600.0):
    """A `dlxcli ...` contender on one engine twin ('c' or 'python')."""
    return Contender(label, dlxcli_argv() + list(args), stdin,
                     {"DLXCLI_ENGINE": engine}, check, timeout)


@dataclass
class Timing:
    """The runs of one contender: wall seconds each (None = timed out) and the verdict."""

    contender: Contender
    seconds: list = field(default_factory=list)
    wrong: str = None

    @property
    def median(self):
        done = [s for s in self.seconds if s is not None]
        if len(done) < len(self.seconds) or not done:
            return None
        return statistics.median(done)


def _user_environment():
    """The environment a user's shell has: bytecode caching on. (Some sandboxes set
    PYTHONDONTWRITEBYTECODE, which makes every run recompile dlxcli and click.)"""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def precompile():
    """Write the .pyc files a normal `pip install` writes, before anything is timed."""
    import compileall

    compileall.compile_dir(str(REPO / "dlxcli"), quiet=1)


def run_once(contender):
    """(wall seconds or None on timeout, stdout bytes, error text or None)."""
    env = dict(_user_environment(), **contender.env)
    stdin = open(contender.stdin, "rb") if contender.stdin else subprocess.DEVNULL
    began = time.perf_counter()
    try:
        done = subprocess.run(contender.argv, stdin=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env, timeout=contender.timeout)
    except subprocess.TimeoutExpired:
        return None, b"", None
    finally:
        if contender.stdin:
            stdin.close()
    seconds = time.perf_counter() - began
    if done.returncode not in (0, 1):
        message = done.stderr.decode(errors="replace").strip().splitlines()
        return seconds, done.stdout, f"exit {done.returncode}: {message[-1] if message else ''}"
    return seconds, done.stdout, None


BASELINE = None
"""Another checkout of dlxcli (--baseline), or None: see with_baseline."""


def with_baseline(contenders):
    """The contenders, each dlxcli one on the C twin followed by the same run of the
    BASELINE checkout: the same console script and interpreter, with PYTHONPATH naming
    that checkout, whose dlxcli (and C core, built in place) it then imports."""
    if BASELINE is None:
        return contenders
    paired = []
    for contender in contenders:
        paired.append(contender)
        if contender.env.get("DLXCLI_ENGINE") == "c" and contender.argv[:1] == dlxcli_argv()[:1]:
            paired.append(Contender(f"{contender.label} baseline", contender.argv,
                                    contender.stdin, dict(contender.env, PYTHONPATH=BASELINE),
                                    contender.check, contender.timeout))
    return paired


def side_by_side(contenders, repeats):
    """Time every contender `repeats` times, alternating them round by round; each output
    is checked (the first wrong one is kept as the verdict). With --baseline, every
    dlxcli run on the C twin has the baseline's beside it (with_baseline)."""
    timings = [Timing(c) for c in with_baseline(contenders)]
    for _ in range(repeats):
        for timing in timings:
            seconds, stdout, error = run_once(timing.contender)
            timing.seconds.append(seconds)
            if seconds is None:
                continue
            verdict = error or (timing.contender.check(stdout) if timing.contender.check
                                else None)
            if verdict and not timing.wrong:
                timing.wrong = verdict
    return timings


def seconds_text(seconds, timeout=None):
    if seconds is None:
        return f"> {timeout:g}" if timeout else "-"
    return f"{seconds:.3f}"


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator == 0:
        return None
    return numerator / denominator


def ratio_text(value):
    return "-" if value is None else f"{value:.2f}x"


class Report:
    """Tables printed as markdown, a list of targets, and whether every answer was right."""

    def __init__(self):
        self.targets = []
        self.all_right = True

    def table(self, title, headers, rows):
        print(f"\n### {title}\n")
        print("| " + " | ".join(headers) + " |")
        print("|" + "|".join("---" for _ in headers) + "|")
        for row in rows:
            print("| " + " | ".join(str(cell) for cell in row) + " |")
        sys.stdout.flush()

    def timings(self, title, groups, baseline_label="seed"):
        """One table for groups of timings: (case, [Timing, ...]) with the baseline first;
        every contender gets its median and its ratio to the baseline's median."""
        rows = []
        for case, timings in groups:
            base = timings[0].median
            for timing in timings:
                c = timing.contender
                answer = "ok" if not timing.wrong else f"WRONG: {timing.wrong}"
                if timing.wrong:
                    self.all_right = False
                rows.append([case, c.label, seconds_text(timing.median, c.timeout),
                             len(timing.seconds), ratio_text(ratio(timing.median, base)),
                             answer])
        self.table(title, ["case", "contender", "median s", "runs",
                           f"vs {baseline_label}", "answer"], rows)

    def target(self, name, measured, limit, unit="x"):
        """A target `measured <= limit` (None = not measured)."""
        if measured is None:
            verdict = "not measured"
        else:
            verdict = "met" if measured <= limit else "NOT met"
        shown = "-" if measured is None else f"{measured:.3f}{unit}"
        self.targets.append([name, f"<= {limit:g}{unit}", shown, verdict])

    def finish(self):
        if self.targets:
            self.table("Targets", ["target", "limit", "measured", "verdict"], self.targets)
        if not self.all_right:
            print("\nbench: some answers were WRONG (see the tables)", file=sys.stderr)
            sys.exit(1)


def trimmed_lines(data):
    """Output lines with trailing spaces removed and trailing blank lines dropped (the
    Luogu comparison), for comparing dlxcli with a seed program that pads its lines."""
    lines = [line.rstrip() for line in data.decode(errors="replace").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def parse_bench_args(description, quick_help, full_help, quick_repeats):
    """The options both benchmark scripts take: --quick, --full, --no-python, --repeats."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--full", action="store_true", help=full_help)
    parser.add_argument("--no-python", dest="python", action="store_false",
                        help="leave the pure-Python twin out")
    parser.add_argument("--repeats", type=int, default=None,
                        help=f"runs per contender (default 5, or {quick_repeats} with --quick)")
    parser.add_argument("--baseline", metavar="DIR", default=None,
                        help="another checkout of dlxcli with its C core built in place "
                             "(setup.py build_ext --inplace): its runs alternate with "
                             "this one's")
    args = parser.parse_args()
    args.repeats = args.repeats or (quick_repeats if args.quick else 5)
    global BASELINE
    BASELINE = str(Path(args.baseline).resolve()) if args.baseline else None
    return args
