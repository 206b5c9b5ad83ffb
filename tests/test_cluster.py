"""A real Dask cluster on 127.0.0.1: a scheduler and two worker processes, started with
the very command lines docs/parallel.md gives (127.0.0.1 for its hosts, free ports).
dlxcli sends a search's subproblems there (--scheduler) and must answer what the
sequential search answers, with the cluster's workers doing the solving; a cluster
that fails under it (workers, scheduler, the client itself killed in mid-search) ends
the run with one line, the finished subproblems kept in the checkpoint.

Layer: tests. Marked `cluster` (kept out of the default run: the cluster takes a few
seconds to start); .ci/run installs the cluster extra and runs them. Skipped, with the
reason, only when Dask's `distributed` is not installed.
"""

import functools
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dlxcli import learner_cut, parallel
from dlxcli.errors import DlxError, TimeLimitExceeded
from dlxcli.exact_cover import Budget, ExactCover
from dlxcli.parallel import Split
from processes import kill_group
from test_parallel import QUEENS, knuth_queens, queens_definition, weighted_queens

pytestmark = pytest.mark.cluster
pytest.importorskip("distributed", reason="the cluster extra is not installed: "
                                          "pip install -e '.[test,cluster]'")
import psutil  # noqa: E402  (a dependency of distributed)

START_SECONDS = 60
RUN_SECONDS = 120
DLXCLI = [sys.executable, "-m", "dlxcli"]
DOCS = Path(__file__).resolve().parent.parent / "docs" / "parallel.md"
HERE = "127.0.0.1"


def documented_commands():
    """The `dask scheduler` and `dask worker` command lines of docs/parallel.md's
    section on a Dask cluster, as lists of words."""
    section = DOCS.read_text().split("## A Dask cluster", 1)[1].split("\n## ", 1)[0]
    lines = [line.split("#")[0].split() for line in section.splitlines()]
    return tuple(next(words for words in lines if words[:2] == ["dask", role])
                 for role in ("scheduler", "worker"))


def on_this_machine(words, port, nworkers):
    """A documented command made to run here: both hosts 127.0.0.1, the scheduler on
    `port`, random HTTP ports, `nworkers` worker processes, Dask's own `dask`."""
    swaps = (("SCHEDULER-HOST", HERE), ("WORKER-HOST", HERE), ("8786", str(port)),
             ("8787", "0"))
    made = []
    for word in words:
        for old, new in swaps:
            word = word.replace(old, new)
        made.append(str(nworkers) if made and made[-1] == "--nworkers" else word)
    dask = Path(sys.executable).parent / "dask"
    if not dask.exists():
        pytest.fail(f"no `dask` command beside {sys.executable}")
    return [str(dask)] + made[1:]


def free_port():
    """A TCP port of 127.0.0.1 that nothing listens on (just now)."""
    with socket.socket() as probe:
        probe.bind((HERE, 0))
        return probe.getsockname()[1]


def _start(args, log, env=None):
    """A process in a session of its own, so that its whole group can be killed."""
    return subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True, env=env)


class Cluster:
    """A scheduler and `nworkers` worker processes (one `dask worker` command) on
    127.0.0.1, as docs/parallel.md starts them; `stop` kills them all."""

    def __init__(self, folder, nworkers=2):
        self.folder, self.log = folder, open(folder / "cluster.log", "a")
        self.port = free_port()
        self.address = f"tcp://{HERE}:{self.port}"
        scheduler, self.worker_words = documented_commands()
        self.workers = []
        self.scheduler = _start(on_this_machine(scheduler, self.port, nworkers), self.log)
        try:
            self.start_workers(nworkers)
        except BaseException:
            self.stop()
            raise

    def start_workers(self, nworkers, env=None):
        """Start the worker command (nothing for 0), in the environment `env` (None:
        this process's), and wait for its workers."""
        if nworkers:
            command = on_this_machine(self.worker_words, self.port, nworkers)
            self.workers.append(_start(command + ["--local-directory",
                                                  str(self.folder / "workers")], self.log,
                                       env))
        import distributed
        try:
            with distributed.Client(self.address, timeout=START_SECONDS) as client:
                if nworkers:
                    client.wait_for_workers(nworkers, timeout=START_SECONDS)
        except (OSError, TimeoutError):
            pytest.fail("the Dask cluster did not start:\n"
                        + (self.folder / "cluster.log").read_text())

    def worker_pids(self):
        """The worker processes' ids (those the worker commands' nannies spawn)."""
        return {child.pid for command in self.workers if command.poll() is None
                for child in psutil.Process(command.pid).children(recursive=True)
                if "spawn_main" in " ".join(child.cmdline())}

    def kill_workers(self):
        for command in self.workers:
            kill_group(command)
        self.workers = []

    def stop(self):
        for process in [self.scheduler] + self.workers:
            kill_group(process)
        self.workers = []
        self.log.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """The cluster of the module's tests (whose nannies start again a worker that a
    test kills)."""
    started = Cluster(tmp_path_factory.mktemp("cluster"))
    yield started
    started.stop()


@pytest.fixture
def scheduler(cluster):
    return cluster.address


@pytest.fixture
def own_cluster(tmp_path):
    """A cluster for one test, which may kill its scheduler; started by the test."""
    started = []

    def start(nworkers):
        started.append(Cluster(tmp_path, nworkers))
        return started[-1]
    yield start
    for each in started:
        each.stop()


def test_a_count_on_the_cluster_is_the_sequential_count(scheduler):
    cover = ExactCover(*queens_definition(9))
    assert cover.count(budget=Budget(split=Split(scheduler=scheduler))) == cover.count() == 352


def test_maximize_and_all_on_the_cluster_are_the_sequential_ones(scheduler):
    cover = weighted_queens(7)
    budget = Budget(split=Split(scheduler=scheduler))
    assert cover.maximize(budget=budget) == cover.maximize()
    assert list(cover.solutions(budget=budget)) == list(cover.solutions())


def test_the_command_line_counts_on_the_cluster(scheduler, tmp_path):
    (tmp_path / "q8.dlx").write_text(knuth_queens(8))
    alone = subprocess.run(DLXCLI + ["queens"], input=b"10\n", capture_output=True,
                           timeout=RUN_SECONDS)
    on_cluster = subprocess.run(DLXCLI + ["queens", "--scheduler", scheduler], input=b"10\n",
                                capture_output=True, timeout=RUN_SECONDS)
    assert on_cluster.returncode == 0 and on_cluster.stderr == b""
    assert on_cluster.stdout == alone.stdout
    assert alone.stdout.decode().splitlines()[-1] == str(QUEENS[10])
    by_environment = subprocess.run(
        DLXCLI + ["matrix", "--count", "--input-format", "knuth", "q8.dlx"], cwd=tmp_path,
        env={**os.environ, "DLXCLI_SCHEDULER": scheduler}, capture_output=True,
        timeout=RUN_SECONDS)
    assert (by_environment.returncode, by_environment.stdout) == (0, b"92\n")


def test_the_documented_cluster_listens_on_the_named_address_only(cluster):
    """docs/parallel.md's commands, hosts 127.0.0.1: every port open is on 127.0.0.1,
    as many as its table of ports says (2 for the scheduler, 3 per worker process)."""
    def listening(process):
        tree = [psutil.Process(process.pid)] + psutil.Process(process.pid).children(
            recursive=True)
        return [connection.laddr for each in tree for connection in each.net_connections("tcp")
                if connection.status == psutil.CONN_LISTEN]
    scheduler = listening(cluster.scheduler)
    workers = [address for command in cluster.workers for address in listening(command)]
    assert {address.ip for address in scheduler + workers} == {HERE}
    assert (len(scheduler), len(workers)) == (2, 3 * 2)


def _checkpoint_lines(path):
    """The checkpoint's complete lines, parsed (none while it does not exist)."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        return []
    return [json.loads(line) for line in text.splitlines(keepends=True) if line.endswith("\n")]


def _run_queens(n, scheduler, checkpoint, *options):
    """`echo n | dlxcli queens --scheduler ... --checkpoint ...`, started."""
    given = checkpoint.with_suffix(".in")
    given.write_text(f"{n}\n")
    with open(given) as stdin:
        return subprocess.Popen(DLXCLI + ["queens", "--scheduler", scheduler, "--checkpoint",
                                          str(checkpoint), *options],
                                stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _finish(process):
    """(exit status, stdout, stderr) of a run, once it is over."""
    out, err = process.communicate(timeout=RUN_SECONDS)
    return process.returncode, out.decode(), err.decode()


def _wait_for_subproblems(path, count, process):
    """Wait until the run has recorded `count` subproblems; returns how many it has."""
    deadline = time.monotonic() + RUN_SECONDS
    while time.monotonic() < deadline:
        records = len(_checkpoint_lines(path)[1:])
        if records >= count:
            return records
        if process.poll() is not None:
            pytest.fail(f"the run ended first: {_finish(process)}")
        time.sleep(0.02)
    pytest.fail("the run recorded too few subproblems in time")


@pytest.mark.parametrize("jobs", [[], ["--jobs", "1"], ["--jobs", "3"]])
def test_with_a_scheduler_the_workers_solve_every_subproblem(cluster, tmp_path, jobs):
    """Whatever --jobs says (without it: 1), the cluster's workers solve the
    subproblems, and the client none (the `worker` field of each checkpoint line)."""
    checkpoint = tmp_path / "q11.ck"
    run = _run_queens(11, cluster.address, checkpoint, *jobs)
    assert _finish(run) == (0, _finish_expected(11), "")
    header, *records = _checkpoint_lines(checkpoint)
    solvers = {int(record["worker"].rsplit("/", 1)[1]) for record in records}
    assert len(records) == header["subproblems"] and run.pid not in solvers
    assert solvers <= cluster.worker_pids()


@functools.lru_cache(maxsize=None)
def _finish_expected(n):
    """What `dlxcli queens` prints for n, solved here without a split."""
    alone = subprocess.run(DLXCLI + ["queens"], input=f"{n}\n".encode(), capture_output=True,
                           timeout=RUN_SECONDS)
    assert alone.returncode == 0 and alone.stdout.decode().splitlines()[-1] == str(QUEENS[n])
    return alone.stdout.decode()


def test_a_refused_address_is_one_line_and_status_2_at_once():
    address = f"tcp://{HERE}:{free_port()}"
    done = subprocess.run(DLXCLI + ["queens", "--scheduler", address], input=b"8\n",
                          capture_output=True, timeout=RUN_SECONDS)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == (f"dlxcli: <stdin>: cannot reach the Dask scheduler at "
                                    f"{address}: connection refused (nothing listens there)\n")
    began = time.monotonic()
    with pytest.raises(DlxError, match="connection refused"):
        parallel.Cluster(None, address)
    assert time.monotonic() - began < parallel.executors.CONNECT_SECONDS / 2  # Dask alone: 10 s


def _errors_connecting(address):
    """The DlxErrors' texts of a Cluster made for `address` in a thread given
    RUN_SECONDS (none if it is still connecting then)."""
    raised = []

    def connect():
        try:
            parallel.Cluster(None, address)
        except DlxError as exc:
            raised.append(str(exc))
    attempt = threading.Thread(target=connect, daemon=True)
    attempt.start()
    attempt.join(RUN_SECONDS)
    return raised


def test_a_server_that_says_nothing_is_given_up_on(monkeypatch):
    """A port where something listens but says nothing (not a scheduler): Dask alone
    would wait for its greeting forever."""
    monkeypatch.setattr(parallel.executors, "CONNECT_SECONDS", 1)
    with socket.socket() as silent:
        silent.bind((HERE, 0))
        silent.listen()
        address = f"tcp://{HERE}:{silent.getsockname()[1]}"
        raised = _errors_connecting(address)
    assert raised == [f"cannot reach the Dask scheduler at {address}: no answer within 1 s "
                      "(is it a Dask scheduler?)"]


@pytest.mark.parametrize("greeting", [b"SSH-2.0-OpenSSH_9.2\r\n", b"HTTP/1.1 400 Bad\r\n\r\n",
                                      (1 << 30).to_bytes(8, sys.byteorder) + b"x" * 100])
def test_a_server_whose_greeting_is_not_dasks_is_refused_at_once(greeting):
    """A server that greets first but not as Dask does: Dask reads its first 8 bytes
    as a length to make room for. An SSH or HTTP server's was a MemoryError, said as
    `cannot reach the Dask scheduler at ADDR: ` (no reason, a trailing space); one
    announcing 1 GiB took 1 GiB and waited for the rest forever (attack10)."""
    with socket.socket() as server:
        server.bind((HERE, 0))
        server.listen()
        address = f"tcp://{HERE}:{server.getsockname()[1]}"

        def greet():
            connection, _ = server.accept()
            connection.sendall(greeting)
            time.sleep(RUN_SECONDS)
        threading.Thread(target=greet, daemon=True).start()
        began = time.monotonic()
        raised = _errors_connecting(address)
    assert raised == [f"cannot reach the Dask scheduler at {address}: its greeting is not "
                      "Dask's (is it a Dask scheduler?)"]
    assert time.monotonic() - began < parallel.executors.CONNECT_SECONDS


def test_no_worker_yet_is_said_on_stderr_and_waited_for(own_cluster, tmp_path):
    empty = own_cluster(0)
    cover = ExactCover(*queens_definition(8))
    with pytest.raises(TimeLimitExceeded):  # the time limit ends the wait
        cover.count(budget=Budget(timeout=0.5, split=Split(scheduler=empty.address)))
    run = _run_queens(10, empty.address, tmp_path / "q10.ck")
    assert run.stderr.readline().decode() == (
        f"dlxcli: waiting for a worker of the Dask scheduler at {empty.address} "
        f"({parallel.executors.CONNECT_SECONDS} s at most)\n")
    empty.start_workers(1)
    assert _finish(run) == (0, _finish_expected(10), "")


def test_a_lost_worker_has_its_subproblems_solved_by_the_others(cluster, tmp_path):
    checkpoint = tmp_path / "q13.ck"
    run = _run_queens(13, cluster.address, checkpoint)
    _wait_for_subproblems(checkpoint, 3, run)
    os.kill(min(cluster.worker_pids()), signal.SIGKILL)
    assert _finish(run) == (0, _finish_expected(13), "")


def _killed_in_mid_search(address, checkpoint, kill):
    """A count on the cluster, `kill()` once 3 subproblems are done: (exit status,
    stdout, stderr) of the run, the subproblems recorded before the kill."""
    run = _run_queens(13, address, checkpoint)
    before = _wait_for_subproblems(checkpoint, 3, run)
    kill(run)
    return _finish(run), before


def test_no_worker_left_is_one_line_and_status_2_the_checkpoint_kept(own_cluster, tmp_path):
    cluster = own_cluster(2)
    checkpoint = tmp_path / "q13.ck"
    ended, before = _killed_in_mid_search(cluster.address, checkpoint,
                                          lambda run: cluster.kill_workers())
    assert ended == (2, "", f"dlxcli: <stdin>: the Dask scheduler at {cluster.address} has "
                            f"no worker left (waited {parallel.executors.CONNECT_SECONDS} s)\n")
    header, *records = _checkpoint_lines(checkpoint)
    assert before <= len(records) < header["subproblems"]
    cluster.start_workers(2)
    again = _run_queens(13, cluster.address, checkpoint)
    assert _finish(again) == (0, _finish_expected(13), "")
    header, *records = _checkpoint_lines(checkpoint)
    assert sorted(record["subproblem"] for record in records) == list(range(
        header["subproblems"]))


def test_a_lost_scheduler_is_one_line_and_status_2_the_checkpoint_kept(own_cluster,
                                                                      tmp_path):
    doomed = own_cluster(2)
    checkpoint = tmp_path / "q13.ck"
    ended, before = _killed_in_mid_search(doomed.address, checkpoint,
                                          lambda run: kill_group(doomed.scheduler))
    assert ended == (2, "", f"dlxcli: <stdin>: lost the Dask scheduler at {doomed.address}\n")
    assert len(_checkpoint_lines(checkpoint)[1:]) >= before


def test_a_scheduler_that_stops_answering_is_one_line_and_status_2(own_cluster, tmp_path):
    """A scheduler stopped (SIGSTOP; a hung machine alike) keeps its connections open:
    the run waited for its answer forever, 120 s and more (attack10)."""
    frozen = own_cluster(2)
    checkpoint = tmp_path / "q13.ck"
    try:
        began = []

        def stop(run):
            began.append(time.monotonic())
            os.kill(frozen.scheduler.pid, signal.SIGSTOP)
        ended, before = _killed_in_mid_search(frozen.address, checkpoint, stop)
    finally:
        os.kill(frozen.scheduler.pid, signal.SIGCONT)
    assert ended == (2, "", f"dlxcli: <stdin>: the Dask scheduler at {frozen.address} did "
                            f"not answer within {parallel.executors.CONNECT_SECONDS} s\n")
    assert time.monotonic() - began[0] < 4 * parallel.executors.CONNECT_SECONDS
    assert len(_checkpoint_lines(checkpoint)[1:]) >= before


def test_a_tasks_error_from_another_environment_is_one_line(scheduler):
    """A task that fails on the cluster with an error not dlxcli's (a worker with
    another dlxcli: `TypeError: cube_turns() missing 1 required positional argument`;
    a scheduler without dlxcli: Dask's RuntimeError, "Error during deserialization of
    the task graph") was raised in this process as it was: a traceback (attack10)."""
    import operator
    workers = parallel.Cluster(7, scheduler)
    try:
        workers.submit(operator.add, "a", what="a sum")
        with pytest.raises(DlxError) as raised:
            while workers.wait(RUN_SECONDS) is None:
                pass
    finally:
        workers.close()
    assert str(raised.value) == (
        f"a sum failed on the Dask cluster at {scheduler}: TypeError: unsupported operand "
        "type(s) for +: 'int' and 'str' (the scheduler and its workers need this dlxcli, "
        "its version, with the same Python and Dask)")


NO_DLXCLI = """import sys


class NoDlxcli:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "dlxcli":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


sys.meta_path.insert(0, NoDlxcli())
"""
"""A sitecustomize that makes a Python without dlxcli: on PYTHONPATH, it is run by the
worker command and by every worker process its nannies spawn (a wrapper that took dlxcli
off sys.path would reach the command only)."""


def without_dlxcli(folder):
    """This process's environment, but for a Python there that cannot import dlxcli."""
    (folder / "sitecustomize.py").write_text(NO_DLXCLI)
    path = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def test_workers_that_cannot_import_dlxcli_are_said_at_once(own_cluster, tmp_path):
    """A worker whose Python lacks dlxcli closed at its first task, which it could not
    read, and the run said only, 10 s later, that the scheduler had no worker left
    (attack10). It says why now, before any task."""
    cluster = own_cluster(0)
    cluster.start_workers(2, env=without_dlxcli(tmp_path))
    began = time.monotonic()
    run = subprocess.run(DLXCLI + ["queens", "--scheduler", cluster.address], input=b"10\n",
                         capture_output=True, timeout=RUN_SECONDS)
    assert (run.returncode, run.stdout) == (2, b"")
    assert run.stderr.decode() == (
        f"dlxcli: <stdin>: the workers of the Dask cluster at {cluster.address} cannot "
        "import dlxcli (ModuleNotFoundError: No module named 'dlxcli'; each of them needs "
        "this dlxcli, its version, with the same Python and Dask)\n")
    assert time.monotonic() - began < parallel.executors.CONNECT_SECONDS


def test_a_worker_without_dlxcli_among_good_ones_is_said_and_the_others_answer(
        own_cluster, tmp_path):
    """One worker of two cannot import dlxcli: the run says so on stderr and answers
    with the other (refused since fix12, where its other worker answered in a second
    before: attack12)."""
    import distributed
    cluster = own_cluster(1)
    bad = tmp_path / "bad"
    bad.mkdir()
    cluster.start_workers(1, env=without_dlxcli(bad))
    with distributed.Client(cluster.address, timeout=START_SECONDS) as client:
        client.wait_for_workers(2, timeout=START_SECONDS)
    run = subprocess.run(DLXCLI + ["queens", "--scheduler", cluster.address], input=b"10\n",
                         capture_output=True, timeout=RUN_SECONDS)
    assert (run.returncode, run.stdout.decode()[-4:]) == (0, "724\n")
    assert run.stderr.decode() == (
        f"dlxcli: 1 of the 2 workers of the Dask cluster at {cluster.address} cannot "
        "import dlxcli (ModuleNotFoundError: No module named 'dlxcli'; each of them needs "
        "this dlxcli, its version, with the same Python and Dask); the others go on\n")


def test_a_worker_without_dlxcli_that_joins_later_is_said_and_the_others_go_on(
        own_cluster, tmp_path):
    """A worker without dlxcli that joins after the run's check (a nanny's restart, a
    worker started later) closed at its first task without a word (fix12, attack12):
    now it is said once on stderr, naming it, and the run goes on with the others."""
    import operator

    import distributed
    cluster = own_cluster(1)
    said = []
    workers = parallel.Cluster(7, cluster.address, notice=said.append)
    try:
        with distributed.Client(cluster.address, timeout=START_SECONDS) as client:
            good = set(client.scheduler_info()["workers"])
            bad = tmp_path / "bad"
            bad.mkdir()
            cluster.start_workers(1, env=without_dlxcli(bad))  # waits for 1 worker only
            client.wait_for_workers(2, timeout=START_SECONDS)
            [late] = set(client.scheduler_info()["workers"]) - good
        deadline, answers = time.monotonic() + RUN_SECONDS, []
        while len(answers) < 3 or not said and time.monotonic() < deadline:
            ticket = workers.submit(operator.add, 2, what="a sum")
            answered = None
            while answered is None and time.monotonic() < deadline:
                answered = workers.wait(1)  # says, first, what was heard meanwhile
            answers.append(answered == (ticket, 9))
    finally:
        workers.close()
    assert said == [
        f"the worker {late} of the Dask cluster at {cluster.address} cannot import dlxcli "
        "(ModuleNotFoundError: No module named 'dlxcli'; each of them needs this dlxcli, "
        "its version, with the same Python and Dask); the others go on"]
    assert all(answers)


def test_dasks_version_mismatch_table_is_one_notice(scheduler, monkeypatch, recwarn):
    """Dask warns, in a table of some ten lines on stderr, when the cluster runs other
    versions of its packages (a scheduler from another environment, attack10): one line
    now, through the run's notices."""
    import distributed
    from distributed.versions import VersionMismatchWarning
    table = ("Mismatched versions found\n\n+-------------+--------+-----------+\n"
             "| Package     | Client | Scheduler |\n+-------------+--------+-----------+\n"
             "| cloudpickle | 3.1.3  | 3.0.0     |\n| toolz       | 1.2.0  | 0.12.1    |\n"
             "+-------------+--------+-----------+")
    real = distributed.Client

    def warning_client(*args, **kwargs):
        import warnings
        warnings.warn(VersionMismatchWarning(table))
        return real(*args, **kwargs)
    monkeypatch.setattr(distributed, "Client", warning_client)
    said = []
    parallel.Cluster(7, scheduler, notice=said.append).close()
    assert said == [f"the Dask cluster at {scheduler} runs other versions of cloudpickle, "
                    "toolz than this process"]
    assert not [warning for warning in recwarn
                if issubclass(warning.category, VersionMismatchWarning)]


@pytest.mark.parametrize("signum, status, said", [(signal.SIGINT, 130, "interrupted"),
                                                  (signal.SIGTERM, 143, "terminated")])
def test_a_signal_to_the_client_is_one_line_the_checkpoint_kept(cluster, tmp_path, signum,
                                                                status, said):
    checkpoint = tmp_path / "q13.ck"
    ended, before = _killed_in_mid_search(cluster.address, checkpoint,
                                          lambda run: run.send_signal(signum))
    assert ended == (status, "", f"dlxcli: {said}\n")
    header, *records = _checkpoint_lines(checkpoint)
    assert before <= len(records) < header["subproblems"]


def test_a_race_on_the_cluster_answers_what_jobs_1_answers(scheduler, monkeypatch):
    """A first solution and --unique raced over the cluster's workers (past DLX's first
    turn: the mutilated 8x8 behind the trap takes DLX about a million nodes to refute,
    so the Learner's tiling is jobs 1's answer; a perfect matching of K_13 has none).
    The counts' Learner warm-up is off: it answers these in this process, no cube cut."""
    from test_portfolio import complete_graph
    from test_race import trapped_board
    monkeypatch.setattr(learner_cut, "WARM_STEPS", 0)
    submitted = []
    submit = parallel.Cluster.submit

    def counted(self, function, *args, **where):
        submitted.append(function)
        return submit(self, function, *args, **where)
    monkeypatch.setattr(parallel.Cluster, "submit", counted)
    on_cluster = Budget(split=Split(scheduler=scheduler))
    board = trapped_board(8, trap_first=True)
    assert board.first(budget=on_cluster) == board.first(budget=Budget())
    assert board.count(limit=2, budget=on_cluster) == 2
    assert complete_graph(13).count(limit=2, budget=on_cluster) == 0
    assert len(submitted) >= 3  # each query went to the workers


def test_a_finished_task_is_heard_at_once(scheduler):
    """`wait(0)` gives a task that has finished. (Dask's own wait with a timeout of 0
    always times out, before it looks: the race, which looks between DLX's turns so,
    never heard its Learner while DLX searched on, and `sudoku --scheduler` on Gecode's
    example18 gave no answer in 120 s, where --jobs 1 takes 5 s.)"""
    import operator

    import distributed
    workers = parallel.Cluster(7, scheduler)
    try:
        ticket = workers.submit(operator.add, 35, what="a sum")
        distributed.wait(list(workers.running), timeout=RUN_SECONDS)
        assert workers.wait(0) == (ticket, 42)
    finally:
        workers.close()
