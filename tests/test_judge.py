"""`dlxcli judge` on folders made here: every verdict, the P4929 special judge, the
command found from the folder, --command, NAME.args, the summary and the exit status.

Expected answers are the official samples (tests/cases/) or deliberately
broken copies of them.
"""

import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cli import runner
from dlxcli.puzzles import compare_lines, judge_lines
from paths import CASES, SAMPLES


run = runner("judge")


def case(folder, name, source, answer=None, suffix=".out"):
    """Copy an official input into folder/NAME.in, with `answer` (default: the official
    answer) as NAME.out."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, folder / f"{name}.in")
    text = Path(source).with_suffix(".out").read_text() if answer is None else answer
    if text is not False:
        (folder / f"{name}{suffix}").write_text(text)
    return folder / f"{name}.in"


def verdict_lines(result):
    return [re.sub(r" \(\d+\.\d{3} s, \d+ nodes\)$", "", line)
            for line in result.stdout.splitlines()]


def judged(*args):
    """(exit status, verdict lines) of `dlxcli judge ARGS`."""
    result = run(*args)
    return result.exit_code, verdict_lines(result)


def test_accepted_everywhere_is_status_0(tmp_path):
    case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in")
    case(tmp_path / "matrix", "none", SAMPLES / "matrix/sample2.in", suffix=".ans")
    assert judged(tmp_path) == (0, [f"{tmp_path}/matrix/none.in: accepted",
                                    f"{tmp_path}/queens/six.in: accepted",
                                    "2 inputs: 2 accepted"])


def test_p4929_accepts_any_order_of_the_cover(tmp_path):
    # The official sample answer is "2 1 3"; dlxcli prints "1 2 3".
    path = case(tmp_path / "matrix", "s1", SAMPLES / "matrix/sample1.in",
                answer=(CASES / "matrix/sample1.out").read_text())
    assert (tmp_path / "matrix/s1.out").read_text() == "2 1 3\n"
    assert verdict_lines(run(path))[0].endswith(": accepted")


def test_p4929_rejects_a_wrong_cover(tmp_path):
    path = case(tmp_path / "matrix", "s1", SAMPLES / "matrix/sample1.in", answer="No Solution!\n")
    result = run(path)
    assert result.exit_code == 1
    assert verdict_lines(result)[0] == (f"{path}: wrong answer: line 1: expected "
                                        "'No Solution!', found '1 2 3'")


def test_knuth_format_is_checked_as_a_cover(tmp_path):
    folder = tmp_path / "matrix"
    folder.mkdir()
    path = folder / "k.in"
    path.write_text("a b c | x\na x\nb c\na b\nc x\n")
    (folder / "k.args").write_text("--input-format knuth\n")
    (folder / "k.out").write_text("b c\na x\n")   # another order than dlxcli's
    assert verdict_lines(run(path))[0] == f"{path}: accepted"


def test_wrong_answer_names_the_first_differing_line(tmp_path):
    official = (SAMPLES / "queens/sample1.out").read_text()
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in",
                answer=official.replace("3 6 2 5 1 4", "3 6 2 5 1 5"))
    assert judged(path) == (1, [
        f"{path}: wrong answer: line 2: expected '3 6 2 5 1 5', found '3 6 2 5 1 4'",
        "1 input: 1 wrong answer"])


def test_trailing_spaces_and_final_newlines_are_ignored(tmp_path):
    official = (SAMPLES / "queens/sample1.out").read_text()
    padded = official.replace("\n", "  \n") + "\n\n"
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in", answer=padded)
    assert verdict_lines(run(path))[0] == f"{path}: accepted"


def test_a_missing_line_is_a_wrong_answer():
    assert compare_lines("", "1\n2\n", "1\n") == "line 2: expected '2', found end of output"
    assert compare_lines("", "1\n", "1\n2\n") == "line 2: expected end of output, found '2'"
    assert judge_lines("a \r\nb\n\n") == ["a", "b"]


def test_a_command_without_a_check_of_its_own_is_judged_line_by_line():
    """The check comes from the puzzle module (matrix has one); a module without the
    hook, as every module of the contract before it, gets the line comparison."""
    from dlxcli.commands import checker
    from dlxcli.puzzles import matrix
    assert checker("matrix") is matrix.check
    assert checker("queens") is compare_lines
    # P4929 sample 1: rows 2 1 3 are its cover, in any order; rows 2 1 are not one
    sample = (SAMPLES / "matrix/sample1.in").read_text()
    expected = (CASES / "matrix/sample1.out").read_text()
    assert checker("matrix")(sample, expected, "3 2 1\n", input_format="auto",
                             query="first") is None
    assert checker("matrix")(sample, expected, "2 1\n", input_format="auto",
                             query="first") is not None
    assert checker("matrix")(sample, expected, "3 2 1\n", query="all") is not None


def test_bad_input_is_an_error_verdict(tmp_path):
    folder = tmp_path / "queens"
    path = case(folder, "bad", SAMPLES / "queens/sample1.in")
    path.write_text("six\n")
    result = run(folder)
    assert result.exit_code == 1
    assert verdict_lines(result)[0].startswith(f"{path}: error: {path}, line 1, column 1: expected")


def test_missing_expected_file_is_an_error(tmp_path):
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in", answer=False)
    assert "no expected answer" in verdict_lines(run(path))[0]


def test_time_limit_verdict(tmp_path):
    folder = tmp_path / "queens"
    case(folder, "big", SAMPLES / "queens/n13.in")
    case(folder, "six", SAMPLES / "queens/sample1.in")
    assert judged("--timeout", "0.05", folder) == (1, [f"{folder}/big.in: time limit",
                                                       f"{folder}/six.in: accepted",
                                                       "2 inputs: 1 time limit, 1 accepted"])


def test_node_limit_verdict(tmp_path):
    path = case(tmp_path / "queens", "n10", CASES / "queens/derived/n10.in")
    assert verdict_lines(run("--node-limit", "50", path))[0] == f"{path}: node limit"


def test_command_option_overrides_the_folder(tmp_path):
    path = case(tmp_path / "anywhere", "six", SAMPLES / "queens/sample1.in")
    assert "no command for this input" in verdict_lines(run(path))[0]
    assert verdict_lines(run("--command", "queens", path))[0] == f"{path}: accepted"


def test_a_bad_args_file_is_an_error(tmp_path):
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in")
    (tmp_path / "queens/six.args").write_text("--no-such-option\n")
    assert "No such option" in verdict_lines(run(path))[0]


def test_jobs_2_gives_the_same_verdicts(tmp_path):
    for n in (6, 7, 8, 9):
        case(tmp_path / "queens", f"n{n}", CASES / f"queens/derived/n{n}.in")
    one, two = run("--jobs", "1", tmp_path), run("--jobs", "2", tmp_path)
    assert verdict_lines(one) == verdict_lines(two)
    assert verdict_lines(two)[-1] == "4 inputs: 4 accepted"


def test_the_bundled_puzzles_folder_is_judged_in_a_real_process():
    puzzles = Path(__file__).parent.parent / "puzzles" / "matrix"
    done = subprocess.run([sys.executable, "-m", "dlxcli", "judge", "--progress", str(puzzles)],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stdout
    assert done.stdout.decode().splitlines()[-1].endswith("accepted")


@pytest.mark.parametrize("eager", ["--help", "--version", "-h"])
def test_an_eager_option_in_an_args_file_costs_only_its_own_input(tmp_path, eager):
    """click acts on --help as soon as it meets it (prints the help and ends the run);
    in a NAME.args it is one more option queens does not take."""
    folder = tmp_path / "queens"
    case(folder, "a", SAMPLES / "queens/sample1.in")
    case(folder, "b", SAMPLES / "queens/sample1.in")
    case(folder, "c", CASES / "queens/derived/n7.in", answer=(SAMPLES / "queens/sample1.out")
         .read_text())
    (folder / "b.args").write_text(f"{eager}\n")
    status, lines = judged(tmp_path)
    assert status == 1
    assert lines[0] == f"{folder}/a.in: accepted"
    assert lines[1].startswith(f"{folder}/b.in: error: {folder}/b.args: No such option "
                               f"'{eager}'")
    assert lines[2].startswith(f"{folder}/c.in: wrong answer: line 1: ")
    assert lines[3:] == ["3 inputs: 1 accepted, 1 error, 1 wrong answer"]


def judged_in_a_process(*args):
    """(exit status, verdict lines) of `dlxcli judge ARGS` in a real process that must
    end within a minute (a run that waits for ever fails the test, not the suite)."""
    done = subprocess.run([sys.executable, "-m", "dlxcli", "judge", *map(str, args)],
                          capture_output=True, timeout=60)
    assert done.stderr == b""
    return done.returncode, [re.sub(r" \(\d+\.\d{3} s, \d+ nodes\)$", "", line)
                             for line in done.stdout.decode().splitlines()]


def test_an_args_file_that_is_no_regular_file_or_too_big_is_refused(tmp_path):
    """Read before any input is solved: a FIFO used to hang the run, /dev/zero to fill
    memory; each is its own input's error verdict, the others are judged."""
    folder = tmp_path / "queens"
    for name in ("device", "fifo", "folder", "good", "huge"):
        case(folder, name, SAMPLES / "queens/sample1.in")
    (folder / "device.args").symlink_to("/dev/zero")
    os.mkfifo(folder / "fifo.args")
    (folder / "folder.args").mkdir()
    (folder / "good.args").write_text(" " * (16 * 1024 - 1) + "\n")  # 16 KiB: the most
    (folder / "huge.args").write_text(" " * 16 * 1024 + "\n")
    assert judged_in_a_process(folder) == (1, [
        f"{folder}/device.in: error: {folder}/device.args: expected options in a regular "
        "file, found a device",
        f"{folder}/fifo.in: error: {folder}/fifo.args: expected options in a regular file, "
        "found a FIFO",
        f"{folder}/folder.in: error: {folder}/folder.args: expected options in a regular "
        "file, found a folder",
        f"{folder}/good.in: accepted",
        f"{folder}/huge.in: error: {folder}/huge.args: expected options of at most 16 KiB, "
        "found more",
        "5 inputs: 4 errors, 1 accepted"])


def test_the_matrix_check_reads_the_input_that_was_solved_not_the_file_again(tmp_path):
    """A FIFO input is read once, by the solve: the special judge checks the cover
    against that text (a second read of the FIFO waited for a writer for ever)."""
    folder = tmp_path / "matrix"
    folder.mkdir()
    fifo = folder / "f.in"
    os.mkfifo(fifo)
    shutil.copy(CASES / "matrix/sample1.out", folder / "f.out")
    text = (SAMPLES / "matrix/sample1.in").read_text()
    writer = threading.Thread(target=fifo.write_text, args=(text,), daemon=True)
    writer.start()
    assert judged_in_a_process("--timeout", "30", folder) == (
        0, [f"{fifo}: accepted", "1 input: 1 accepted"])
    writer.join()


def test_a_wrong_answer_shows_at_most_200_characters_of_each_line(tmp_path):
    """A verdict stays one short line: a line of 20,000 characters is cut to 197 and
    '...' (as a long token is in an input error)."""
    long_line = "0" * 20_000
    assert compare_lines("", long_line + "\n", "1\n") == (
        f"line 1: expected '{'0' * 197}...', found '1'")
    assert compare_lines("", "1\n", "2\n" + long_line + "\n") == (
        "line 1: expected '1', found '2'")
    assert compare_lines("", "1\n", "1\n" + long_line) == (
        f"line 2: expected end of output, found '{'0' * 197}...'")
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in",
                answer=long_line + "\n")
    assert judged(path) == (1, [f"{path}: wrong answer: line 1: expected '{'0' * 197}...', "
                                "found '2 4 6 1 3 5'", "1 input: 1 wrong answer"])


def test_an_expected_file_over_256_mib_is_an_error_verdict_naming_it(tmp_path):
    """Capped as an input is, and refused by its size before it is read (a sparse
    file of 1.5 GB used to take 18 GB of memory)."""
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in")
    case(tmp_path / "queens", "ok", SAMPLES / "queens/sample1.in")
    expected = tmp_path / "queens/six.out"
    with open(expected, "r+b") as handle:
        handle.truncate(256 * 2 ** 20 + 1)
    assert judged(tmp_path) == (1, [
        f"{tmp_path}/queens/ok.in: accepted",
        f"{path}: error: {expected}: expected an answer of at most 256 MiB, found more",
        "2 inputs: 1 accepted, 1 error"])


def test_an_args_file_given_as_a_path_is_refused_as_an_expected_answer_is(tmp_path):
    path = case(tmp_path / "matrix", "k4", SAMPLES / "matrix/graceful-k4.in")
    args = tmp_path / "matrix/k4.args"
    shutil.copy(SAMPLES / "matrix/graceful-k4.args", args)
    assert judged(args, path) == (1, [
        f"{args}: error: {args}: an input's options, not an input (judge the input beside "
        "it)", f"{path}: accepted", "2 inputs: 1 error, 1 accepted"])


@pytest.mark.parametrize("written, flag", [("-v", "--verbose"), ("--verbose --verbose",
                                                                 "--verbose"),
                                           ("-q", "--quiet"), ("-v -q", "--quiet")])
def test_a_verbosity_option_in_an_args_file_is_named_as_written(tmp_path, written, flag):
    """-v and -q set one setting: the refusal names the flag that gave it its value."""
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in")
    (tmp_path / "queens/six.args").write_text(written + "\n")
    assert verdict_lines(run(path))[0] == (
        f"{path}: error: {tmp_path}/queens/six.args: only queens's own options belong here, "
        f"not {flag} (give those to judge itself)")


def test_a_folder_without_inputs_beside_others_is_exit_status_2(tmp_path):
    """As for the solving commands: the others are judged, the folder is named."""
    (tmp_path / "empty").mkdir()
    path = case(tmp_path / "queens", "six", SAMPLES / "queens/sample1.in")
    result = run(tmp_path / "empty", path)
    assert (result.exit_code, verdict_lines(result)) == (
        2, [f"{path}: accepted", "1 input: 1 accepted"])
    assert result.stderr == (f"dlxcli: {tmp_path}/empty: no puzzle files (*.in, *.txt, "
                             "*.dlx)\n")
