"""Checkpoints of a split search against hostile files and runs (issue 20, section 2):
never a wrong total, never lost work, never someone else's file.

Layer: tests. Totals come from OEIS A000170 (n-queens, test_parallel.QUEENS) or from
the same search without a checkpoint; the command line runs in a subprocess.
"""

import fcntl
import json
import os
import resource
import signal
import subprocess
import sys
import time

import pytest

from dlxcli.exact_cover import Budget, ExactCover
from dlxcli.parallel import CheckpointError, Split
from conftest import slow_on_python
from paths import SAMPLES
from test_parallel import QUEENS, queens_definition, weighted_queens

DLXCLI = [sys.executable, "-m", "dlxcli"]


def dlxcli(*args, input=None, preexec_fn=None, timeout=120, cwd=None):
    env = {**os.environ, "DLXCLI_SPLIT_PROBE": "0"}
    return subprocess.run(DLXCLI + [str(a) for a in args], input=input, env=env,
                          capture_output=True, timeout=timeout, preexec_fn=preexec_fn,
                          cwd=cwd)


def one_line(done, *words):
    """The run failed with status 2 and one line on stderr holding each of `words`."""
    err = done.stderr.decode()
    assert (done.returncode, done.stdout, err.count("\n")) == (2, b"", 1), err
    assert "Traceback" not in err and all(word in err for word in words), err


def checkpointed(path):
    return Budget(split=Split(jobs=1, checkpoint=path, probe=0.0))


def queens_count(path, n=8):
    return ExactCover(*queens_definition(n)).count(budget=checkpointed(path))


def memory_capped():
    """A child's address space capped at 2 GB: the old code read /dev/zero into memory."""
    resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000, 2_000_000_000))


def forged(path, line, **fields):
    """The checkpoint at `path` with fields of its line `line` (1: the header)
    replaced by raw JSON texts; returns the new bytes."""
    lines = path.read_bytes().splitlines(keepends=True)
    entry = json.loads(lines[line - 1])
    text = json.dumps(entry, separators=(",", ":"))
    for name, raw in fields.items():
        old = f'"{name}":' + json.dumps(entry[name], separators=(",", ":"))
        assert old in text
        text = text.replace(old, f'"{name}":{raw}', 1)
    lines[line - 1] = text.encode() + b"\n"
    path.write_bytes(b"".join(lines))
    return path.read_bytes()


# -- files that are not checkpoints are refused untouched -----------------------------------

@pytest.mark.parametrize("content", [b"13", b"abc", b"8 0 0\n0 0", b"{\"dlxcli\":\"x\"}\n",
                                     b"\x00" * 5000])
def test_a_file_that_is_not_a_checkpoint_is_refused_as_it_is(tmp_path, content):
    path = tmp_path / "not.ckpt"
    path.write_bytes(content)
    one_line(dlxcli("queens", "--checkpoint", path, input=b"8\n"), str(path))
    assert path.read_bytes() == content


def test_the_input_itself_given_as_the_checkpoint_is_left_as_it_was(tmp_path):
    path = tmp_path / "q.in"
    path.write_bytes(b"9")  # no final newline
    one_line(dlxcli("queens", "--checkpoint", path, path), str(path))
    assert path.read_bytes() == b"9"


def test_an_empty_file_is_a_new_checkpoint(tmp_path):
    path = tmp_path / "placeholder.ckpt"
    path.write_bytes(b"")
    assert dlxcli("queens", "--checkpoint", path, input=b"8\n").stdout.endswith(b"\n92\n")
    assert json.loads(path.read_bytes().splitlines()[0])["dlxcli"] == "checkpoint"


def test_a_checkpoint_cut_inside_its_header_starts_afresh(tmp_path):
    path = tmp_path / "q.ckpt"
    assert queens_count(path) == QUEENS[8]
    path.write_bytes(path.read_bytes()[:30])
    assert queens_count(path) == QUEENS[8]


# -- every field of every line is checked ----------------------------------------------------

@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-1", "2.5", "\"3\"", "true", "null",
                                 "[]", "{}", "1e400"])
def test_a_subtotal_that_is_not_a_count_is_refused(tmp_path, raw):
    path = tmp_path / "q.ckpt"
    queens_count(path)
    kept = forged(path, 2, value=raw)
    with pytest.raises(CheckpointError, match="line 2"):
        queens_count(path)
    assert path.read_bytes() == kept


def test_a_subtotal_other_than_its_lines_solutions_is_refused(tmp_path):
    """Valid JSON, a count, but not the line's own: a total off by one otherwise."""
    path = tmp_path / "q.ckpt"
    queens_count(path)
    value = json.loads(path.read_bytes().splitlines()[1])["value"]
    forged(path, 2, value=str(value + 1))
    with pytest.raises(CheckpointError, match="line 2: value"):
        queens_count(path)


@pytest.mark.parametrize("field, raw", [
    ("nodes", "-5"), ("nodes", "1.5"), ("updates", "\"x\""), ("solutions", "null"),
    ("mems", "true"), ("seconds", "-1"), ("seconds", "NaN"), ("seconds", "\"1\""),
    ("worker", "7"), ("subproblem", "-1"), ("subproblem", "99999"), ("subproblem", "0.0"),
    ("subproblem", "true"), ("prefix", "[1,2]"), ("prefix", "7"), ("prefix", "null"),
])
def test_a_field_of_the_wrong_type_or_range_is_refused(tmp_path, field, raw):
    path = tmp_path / "q.ckpt"
    queens_count(path)
    kept = forged(path, 3, **{field: raw})
    with pytest.raises(CheckpointError, match="line 3"):
        queens_count(path)
    assert path.read_bytes() == kept


@pytest.mark.parametrize("field, raw", [("version", "true"), ("version", "1.0"),
                                        ("min_open", "0"), ("min_open", "\"64\""),
                                        ("min_open", "1e9")])
def test_a_header_of_the_wrong_type_is_refused(tmp_path, field, raw):
    path = tmp_path / "q.ckpt"
    queens_count(path)
    kept = forged(path, 1, **{field: raw})
    with pytest.raises(CheckpointError):
        queens_count(path)
    assert path.read_bytes() == kept


@pytest.mark.parametrize("forge", [
    lambda solutions: [solutions[0][:-1] + [10 ** 6]] + solutions[1:],  # out of range
    lambda solutions: [list(reversed(solutions[0]))] + solutions[1:],  # not its prefix
    lambda solutions: [[str(o) for o in solutions[0]]] + solutions[1:],
    lambda solutions: solutions[1:] + [[0]],  # the right number, one not a solution
])
def test_a_listed_solution_that_is_not_one_of_the_subproblem_is_refused(tmp_path, forge):
    path = tmp_path / "all.ckpt"
    cover = ExactCover(*queens_definition(6))
    list(cover.solutions(budget=checkpointed(path)))
    lines = path.read_bytes().splitlines()
    number = next(k for k, line in enumerate(lines[1:], 2) if json.loads(line)["solutions"])
    solutions = json.loads(lines[number - 1])["value"]
    forged(path, number, value=json.dumps(forge(solutions), separators=(",", ":")))
    with pytest.raises(CheckpointError, match=f"line {number}"):
        list(cover.solutions(budget=checkpointed(path)))


def first_record_with_solutions(path):
    """(line number, its solutions) of the first record listing solutions longer than
    its prefix (so that dropping an option keeps the prefix)."""
    for number, line in enumerate(path.read_bytes().splitlines()[1:], 2):
        record = json.loads(line)
        if record["value"] and len(record["value"][0]) > len(record["prefix"]):
            return number, record["value"]
    raise AssertionError("no record lists a solution beyond its prefix")


@pytest.mark.parametrize("forge, message", [
    (lambda solutions: [solutions[0][:-1]] + solutions[1:], "not an exact cover"),
    (lambda solutions: [solutions[0] + [solutions[0][-1]]] + solutions[1:],
     "not an exact cover"),  # an option twice
    (lambda solutions: [solutions[0]] * len(solutions), "lists a solution twice"),
])
def test_a_listed_solution_that_is_no_exact_cover_or_listed_twice_is_refused(tmp_path, forge,
                                                                              message):
    """Issue 28, item 4: in range and starting with its prefix, a stored solution was
    taken even when it missed an option; now it must be an exact cover, listed once."""
    path = tmp_path / "all.ckpt"
    cover = ExactCover(*queens_definition(8))
    expected = list(cover.solutions(budget=checkpointed(path)))
    number, solutions = first_record_with_solutions(path)
    if len(solutions) == 1 and forge(solutions) == solutions:
        solutions = solutions * 2  # the third forge: the one solution twice
        forged(path, number, solutions="2")
    forged(path, number, value=json.dumps(forge(solutions), separators=(",", ":")))
    with pytest.raises(CheckpointError, match=f"line {number}: .*{message}"):
        list(cover.solutions(budget=checkpointed(path)))
    assert len(expected) == QUEENS[8]


def colored_problem(k=8):
    """k primary items and one secondary item S; two options for each primary item in
    each of the colors 1 and 2, holding S in that color: 2 * 2**k solutions, each
    sharing S among k options of one color."""
    options = [[i, k] for i in range(k) for _ in range(4)]
    colors = [[0, 1 + (j // 2) % 2] for j in range(4 * k)]
    return ExactCover(k, 1, options, None, colors)


def test_stored_solutions_sharing_a_colored_item_are_taken_and_mixed_colors_refused(tmp_path):
    path = tmp_path / "colors.ckpt"
    cover = colored_problem()
    plain = list(cover.solutions())
    assert len(plain) == 2 * 2 ** 8
    assert list(cover.solutions(budget=checkpointed(path))) == plain
    assert list(cover.solutions(budget=checkpointed(path))) == plain  # resumed, all checked
    number, solutions = first_record_with_solutions(path)
    last = solutions[0][-1]
    solutions[0][-1] = last ^ 2  # the same primary item, S in the other color
    forged(path, number, value=json.dumps(solutions, separators=(",", ":")))
    with pytest.raises(CheckpointError, match=f"line {number}: a solution is not an exact"):
        list(cover.solutions(budget=checkpointed(path)))


def test_a_best_solution_missing_an_option_is_refused_even_with_its_weight(tmp_path):
    path = tmp_path / "max.ckpt"
    cover = weighted_queens(8)
    best = cover.maximize(budget=checkpointed(path))
    weights = cover.definition[3]
    for number, line in enumerate(path.read_bytes().splitlines()[1:], 2):
        record = json.loads(line)
        if record["value"] and len(record["value"][1]) > len(record["prefix"]):
            break
    weight, solution = record["value"]
    forged(path, number, value=json.dumps([weight - weights[solution[-1]], solution[:-1]],
                                          separators=(",", ":")))
    with pytest.raises(CheckpointError, match=f"line {number}: a solution is not an exact"):
        cover.maximize(budget=checkpointed(path))
    forged(path, number, value=json.dumps([weight, solution], separators=(",", ":")))
    assert cover.maximize(budget=checkpointed(path)) == best


def test_a_count_beyond_the_nodes_or_on_a_solved_prefix_is_refused(tmp_path):
    """A count cannot be checked without searching again; what can be is: each
    solution is a node of the search, and a subproblem whose prefix is a solution has
    exactly that one (here 200 options each covering the one item: 200 such)."""
    path = tmp_path / "q.ckpt"
    assert queens_count(path) == QUEENS[8]
    record = json.loads(path.read_bytes().splitlines()[1])
    forged(path, 2, value=str(record["nodes"] + 1), solutions=str(record["nodes"] + 1))
    with pytest.raises(CheckpointError, match="line 2: solutions is more than nodes"):
        queens_count(path)
    path = tmp_path / "leaves.ckpt"
    cover = ExactCover(1, 0, [[0]] * 200)
    assert cover.count(budget=checkpointed(path)) == 200
    forged(path, 2, value="2", solutions="2", nodes="9")
    with pytest.raises(CheckpointError, match="line 2: value: the subproblem's prefix is a "
                                              "solution"):
        cover.count(budget=checkpointed(path))
    assert cover.count(budget=checkpointed(tmp_path / "again.ckpt")) == 200


def strip_of_dominoes(length):
    """The dominoes of a 2 x length strip: cells (r, c) are items 2c + r."""
    flat = [[2 * c + r, 2 * c + 2 + r] for c in range(length - 1) for r in (0, 1)]
    return ExactCover(2 * length, 0, flat + [[2 * c, 2 * c + 1] for c in range(length)])


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("length", [slow_on_python(34)])
def test_a_checkpoint_of_a_memoized_count_resumes(tmp_path, length):
    """The memo counts many solutions per node (docs/engine.md, "Counting with a
    memo"), so its records hold more solutions than nodes, with the memo's hits. Before:
    'line 2: solutions is more than nodes' on every resume of such a count. The 2 x n
    strip has F(n + 1) tilings. (Each subproblem's memo passes its trial of 4,096
    lookups first: seconds on the Python twin.)"""
    path = tmp_path / "strip.ckpt"
    assert strip_of_dominoes(length).count(budget=checkpointed(path)) == fibonacci(length + 1)
    assert strip_of_dominoes(length).count(budget=checkpointed(path)) == fibonacci(length + 1)
    record = json.loads(path.read_bytes().splitlines()[1])
    assert record["solutions"] > record["nodes"] and record["memo"][1] > 0
    forged(path, 2, memo="[0, 0, 0, 0]")
    with pytest.raises(CheckpointError, match="line 2: solutions is more than nodes"):
        strip_of_dominoes(length).count(budget=checkpointed(path))
    too_many = record["nodes"] + 1
    for raw in ("[1, 2, 0, 0]", "[1, 1, 0]", "null", "[1, 1, 0, -1]", "[1, 1, 0, 0, 2]",
                "[1, 1, 0, 0, 0, 0]", f"[{too_many}, {too_many}, 0, 0]"):
        forged(path, 2, memo=raw)
        with pytest.raises(CheckpointError, match="line 2: memo must be"):
            strip_of_dominoes(length).count(budget=checkpointed(path))


def test_a_checkpoint_written_before_the_memo_resumes(tmp_path):
    """Records without a `memo` field (dlxcli before the memo) are taken as they are."""
    path = tmp_path / "old.ckpt"
    assert queens_count(path) == QUEENS[8]
    lines = path.read_bytes().splitlines(keepends=True)
    records = [json.loads(line) for line in lines[1:]]
    for record in records:
        del record["memo"]
    path.write_bytes(lines[0] + b"".join(
        (json.dumps(record, separators=(",", ":")) + "\n").encode() for record in records))
    assert queens_count(path) == QUEENS[8]


def each_solution_less_its_last_option(path):
    """Issue 28's edit: every stored solution loses its last option (and its prefix
    stays whole: only records whose solutions go beyond it are edited)."""
    lines = path.read_bytes().splitlines(keepends=True)
    for k, line in enumerate(lines[1:], 1):
        record = json.loads(line)
        if record["value"] and len(record["value"][0]) > len(record["prefix"]):
            record["value"] = [solution[:-1] for solution in record["value"]]
            lines[k] = (json.dumps(record, separators=(",", ":")) + "\n").encode()
    path.write_bytes(b"".join(lines))


DOMINOES_6X6 = "board:\n" + "XXXXXX\n" * 6 + "piece d*18:\nXX\n"


@pytest.mark.parametrize("args, text", [
    (["sudoku", "--all"], "................\n"),
    (["pack", "--all"], DOMINOES_6X6),
])
def test_edited_solutions_on_the_command_line_are_refused_in_one_line(tmp_path, args, text):
    """Before: 288 rows of 15 digits for the empty 4x4, 969 packings for 930. (The
    packings are listed: a count of dominoes alone up to symmetry keeps a count in its
    checkpoint, not its solutions, since Burnside's lemma counts it.)"""
    path = tmp_path / "edited.ckpt"
    whole = dlxcli(*args, "-", input=text.encode())
    assert whole.returncode == 0
    first = dlxcli(*args, "--checkpoint", path, "-", input=text.encode())
    assert first.stdout == whole.stdout and first.returncode == 0
    each_solution_less_its_last_option(path)
    one_line(dlxcli(*args, "--checkpoint", path, "-", input=text.encode()), str(path),
             "a solution is not an exact cover")


def test_the_dominoes_of_6x6_count_6728_tilings_and_resume_to_the_same_count(tmp_path):
    """6728 domino tilings of the 6x6 square (OEIS A004003); up to symmetry, a resumed
    run answers what an uninterrupted one does."""
    tilings = dlxcli("pack", "--count", "--all-symmetries", "-", input=DOMINOES_6X6.encode())
    assert tilings.stdout == b"6728\n"
    plain = dlxcli("pack", "--count", "-", input=DOMINOES_6X6.encode())
    path = tmp_path / "d.ckpt"
    for _ in range(2):
        done = dlxcli("pack", "--count", "--checkpoint", path, "-",
                      input=DOMINOES_6X6.encode())
        assert (done.returncode, done.stdout, done.stderr) == (0, plain.stdout, b"")


def test_a_best_weight_other_than_its_solutions_is_refused(tmp_path):
    path = tmp_path / "max.ckpt"
    cover = weighted_queens(6)
    best = cover.maximize(budget=checkpointed(path))
    lines = path.read_bytes().splitlines()
    number = next(k for k, line in enumerate(lines[1:], 2) if json.loads(line)["value"])
    weight, solution = json.loads(lines[number - 1])["value"]
    forged(path, number, value=json.dumps([weight + 100, solution], separators=(",", ":")))
    with pytest.raises(CheckpointError, match=f"line {number}: value's weight"):
        cover.maximize(budget=checkpointed(path))
    forged(path, number, value=json.dumps([weight, solution], separators=(",", ":")))
    assert cover.maximize(budget=checkpointed(path)) == best


def test_nan_and_deep_nesting_are_one_line_on_the_command_line(tmp_path):
    path = tmp_path / "q.ckpt"
    assert dlxcli("queens", "--checkpoint", path, input=b"9\n").returncode == 0
    original = path.read_bytes()
    kept = forged(path, 2, value="NaN")
    one_line(dlxcli("queens", "--checkpoint", path, input=b"9\n"), str(path), "line 2")
    assert path.read_bytes() == kept
    for depth in (20_000, 100_000):  # within the longest line, and beyond it
        path.write_bytes(original)
        kept = forged(path, 2, value="[" * depth + "]" * depth)
        one_line(dlxcli("queens", "--checkpoint", path, input=b"9\n"), str(path), "line 2")
        assert path.read_bytes() == kept


def test_a_line_longer_than_any_checkpoint_line_is_refused_unread(tmp_path):
    path = tmp_path / "q.ckpt"
    queens_count(path)
    with open(path, "ab") as file:
        file.write(b'{"subproblem":' + b" " * 10_000_000)
    with pytest.raises(CheckpointError, match="longer than any"):
        queens_count(path)


# -- what cannot be a checkpoint, and files that cannot be written -------------------------

@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full", "/dev/null"])
def test_a_device_is_refused_at_once(tmp_path, device):
    link = tmp_path / "link.ckpt"
    link.symlink_to(device)
    for path in (device, link):
        one_line(dlxcli("queens", "--checkpoint", path, input=b"8\n",
                        preexec_fn=memory_capped, timeout=60), str(path), "regular file")


def test_a_fifo_is_refused_at_once(tmp_path):
    path = tmp_path / "fifo.ckpt"
    os.mkfifo(path)
    one_line(dlxcli("queens", "--checkpoint", path, input=b"8\n", timeout=60), str(path),
             "regular file")


def test_a_folder_given_as_the_checkpoint_is_refused(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "folder")
    for path in (tmp_path / "folder", tmp_path / "link"):
        done = dlxcli("queens", "--checkpoint", path, input=b"8\n")
        assert done.returncode == 2 and b"is a directory" in done.stderr
        assert b"Traceback" not in done.stderr


def test_an_empty_name_is_refused_not_ignored():
    done = dlxcli("queens", "--checkpoint", "", input=b"8\n")
    assert done.returncode == 2 and done.stdout == b"" and b"--checkpoint" in done.stderr


def test_a_missing_folder_is_one_line_naming_the_file(tmp_path):
    path = tmp_path / "missing" / "q.ckpt"
    one_line(dlxcli("queens", "--checkpoint", path, input=b"8\n"), str(path), "cannot open")


def assert_whole_lines(path):
    """The file ends with a whole line, each a JSON object: a failed write (a full
    disk, a file size limit) left the start of its line, torn, until the next run cut
    it off (attack10)."""
    text = path.read_text()
    assert text.endswith("\n")
    assert all(isinstance(json.loads(line), dict) for line in text.splitlines())


def test_a_file_size_limit_is_one_line_and_the_work_is_kept(tmp_path):
    """`ulimit -f`: the write fails with EFBIG (Python ignores SIGXFSZ); the lines
    written before stay, and the same command without the limit gives the total."""
    path = tmp_path / "q.ckpt"

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    one_line(dlxcli("queens", "--checkpoint", path, input=b"10\n", preexec_fn=small_files),
             str(path), "cannot write")
    assert 0 < os.path.getsize(path) <= 4096
    assert_whole_lines(path)
    again = dlxcli("queens", "--checkpoint", path, input=b"10\n")
    assert again.returncode == 0 and again.stdout.endswith(f"\n{QUEENS[10]}\n".encode())


# -- one run at a time -----------------------------------------------------------------------

def test_a_checkpoint_another_run_holds_is_refused_untouched(tmp_path):
    path = tmp_path / "q.ckpt"
    queens_count(path)
    kept = path.read_bytes()
    with open(path, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        one_line(dlxcli("queens", "--checkpoint", path, input=b"8\n"), str(path),
                 "another dlxcli run is using this checkpoint")
    assert path.read_bytes() == kept


def test_two_runs_at_once_one_refused_the_total_kept(tmp_path, request):
    """A real second run while the first writes: refused; the first finishes, and its
    file gives the whole total to a third run."""
    from dlxcli import engine
    n = 14 if engine.ENGINE == "c" else 12  # a second or two
    path = tmp_path / "q.ckpt"
    env = {**os.environ, "DLXCLI_SPLIT_PROBE": "0"}
    first = subprocess.Popen(DLXCLI + ["queens", "--checkpoint", str(path)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
    request.addfinalizer(lambda: first.poll() is None and first.kill())
    first.stdin.write(f"{n}\n".encode())
    first.stdin.close()
    deadline = time.monotonic() + 60
    while (not path.exists() or path.read_bytes().count(b"\n") < 2) \
            and time.monotonic() < deadline:
        time.sleep(0.005)
    second = dlxcli("queens", "--checkpoint", path, input=f"{n}\n".encode())
    first.wait(timeout=120)
    out = first.stdout.read()
    if first.returncode == 0 and second.returncode == 0:
        pytest.skip("the first run ended before the second began (machine too fast)")
    one_line(second, "another dlxcli run")
    assert out.endswith(f"\n{QUEENS[n]}\n".encode())
    third = dlxcli("queens", "--checkpoint", path, input=f"{n}\n".encode())
    assert third.returncode == 0 and third.stdout == out


def test_sigterm_while_writing_leaves_a_file_that_resumes(tmp_path, request):
    path = tmp_path / "q.ckpt"
    env = {**os.environ, "DLXCLI_SPLIT_PROBE": "0"}
    for delay in (0.3, 0.6, 0.9):
        process = subprocess.Popen(DLXCLI + ["queens", "--checkpoint", str(path)],
                                   stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=env)
        request.addfinalizer(lambda p=process: p.poll() is None and p.kill())
        process.stdin.write(b"11\n")
        process.stdin.close()
        time.sleep(delay)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
    done = dlxcli("queens", "--checkpoint", path, input=b"11\n")
    assert done.returncode == 0 and done.stdout.endswith(f"\n{QUEENS[11]}\n".encode())


# -- the node limit, and queries that are not split ------------------------------------------

def test_the_same_command_again_resumes_past_a_node_limit(tmp_path):
    """--node-limit counts the nodes each run searches: the checkpoint's are not
    counted again, so each rerun gets further and the last gives the total."""
    path = tmp_path / "q.ckpt"
    statuses = []
    for _ in range(30):
        done = dlxcli("queens", "--node-limit", "5000", "--checkpoint", path, input=b"10\n")
        statuses.append(done.returncode)
        if done.returncode == 0:
            break
    assert statuses[0] == 3 and statuses[-1] == 0, statuses
    assert done.stdout.endswith(f"\n{QUEENS[10]}\n".encode())


def test_a_checkpoint_on_a_query_that_is_not_split_says_so(tmp_path):
    path = tmp_path / "s.ckpt"
    done = dlxcli("sudoku", "--checkpoint", path, SAMPLES / "sudoku/sample1.in")
    err = done.stderr.decode()
    assert done.returncode == 0 and done.stdout and err.count("\n") == 1
    assert "--checkpoint" in err and "nothing was recorded" in err
    assert not path.exists()
    counted = dlxcli("sudoku", "--count", "--checkpoint", path, SAMPLES / "sudoku/sample1.in")
    assert (counted.returncode, counted.stderr) == (0, b"") and path.exists()


def test_a_checkpoint_on_a_verdict_stopped_by_a_limit_still_says_nothing_was_recorded(
        tmp_path):
    """A --unique stopped by --node-limit (or --timeout) said nothing of the checkpoint
    it never wrote; a count stopped so has begun its split and keeps its records."""
    path = tmp_path / "s.ckpt"
    stopped = dlxcli("sudoku", "--unique", "--node-limit", "5", "--checkpoint", path,
                     input=b"................\n")
    assert stopped.returncode == 3 and not path.exists()
    assert stopped.stderr.decode().splitlines() == [
        "dlxcli: <stdin>: node limit for the puzzle starting on line 1",
        f"dlxcli: --checkpoint {path}: nothing was recorded: no search was split into "
        "subproblems (only the search of a count, a listing of all solutions or a maximize "
        "is, and some inputs are answered without one)"]
    counted = dlxcli("sudoku", "--count", "--node-limit", "5", "--checkpoint", path,
                     input=b"................\n")
    assert counted.returncode == 3 and path.exists()
    assert "--checkpoint" not in counted.stderr.decode()


@pytest.mark.parametrize("query", ["--count", "--all"])
def test_a_checkpoint_with_limit_names_limit_as_the_reason(tmp_path, query):
    """Issue 28, item 7: `--count --limit K` was told it "asked for none"."""
    path = tmp_path / "s.ckpt"
    done = dlxcli("sudoku", query, "--limit", "5", "--checkpoint", path,
                  input=b"................\n")
    assert done.returncode == 0 and not path.exists()
    assert done.stderr.decode() == (
        f"dlxcli: --checkpoint {path}: nothing was recorded: --limit 5 stops the search at "
        "that many solutions, and only a whole count, listing or maximize is split into "
        "subproblems (leave --limit out to record one)\n")
