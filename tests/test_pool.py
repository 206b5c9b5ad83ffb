"""The worker processes of --jobs (dlxcli.pool) and how many of them a run starts:
every signal that ends a run ends it with its workers, whatever moment it comes at and
whoever gets it (the run alone, or its whole process group, as `timeout`, job control
and supervisors send it); a worker that dies fails its task, not the run; --jobs
beyond the usable cores starts no more processes than there are cores, and says so.
"""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import TWINS, hangup_reaches_children, load_twin
from processes import children, group_alive, kill_group, still_running
from test_parallel import queens_definition, recorded_pool_sizes

from dlxcli import parallel
from dlxcli.exact_cover import Budget, ExactCover
from dlxcli.parallel import Split
from dlxcli.pool import WorkerDied, WorkerPool, usable_cores

DLXCLI = [sys.executable, "-m", "dlxcli"]
EMPTY_SUDOKU = "\n".join(" ".join("0" * 9) for _ in range(9)) + "\n"
"""A 9x9 grid without a given: its count (6.67 x 10^21) never ends in a test."""
QUICK_SUDOKU = Path(__file__).parent.parent / "puzzles" / "sudoku" / "sample1.in"


# -- the pool itself ------------------------------------------------------------------

def pid_after(seconds):
    time.sleep(seconds)
    return os.getpid()


def fail_with(message):
    raise ValueError(message)


def square(x):
    return x * x


OTHERS = set()
"""Children of the test process that no pool of these tests started."""


@pytest.fixture(autouse=True)
def others():
    OTHERS.clear()
    OTHERS.update(still_running(children(os.getpid())))


def alive_children():
    """This process's children that are not zombies, but for those it had before the
    test (the pool's workers, then)."""
    return [pid for pid in still_running(children(os.getpid())) if pid not in OTHERS]


def test_tasks_come_back_by_ticket_and_in_order():
    with WorkerPool(2) as pool:
        tickets = [pool.submit(square, k) for k in range(10)]
        assert [pool.result(ticket) for ticket in reversed(tickets)] == \
            [k * k for k in reversed(range(10))]
        assert list(pool.in_order(square, range(50))) == [k * k for k in range(50)]
    assert alive_children() == []


def test_a_tasks_exception_is_raised_where_its_value_is_awaited():
    with WorkerPool(1) as pool:
        failing, fine = pool.submit(fail_with, "no"), pool.submit(square, 3)
        with pytest.raises(ValueError, match="no"):
            pool.result(failing)
        assert pool.result(fine) == 9


def test_a_worker_killed_in_a_task_fails_that_task_and_the_pool_goes_on():
    with WorkerPool(2) as pool:
        busy = pool.submit(pid_after, 30)
        time.sleep(0.5)
        workers = alive_children()
        assert len(workers) == 2
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(WorkerDied, match="killed by signal 9"):
            pool.result(busy)
        assert sorted(pool.result(pool.submit(square, k)) for k in range(4)) == [0, 1, 4, 9]


def test_a_worker_killed_holding_two_tasks_fails_both():
    """Its second task's failure was kept under a wrong key, never found again: the
    pool waited on with that task in hand raised "no task under way" (attack-deal)."""
    with WorkerPool(1, depth=2) as pool:
        first, second = pool.submit(pid_after, 30), pool.submit(pid_after, 30)
        time.sleep(0.5)
        [pid] = alive_children()
        os.kill(pid, signal.SIGKILL)
        for ticket in (second, first):
            with pytest.raises(WorkerDied, match="killed by signal 9"):
                pool.result(ticket)
        assert pool.result(pool.submit(square, 5)) == 25
    assert alive_children() == []


def test_a_task_sent_to_a_worker_that_died_busy_does_not_drop_its_task():
    """A worker killed holding one task, then given another before the pool heard of
    its death (as `--jobs 2` feeds its workers between the slices of its own search):
    the pool took it for one that died idle and replaced it, dropping the task it held,
    so that a split count ended in a traceback, "no task under way" (attack-deal)."""
    with WorkerPool(1, depth=2) as pool:
        busy = pool.submit(pid_after, 30)
        time.sleep(0.5)
        [pid] = alive_children()
        os.kill(pid, signal.SIGKILL)
        while still_running([pid]):  # dead (a zombie): the pool sees it on sending
            time.sleep(0.05)
        late = pool.submit(square, 3)
        with pytest.raises(WorkerDied, match="killed by signal 9"):
            pool.result(busy)
        with pytest.raises(WorkerDied, match="killed by signal 9"):
            pool.result(late)  # sent to the dead worker: it dies with it
        assert pool.result(pool.submit(square, 4)) == 16
    assert alive_children() == []


class _Unmappable:
    """An import finder that fails the import of module `name` as the loader does under
    `ulimit -v` when it cannot map a shared library (_socket, libffi) into memory."""

    def __init__(self, name):
        self.name = name

    def find_spec(self, name, path=None, target=None):
        if name == self.name:
            raise ImportError("/usr/lib/libffi.so.8: failed to map segment from shared "
                              "object")
        return None


def test_a_worker_that_cannot_load_ctypes_for_memory_still_serves(monkeypatch, capfd):
    """`ulimit -v 42500; dlxcli pack --count --jobs 2` on the 3x4x5 pentacubes: each
    worker, importing ctypes to die with its parent (_die_with), could not map libffi,
    died with a traceback on stderr, and the run said a worker died (attack-deal). Now
    it goes without, as where prctl is missing, and serves its tasks."""
    monkeypatch.delitem(sys.modules, "ctypes", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_Unmappable("ctypes"), *sys.meta_path])
    with WorkerPool(1) as pool:
        assert pool.result(pool.submit(square, 3)) == 9
    assert "Traceback" not in capfd.readouterr().err


def test_a_pool_that_cannot_load_its_libraries_for_memory_is_out_of_memory(monkeypatch):
    """`ulimit -v 40000; dlxcli pack --count --jobs 2` on the 3x4x5 pentacubes: the
    first pool imported multiprocessing, whose _socket library the loader could not
    map, and the run ended in an ImportError's traceback (attack-deal); now one line,
    out of memory, naming the input, status 2."""
    monkeypatch.delitem(sys.modules, "multiprocessing", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_Unmappable("multiprocessing"), *sys.meta_path])
    monkeypatch.setenv("DLXCLI_SPLIT_PROBE", "0")
    from click.testing import CliRunner

    from dlxcli.cli import cli
    # 12: past the count's first turn (its 100,000 DLX nodes settle 10 without a pool)
    result = CliRunner().invoke(cli, ["queens", "--jobs", "2"], input="12\n")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "dlxcli: <stdin>: out of memory while counting (a count's memo " \
        "takes at most " \
        "DLXCLI_MEMO_BYTES, 256 MiB unless set: docs/engine.md, \"Counting with a memo\")\n"


def run_out_of_memory():
    raise MemoryError


class OutOfMemoryWhenPickled:
    """What a large answer or task is under `ulimit -v`: pickling it (sending) or
    unpickling it (receiving) runs out of memory."""

    def __init__(self, unpickling=False):
        self.unpickling = unpickling

    def __reduce__(self):
        if self.unpickling:
            return run_out_of_memory, ()
        raise MemoryError


def answer_out_of_memory_when_sent():
    return OutOfMemoryWhenPickled()


def test_a_worker_out_of_memory_sending_its_answer_dies_saying_so(capfd):
    """`ulimit -v 38000; dlxcli sudoku --unique --jobs 2` on example21: the worker ran
    out of memory sending a cube's answer back, then again sending the RuntimeError
    that was to say so, and died of it: `a worker process died (exit status 1)`, its
    traceback on the run's stderr when there was memory to write it (attack10). With
    memory enough for the RuntimeError, the task raised it in the parent: a traceback."""
    with WorkerPool(1) as pool:
        with pytest.raises(WorkerDied, match=r"^a worker process died \(out of memory\)$"):
            pool.result(pool.submit(answer_out_of_memory_when_sent))
        assert pool.result(pool.submit(square, 4)) == 16
    assert "Traceback" not in capfd.readouterr().err
    assert alive_children() == []


def test_a_task_too_large_to_send_fails_alone_where_its_value_is_awaited():
    """`ulimit -v 98304; dlxcli matrix --jobs 2` over a folder of a 24 MiB file and a
    small one: pickling the big one's text for a worker ran out of memory inside
    `submit`, and the whole run ended there, the small file never answered (fix13).
    Now that task is not sent and fails with the MemoryError where its value is
    awaited; the tasks around it are served."""
    with WorkerPool(1) as pool:
        before = pool.submit(square, 2)
        too_large = pool.submit(square, OutOfMemoryWhenPickled())
        after = pool.submit(square, 3)
        assert pool.result(before) == 4
        with pytest.raises(MemoryError):
            pool.result(too_large)
        assert pool.result(after) == 9


def test_a_worker_out_of_memory_receiving_its_task_dies_saying_so(capfd):
    with WorkerPool(1) as pool:
        with pytest.raises(WorkerDied, match=r"^a worker process died \(out of memory\)$"):
            pool.result(pool.submit(square, OutOfMemoryWhenPickled(unpickling=True)))
        assert pool.result(pool.submit(square, 5)) == 25
    assert "Traceback" not in capfd.readouterr().err


def test_a_tasks_own_memory_error_is_raised_in_the_parent():
    with WorkerPool(1) as pool:
        with pytest.raises(MemoryError):
            pool.result(pool.submit(run_out_of_memory))
        assert pool.result(pool.submit(square, 6)) == 36


def test_workers_killed_while_idle_leave_a_pool_that_still_answers():
    """multiprocessing.Pool's workers wait for tasks holding a shared lock: one killed
    then left the pool waiting for that lock forever, at its next task or its end."""
    with WorkerPool(2) as pool:
        assert pool.result(pool.submit(square, 2)) == 4
        for pid in alive_children():
            os.kill(pid, signal.SIGTERM)
        time.sleep(0.3)
        assert list(pool.in_order(square, range(6))) == [0, 1, 4, 9, 16, 25]
    assert alive_children() == []


def test_closing_stops_busy_workers_at_once():
    pool = WorkerPool(2)
    for _ in range(4):
        pool.submit(pid_after, 60)
    time.sleep(0.3)
    began = time.monotonic()
    pool.close()
    assert time.monotonic() - began < 10
    assert alive_children() == []
    pool.close()  # twice is harmless


def test_a_worker_leaves_ctrl_c_to_its_parent():
    """SIGINT ignored in a worker (the parent stops the pool), SIGTERM and SIGHUP at
    their defaults, whatever the parent had."""
    previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with WorkerPool(1) as pool:
            handlers = pool.result(pool.submit(current_handlers))
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert handlers == [signal.SIG_IGN, signal.SIG_DFL, signal.SIG_DFL]


def current_handlers():
    return [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)]


# -- signals to a whole run -----------------------------------------------------------


def wait_for(condition, seconds):
    deadline = time.monotonic() + seconds
    value = condition()
    while not value and time.monotonic() < deadline:
        time.sleep(0.01)
        value = condition()
    return value


def run_and_end(args, ending, engine, moment, stdin=subprocess.DEVNULL, tries_seed=None,
                size=3):
    """Start `dlxcli ARGS` in a process group of its own, send
    `ending` to the whole group at `moment` ("start": a random moment of its first 0.3
    s; a number: that many seconds after it started; "pool": once it is `size`
    processes, then a random 0 to 0.6 s later), and return (exit status, or None if it
    did not end within 30 s; stderr; the group's processes still running 5 s later).
    stdin is empty."""
    rng = random.Random(tries_seed)
    env = {**os.environ, "DLXCLI_ENGINE": engine}
    process = subprocess.Popen(DLXCLI + [str(arg) for arg in args], stdin=stdin,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                               start_new_session=True)
    try:
        if moment == "start":
            time.sleep(rng.uniform(0, 0.3))
        elif moment != "pool":
            time.sleep(moment)
        else:
            assert wait_for(lambda: len(group_alive(process.pid)) >= size, 30), \
                "the workers never started"
            time.sleep(rng.uniform(0, 0.6))
        os.killpg(process.pid, ending)
        try:
            stderr = process.communicate(timeout=30)[1]
        except subprocess.TimeoutExpired:
            return None, b"", group_alive(process.pid)
        wait_for(lambda: not group_alive(process.pid), 5)
        return process.returncode, stderr, group_alive(process.pid)
    finally:
        kill_group(process)


@pytest.fixture(params=list(TWINS))
def engine(request):
    load_twin(request.param)
    return request.param


ENDINGS = [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGHUP, 129)]


def assert_ended(result, ending, status):
    exit_status, stderr, left = result
    assert exit_status is not None, "the run hung"
    assert b"Traceback" not in stderr
    assert left == []
    if exit_status == -ending:  # before dlxcli took the signal over: killed by it
        assert stderr == b""
    else:
        assert exit_status == status
        assert stderr.decode().splitlines()[-1] in ("dlxcli: terminated",
                                                    "dlxcli: interrupted")


@pytest.mark.parametrize("ending, status", ENDINGS)
def test_a_signal_to_the_group_ends_a_one_input_pool_run(tmp_path, engine, ending, status):
    """`dlxcli sudoku --count --jobs 2 empty.txt` under `timeout`: it hung in 12 of 12
    tries, with zombie workers, when the input's one piece went to a pool of two
    workers. (An input of one piece now has its search split: this process and one
    worker.)"""
    grid = tmp_path / "empty.txt"
    grid.write_text(EMPTY_SUDOKU)
    for attempt in range(2):
        result = run_and_end(["sudoku", "--count", "--jobs", "2", grid], ending, engine,
                             "pool", tries_seed=attempt, size=2)
        assert_ended(result, ending, status)


@pytest.mark.parametrize("ending, status", ENDINGS)
def test_a_signal_to_the_group_ends_a_batch_on_a_pool(tmp_path, ending, status):
    """A quick input and an endless one: one worker is idle, waiting for a task, when
    the signal comes (multiprocessing.Pool's workers waited holding a shared lock)."""
    endless = tmp_path / "empty.txt"
    endless.write_text(EMPTY_SUDOKU)
    for attempt in range(3):
        result = run_and_end(["sudoku", "--count", "--jobs", "2", QUICK_SUDOKU, endless],
                             ending, os.environ.get("DLXCLI_ENGINE", "auto"), "pool",
                             tries_seed=attempt)
        assert_ended(result, ending, status)


@pytest.mark.parametrize("ending, status", ENDINGS)
def test_a_signal_to_the_group_ends_a_split_search(tmp_path, ending, status):
    """queens' count split over this process and a worker (DLXCLI_SPLIT_PROBE=0: the
    worker starts at once)."""
    board = tmp_path / "q.in"
    board.write_text("18\n")
    os.environ["DLXCLI_SPLIT_PROBE"] = "0"
    try:
        for attempt in range(3):
            result = run_and_end(["queens", "--jobs", "2", board], ending,
                                 os.environ.get("DLXCLI_ENGINE", "auto"), "pool",
                                 tries_seed=attempt, size=2)
            assert_ended(result, ending, status)
    finally:
        del os.environ["DLXCLI_SPLIT_PROBE"]


@pytest.mark.parametrize("ending, status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_to_the_group_as_the_run_starts(tmp_path, ending, status):
    grid = tmp_path / "empty.txt"
    grid.write_text(EMPTY_SUDOKU)
    for attempt in range(4):
        result = run_and_end(["sudoku", "--count", "--jobs", "2", grid], ending,
                             os.environ.get("DLXCLI_ENGINE", "auto"), "start",
                             tries_seed=attempt)
        assert_ended(result, ending, status)


def test_a_hangup_reaches_the_runs_of_a_suite_started_by_nohup():
    """CI hung here once (test_a_signal_to_the_group_as_the_run_starts): the suite ran
    under `nohup`, its dlxcli children inherited SIGHUP ignored, and a SIGHUP in a run's
    first moments, before dlxcli took SIGHUP over, was dropped; the run and its two
    workers counted on. A run started so now keeps ignoring SIGHUP (the next test), and
    the suite gives its children SIGHUP at its default (conftest)."""
    def sighup_in_a_child():
        return subprocess.run([sys.executable, "-c", "import signal; print(int(signal."
                               "getsignal(signal.SIGHUP)))"], capture_output=True,
                              timeout=60).stdout

    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        assert sighup_in_a_child() == b"%d\n" % signal.SIG_IGN
        hangup_reaches_children()
        assert sighup_in_a_child() == b"%d\n" % signal.SIG_DFL
        assert signal.getsignal(signal.SIGHUP) not in (signal.SIG_IGN, signal.SIG_DFL)
    finally:
        signal.signal(signal.SIGHUP, previous)


QUEENS = {"c": (14, 365596), "python": (13, 73712)}
"""Per twin, a board whose count takes a second or more with --jobs 2, and its count
(OEIS A000170)."""


def test_a_run_started_by_nohup_goes_on_after_a_hangup(tmp_path, engine):
    """`nohup dlxcli ...`: SIGHUP ignored when the run starts stays ignored, by the run
    and by its workers, whenever it comes (it ended the run, or killed its workers, once
    dlxcli had taken SIGHUP over). The hangup comes to the whole group once the worker
    of the split search searches."""
    size, count = QUEENS[engine]
    board = tmp_path / "board.in"
    board.write_text(f"{size}\n")
    env = {**os.environ, "DLXCLI_ENGINE": engine, "DLXCLI_SPLIT_PROBE": "0"}

    def started_by_nohup():
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    process = subprocess.Popen(DLXCLI + ["queens", "--jobs", "2", board],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                               start_new_session=True, preexec_fn=started_by_nohup)
    try:
        assert wait_for(lambda: len(group_alive(process.pid)) >= 2, 30), \
            "the worker never started"
        time.sleep(0.1)
        os.killpg(process.pid, signal.SIGHUP)
        assert process.poll() is None, "the search was over before the hangup: a bigger board"
        stdout, stderr = process.communicate(timeout=300)
    finally:
        kill_group(process)
    assert (process.returncode, stderr) == (0, b"")
    assert stdout.decode().splitlines()[-1] == str(count)


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["start", "pool"])
@pytest.mark.parametrize("ending, status", ENDINGS)
def test_many_signals_to_the_group(tmp_path, engine, ending, status, moment):
    if moment == "start" and ending == signal.SIGINT:
        pytest.skip("Ctrl-C before dlxcli's own start-up is over is Python's to report")
    grid = tmp_path / "empty.txt"
    grid.write_text(EMPTY_SUDOKU)
    for attempt in range(5):
        result = run_and_end(["sudoku", "--count", "--jobs", "2", QUICK_SUDOKU, grid],
                             ending, engine, moment, tries_seed=100 + attempt)
        assert_ended(result, ending, status)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_workers_die_with_a_run_killed_by_sigkill(tmp_path):
    """SIGKILL leaves a run no `finally`: its workers used to search on as orphans."""
    endless = tmp_path / "empty.txt"
    endless.write_text(EMPTY_SUDOKU)
    process = subprocess.Popen(DLXCLI + ["sudoku", "--count", "--jobs", "2",
                                         str(QUICK_SUDOKU), str(endless)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        assert wait_for(lambda: len(group_alive(process.pid)) >= 3, 30)
        workers = children(process.pid)
        time.sleep(0.3)
        process.kill()
        process.wait(timeout=30)
        assert wait_for(lambda: not still_running(workers), 10), "orphaned workers"
    finally:
        kill_group(process)


TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[11])
    except (OSError, IndexError):
        return -1


def endless_worker(pid):
    """The child of `pid` that has searched for over 1.5 CPU seconds: the endless
    input's worker (the quick sudoku takes either twin a fraction of that). Chosen by
    CPU, not by the busiest after a wait: at a load of 8 the quick input's worker could
    still be the busiest after 1.5 s of wall time, and killing it left the endless input
    running (CI, session 11)."""
    busy = [child for child in children(pid) if cpu_ticks(child) > 1.5 * TICKS_PER_SECOND]
    return busy[0] if busy else None


def test_a_worker_killed_mid_batch_fails_its_input_only(tmp_path):
    """The OOM killer's way: SIGKILL to the worker of the endless input. Its input
    gets one line on stderr; the inputs around it are answered (multiprocessing.Pool
    replaced the worker and waited forever for the lost piece)."""
    endless = tmp_path / "empty.txt"
    endless.write_text(EMPTY_SUDOKU)
    process = subprocess.Popen(DLXCLI + ["sudoku", "--count", "--jobs", "2", str(QUICK_SUDOKU),
                                         str(endless), str(QUICK_SUDOKU)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        assert wait_for(lambda: len(group_alive(process.pid)) >= 3, 30)
        assert wait_for(lambda: endless_worker(process.pid) is not None, 60)
        os.kill(endless_worker(process.pid), signal.SIGKILL)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        kill_group(process)
    assert process.returncode == 2
    assert stderr.decode() == (f"dlxcli: {endless}: a worker process died (killed by "
                               f"signal 9: {signal.strsignal(9)})\n")
    alone = subprocess.run(DLXCLI + ["sudoku", "--count", str(QUICK_SUDOKU)],
                           capture_output=True, timeout=60).stdout.decode()
    assert stdout.decode() == (f"==> {QUICK_SUDOKU} <==\n{alone}==> {endless} <==\n"
                               f"==> {QUICK_SUDOKU} <==\n{alone}")


# -- how many processes ---------------------------------------------------------------

def on_one_core():
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


needs_affinity = pytest.mark.skipif(not hasattr(os, "sched_setaffinity"),
                                    reason="no CPU affinity on this system")


@needs_affinity
def test_jobs_beyond_the_cores_are_the_cores_and_said_once():
    done = subprocess.run(DLXCLI + ["queens", "--jobs", "10000"], input=b"8\n",
                          capture_output=True, timeout=60, preexec_fn=on_one_core)
    assert done.returncode == 0
    assert done.stdout.decode().splitlines()[-1] == "92"
    assert done.stderr == b"dlxcli: --jobs 10000: more than the 1 usable cores; using 1\n"
    quiet = subprocess.run(DLXCLI + ["queens", "-q", "--jobs", "10000"], input=b"8\n",
                           capture_output=True, timeout=60, preexec_fn=on_one_core)
    assert (quiet.returncode, quiet.stderr) == (0, b"")


@needs_affinity
def test_jobs_beyond_the_cores_start_no_worker_beyond_them(tmp_path):
    """On one core, --jobs 64 is this process alone: no worker at all."""
    grid = tmp_path / "empty.txt"
    grid.write_text(EMPTY_SUDOKU)
    process = subprocess.Popen(DLXCLI + ["sudoku", "--count", "--jobs", "64", grid],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=on_one_core)
    try:
        time.sleep(2.0)
        most = len(group_alive(process.pid))
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
    assert most == 1


def test_zero_jobs_is_one_per_usable_core():
    assert Split(jobs=0).jobs == usable_cores()
    assert Split().jobs == usable_cores()


def test_a_huge_number_of_jobs_neither_forks_nor_cuts_without_bound(tmp_path, monkeypatch):
    """Split(jobs=10**23) used to cut the search into 1.6 x 10^24 subproblems."""
    sizes = recorded_pool_sizes(monkeypatch)
    monkeypatch.setattr(parallel.subproblems, "MAX_OPEN", 50)
    path = tmp_path / "q.ckpt"
    cover = ExactCover(*queens_definition(9))
    split = Split(jobs=10 ** 23, checkpoint=path, probe=0.0)
    assert split.jobs == parallel.split.PER_CORE * usable_cores()
    assert cover.count(budget=Budget(split=split)) == 352
    header = path.read_text().splitlines()[0]
    assert '"min_open":50,' in header
    assert all(size < split.jobs for size in sizes)


def test_a_worker_the_system_refuses_is_a_one_line_error_and_leaves_no_process(monkeypatch):
    """attack-tail: the second worker cannot start (fork fails with EAGAIN, as under
    `ulimit -u`): CannotStart, a DlxError that says why (one line, not a traceback of
    BlockingIOError), and the first worker is stopped and reaped."""
    import errno
    from dlxcli import pool
    from dlxcli.errors import DlxError
    started = []
    start = pool._Worker.__init__

    def second_refused(self, *args, **kwargs):
        if started:
            raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")
        start(self, *args, **kwargs)
        started.append(self.process.pid)
    monkeypatch.setattr(pool._Worker, "__init__", second_refused)
    with pytest.raises(DlxError, match="^cannot start a worker process: Resource "
                                       "temporarily unavailable$"):
        WorkerPool(2)
    assert len(started) == 1 and still_running(started) == []
