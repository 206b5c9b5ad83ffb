"""Issue 23 research: xcdcl (bench/proto/xcdcl.c) against single-worker CP-SAT, picosat and
dlxcli on Gecode's 18 25x25 sudokus, side by side in one run.

Usage: python bench/proto/bench_reason25.py [--cap S] [--unique] [--dlxcli-only NAMES]
           [--contenders NAMES] [--xcdcl-flags NAME=FLAGS ...] [NAME ...]

Per instance, every contender runs as its own process under `nice -n 10`, capped at CAP
seconds of CPU time (`ulimit -t`; the machine is shared and loaded, so a wall-clock cap would
measure the other helpers' load), the contenders' order rotated from one instance to the next
(paired runs, same load). Verdict: "solved" when the first solution equals
bench/data/gecode25/NAME.out (unique solutions, proven independently: SOURCES.md), "WRONG"
when it does not, "cap" when the cap stopped it; with --unique, "unique" when the search
ended with exactly one solution, "cap" otherwise. Seconds are wall (start-up included) and
CPU (the child's user + system). xcdcl is compiled with gcc -O2 into a temporary folder.

Contenders: xcdcl (default flags) and any --xcdcl-flags variants, cpsat
(bench/proto/cpsat25.py), pycosat (bench/proto/pycosat25.py), dlxcli (`dlxcli sudoku`, the
C twin unless DLXCLI_ENGINE says otherwise; with --unique, `dlxcli sudoku --unique`; on
--dlxcli-only's instances if given; --dlxcli names the command, e.g. another virtual
environment's, when CP-SAT is installed in this Python's and dlxcli is not).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
FOLDER = REPO / "bench" / "data" / "gecode25"
sys.path.insert(0, str(HERE))
from sudoku_xc import decode, knuth_text  # noqa: E402
from xc_text import children_cpu  # noqa: E402


def timed(command, cap):
    """(stdout, stderr, wall seconds, cpu seconds, killed) of one process capped at `cap`
    CPU seconds (ulimit -t: SIGXCPU), and at 6 * cap + 10 wall seconds for safety."""
    cpu, began = children_cpu(), time.perf_counter()
    capped = [
        "bash",
        "-c",
        f'ulimit -t {int(cap)}; exec "$@"',
        "capped",
        "nice",
        "-n",
        "10",
        "timeout",
        str(6 * cap + 10),
    ]
    done = subprocess.run(capped + command, capture_output=True, text=True)
    killed = done.returncode in (124, 137, 152, -24, -9) or done.returncode > 128
    return (done.stdout, done.stderr, time.perf_counter() - began, children_cpu() - cpu, killed)


def figures(stderr):
    """The search counts a contender printed on stderr (decisions, conflicts, branches)."""
    return ", ".join(
        f"{m.group(1)} {m.group(2)}"
        for m in re.finditer(r"(decisions|conflicts|branches|probe-removed) (\d+)", stderr)
    )


def verdict_xc(stdout, line, expected, unique):
    """Verdict of an xcdcl-format answer (s / v / c solutions lines)."""
    chosen = next((l.split()[1:] for l in stdout.splitlines() if l.startswith("v")), None)
    if chosen is None:
        return "cap" if "UNKNOWN" in stdout or not stdout else "no solution?"
    if decode(line, map(int, chosen)) != expected:
        return "WRONG"
    if not unique:
        return "solved"
    count = next((l for l in stdout.splitlines() if l.startswith("c solutions")), "")
    return (
        "unique"
        if count == "c solutions 1"
        else ("NOT UNIQUE" if count.startswith("c solutions 2") else "cap")
    )


def run_one(name, contender, command_of, cap, unique, dlx_path):
    line = (FOLDER / f"{name}.in").read_text().split()[0]
    expected = (FOLDER / f"{name}.out").read_text().split()[0]
    command = command_of(contender, dlx_path, FOLDER / f"{name}.in")
    stdout, stderr, wall, cpu, killed = timed(command, cap)
    if contender == "dlxcli":
        wanted = ["unique"] if unique else [expected]
        verdict = (
            ("unique" if unique else "solved") if stdout.split() == wanted
            else ("cap" if not stdout.strip() else "WRONG")
        )
    else:
        verdict = "cap" if killed else verdict_xc(stdout, line, expected, unique)
    if verdict in ("solved", "unique") and cpu > cap:
        verdict += " (over cap)"
    return verdict, wall, cpu, figures(stderr)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*")
    parser.add_argument("--cap", type=float, default=10.0)
    parser.add_argument("--unique", action="store_true")
    parser.add_argument("--contenders", default="xcdcl,cpsat,pycosat,dlxcli")
    parser.add_argument(
        "--dlxcli-only",
        default="",
        help="comma-separated instances on which dlxcli runs (default: all)",
    )
    parser.add_argument(
        "--dlxcli",
        default=None,
        help="the dlxcli command to run (default: the one beside this Python)",
    )
    parser.add_argument(
        "--xcdcl-flags",
        action="append",
        default=[],
        help="NAME=FLAGS: an xcdcl variant, e.g. nolearn=--no-learn",
    )
    args = parser.parse_args()
    names = args.names or sorted(
        (p.stem for p in FOLDER.glob("*.in")), key=lambda s: int(re.sub(r"\D", "", s))
    )
    work = Path(tempfile.mkdtemp(prefix="reason25-"))
    binary = work / "xcdcl"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(HERE / "xcdcl.c")], check=True)
    variants = {"xcdcl": []}
    variants.update(
        {spec.split("=", 1)[0]: spec.split("=", 1)[1].split() for spec in args.xcdcl_flags}
    )
    contenders = [c for c in args.contenders.split(",") if c] + [
        v for v in variants if v != "xcdcl"
    ]
    python = sys.executable
    unique_flag = ["--unique"] if args.unique else []

    def command_of(contender, dlx_path, in_path):
        if contender in variants:
            return [str(binary)] + variants[contender] + unique_flag + [str(dlx_path)]
        if contender == "cpsat":
            return (
                [python, str(HERE / "cpsat25.py"), "--timeout", str(6 * args.cap + 10)]
                + unique_flag
                + [str(dlx_path)]
            )
        if contender == "pycosat":
            return [python, str(HERE / "pycosat25.py")] + unique_flag + [str(dlx_path)]
        if contender == "dlxcli":
            dlxcli = args.dlxcli or str(Path(python).parent / "dlxcli")
            return [dlxcli, "sudoku"] + unique_flag + [str(in_path)]
        raise SystemExit(f"unknown contender {contender}")

    print(
        f"# {'uniqueness' if args.unique else 'first solution'}, cap {args.cap:g} CPU s, "
        f"contenders {', '.join(contenders)}; load average at start {os.getloadavg()[0]:.1f}"
    )
    print("| instance | contender | verdict | wall s | cpu s | counts |")
    print("|---|---|---|---|---|---|")
    totals = {c: [0, 0.0, 0.0] for c in contenders}
    for k, name in enumerate(names):
        dlx_path = work / f"{name}.dlx"
        dlx_path.write_text(knuth_text((FOLDER / f"{name}.in").read_text().split()[0]))
        order = contenders[k % len(contenders) :] + contenders[: k % len(contenders)]
        for contender in order:
            if (
                contender == "dlxcli"
                and args.dlxcli_only
                and name not in args.dlxcli_only.split(",")
            ):
                continue
            verdict, wall, cpu, counts = run_one(
                name, contender, command_of, args.cap, args.unique, dlx_path
            )
            ok = verdict in ("solved", "unique")
            totals[contender][0] += ok
            totals[contender][1] += wall
            totals[contender][2] += cpu
            print(
                f"| {name} | {contender} | {verdict} | {wall:.2f} | {cpu:.2f} | {counts} |",
                flush=True,
            )
    print(f"\nload average at end {os.getloadavg()[0]:.1f}")
    for contender, (ok, wall, cpu) in totals.items():
        print(
            f"{contender}: {ok} of {len(names)} {'unique' if args.unique else 'solved'} within the cap; "
            f"wall {wall:.1f} s, cpu {cpu:.1f} s in all"
        )


if __name__ == "__main__":
    main()
