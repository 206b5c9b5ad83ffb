"""Solutions stream: `--all` writes each solution as soon as it is found, in flat memory,
on one process or split over several (--jobs 2, in the sequential order), and `| head`
ends a run at once and quietly; Knuth-format covers are always blank-line separated.

Layer: tests. The CLI runs are subprocesses on the twin DLXCLI_ENGINE picks (CI runs the
suite once per twin), each under an address-space cap, so that a run that keeps its
solutions (the behaviour before streaming) fails fast instead of eating the machine.
Expected solutions are checked by their own rules (a valid sudoku grid, a cover of the
matrix), and a split run against the same run on one process.
"""

import json
import os
import re
import resource
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dlxcli import parallel
from dlxcli.exact_cover import Budget, ExactCover, Stats
from dlxcli.parallel import Split
from shell import run_shell

DLXCLI = [sys.executable, "-m", "dlxcli"]
ADDRESS_SPACE = 1 << 30
"""Bytes of address space each process of a run may have (RLIMIT_AS, `ulimit -v`)."""
PEAK_RSS_KB = 100_000
"""A generous bound on a streaming run's peak resident memory (it needs about 20 MB;
keeping 100,000 sudoku solutions needed about 300 MB)."""
JOBS = [pytest.param([], id="one-process"), pytest.param(["--jobs", "2"], id="jobs-2")]
EMPTY_SUDOKU = "." * 81 + "\n"


def pairs_matrix(n):
    """A P4929 matrix with 2^n exact covers: two equal rows for each of n columns."""
    rows = [" ".join("1" if k == column else "0" for k in range(n))
            for column in range(n) for _ in range(2)]
    return f"{2 * n} {n}\n" + "\n".join(rows) + "\n"


def is_pairs_cover(line, n):
    rows = [int(word) for word in line.split()]
    return len(rows) == n and [(row - 1) // 2 for row in rows] == list(range(n))


def is_sudoku_solution(line):
    rows = [line[9 * r:9 * r + 9] for r in range(9)]
    columns = ["".join(row[c] for row in rows) for c in range(9)]
    boxes = ["".join(rows[r][c] for r in range(b // 3 * 3, b // 3 * 3 + 3)
                     for c in range(b % 3 * 3, b % 3 * 3 + 3)) for b in range(9)]
    return len(line) == 81 and all(sorted(unit) == list("123456789")
                                   for unit in rows + columns + boxes)


def capped():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.fixture
def inputs(tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY_SUDOKU)
    (tmp_path / "pairs22.txt").write_text(pairs_matrix(22))
    (tmp_path / "pairs30.txt").write_text(pairs_matrix(30))
    return tmp_path


# -- `| head` ------------------------------------------------------------------------------

@pytest.mark.parametrize("jobs", JOBS)
@pytest.mark.parametrize("command, check", [
    ("sudoku --all empty.txt", is_sudoku_solution),
    ("matrix --all pairs22.txt", lambda line: is_pairs_cover(line, 22))])
def test_all_piped_to_head_ends_at_once_without_noise(inputs, jobs, command, check):
    script = (f"ulimit -v {ADDRESS_SPACE // 1024}; dlxcli {command} {' '.join(jobs)} "
              "| head -3; echo status=${PIPESTATUS[0]}")
    began = time.monotonic()
    result = run_shell(script, cwd=inputs, merged=False, timeout=120)
    lines = result.stdout.splitlines()
    assert lines[-1] == "status=1"          # a closed stdout ends the run as click does
    assert len(lines) == 4 and len(set(lines[:3])) == 3
    assert all(check(line) for line in lines[:3])
    assert result.stderr == ""              # no BrokenPipeError, no traceback
    assert time.monotonic() - began < 60    # generous: it takes a fraction of a second


# -- the first solution comes before the search ends ----------------------------------------

@pytest.mark.parametrize("jobs", JOBS)
@pytest.mark.parametrize("args, check", [
    (["sudoku", "--all", "empty.txt"], is_sudoku_solution),
    (["matrix", "--all", "pairs30.txt"], lambda line: is_pairs_cover(line, 30))])
def test_first_solution_is_written_while_the_search_goes_on(inputs, jobs, args, check):
    process = subprocess.Popen(DLXCLI + args + jobs, cwd=inputs, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=capped)
    try:
        assert select.select([process.stdout], [], [], 60)[0], "no solution in 60 s"
        first = process.stdout.readline().rstrip("\n")
        assert check(first)
        assert process.poll() is None       # still searching: billions of solutions left
    finally:
        process.terminate()                 # SIGTERM: the run stops its pool itself
        process.communicate(timeout=60)
    assert process.returncode == 143


# -- memory stays flat ----------------------------------------------------------------------

def peak_rss_kb(args, cwd):
    """(exit status, lines written, peak RSS in KB of the run and its worker processes)."""
    script = ("import resource, subprocess, sys\n"
              "def capped():\n"
              f"    resource.setrlimit(resource.RLIMIT_AS, ({ADDRESS_SPACE}, {ADDRESS_SPACE}))\n"
              "with open('out.txt', 'w') as out:\n"
              "    status = subprocess.run(sys.argv[1:], stdout=out, preexec_fn=capped)\n"
              "print(status.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    result = subprocess.run([sys.executable, "-c", script, *DLXCLI, *args], cwd=cwd,
                            capture_output=True, text=True, timeout=600)
    status, peak = map(int, result.stdout.split())
    with open(cwd / "out.txt") as written:
        lines = sum(1 for _ in written)
    return status, lines, peak


def test_all_with_a_large_limit_keeps_memory_flat(inputs):
    status, lines, peak = peak_rss_kb(["sudoku", "--all", "--limit", "100000", "empty.txt"],
                                      inputs)
    assert (status, lines) == (0, 100_001)  # 100,000 solutions and the list's end
    assert peak < PEAK_RSS_KB


def test_split_all_stopped_by_its_time_limit_kept_memory_flat(inputs):
    status, lines, peak = peak_rss_kb(["sudoku", "--all", "--jobs", "2", "--timeout", "5",
                                       "empty.txt"], inputs)
    assert status == 3 and lines > 0        # what was found stays written; status: limit
    assert peak < PEAK_RSS_KB


# -- a split search streams in the sequential order ------------------------------------------

def queens(n):
    options = [[r, n + c, 2 * n + r + c, 5 * n - 2 + r - c]
               for r in range(n) for c in range(n)]
    return ExactCover(2 * n, 2 * (2 * n - 1), options)


@pytest.mark.parametrize("split", [Split(jobs=1, probe=0.0), Split(jobs=2, probe=0.0)],
                         ids=["here", "two-processes"])
def test_subproblems_with_too_many_solutions_are_listed_again_in_order(monkeypatch, split):
    # most of the 8-queens subproblems exceed it
    monkeypatch.setattr(parallel.subproblems, "LISTED", 3)
    cover = queens(8)
    alone, stats = Stats(), Stats()
    expected = list(cover.solutions(stats=alone))
    assert list(cover.solutions(budget=Budget(split=split), stats=stats)) == expected
    assert (stats.nodes, stats.solutions) == (alone.nodes, alone.solutions)


def test_split_all_writes_what_one_process_writes(inputs):
    (inputs / "pairs17.txt").write_text(pairs_matrix(17))  # 4,096 covers per subproblem
    one = subprocess.run(DLXCLI + ["matrix", "--all", "pairs17.txt"], cwd=inputs,
                         capture_output=True, text=True, timeout=300)
    two = subprocess.run(DLXCLI + ["matrix", "--all", "--jobs", "2", "pairs17.txt"],
                         cwd=inputs, capture_output=True, text=True, timeout=300)
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and one.stdout.count("\n") == 1 << 17


@pytest.mark.parametrize("jobs", JOBS)
def test_a_batch_streams_each_input_after_the_one_before(inputs, jobs):
    (inputs / "four.txt").write_text("1.3.....2.4.....\n12..............\n")
    alone = {name: subprocess.run(DLXCLI + ["sudoku", "--all", "--limit", "3", name],
                                  cwd=inputs, capture_output=True, text=True,
                                  timeout=120).stdout
             for name in ("empty.txt", "four.txt")}
    batch = ["sudoku", "--all", "--limit", "3", *jobs, "empty.txt", "four.txt"]
    shown = subprocess.run(DLXCLI + batch, cwd=inputs, capture_output=True, text=True,
                           timeout=120)
    assert shown.returncode == 0
    assert shown.stdout == "".join(f"==> {name} <==\n{text}" for name, text in alone.items())
    saved = subprocess.run(DLXCLI + batch + ["--out", "answers"], cwd=inputs,
                           capture_output=True, text=True, timeout=120)
    assert saved.returncode == 0
    assert sorted(path.name for path in (inputs / "answers").iterdir()) == ["empty.out",
                                                                           "four.out"]
    for name, text in alone.items():
        assert (inputs / "answers" / name.replace(".txt", ".out")).read_text() == text


# -- what a cut-short list leaves -----------------------------------------------------------

def test_an_out_file_is_not_kept_when_a_limit_cuts_the_list_short(inputs):
    result = subprocess.run(DLXCLI + ["sudoku", "--all", "--node-limit", "5000", "--out",
                                      "answers", "empty.txt"], cwd=inputs,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 3 and "node limit" in result.stderr
    assert list((inputs / "answers").iterdir()) == []


HARD3 = Path(__file__).resolve().parent.parent / "puzzles" / "sudoku" / "hard1000_first3"
"""Three hard1000 sudokus (each with one solution, in the .out beside them): the second
needs 3,705 nodes to prove it, the others 2,106 and 1,595 (`--unique -v`)."""


def test_a_node_limit_cuts_one_puzzles_list_and_the_others_are_listed(tmp_path):
    """Each list ends with its empty line, the cut one too (so the k-th list is the k-th
    puzzle's); stderr names the cut one; with --out no answer file is kept."""
    answers = (HARD3.with_suffix(".out")).read_text().splitlines()
    args = DLXCLI + ["sudoku", "--all", "--node-limit", "3000", str(HARD3.with_suffix(".in"))]
    shown = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert shown.returncode == 3
    assert shown.stdout == "".join(f"{answer}\n\n" for answer in answers)
    assert shown.stderr.endswith("node limit for the puzzle starting on line 2\n")
    saved = subprocess.run(args + ["--out", str(tmp_path / "answers")], capture_output=True,
                           text=True, timeout=120)
    assert saved.returncode == 3 and list((tmp_path / "answers").iterdir()) == []


@pytest.mark.parametrize("query", [["--all"], ["--count"], ["--all", "--limit", "3"]])
def test_a_node_limit_over_two_jobs_is_the_one_search_of_one_job(tmp_path, query):
    """Split over two jobs, the search of the 2nd puzzle (3,705 nodes) ran to its end,
    past the limit of 3,000, and its list lost the solution it had found (attack17); a
    split count passed the limit by a subproblem's nodes. Now a node limit keeps each
    search --jobs 1's: the same bytes, the same figures, the limit's nodes exactly."""
    single = tmp_path / "second.txt"
    single.write_text(HARD3.with_suffix(".in").read_text().splitlines()[1] + "\n")
    runs = [subprocess.run(DLXCLI + ["sudoku", *query, "-v", "--jobs", jobs, "--node-limit",
                                     "3000", str(single)], capture_output=True, text=True,
                           timeout=120) for jobs in ("1", "2")]
    assert runs[0].returncode == runs[1].returncode == 3
    assert runs[0].stdout == runs[1].stdout
    assert [re.sub(r"[\d.]+ s\b", "", line) for line in runs[0].stderr.splitlines()] == \
        [re.sub(r"[\d.]+ s\b", "", line) for line in runs[1].stderr.splitlines()]
    assert ": 3,000 nodes," in runs[1].stderr
    if query == ["--all"]:
        solution = HARD3.with_suffix(".out").read_text().splitlines()[1]
        assert runs[1].stdout == f"{solution}\n\n"


@pytest.mark.parametrize("timeout", ["0.01", "0.1", "0.3"])
def test_a_split_list_cut_by_the_time_limit_says_the_solutions_it_wrote(inputs, timeout):
    """-v said 0 solutions after thousands were written, or half of them (attack17d,
    attack17e): a list handed on by its whole search to the split, which the time limit
    stopped, counted the subproblems' solutions finished ahead of their turn, not those
    written. (--jobs 1 may say one more: the solution found as the limit came.)"""
    done = subprocess.run(DLXCLI + ["sudoku", "--all", "-v", "--jobs", "2", "--timeout",
                                    timeout, "empty.txt"], cwd=inputs, capture_output=True,
                          text=True, timeout=120)
    written = len(done.stdout.splitlines())
    said = re.search(r"([\d,]+) solutions?", done.stderr)
    assert done.returncode == 3 and said, done.stderr
    assert written <= int(said[1].replace(",", "")) <= written + 1


def test_a_json_document_of_a_cut_list_is_kept(tmp_path):
    """A JSON document is written whole once its input is done, never cut: the rule that
    keeps no file of a list a limit cut short is a streamed list's (attack17)."""
    done = subprocess.run(DLXCLI + ["sudoku", "--all", "--format", "json", "--node-limit",
                                    "3000", "--out", str(tmp_path / "answers"),
                                    str(HARD3.with_suffix(".in"))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 3
    document = json.loads((tmp_path / "answers" / "hard1000_first3.out").read_text())
    assert document["verdict"] == "node limit"
    assert document["errors"][0].endswith("node limit for the puzzle starting on line 2")


def test_a_squiggly_case_cut_by_a_node_limit_ends_its_list_and_keeps_no_file(tmp_path):
    sample = Path(__file__).resolve().parent.parent / "puzzles" / "squiggly" / "sample.in"
    args = DLXCLI + ["squiggly", "--all", "--node-limit", "20", str(sample)]
    shown = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert shown.returncode == 3 and "node limit for the puzzles starting on lines" in shown.stderr
    assert shown.stdout.startswith("Case 1:\n\nCase 2:\n")
    saved = subprocess.run(args + ["--out", str(tmp_path / "answers")], capture_output=True,
                           text=True, timeout=120)
    assert saved.returncode == 3 and list((tmp_path / "answers").iterdir()) == []


def test_an_out_file_holds_what_stdout_gets(inputs):
    args = ["sudoku", "--all", "--limit", "50", "empty.txt"]
    shown = subprocess.run(DLXCLI + args, cwd=inputs, capture_output=True, text=True,
                           timeout=120)
    saved = subprocess.run(DLXCLI + args + ["--out", "answers"], cwd=inputs,
                           capture_output=True, text=True, timeout=120)
    assert shown.returncode == saved.returncode == 0 and saved.stdout == ""
    assert (inputs / "answers" / "empty.out").read_text() == shown.stdout


def test_an_answer_file_that_fails_mid_list_ends_the_search(inputs):
    def small_files():
        capped()
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))   # `ulimit -f 8`
    result = subprocess.run(DLXCLI + ["sudoku", "--all", "--out", "answers", "empty.txt"],
                            cwd=inputs, capture_output=True, text=True, timeout=120,
                            preexec_fn=small_files)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"dlxcli: empty.txt: cannot write {os.path.join('answers', 'empty.out')}: "
        "File too large"]
    assert list((inputs / "answers").iterdir()) == []


@pytest.mark.parametrize("args", [["sudoku", "--all", "--limit", "5", "empty.txt"],
                                  ["sudoku", "empty.txt"]], ids=["all", "plain"])
def test_a_full_stdout_is_one_line_on_stderr(inputs, args):
    with open("/dev/full", "w") as full:
        result = subprocess.run(DLXCLI + args, cwd=inputs, stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr == "dlxcli: cannot write to stdout: No space left on device\n"


# -- Knuth's format: covers are always separated ---------------------------------------------

def test_knuth_one_option_covers_are_blank_line_separated():
    # Three covers of one option each: without separators they read as one 3-option cover.
    result = subprocess.run(DLXCLI + ["matrix", "--input-format", "knuth", "--all"],
                            input="a b\na b\nb a\na b\n", capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0
    assert result.stdout == "a b\n\nb a\n\na b\n"
