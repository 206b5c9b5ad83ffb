"""Progress that moves: a search whose share of the tree done says nothing of when it
ends (a first solution, the learning search) shows its speed and the deepest level it
has seen, never a percentage stuck at 0% (issue 31); a count keeps its percentage; a
proof cut into cubes over several processes shows the cubes settled (issue 29).

The bar is forced with --progress (drawn even in a pipe) and its frames read from
stderr: the search is one of Gecode's 25x25 sudokus, which takes far longer than the
time limit under either search, so the bar is redrawn several times before it stops.
"""

import io
import re
import subprocess
import sys
import time

import pytest

from dlxcli.pool import usable_cores
from paths import REPO

HARD = REPO / "bench" / "data" / "gecode25" / "example33.in"  # over 3 s to a first solution
DLXCLI = [sys.executable, "-m", "dlxcli"]


def frames(*args):
    """The progress bar's lines on stderr (ANSI codes left out), and the exit status."""
    done = subprocess.run(DLXCLI + list(args), cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", done.stderr)
    return [line for line in re.split(r"[\r\n]", plain) if "ETA" in line], done.returncode


@pytest.mark.parametrize("reason, speed", [("singles", "nodes/s"), ("learn", "confl./s")])
def test_a_first_solution_search_shows_speed_and_depth_not_0_percent(reason, speed):
    lines, status = frames("sudoku", "--progress", "--reason", reason, "--timeout", "1.5",
                           str(HARD))
    assert status == 3  # the time limit
    searching = [line for line in lines if re.search(speed + r", depth \d+", line)]
    assert searching, lines
    assert max(int(re.search(r"depth (\d+)", line).group(1)) for line in searching) > 0
    assert all("  ?" in line for line in searching)
    assert not any(re.search(r"(?<!\d)0%", line) for line in lines), lines


def test_a_count_keeps_its_percentage():
    lines, status = frames("queens", "--progress", "--timeout", "1.5",
                           str(REPO / "puzzles" / "queens" / "n13.in"))
    assert any(re.search(r"\d+% [\d,]+ nodes/s", line) for line in lines), lines
    assert not any("depth" in line for line in lines)


@pytest.mark.any_twin  # a display; on the Python twin the cut may come after 3 s
@pytest.mark.skipif(usable_cores() < 2, reason="cubes need two processes")
def test_a_proof_over_two_processes_shows_the_cubes_settled():
    lines, status = frames("sudoku", "--progress", "--unique", "--jobs", "2", "--timeout",
                           "3", str(HARD))
    assert status == 3  # the time limit
    counted = [re.search(r"  \? (\d+)/(\d+) cubes", line) for line in lines]
    cubes = [(int(found[1]), int(found[2])) for found in counted if found]
    assert cubes, lines
    assert [settled for settled, _ in cubes] == sorted(settled for settled, _ in cubes)
    assert len({total for _, total in cubes}) == 1 and cubes[-1][0] < cubes[-1][1]
    first = counted.index(next(found for found in counted if found))
    assert not any("depth" in line for line in lines[first:]), lines[first:]


@pytest.mark.any_twin  # a display
@pytest.mark.parametrize("width, speed", [(120, True), (80, False)])
def test_the_cubes_settled_come_first_and_the_speed_where_it_fits(width, speed):
    """The bar's rate column: '137/256 cubes, 20k confl./s' where it is 44 characters
    wide (a terminal of 110 columns or more); where it is 24, the count alone, which
    the speed at its widest would not leave room for (so it does not come and go as
    the counts and the speed grow: attack15)."""
    from rich.console import Console

    from dlxcli.cli._ui import LiveDisplay
    display = LiveDisplay(console=Console(file=io.StringIO(), width=width, force_terminal=True))
    display.start(1)
    rates = []
    for settled, conflicts in ((3, 1000), (4, 1010), (136, 2000), (137, 900_000)):
        display.search(None, 0, 0, parts=(settled, 256), conflicts=conflicts)
        rates.append(display.bar.tasks[0].fields["rate"])
        time.sleep(0.02)
    if speed:
        assert all(re.fullmatch(r"\d+/256 cubes, [\d.]+[kM]? confl\./s", rate)
                   for rate in rates), rates
    else:
        assert rates == ["3/256 cubes", "4/256 cubes", "136/256 cubes", "137/256 cubes"]


@pytest.mark.any_twin  # a display
def test_a_search_past_its_measured_part_shows_no_time_left():
    """A count whose Learner starts past DLX's first turn shows its part done, then
    none (`?`): the time left must go too. rich's estimate, from the part done before,
    went on counting down ('? 769k nodes/s, depth 202  ETA 9:53:01': attack16b)."""
    from rich.console import Console

    from dlxcli.cli._ui import LiveDisplay
    out = io.StringIO()
    display = LiveDisplay(console=Console(file=out, width=120, force_terminal=True))
    display.start(1)
    for step in range(1, 6):
        display.search(0.001 * step, 1_000 * step, 0)
        time.sleep(0.05)
    column, task = display.bar.columns[-1], display.bar.tasks[0]  # the time left
    assert str(column.render(task)) != "-:--:--"  # a time left, from the part done
    display.search(None, 6_000, 0, depth=40)
    assert str(column.render(task)) == "-:--:--"


@pytest.mark.any_twin  # a display
@pytest.mark.skipif(usable_cores() < 2, reason="a split search needs two processes")
def test_a_split_search_searched_whole_first_shows_no_subproblems(monkeypatch):
    """While a split search is searched whole first (docs/parallel.md), the bar shows its
    percentage and speed, not '0/1 subproblems' (attack17c left it so)."""
    monkeypatch.setenv("DLXCLI_SPLIT_PROBE", "20")  # the whole search: 5 s, past the limit
    done = subprocess.run(DLXCLI + ["queens", "--progress", "--jobs", "2", "--timeout", "1"],
                          input="15\n", cwd=REPO, capture_output=True, text=True, timeout=120)
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", done.stderr)
    lines = [line for line in re.split(r"[\r\n]", plain) if "ETA" in line]
    assert done.returncode == 3, done.stderr  # the time limit
    assert any(re.search(r"\d+% [\d,]+ nodes/s", line) for line in lines), lines
    assert not any("subproblems" in line for line in lines), lines
