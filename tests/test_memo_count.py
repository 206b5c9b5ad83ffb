"""Counting with a memo (issue 30): the counts against independent counters, on both
twins, with the memo on, left to decide (auto) and off.

The golden counts come from outside the engine: a transfer-matrix count of domino
tilings written here (a row of cells at a time, the cells of the next row already
covered as a bit mask), Fibonacci numbers for 2 x n strips, brute force
(tests/oracle.py) on random problems, and the published 8 x 8 figure, 12,988,816.
"""

import functools
import json
import re

import pytest
from hypothesis import given, settings

import cli
from dlxcli import engine
from dlxcli.puzzles import queens
from random_problems import problems
from oracle import exact_covers
from shell import run_shell

OFF, AUTO, ON = 0, 1, 2
c_only = pytest.mark.skipif(engine.ENGINE != "c", reason="slow on the Python twin")


def domino_tilings(rows, columns):
    """The domino tilings of a rows x columns board by a transfer matrix: the state
    between two rows is the set of cells of the next row that vertical dominoes of
    this row already cover, so the narrower side makes the rows."""
    rows, columns = max(rows, columns), min(rows, columns)

    @functools.lru_cache(maxsize=None)
    def fill(row, covered):
        if row == rows:
            return 1 if covered == 0 else 0
        return sum(fill(row + 1, below) for below in row_fillings(covered))

    def row_fillings(covered, column=0, below=0):
        """The masks of the next row's cells covered by the vertical dominoes of one way
        of filling this row, given its cells `covered` already."""
        if column == columns:
            yield below
            return
        if covered >> column & 1:
            yield from row_fillings(covered, column + 1, below)
            return
        yield from row_fillings(covered, column + 1, below | 1 << column)  # vertical
        if column + 1 < columns and not covered >> (column + 1) & 1:
            yield from row_fillings(covered, column + 2, below)  # horizontal

    return fill(0, 0) if rows and columns else 1


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def domino_problem(rows, columns):
    """Cells (row by row) as primary items, one option per domino."""
    number = {(r, c): r * columns + c for r in range(rows) for c in range(columns)}
    options = []
    for (r, c), n in number.items():
        for other in ((r, c + 1), (r + 1, c)):
            if other in number:
                options.append([n, number[other]])
    return rows * columns, options


def dominoes(rows, columns):
    n_primary, options = domino_problem(rows, columns)
    return n_primary, 0, options


def memo_count(twin, n_primary, n_secondary, options, mode, colors=None, forced=(),
               max_bytes=1 << 26):
    solver = twin.Solver(n_primary, n_secondary, options, None, colors)
    solver.set_memo(mode, max_bytes)
    solver.start(forced)
    while solver.run(1 << 12, True) != twin.EXHAUSTED:
        pass
    return solver


def test_the_transfer_matrix_counts_known_figures():
    assert [domino_tilings(2, n) for n in range(1, 8)] == [fibonacci(n + 1) for n in range(1, 8)]
    assert domino_tilings(8, 8) == 12_988_816
    assert domino_tilings(3, 3) == 0


@pytest.mark.parametrize("mode", [ON, AUTO])
@pytest.mark.parametrize("rows,columns", [(2, 2), (3, 4), (4, 4), (4, 5), (5, 6), (6, 6)])
def test_domino_counts_match_the_transfer_matrix(twin, mode, rows, columns):
    solver = memo_count(twin, *dominoes(rows, columns), mode)
    assert solver.count == domino_tilings(rows, columns)


def test_the_memo_counts_8x8_dominoes_without_enumerating(twin):
    solver = memo_count(twin, *dominoes(8, 8), ON)
    assert solver.count == 12_988_816
    assert solver.memo_hits > 0 and solver.memo_entries > 0 and solver.memo_bytes > 0
    assert solver.nodes < 10_000  # an enumeration visits every one of the 12,988,816


def test_counts_beyond_64_bits_are_exact(twin):
    """2 x 100: F(101) = 573,147,844,013,817,084,101 > 2**64; the C twin widens its counts."""
    solver = memo_count(twin, *dominoes(2, 100), ON)
    assert solver.count == fibonacci(101) == domino_tilings(2, 100) > 2**64


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_counts_beyond_128_bits_are_exact(c_twin):
    solver = memo_count(c_twin, *dominoes(2, 200), ON)
    assert solver.count == fibonacci(201) > 2**128


@pytest.mark.any_twin  # the C twin's search, whichever DLXCLI_ENGINE names
def test_6x40_dominoes_in_rows_count_fast(c_twin):
    """Ties to the earliest item would fill this board a row of 40 cells at a time (no
    answer in minutes); the ranked ties (rank_items) keep a frontier of 6."""
    solver = memo_count(c_twin, *dominoes(6, 40), AUTO)
    assert solver.count == domino_tilings(40, 6) > 2**64


def test_a_tiny_memo_evicts_and_stays_exact(twin):
    solver = memo_count(twin, *dominoes(6, 6), ON, max_bytes=2048)
    assert solver.count == domino_tilings(6, 6)
    assert solver.memo_bytes <= 2048 or twin.name == "python"


def test_memo_off_enumerates(twin):
    solver = memo_count(twin, *dominoes(4, 4), OFF)
    assert solver.count == 36 and solver.memo_lookups == 0


@settings(max_examples=300, deadline=None)
@given(problems())
def test_the_memo_changes_no_count(twin, problem):
    """Memo on, auto and off against brute force, forced options and colors included."""
    expected = len(exact_covers(problem.n_primary, problem.n_secondary, problem.options,
                                problem.forced, problem.colors))
    for mode in (ON, AUTO, OFF):
        solver = memo_count(twin, problem.n_primary, problem.n_secondary, problem.options,
                            mode, problem.colors, problem.forced)
        assert solver.count == expected


def test_set_memo_checks_its_arguments(twin):
    solver = twin.Solver(1, 0, [[0]])
    with pytest.raises(Exception, match="memo mode"):
        solver.set_memo(3, 100)
    with pytest.raises(Exception, match="memo bound"):
        solver.set_memo(1, -1)


def board_of_dominoes(rows, columns):
    picture = "\n".join("X" * columns for _ in range(rows))
    return f"board:\n{picture}\npiece D*{rows * columns // 2}:\nXX\n"


@pytest.mark.parametrize("rows,columns", [(4, 4), (10, 10), (12, 12), (6, 40)])
def test_pack_counts_domino_tilings(tmp_path, rows, columns):
    """`pack` with one domino piece, as many copies as fill the board: its copies have no
    items, and the memo counts 12 x 12 (53,060,477,521,960,000) in a second or so."""
    path = tmp_path / "board.in"
    path.write_text(board_of_dominoes(rows, columns))
    result = cli.run("pack", "--count", "--all-symmetries", "--timeout", "60", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{domino_tilings(rows, columns)}\n"


def knuth_dominoes(rows, columns):
    """The dominoes of a board in Knuth's DLX format: items, then one option a line."""
    _, options = domino_problem(rows, columns)
    names = [f"{r}.{c}" for r in range(rows) for c in range(columns)]
    return " ".join(names) + "\n" + "".join(f"{names[a]} {names[b]}\n" for a, b in options)


def test_matrix_counts_domino_tilings_in_knuths_format(tmp_path):
    path = tmp_path / "dominoes.dlx"
    path.write_text(knuth_dominoes(10, 10))
    result = cli.run("matrix", "--count", "--timeout", "60", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().endswith("258584046368")


def test_stats_and_verbose_show_the_memo(tmp_path):
    """Hits, lookups, the hit rate, entries and the bytes of the table."""
    path = tmp_path / "board.in"
    path.write_text(board_of_dominoes(8, 8))
    for flag in ("--stats", "-v"):
        result = cli.run("pack", "--count", "--all-symmetries", flag, str(path))
        assert result.stdout == "12988816\n"
        found = re.search(r"; memo: ([\d,]+) hits of ([\d,]+) lookups \((\d+\.\d)%\), "
                          r"[\d,]+ entries, [\d,]+ bytes\n", result.stderr)
        assert found, result.stderr
        hits, lookups = (int(found[k].replace(",", "")) for k in (1, 2))
        assert 0 < hits < lookups and float(found[3]) == round(100 * hits / lookups, 1)


def json_stats(*args):
    result = cli.run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["stats"]


def test_json_stats_give_the_memos_figures(tmp_path):
    path = tmp_path / "dominoes.dlx"
    path.write_text(knuth_dominoes(8, 8))
    memo = json_stats("matrix", "--count", str(path))["memo"]
    assert set(memo) == {"lookups", "hits", "entries", "bytes", "dropped"}
    assert 0 < memo["hits"] <= memo["lookups"] and memo["entries"] > 0
    assert memo["bytes"] > 0 and memo["dropped"] is False
    assert json_stats("matrix", str(path))["memo"] is None  # a first solution: no memo


def test_a_memo_dropped_after_its_trial_says_so(tmp_path):
    """Queens 10 (secondary diagonals): the trial fails, the memo is dropped."""
    result = cli.run("queens", "--stats", input="10\n")
    assert result.stdout.endswith("\n724\n")  # OEIS A000170
    assert "; memo: dropped after its trial of 4,096 lookups\n" in result.stderr, result.stderr
    memo = json_stats("queens", input_file(tmp_path, "10\n"))["memo"]
    assert memo == {"lookups": 4096, "hits": 0, "entries": 0, "bytes": 0, "dropped": True}


def input_file(tmp_path, text):
    path = tmp_path / "input.in"
    path.write_text(text)
    return str(path)


def test_the_engine_says_when_its_memo_was_dropped(twin):
    """A dropped memo frees its table: no entries, no bytes; one that pays is kept."""
    n_primary, n_secondary, options, _, colors = queens.board(10, [
        (kind, k) for k in queens.organ_pipe(10) for kind in ("row", "col")]).definition
    dropped = memo_count(twin, n_primary, n_secondary, options, AUTO, colors)
    assert dropped.count == 724 and dropped.memo_dropped
    assert (dropped.memo_hits, dropped.memo_entries, dropped.memo_bytes) == (0, 0, 0)
    kept = memo_count(twin, *dominoes(8, 8), AUTO)
    assert kept.count == 12_988_816 and not kept.memo_dropped and kept.memo_hits > 0


def test_a_memo_that_fails_its_trial_leaves_the_plain_search(twin):
    """Queens (secondary diagonals): states hardly come back, the trial (which skips
    nothing) fails, and the count is the plain search's, node for node and mem for mem."""
    n_primary, n_secondary, options, _, colors = queens.board(11, [
        (kind, k) for k in queens.organ_pipe(11) for kind in ("row", "col")]).definition
    auto = memo_count(twin, n_primary, n_secondary, options, AUTO, colors)
    plain = memo_count(twin, n_primary, n_secondary, options, OFF, colors)
    assert auto.memo_lookups >= 4096 and auto.memo_hits == 0
    assert (auto.count, auto.nodes, auto.updates, auto.mems) == (
        2680, plain.nodes, plain.updates, plain.mems)  # 2680: OEIS A000170


@pytest.mark.parametrize("side,bound,most", [
    (8, "64K", 64 << 10),
    pytest.param(8, "4096", 4096, marks=c_only),  # the Python twin: 23 entries, minutes
    pytest.param(10, "64K", 64 << 10, marks=c_only)])
def test_dlxcli_memo_bytes_bounds_the_memo_and_the_count_stays_exact(tmp_path, side, bound,
                                                                     most):
    """The bound from the environment: the table stays within it (the C twin's; the
    Python twin's estimate), fewer entries stay than without it (evicted), and the
    count is the transfer matrix's."""
    path = tmp_path / "dominoes.dlx"
    path.write_text(knuth_dominoes(side, side))
    done = run_shell(f"DLXCLI_MEMO_BYTES={bound} dlxcli matrix --count --format json {path}",
                     merged=False)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["data"]["count"] == domino_tilings(side, side)
    memo = document["stats"]["memo"]
    assert 0 < memo["bytes"] <= most and memo["hits"] > 0
    assert memo["entries"] < json_stats("matrix", "--count", str(path))["memo"]["entries"]


@pytest.mark.parametrize("bound", ["lots", "-1", "12T", "K", str(2**63)])
def test_a_bad_dlxcli_memo_bytes_is_one_line(bound):
    done = run_shell(f"echo 6 | DLXCLI_MEMO_BYTES={bound} dlxcli queens", merged=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("dlxcli: DLXCLI_MEMO_BYTES must be a number of bytes (with K, M "
                           "or G after it for KiB, MiB, GiB), at most 2**62, "
                           f"not '{bound}'\n")
