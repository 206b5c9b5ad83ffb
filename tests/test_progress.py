"""Progress that moves: a search whose share of the tree done says nothing of when it
ends (a first solution, the learning search) shows its speed and the deepest level it
has seen, never a percentage stuck at 0% (issue 31); a count keeps its percentage.

The bar is forced with --progress (drawn even in a pipe) and its frames read from
stderr: the search is one of Gecode's 25x25 sudokus, which takes far longer than the
time limit under either search, so the bar is redrawn several times before it stops.
"""

import re
import subprocess
import sys

import pytest

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
