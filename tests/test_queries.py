"""The setters' queries (--count, --limit, --unique, --all, --first, --minimal, --rate) on
sudoku, squiggly, samurai and matrix: docs/queries.md's line formats, checked against
independent oracles.

Layer: tests. Counts, verdicts, removable givens and the singles criterion of the
difficulty measure come from tests/grid_oracle.py and tests/oracle.py (backtracking on
cells and units, brute-force exact cover), which share nothing with dlxcli.
"""

import json
import random
from pathlib import Path

import pytest

from cli import runner
import grid_oracle as oracle
import oracle as cover_oracle
from dlxcli.commands import puzzle_module
from dlxcli.puzzles import queries

ROOT = Path(__file__).resolve().parent.parent
SQUIGGLY_SAMPLE = ROOT / "puzzles" / "squiggly" / "sample.in"
SAMURAI = ROOT / "puzzles" / "samurai" / "seed003-problem1.grid21.in"
HARD3 = ROOT / "puzzles" / "sudoku" / "hard1000_first3.in"


def run(command, *args, stdin=None):
    result = runner(command)(*args, stdin=stdin)
    assert result.exit_code == 0, result.stderr
    return result


def line_text(puzzles):
    return "".join(oracle.write_grid(puzzle, letters=True) for puzzle in puzzles)


def hard_puzzles():
    return [[0 if ch == "." else int(ch) for ch in line] for line in HARD3.read_text().split()]


HARD_SOLUTIONS = [next(oracle.solutions(puzzle)) for puzzle in hard_puzzles()]
"""Three 9x9 solution grids without the pattern grid's many small unavoidable sets (its
blanked puzzles are seldom unique)."""


def random_full_grid(rng, side):
    """A random 4x4 grid, or a 9x9 one: a hard puzzle's solution, relabelled and
    transposed at random."""
    if side == 4:
        return oracle.random_full_grid(rng, 4)
    labels = [0] + rng.sample(range(1, 10), 9)
    grid = [labels[value] for value in rng.choice(HARD_SOLUTIONS)]
    return [grid[c * 9 + r] for r in range(9) for c in range(9)] if rng.random() < 0.5 else grid


def random_puzzles(seed, side, blanks, count):
    rng = random.Random(seed)
    return [oracle.blank(rng, random_full_grid(rng, side), blanks) for _ in range(count)]


def name(cell, side):
    return f"r{cell // side + 1}c{cell % side + 1}"


def expected_count(givens, limit=None, units=None, size=None):
    found = oracle.count(givens, limit, units, size)
    return f">={found}" if limit is not None and found >= limit else str(found)


# -- one set of options, declared once ----------------------------------------------------------

@pytest.mark.parametrize("command, first", [("sudoku", False), ("squiggly", True),
                                             ("samurai", True)])
def test_every_grid_command_takes_the_same_query_options(command, first):
    options = puzzle_module(command).COMMAND.options
    for shared in queries.GRID_QUERIES:
        assert any(option is shared for option in options)
    assert any(option is queries.FIRST for option in options) == first


def test_matrix_takes_count_limit_unique_and_all():
    options = puzzle_module("matrix").COMMAND.options
    for shared in (queries.COUNT, queries.LIMIT, queries.UNIQUE, queries.ALL):
        assert any(option is shared for option in options)


# -- sudoku ---------------------------------------------------------------------------------------

def test_count_is_exact_one_line_per_puzzle():
    puzzles = random_puzzles(1, 4, 11, 12) + [[0] * 16, [1, 1] + [0] * 14]
    result = run("sudoku", "--count", stdin=line_text(puzzles))
    assert result.stdout == "".join(f"{expected_count(p)}\n" for p in puzzles)
    assert "288\n" in result.stdout and "0\n" in result.stdout


def test_limit_stops_the_count_and_says_so():
    puzzles = random_puzzles(2, 4, 10, 10) + [[0] * 16]
    result = run("sudoku", "--count", "--limit", "3", stdin=line_text(puzzles))
    assert result.stdout == "".join(f"{expected_count(p, 3)}\n" for p in puzzles)
    assert ">=3\n" in result.stdout and "1\n" in result.stdout


def test_the_count_of_an_empty_9x9_stops_at_the_limit():
    result = run("sudoku", "--count", "--limit", "5", "--format", "json", stdin="." * 81 + "\n")
    document = json.loads(result.stdout)
    assert document["answer"] == ">=5\n"
    assert document["stats"]["solutions"] == 5
    record, = document["data"]["puzzles"]
    assert (record["count"], record["exact"]) == (5, False)
    assert {key for key, value in record.items() if value is not None} == {"count", "exact"}


def test_unique_verdicts_agree_with_the_oracle():
    puzzles = (random_puzzles(3, 9, 40, 8) + random_puzzles(4, 9, 60, 4)
               + [[5, 5] + [0] * 79])
    verdicts = [oracle.verdict(p) for p in puzzles]
    assert {"none", "unique", "multiple"} <= set(verdicts)
    assert run("sudoku", "--unique", stdin=line_text(puzzles)).stdout == "".join(
        f"{v}\n" for v in verdicts)


def test_unique_stops_at_the_second_solution():
    result = run("sudoku", "--unique", "--format", "json", stdin="." * 81 + "\n")
    document = json.loads(result.stdout)
    assert document["answer"] == "multiple\n" and document["stats"]["solutions"] == 2


def test_unique_on_the_grid_format_too():
    text = "".join(oracle.write_grid(p) for p in random_puzzles(5, 9, 55, 3))
    expected = [oracle.verdict(p) for p in random_puzzles(5, 9, 55, 3)]
    assert run("sudoku", "--unique", stdin=text).stdout.split() == expected


def test_minimal_lists_exactly_the_givens_the_oracle_can_remove():
    puzzles = [p for p in random_puzzles(6, 4, 9, 20) + random_puzzles(7, 9, 52, 6)
               if oracle.verdict(p) == "unique"]
    lines = run("sudoku", "--minimal", stdin=line_text(puzzles)).stdout.splitlines()
    assert len(lines) == len(puzzles) >= 10
    for puzzle, line in zip(puzzles, lines):
        side = oracle.box_side_of(puzzle)
        cells = oracle.removable(puzzle)
        assert line == ("minimal" if not cells else
                        "removable " + " ".join(name(cell, side) for cell in cells))


def test_minimal_on_the_hard_puzzles_and_on_puzzles_without_one_solution():
    minimal = HARD3.read_text()
    assert run("sudoku", "--minimal", stdin=minimal).stdout == "minimal\n" * 3
    first = [oracle.blank(random.Random(0), [0] * 81, 0), [1, 1] + [0] * 79]
    assert run("sudoku", "--minimal", stdin=line_text(first)).stdout == "multiple\nnone\n"


def test_the_hard_puzzles_are_minimal_by_the_oracle():
    """The golden answer above, from the oracle: no given of them can go."""
    for givens in hard_puzzles():
        assert oracle.removable(givens) == []


def rate_fields(line):
    return dict(field.split("=") for field in line.split())


def test_rate_excess_is_zero_exactly_when_singles_solve_the_puzzle():
    puzzles = [p for p in random_puzzles(8, 9, 45, 20) + hard_puzzles()
               if oracle.verdict(p) == "unique"]
    lines = run("sudoku", "--rate", stdin=line_text(puzzles)).stdout.splitlines()
    easy = []
    for puzzle, line in zip(puzzles, lines):
        fields = {key: int(value) for key, value in rate_fields(line).items()}
        assert fields["empty"] == puzzle.count(0)
        assert fields["nodes"] == fields["empty"] + 1 + fields["excess"]
        singles = oracle.solved_by_singles(puzzle, oracle.houses(9), 9)
        assert (fields["excess"] == 0) == singles
        easy.append(singles)
    assert True in easy and False in easy


def test_rate_of_puzzles_without_one_solution_is_their_verdict():
    text = line_text([[0] * 81, [2, 2] + [0] * 79])
    assert run("sudoku", "--rate", stdin=text).stdout == "multiple\nnone\n"


def solution_lists(text):
    """The lines of each puzzle's list in --all output: each list ends with an empty line."""
    assert text.endswith("\n\n") or text == "\n"
    lists, current = [], []
    for line in text[:-1].split("\n"):
        if line:
            current.append(line)
        else:
            lists.append(current)
            current = []
    return lists


def test_all_lists_every_solution_once_and_closes_each_puzzle_with_an_empty_line():
    puzzles = random_puzzles(10, 4, 12, 6) + [[1, 1] + [0] * 14]
    lists = solution_lists(run("sudoku", "--all", stdin=line_text(puzzles)).stdout)
    assert len(lists) == len(puzzles) and lists[-1] == []
    for puzzle, printed in zip(puzzles, lists):
        expected = {oracle.write_grid(s, letters=True).strip() for s in oracle.solutions(puzzle)}
        assert sorted(printed) == sorted(expected)


def test_all_with_a_limit_on_the_grid_format():
    text = oracle.write_grid([0] * 16)
    printed = run("sudoku", "--all", "--limit", "3", stdin=text).stdout
    grids = oracle.parse_output(printed, 4, "grid")
    assert printed.endswith("\n\n") and len(grids) == 3 and len({tuple(g) for g in grids}) == 3
    assert all(oracle.is_solution([0] * 16, grid) for grid in grids)


def test_json_data_has_the_same_shape_for_one_puzzle_and_for_many():
    """Several hundred puzzles are cut into pieces (and solved on two processes): the
    data still has one record per puzzle under the same keys."""
    puzzles = random_puzzles(11, 4, 10, 250)
    one, many = (json.loads(run("sudoku", "--unique", "--format", "json", "--jobs", jobs,
                                stdin=line_text(chosen)).stdout)["data"]
                 for chosen, jobs in ((puzzles[:1], "1"), (puzzles, "2")))
    assert set(one) == set(many) == {"format", "query", "solutions", "puzzles"}
    assert (one["query"], many["query"]) == ("unique", "unique")
    assert len(one["puzzles"]) == 1 and len(many["puzzles"]) == 250
    assert [p["verdict"] for p in many["puzzles"]] == [oracle.verdict(p) for p in puzzles]


def test_the_judge_output_is_unchanged_when_no_query_is_asked():
    text = line_text(random_puzzles(12, 9, 40, 3))
    plain = run("sudoku", stdin=text)
    assert plain.stdout == "".join(oracle.write_grid(next(oracle.solutions(p)), letters=True)
                                   for p in random_puzzles(12, 9, 40, 3))


# -- squiggly -------------------------------------------------------------------------------------

def sample_cases():
    tokens = list(map(int, SQUIGGLY_SAMPLE.read_text().split()))
    return [tokens[1 + 81 * k:82 + 81 * k] for k in range(tokens[0])]


def jigsaw(values):
    """(givens, units) of an HDU case, read by the oracle."""
    return [v & 15 for v in values], oracle.jigsaw_units(oracle.jigsaw_regions(values))


def test_squiggly_count_and_unique_per_case():
    cases = [jigsaw(values) for values in sample_cases()]
    counts = run("squiggly", "--count", str(SQUIGGLY_SAMPLE)).stdout
    assert counts == "".join(f"Case {k}: {oracle.count(g, None, u, 9)}\n"
                             for k, (g, u) in enumerate(cases, 1))
    unique = run("squiggly", "--unique", str(SQUIGGLY_SAMPLE)).stdout
    assert unique == "".join(f"Case {k}: {oracle.verdict(g, u, 9)}\n"
                             for k, (g, u) in enumerate(cases, 1))


def test_squiggly_minimal_matches_the_oracle():
    givens, units = jigsaw(sample_cases()[0])
    cells = oracle.removable(givens, units, 9)
    line = run("squiggly", "--minimal", str(SQUIGGLY_SAMPLE)).stdout.splitlines()[0]
    assert line == "Case 1: removable " + " ".join(name(cell, 9) for cell in cells)


def test_squiggly_first_and_all():
    givens, units = jigsaw(sample_cases()[2])
    everything = ["".join(map(str, s)) for s in oracle.unit_solutions(givens, units, 9)]
    listed = run("squiggly", "--all", str(SQUIGGLY_SAMPLE)).stdout.split("Case 3:\n")[1]
    rows = listed.split("\n")
    assert rows[-2:] == ["", ""]
    found = ["".join(rows[k:k + 9]) for k in range(0, len(rows) - 2, 9)]
    assert sorted(found) == sorted(everything)
    first = run("squiggly", "--first", str(SQUIGGLY_SAMPLE)).stdout.split("Case 3:\n")[1]
    assert "".join(first.split()) in everything


def test_squiggly_rate():
    givens, units = jigsaw(sample_cases()[0])
    line = run("squiggly", "--rate", str(SQUIGGLY_SAMPLE)).stdout.splitlines()[0]
    fields = {key: int(value) for key, value in rate_fields(line[len("Case 1: "):]).items()}
    assert fields["empty"] == givens.count(0)
    assert (fields["excess"] == 0) == oracle.solved_by_singles(givens, units, 9)


# -- samurai --------------------------------------------------------------------------------------

def samurai_givens(text):
    """The givens of a samurai picture (gaps left out), in the oracle's cell order."""
    positions, _ = oracle.samurai_shape()
    index = {position: cell for cell, position in enumerate(positions)}
    givens = [0] * len(positions)
    for row, line in enumerate(line for line in text.split("\n") if line.strip()):
        columns = [col for col in range(21) if (row, col) in index]
        for col, symbol in zip(columns, line.replace(" ", "")):
            givens[index[row, col]] = 0 if symbol == "." else int(symbol)
    return givens


def test_samurai_queries_agree_with_the_oracle_on_the_seed_problem():
    givens = samurai_givens(SAMURAI.read_text())
    positions, units = oracle.samurai_shape()
    assert oracle.verdict(givens, units, 9) == "unique"
    assert run("samurai", "--count", str(SAMURAI)).stdout == "1\n"
    assert run("samurai", "--unique", str(SAMURAI)).stdout == "unique\n"
    assert run("samurai", "--first", str(SAMURAI)).stdout == run("samurai", str(SAMURAI)).stdout
    fields = rate_fields(run("samurai", "--rate", str(SAMURAI)).stdout)
    assert int(fields["empty"]) == givens.count(0)
    assert oracle.solved_by_singles(givens, units, 9) == (fields["excess"] == "0")


def test_samurai_removable_givens_sampled_against_the_oracle():
    """The oracle needs about a minute for all of them; three listed and three unlisted
    givens, chosen at random, must each be what the oracle says."""
    givens = samurai_givens(SAMURAI.read_text())
    positions, units = oracle.samurai_shape()
    line = run("samurai", "--minimal", str(SAMURAI)).stdout.split()
    assert line[0] == "removable"
    names = {f"r{r + 1}c{c + 1}": cell for cell, (r, c) in enumerate(positions)}
    listed = {names[n] for n in line[1:]}
    unlisted = [cell for cell, value in enumerate(givens) if value and cell not in listed]
    rng = random.Random(14)
    for cell in rng.sample(sorted(listed), 3) + rng.sample(unlisted, 3):
        reduced = list(givens)
        reduced[cell] = 0
        assert (oracle.verdict(reduced, units, 9) == "unique") == (cell in listed)


# -- matrix ---------------------------------------------------------------------------------------

def random_matrix(rng, rows, cols):
    return [[c for c in range(cols) if rng.random() < 0.3] or [rng.randrange(cols)]
            for _ in range(rows)]


def p4929(options, cols):
    return f"{len(options)} {cols}\n" + "".join(
        " ".join("1" if c in option else "0" for c in range(cols)) + "\n" for option in options)


@pytest.mark.parametrize("seed", range(6))
def test_matrix_count_limit_and_unique_agree_with_brute_force(seed):
    rng = random.Random(seed)
    options = random_matrix(rng, 12, 6)
    covers = len(cover_oracle.exact_covers(6, 0, options))
    text = p4929(options, 6)
    assert run("matrix", "--count", stdin=text).stdout == f"{covers}\n"
    limited = run("matrix", "--count", "--limit", "2", stdin=text).stdout
    assert limited == (">=2\n" if covers >= 2 else f"{covers}\n")
    assert run("matrix", "--unique", stdin=text).stdout == (
        f"{('none', 'unique', 'multiple')[min(covers, 2)]}\n")
    listed = run("matrix", "--all", "--limit", "1", stdin=text).stdout
    assert listed.count("\n") == 1 and (listed == "No Solution!\n") == (covers == 0)
