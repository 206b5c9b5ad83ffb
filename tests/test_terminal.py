"""What a person sees on a terminal: answers and verdicts never share a line with the
progress bar, and the bar and the summary table stay readable in a narrow terminal.

The runs are real processes on a pseudo-terminal (tests/terminal.py replays what they
wrote on a screen model); the layouts are also checked directly at several widths.
Expected answers are the official samples in puzzles/ (Luogu P1219's for queens).
"""

import io
import re

import pytest

from dlxcli.cli._ui import LiveDisplay, answer_cell, summary_table
from paths import REPO
from terminal import DLXCLI, run_on_terminal

pytestmark = pytest.mark.any_twin  # what the screen shows, whichever twin searches

QUEENS_SAMPLE = REPO / "puzzles" / "queens" / "sample1"


def test_an_answer_on_a_terminal_never_shares_a_line_with_the_progress_bar():
    """The bar is drawn at once with --progress; the answer must replace it, not
    follow it on its line (`echo 14 | dlxcli queens` used to end '97% ... 1 3 5 7')."""
    status, screen = run_on_terminal(DLXCLI + ["queens", "--progress"], 80,
                                     input=QUEENS_SAMPLE.with_suffix(".in").read_bytes())
    assert status == 0
    assert screen.text() == QUEENS_SAMPLE.with_suffix(".out").read_text()


@pytest.mark.slow
def test_the_default_bar_of_a_long_search_leaves_only_the_answer():
    """As the issue saw it: `echo 14 | dlxcli queens` on a terminal, no options; the bar
    appears after half a second (n = 12 on the Python twin takes as long)."""
    from dlxcli.engine import ENGINE
    n, placements = (14, 365_596) if ENGINE == "c" else (12, 14_200)   # OEIS A000170
    status, screen = run_on_terminal(DLXCLI + ["queens"], 80, input=f"{n}\n".encode())
    lines = screen.text().splitlines()
    assert status == 0 and len(lines) == 4 and lines[-1] == str(placements)
    assert all(re.fullmatch(r"\d+( \d+)*", line) for line in lines)


VERDICT = re.compile(r"puzzles/matrix/[\w-]+\.in: accepted ?\(\d+\.\d{3} s, \d+ nodes\)")


@pytest.mark.parametrize("columns", [80, 40])
def test_judge_verdicts_and_the_progress_bar_never_mix(columns):
    status, screen = run_on_terminal(DLXCLI + ["judge", "--progress", "puzzles/matrix"],
                                     columns, cwd=REPO)
    assert status == 0
    n = len(list((REPO / "puzzles" / "matrix").glob("*.in")))
    lines = screen.text().splitlines()
    table = 6 + n                            # the summary table: title, 3 heading lines,
    verdicts = "".join(lines[:-table])       # n rows, bottom line, summary line
    assert len(VERDICT.findall(verdicts)) == n   # (a verdict may wrap in a narrow terminal)
    assert VERDICT.sub("", verdicts) == ""   # nothing else among them: no bar
    assert lines[-table] == "dlxcli"
    assert lines[-1] == f"{n} inputs: {n} accepted"


@pytest.mark.parametrize("columns", [40, 80])
def test_a_batch_summary_table_keeps_one_line_per_input(columns, tmp_path):
    names = [f"board-of-side-{n}.in" for n in (4, 5, 6)]
    for n, name in zip((4, 5, 6), names):
        (tmp_path / name).write_text(f"{n}\n")
    status, screen = run_on_terminal(DLXCLI + ["queens", "--progress", "--no-headers",
                                               *names], columns, cwd=tmp_path)
    assert status == 0
    lines = screen.text().splitlines()
    table = lines[lines.index("dlxcli") + 1:]
    assert len(table) == 3 + len(names) + 1      # heading box, one row each, bottom
    assert len({len(line) for line in table}) == 1 and len(table[0]) <= columns
    for name, row in zip(names, table[3:]):
        assert "answered" in row and name[-8:] in row
    assert "ETA" not in screen.text()


@pytest.mark.parametrize("columns", [40, 60, 80, 120, 200])
def test_the_progress_bar_is_one_line_that_fits_the_terminal(columns):
    from rich.console import Console
    display = LiveDisplay(console=Console(file=io.StringIO(), width=columns,
                                          color_system=None))
    display.start(4)
    display.begin("puzzles/sudoku/hard1000_first3.in")
    display.search(0.5, 12_345, 67)
    shown = _rendered(display.bar.get_renderable(), columns).splitlines()
    assert len(shown) == 1 and len(shown[0]) <= columns
    assert "first3.in" in shown[0] and " 12% " in shown[0] and "ETA" in shown[0]
    assert ("67 solutions" in shown[0]) == (columns >= 110)


ROWS = [(f"puzzles/sudoku/{name}.in", verdict, answer_cell("8 1 2 7 5 3 6 4 9\n" * 9, 9),
         0.0123, 1472)
        for name, verdict in [("sample1", "answered"), ("hard1000_first3", "no answer"),
                              ("a-rather-long-file-name-of-puzzles", "time limit")]]


@pytest.mark.parametrize("columns", [30, 40, 60, 80, 160])
def test_the_summary_table_fits_with_one_line_per_input(columns):
    shown = _rendered(summary_table(ROWS, columns), columns).splitlines()
    assert shown[0] == "dlxcli" and len(shown) == 1 + 3 + len(ROWS) + 1
    assert all(len(line) <= columns for line in shown)
    for (name, verdict, *_), line in zip(ROWS, shown[4:]):
        assert verdict in line and name[-5:] in line


def test_a_wide_summary_table_shows_every_column_and_whole_names():
    shown = _rendered(summary_table(ROWS, 160), 160)
    headings = shown.splitlines()[2].split()
    assert headings == ["┃", "input", "┃", "verdict", "┃", "answer", "┃", "time", "┃",
                        "nodes", "┃"]
    assert all(name in shown for name, *_ in ROWS)
    assert "8 1 2 7 5 3 6 4 9 (+8 lines)" in shown and "0.012 s" in shown


def _rendered(renderable, columns):
    from rich.console import Console
    console = Console(file=io.StringIO(), width=columns, color_system=None)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())


# -- big batches (issue 21) ---------------------------------------------------------------

def _batch_rows(count, failures):
    """`count` rows of a batch, input k taking k ms; the inputs in `failures` got no answer."""
    return [(f"in/{k:04}.in", "no answer" if k in failures else "answered",
             answer_cell("1 2 3\n", 1), k / 1000, 10 * k) for k in range(count)]


def test_the_summary_of_a_big_batch_keeps_to_a_screen():
    """2,000 inputs: the failures, the slowest few and the totals, not 2,005 lines."""
    rows = _batch_rows(2000, failures={7, 700, 1500})
    shown = _rendered(summary_table(rows, 80), 80).splitlines()
    assert len(shown) <= 24 and all(len(line) <= 80 for line in shown)
    listed = [line.split()[1] for line in shown if line.startswith("│")]
    assert listed == ["in/0007.in", "in/0700.in", "in/1500.in",   # the failures, in order
                      "in/1999.in", "in/1998.in", "in/1997.in", "in/1996.in", "in/1995.in"]
    assert shown[-2] == (f"2,000 inputs: answered 1,997, no answer 3; "
                         f"{sum(range(2000)) / 1000:.3f} s, {10 * sum(range(2000)):,} nodes")
    assert shown[-1] == "shown: the failures, the 5 slowest; 1,992 left out (-v: all 2,000)"


def test_a_summary_of_many_failures_shows_the_first_few():
    rows = _batch_rows(100, failures=set(range(0, 100, 2)))
    shown = _rendered(summary_table(rows, 100), 100)
    listed = [line.split()[1] for line in shown.splitlines() if line.startswith("│")]
    assert listed[:10] == [f"in/{k:04}.in" for k in range(0, 20, 2)] and len(listed) == 15
    assert "shown: the first 10 of 50 failures, the 5 slowest; 85 left out" in shown


def test_the_full_summary_has_a_row_for_every_input():
    rows = _batch_rows(40, failures={3})
    shown = _rendered(summary_table(rows, 80, full=True), 80).splitlines()
    assert len(shown) == 1 + 3 + 40 + 1


def queens_folder(folder, sizes):
    """One queens input per size (0: a bad input), numbered; returns their names."""
    folder.mkdir()
    names = [f"q{k:02}.in" for k in range(len(sizes))]
    for name, n in zip(names, sizes):
        (folder / name).write_text(f"{n}\n" if n else "x\n")
    return names


def _table_rows(screen):
    """The input names of the summary table's rows on the screen."""
    lines = screen.text().splitlines()
    return [line.split()[1] for line in lines[lines.index("dlxcli"):] if line.startswith("│")]


@pytest.mark.parametrize("verbose", [False, True])
def test_a_batch_of_many_inputs_ends_with_a_table_that_fits_the_screen(tmp_path, verbose):
    """30 inputs on a terminal of 50 lines: the errors and the slowest, unless -v asks
    for every input."""
    names = queens_folder(tmp_path / "q", [0] + [4 + k % 5 for k in range(1, 29)] + [0])
    verbosity = ["-v"] if verbose else []
    status, screen = run_on_terminal(DLXCLI + ["queens", "--progress", *verbosity, "--out",
                                               "answers", "q"], 80, cwd=tmp_path)
    assert status == 2
    rows = _table_rows(screen)
    if verbose:
        assert rows == [f"q/{name}" for name in names]
    else:
        assert rows[:2] == [f"q/{names[0]}", f"q/{names[-1]}"] and len(rows) == 2 + 5
        assert "30 inputs: answered 28, error 2; " in screen.text()


def test_the_summary_table_shows_the_first_line_of_each_answer():
    """The answer column holds each answer's first line and how many lines follow
    (the official queens sample, P1219: three placements and the count)."""
    sample = QUEENS_SAMPLE.with_suffix(".out").read_text()
    status, screen = run_on_terminal(DLXCLI + ["queens", "--progress", "--no-headers",
                                               "sample1.in", "sample1.in"], 120,
                                     cwd=QUEENS_SAMPLE.parent)
    assert status == 0
    lines = screen.text().splitlines()
    first = sample.splitlines()[0]
    rows = [line for line in lines[lines.index("dlxcli"):] if line.startswith("│")]
    assert len(rows) == 2
    assert all(f"│ {first} (+{sample.count(chr(10)) - 1} lines) " in row for row in rows)


def test_an_answer_holding_control_characters_is_shown_escaped_in_the_table(tmp_path):
    """Knuth's format echoes option lines byte for byte (on stdout, here in --out's
    files); the summary table on stderr shows them escaped, so that an item name holding
    ESC [2J (clear the screen) cannot act on the terminal."""
    for name in ("a.dlx", "b.dlx"):
        (tmp_path / name).write_text("a\x1b[2Jb c\na\x1b[2Jb c\n")
    status, screen = run_on_terminal(DLXCLI + ["matrix", "--progress", "--out", "out",
                                               "a.dlx", "b.dlx"], 100, cwd=tmp_path)
    assert status == 0
    lines = screen.text().splitlines()
    rows = [line for line in lines[lines.index("dlxcli"):] if line.startswith("│")]
    assert len(rows) == 2 and all("│ a\\x1b[2Jb c " in row for row in rows)


def test_the_answer_cell_escapes_what_is_not_printable():
    assert answer_cell("a\x1b[2Jb\x07 c\r\n", 1) == "a\\x1b[2Jb\\x07 c\\r"
