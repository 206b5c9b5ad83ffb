"""What a newcomer meets in the first minutes: a mistyped command, a command typed alone
at a terminal, and the cluster extra's install line (issue 31).

Layer: tests. The terminal is a real pseudo-terminal on the child's stdin.
"""

import os
import pty
import select
import subprocess
import sys
import time

import pytest

from cli import run
from dlxcli import parallel
from paths import REPO


@pytest.mark.parametrize("typed, meant", [("sodoku", "sudoku"), ("quens", "queens"),
                                          ("samuria", "samurai"), ("genrate", "generate")])
def test_a_mistyped_command_gets_the_closest_name(typed, meant):
    result = run(typed)
    assert result.exit_code == 2
    assert f"No such command '{typed}'. Did you mean '{meant}'?" in result.stderr
    assert result.stdout == ""


def test_a_command_far_from_any_gets_no_suggestion():
    result = run("xyzzy")
    assert result.exit_code == 2
    assert "No such command 'xyzzy'." in result.stderr
    assert "Did you mean" not in result.stderr


def on_terminal_stdin(*args, typed=b"6\n"):
    """`dlxcli ARGS` with a pseudo-terminal as stdin: (stdout, stderr) once `typed` and
    Ctrl-D were typed at it."""
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "dlxcli", *args], stdin=follower,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    os.close(follower)
    try:
        time.sleep(0.3)
        os.write(leader, typed + b"\x04")
        stdout, stderr = child.communicate(timeout=60)
    finally:
        os.close(leader)
    return child.returncode, stdout.decode(), stderr.decode()


def test_a_command_reading_a_terminal_says_what_it_waits_for():
    status, stdout, stderr = on_terminal_stdin("queens")
    assert status == 0
    assert stdout == "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"
    assert stderr.startswith("dlxcli: queens: waiting for the input on stdin: type or paste "
                             "it, then press Ctrl-D")
    assert "dlxcli queens --help" in stderr


def test_a_quick_search_of_typed_input_draws_no_progress_bar():
    """stdin and stderr on one terminal, the input typed after the display's half
    second: the typing is no search, so the quick search after it draws no bar (which
    flashed, and whose nodes per second counted the typing)."""
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "dlxcli", "queens"], stdin=follower,
                             stdout=subprocess.PIPE, stderr=follower, cwd=REPO)
    os.close(follower)
    try:
        time.sleep(1.5)  # three times the display's delay
        os.write(leader, b"6\n\x04")
        stdout, _ = child.communicate(timeout=60)
        terminal = _read_available(leader)
    finally:
        os.close(leader)
    assert child.returncode == 0
    assert stdout.decode().endswith("\n4\n")
    assert "waiting for the input" in terminal
    assert "ETA" not in terminal and "nodes/s" not in terminal


def _read_available(fd):
    """What the terminal `fd` has to read now, decoded."""
    chunks = []
    while select.select([fd], [], [], 0.2)[0]:
        try:
            chunks.append(os.read(fd, 4096))
        except OSError:  # the other end is closed
            break
    return b"".join(chunks).decode(errors="replace")


def test_quiet_or_a_pipe_waits_without_a_word():
    status, stdout, stderr = on_terminal_stdin("queens", "-q")
    assert (status, stderr) == (0, "")
    piped = subprocess.run([sys.executable, "-m", "dlxcli", "queens"], input="6\n",
                           capture_output=True, text=True, cwd=REPO, timeout=60)
    assert piped.stderr.count("waiting for the input") == 0


CLUSTER_INSTALL = "pip install '.[cluster]'"
"""The one way to install the cluster extra (dlxcli is installed from its checkout)."""


@pytest.mark.parametrize("page", ["README.md", "docs/index.md", "docs/parallel.md"])
def test_every_page_installs_the_cluster_extra_the_same_way(page):
    text = (REPO / page).read_text()
    assert CLUSTER_INSTALL in text
    assert "dlxcli[cluster]" not in text


def test_the_missing_extra_error_and_the_help_say_the_same(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails: not installed
    with pytest.raises(Exception) as caught:
        parallel.executors._import_distributed()
    assert CLUSTER_INSTALL in str(caught.value)
    assert CLUSTER_INSTALL in " ".join(run("queens", "--help").stdout.split())
