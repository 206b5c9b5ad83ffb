"""The command line as a user meets it: options of the shared runner, stdout bytes, stderr,
exit statuses; CliRunner for each option, real subprocesses for pipes and Ctrl-C.

Expected outputs are the official samples in puzzles/ and derived answers in tests/cases/.
"""

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from cli import run
from conftest import slow_on_python
from dlxcli.cli import cli
from dlxcli.cli._run import RUN_DEFAULTS, split_options
from dlxcli.cli._signals import Terminated
from dlxcli.commands import PUZZLES, default_settings
from paths import CASES, SAMPLES
from processes import group_alive

QUEENS = CASES / "queens"
MATRIX = SAMPLES / "matrix"
SAMPLE_INPUTS = {
    "matrix": ["sample1.in", "sample2.in"], "pack": ["pentominoes-3x20.in"],
    "queens": ["sample1.in"],
    "samurai": ["seed003-problem1.grid21.in", "seed003-problem1.grids5.in"],
    "squiggly": ["sample.in"], "sudoku": ["hack3_selftest.in", "sample1.in"],
    "target-sudoku": ["sample1.in", "sample2.in"],
}
"""Official samples of each command (in puzzles/), answered at once by either twin."""


def samples(name):
    """The inputs of puzzles/NAME a plain run is tried on: SAMPLE_INPUTS's, else (a
    command without official samples) the first one there."""
    names = SAMPLE_INPUTS.get(name) or [sorted(SAMPLES.joinpath(name).glob("*.in"))[0].name]
    return [SAMPLES / name / sample for sample in names]


SLOW_FOLDERS_ON_PYTHON = {"queens", "target-sudoku"}
"""puzzles/ folders with an input that takes seconds on the pure-Python twin (n13.in,
t14_g20.in; tests/test_cases.py)."""
DLXCLI = [sys.executable, "-m", "dlxcli"]


def expected(path):
    return Path(path).read_text()


# -- one input ------------------------------------------------------------------------------

def test_stdin_answer_is_the_official_sample_byte_for_byte():
    result = run("queens", input=expected(SAMPLES / "queens/sample1.in"))
    assert result.exit_code == 0
    assert result.stdout == expected(SAMPLES / "queens/sample1.out")
    assert result.stderr == ""


@pytest.mark.parametrize("name", ["sudoku", "squiggly", "target-sudoku", "samurai"])
def test_a_byte_order_mark_is_ignored_in_files_and_on_stdin(name, tmp_path):
    sample = samples(name)[0]
    plain = run(name, sample)
    marked = tmp_path / sample.name
    marked.write_bytes(b"\xef\xbb\xbf" + sample.read_bytes())
    assert plain.exit_code == 0
    for result in (run(name, marked), run(name, input=marked.read_bytes())):
        assert (result.exit_code, result.stdout, result.stderr) == (0, plain.stdout, "")


def test_dash_reads_stdin():
    result = run("queens", "-", input="8\n")
    assert result.stdout == expected(QUEENS / "derived/n8.out")


def test_one_file_has_no_header():
    result = run("queens", QUEENS / "derived/n7.in")
    assert result.stdout == expected(QUEENS / "derived/n7.out")


def test_bad_input_is_one_line_on_stderr_and_status_2():
    result = run("queens", input="seven\n")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("dlxcli: <stdin>, line 1, column 1: expected the board size")


def test_missing_file_is_status_2_and_the_batch_goes_on(tmp_path):
    result = run("queens", tmp_path / "nope.in", SAMPLES / "queens/sample1.in")
    assert result.exit_code == 2
    assert "nope.in" in result.stderr
    assert result.stdout.endswith(expected(SAMPLES / "queens/sample1.out"))


# -- several inputs -------------------------------------------------------------------------

def test_several_inputs_are_answered_in_order_with_headers():
    first = QUEENS / "derived/n8.in"
    result = run("queens", first, SAMPLES / "queens/sample1.in")
    assert result.stdout == (f"==> {first} <==\n" + expected(QUEENS / "derived/n8.out")
                             + f"==> {SAMPLES / 'queens/sample1.in'} <==\n"
                             + expected(SAMPLES / "queens/sample1.out"))


def test_no_headers_concatenates_the_answers():
    result = run("queens", "--no-headers", QUEENS / "derived/n6.in", QUEENS / "derived/n7.in")
    assert result.stdout == (expected(QUEENS / "derived/n6.out")
                             + expected(QUEENS / "derived/n7.out"))


def test_headers_can_be_forced_for_one_input():
    result = run("queens", "--headers", QUEENS / "derived/n6.in")
    assert result.stdout.splitlines()[0] == f"==> {QUEENS / 'derived/n6.in'} <=="


def puzzle_folder(tmp_path, names=("n6", "n7", "n8")):
    for name in names:
        (tmp_path / f"{name}.in").write_text(expected(QUEENS / f"derived/{name}.in"))
        (tmp_path / f"{name}.out").write_text(expected(QUEENS / f"derived/{name}.out"))
    return tmp_path


def test_a_directory_means_its_puzzle_files_sorted(tmp_path):
    folder = puzzle_folder(tmp_path)
    (folder / "notes.ans").write_text("not an input\n")
    (folder / "sub").mkdir()
    (folder / "sub" / "n9.in").write_text("9\n")
    result = run("queens", "--no-headers", folder)
    assert result.exit_code == 0
    assert result.stdout == "".join(expected(QUEENS / f"derived/n{n}.out") for n in (6, 7, 8))


def test_recursive_takes_sub_directories(tmp_path):
    folder = puzzle_folder(tmp_path, ("n6",))
    (folder / "sub").mkdir()
    (folder / "sub" / "n9.txt").write_text("9\n")
    result = run("queens", "-r", folder)
    assert result.stdout == (f"==> {folder / 'n6.in'} <==\n" + expected(QUEENS / "derived/n6.out")
                             + f"==> {folder / 'sub' / 'n9.txt'} <==\n"
                             + expected(QUEENS / "derived/n9.out"))


def test_a_directory_without_puzzles_is_status_2(tmp_path):
    result = run("queens", tmp_path)
    assert result.exit_code == 2
    assert "no puzzle files" in result.stderr


@pytest.mark.parametrize("given", ["top", "locked"])
def test_a_folder_that_cannot_be_read_is_named_and_status_2(tmp_path, monkeypatch, given):
    """-r skipped a sub-folder it could not read without a word (its inputs neither
    answered nor reported, status 0), and one given by name was 'no puzzle files'
    (attack18c; root reads every folder, so the refusal is made here)."""
    folder = puzzle_folder(tmp_path, ("n6",))
    (folder / "locked").mkdir()
    (folder / "locked" / "n9.in").write_text("9\n")
    real = os.scandir

    def scandir(path):
        if os.path.basename(path) == "locked":
            raise PermissionError(13, "Permission denied", path)
        return real(path)
    monkeypatch.setattr(os, "scandir", scandir)
    result = run("queens", "-r", folder if given == "top" else folder / "locked")
    assert result.exit_code == 2
    assert result.stderr == (f"dlxcli: {folder / 'locked'}: expected a readable folder, "
                             "found Permission denied\n")
    answered = expected(QUEENS / "derived/n6.out") if given == "top" else ""
    assert result.stdout == answered


# -- formats --------------------------------------------------------------------------------

def test_json_is_one_document_per_input_with_the_documented_schema():
    result = run("queens", "--format", "json", QUEENS / "derived/n6.in", QUEENS / "derived/n8.in")
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["input"] for d in documents] == [str(QUEENS / "derived/n6.in"),
                                               str(QUEENS / "derived/n8.in")]
    first = documents[0]
    assert set(first) == {"schema", "input", "command", "verdict", "answer", "data", "stats",
                          "errors", "estimate"}
    assert first["estimate"] is None  # no --estimate
    assert first["schema"] == 1
    assert first["command"] == "queens" and first["verdict"] == "answered"
    assert first["answer"] == expected(QUEENS / "derived/n6.out")
    assert first["data"]["count"] == 4
    assert set(first["stats"]) == {"nodes", "updates", "solutions", "seconds", "mems", "learning",
                                   "memo"}
    assert first["stats"]["learning"] is None  # queens is all DLX
    assert first["stats"]["nodes"] > 0
    assert first["errors"] == []


def test_json_reports_an_error_as_a_verdict():
    result = run("queens", "--format", "json", input="0\n")
    document = json.loads(result.stdout)
    assert document["verdict"] == "error" and document["answer"] == ""
    assert "expected the board size" in document["errors"][0]
    assert result.exit_code == 2


def test_pretty_draws_each_listed_queens_placement_and_the_count():
    result = run("queens", "--format", "pretty", input="6\n")
    lines = result.stdout.splitlines()
    placements = expected(SAMPLES / "queens/sample1.out").splitlines()
    assert lines[0] == placements[0]
    assert lines[1] == "┌───┬───┬───┬───┬───┬───┐"
    assert lines[2] == "│ . │ Q │ . │ . │ . │ . │"   # 2 4 6 1 3 5: row 1, column 2
    assert lines[13] == "└───┴───┴───┴───┴───┴───┘"
    assert lines[14] == placements[1]
    assert lines[-1] == f"{placements[3]} placements"
    assert all(line == line.rstrip() for line in lines)


def test_pretty_falls_back_to_the_judge_text():
    result = run("matrix", "--format", "pretty", MATRIX / "sample1.in")
    assert result.stdout == "1 2 3\n"


# -- limits ---------------------------------------------------------------------------------

def test_timeout_gives_time_limit_and_status_3_and_the_batch_goes_on():
    result = run("queens", "--timeout", "0.05", "--no-headers", SAMPLES / "queens/n13.in",
                 SAMPLES / "queens/sample1.in")
    assert result.exit_code == 3
    assert "time limit" in result.stderr
    assert result.stdout == expected(SAMPLES / "queens/sample1.out")


def test_node_limit_is_status_3():
    result = run("queens", "--node-limit", "100", input="10\n")
    assert result.exit_code == 3
    assert "node limit" in result.stderr and result.stdout == ""


# -- progress -------------------------------------------------------------------------------

def test_forced_progress_leaves_stdout_alone_and_prints_a_summary_on_stderr(tmp_path):
    folder = puzzle_folder(tmp_path)
    result = run("queens", "--progress", "--no-headers", folder)
    assert result.stdout == "".join(expected(QUEENS / f"derived/n{n}.out") for n in (6, 7, 8))
    assert result.stderr.count("answered") == 3          # the summary table


def test_no_progress_is_silent():
    result = run("queens", "--no-progress", SAMPLES / "queens/sample1.in", QUEENS / "derived/n6.in")
    assert result.stderr == ""


# -- real processes -------------------------------------------------------------------------

def test_pipe_stdout_is_byte_exact_and_stderr_separate():
    done = subprocess.run(DLXCLI + ["matrix"], input=expected(MATRIX / "sample2.in").encode(),
                          capture_output=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout == b"No Solution!\n"
    assert done.stderr == b""


def test_pipe_bad_input_exit_2_and_nothing_on_stdout():
    done = subprocess.run(DLXCLI + ["matrix"], input=b"2 2\n1 x\n", capture_output=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode().startswith("dlxcli: <stdin>, line 2, column 3:")
    assert b"Traceback" not in done.stderr


def test_batch_with_forced_progress_keeps_stdout_byte_exact(tmp_path):
    folder = puzzle_folder(tmp_path)
    done = subprocess.run(DLXCLI + ["queens", "--progress", "--no-headers", str(folder)],
                          capture_output=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout == "".join(expected(QUEENS / f"derived/n{n}.out")
                                  for n in (6, 7, 8)).encode()
    assert done.stderr.count(b"answered") == 3


LAUNCHER = "import sys; from dlxcli.cli import main; sys.exit(main())"
"""What pip (25.0 on) writes as the `dlxcli` console script, minus the .exe suffix fix."""
SLOW_IMPORTS = {"click", "rich", "re", "enum", "functools", "collections", "contextlib",
                "signal", "inspect", "typing", "dataclasses", "tempfile", "multiprocessing"}
"""Modules a judge-style run must not import: each costs 1 to 30 ms of start-up, and the
run itself takes about 15 ms (docs/performance.md, "Start-up")."""


def _imported(argv, data):
    """(the run, the top-level modules it imported beyond a bare `python -c pass`)."""
    def names(stderr):
        return {line.split("|")[-1].strip().split(".")[0]
                for line in stderr.decode().splitlines() if line.startswith("import time:")}
    bare = subprocess.run([sys.executable, "-X", "importtime", "-c", "pass"],
                          capture_output=True, timeout=60)
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", LAUNCHER, *argv],
                          input=data, capture_output=True, timeout=60)
    return done, names(done.stderr) - names(bare.stderr)


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_plain_run_imports_nothing_slow(name):
    sample = samples(name)[0]
    done, modules = _imported([name], sample.read_bytes())
    assert done.returncode == 0 and done.stdout.strip()
    assert "dlxcli" in modules
    assert not modules & SLOW_IMPORTS


@pytest.mark.parametrize("argv", [["--version"], ["-V"]])
def test_the_version_imports_nothing_slow(argv):
    """`dlxcli --version` is answered before click is imported: as quick as a plain run."""
    done, modules = _imported(argv, b"")
    assert done.returncode == 0
    assert done.stdout.decode().startswith("dlxcli ") and "twin)" in done.stdout.decode()
    assert not modules & SLOW_IMPORTS


def test_a_quick_run_on_a_terminal_does_not_import_rich():
    """stderr on a terminal: the progress display would start after half a second."""
    import pty
    controller, terminal = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-X", "importtime", "-m", "dlxcli", "queens",
                               "--timeout", "60"], input=b"6\n", stdout=subprocess.PIPE,
                              stderr=terminal, timeout=60)
        os.close(terminal)
        seen = _read_all(controller)
    finally:
        os.close(controller)
    assert done.returncode == 0
    assert done.stdout == expected(SAMPLES / "queens/sample1.out").encode()
    assert b"dlxcli.cli._run" in seen
    assert b" rich" not in seen


def _read_all(fd):
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the terminal's other end is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_plain_run_uses_the_commands_own_defaults(name):
    """`dlxcli NAME` without options skips click: it must do what click would."""
    params = cli.get_command(None, name).make_context(name, []).params
    runner, settings = split_options(params)
    assert runner == RUN_DEFAULTS
    assert settings == default_settings(name)


def _plain_run_inputs():
    for name in sorted(PUZZLES):
        for path in samples(name):
            yield name, path.read_bytes(), []
        yield name, b"1 2 x\n", []
        yield name, b"", []
        yield name, b"", [str(samples(name)[0]), "-", "no-such-file.in"]
        folder = (name, b"", [str(SAMPLES / name)])
        yield slow_on_python(*folder) if name in SLOW_FOLDERS_ON_PYTHON else folder


@pytest.mark.any_twin  # two paths to the same search
@pytest.mark.parametrize("name, data, paths", list(_plain_run_inputs()))
def test_a_plain_run_answers_as_the_click_path_does(name, data, paths):
    """The same command line without click and through it (forced by giving an option
    its default value)."""
    plain, clicked = (subprocess.run(DLXCLI + [name, *extra, *paths], input=data,
                                     capture_output=True, timeout=60)
                      for extra in ([], ["--format", "judge"]))
    assert (plain.returncode, plain.stdout, plain.stderr) == (
        clicked.returncode, clicked.stdout, clicked.stderr)


def test_a_plain_run_into_a_closed_pipe_ends_quietly():
    """stdout a pipe whose reader has gone (`| true`): the answer's write fails with
    EPIPE, and the run ends without a traceback, status 1, as through click."""
    done = subprocess.run(f"{sys.executable} -m dlxcli queens | true; "
                          "echo ${PIPESTATUS[0]}", shell=True, executable="/bin/bash",
                          input=b"8\n", capture_output=True, timeout=60)
    assert done.stdout == b"1\n"
    assert done.stderr == b""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_exits_130_cleanly_without_orphans(tmp_path, jobs):
    folder = tmp_path / "in"
    folder.mkdir()
    for k in range(4):
        (folder / f"q{k}.in").write_text("16\n")
    out = tmp_path / "out"
    process = subprocess.Popen(DLXCLI + ["queens", "--jobs", jobs, "--out", str(out),
                                         str(folder)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    time.sleep(1.5)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert stderr.decode().strip().endswith("dlxcli: interrupted")
    assert b"Traceback" not in stderr
    assert stdout == b""
    assert not out.exists() or list(out.iterdir()) == []
    time.sleep(0.2)
    assert group_alive(process.pid) == []


def test_a_run_started_with_ctrl_c_ignored_keeps_ignoring_it():
    """`nohup dlxcli ...` or a background job of a script: Ctrl-C is ignored when the run
    starts, and stays ignored (the convention every Unix tool follows). Ctrl-C comes
    while the run waits for its input; then the run answers in full (92 solutions of
    8 queens, OEIS A000170)."""
    def ignore_ctrl_c():
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    process = subprocess.Popen(DLXCLI + ["queens"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=ignore_ctrl_c)
    time.sleep(1.0)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(b"8\n", timeout=60)
    assert (process.returncode, stderr) == (0, b"")
    assert stdout.decode().splitlines()[-1] == "92"


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_registered_command_is_its_puzzle_module(name):
    """One registry line makes a command: the group builds it from the module's
    Command, with two or three examples and solve_text's own defaults."""
    from dlxcli.commands import puzzle_module
    module = puzzle_module(name)
    assert 2 <= len(module.COMMAND.examples) <= 3
    assert "budget" in module.solve_text.__kwdefaults__
    assert name in cli.list_commands(None)
    command = cli.get_command(None, name)
    assert command.short_help == module.COMMAND.summary
    declared = {option.setting for option in module.COMMAND.options}
    assert declared <= set(default_settings(name))


def test_the_group_lists_the_registry_and_the_tools():
    from dlxcli.cli.group import TOOLS
    assert cli.list_commands(None) == sorted([*PUZZLES, *TOOLS])
    assert cli.get_command(None, "no-such-command") is None


def test_a_signal_as_the_finished_run_starts_ignoring_signals_keeps_its_status(monkeypatch):
    """A Ctrl-C that lands just as `main` ignores the ending signals (Python raises it at
    that call, after the run's own handling) is dropped: no traceback, the run's status
    stands, and the signals end up ignored (CI caught this once in 40 random Ctrl-Cs)."""
    import dlxcli.cli as entry
    calls = []

    def landing_once():
        calls.append(len(calls))
        if len(calls) == 1:
            raise KeyboardInterrupt
        return {}

    monkeypatch.setattr(entry, "_dispatch", lambda args: sys.exit(0))
    monkeypatch.setattr(entry, "ignore_ending", landing_once)
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == 0
    assert calls == [0, 1]


@pytest.mark.parametrize("interrupt, status, message", [
    (KeyboardInterrupt(), 130, "dlxcli: interrupted\n"),
    (Terminated(signal.SIGTERM), 143, "dlxcli: terminated\n")])
def test_a_signal_outside_the_run_as_click_works_ends_like_the_run(monkeypatch, capsys,
                                                                    interrupt, status, message):
    """An ending signal that lands while click parses the command line (or after the run,
    before click returns) ends with the run's message and status, not click's "Aborted!"
    and status 1 (CI caught this once in 40 random Ctrl-Cs)."""
    import dlxcli.cli as entry

    def landing(ctx):
        raise interrupt

    monkeypatch.setattr(cli, "invoke", landing)
    monkeypatch.setattr(entry, "ignore_ending", lambda: {})
    monkeypatch.setattr(sys, "argv", ["dlxcli", "queens", "--timeout", "5"])
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == status
    assert capsys.readouterr().err.endswith(message)


@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_or_sighup_as_click_parses_the_command_line_says_its_line(signum, status):
    """A real SIGTERM or SIGHUP that lands once the command line has started, before the
    run's own handlers (while click is imported or parses, the input is read): the
    run's one line and status; it killed the run without a word (attack16)."""
    script = textwrap.dedent(f"""
        import os, sys, time
        import dlxcli.cli as entry
        from dlxcli.cli.group import cli

        def landing(ctx):
            os.kill(os.getpid(), {int(signum)})
            time.sleep(5)

        cli.invoke = landing
        sys.argv = ["dlxcli", "queens", "--timeout", "5"]
        entry.main()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (status, "dlxcli: terminated\n", "")


def test_a_run_started_with_sighup_ignored_keeps_ignoring_it_from_the_start():
    """`nohup dlxcli ...`: SIGHUP ignored when the run starts stays ignored from the first
    moment of the command line (not taken over early either); the run answers."""
    script = textwrap.dedent("""
        import os, signal, sys
        import dlxcli.cli as entry
        from dlxcli.cli.group import cli
        invoke = cli.invoke

        def landing(ctx):
            os.kill(os.getpid(), signal.SIGHUP)
            return invoke(ctx)

        cli.invoke = landing
        sys.argv = ["dlxcli", "queens"]
        entry.main()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          input="8\n", timeout=60,
                          preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[-1] == "92"


def test_ctrl_c_as_click_parses_the_command_line_says_one_line_only():
    """A real SIGINT that lands while click parses (before the run's own handlers): the
    run's one line and status 130, without the blank line click writes before its
    "Aborted!" (it closes a terminal's ^C echo, which dlxcli's message does not need)."""
    script = textwrap.dedent("""
        import os, signal, sys, time
        import dlxcli.cli as entry
        from dlxcli.cli.group import cli

        def landing(ctx):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)

        cli.invoke = landing
        sys.argv = ["dlxcli", "queens", "--timeout", "5"]
        entry.main()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                                       signal.SIG_DFL))
    assert (done.returncode, done.stderr, done.stdout) == (130, "dlxcli: interrupted\n", "")


def test_a_signal_sent_again_as_the_block_closes_is_never_raised_after_it(monkeypatch):
    """`redelivered`'s thread may have decided to send a dropped signal again just as the
    block closes: close waits for it to stop, so the signal reaches the block's handler
    (which drops it), never the handler restored after the block (a KeyboardInterrupt
    out of the run's ending; a loaded CI machine once had the thread outlast a 1 s wait)."""
    from dlxcli.cli import _signals

    sending = threading.Event()
    real_kill = _signals._signal.pthread_kill

    def slow_kill(thread, signum):
        sending.set()
        time.sleep(1.5)
        real_kill(thread, signum)

    class Dropped:
        exc_value = KeyboardInterrupt()

    monkeypatch.setattr(_signals._signal, "pthread_kill", slow_kill)
    block = _signals.redelivered().__enter__()
    previous = signal.signal(signal.SIGINT, block.handler)
    try:
        block._hook(Dropped())
        assert sending.wait(10)
        block.close()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        time.sleep(2)  # a signal still on its way would be raised here
    finally:
        signal.signal(signal.SIGINT, previous)
    assert block.pending == signal.SIGINT
