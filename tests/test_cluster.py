"""A real Dask cluster on 127.0.0.1: a scheduler and two workers, each its own process
started with Dask's own command line, as docs/parallel.md tells a user to start them.
dlxcli sends a search's subproblems there (--scheduler) and must answer what the
sequential search answers.

Layer: tests. Marked `cluster` (kept out of the default run: the cluster takes a few
seconds to start); .ci/run installs the cluster extra and runs them. Skipped, with the
reason, only when Dask's `distributed` is not installed.
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dlxcli.exact_cover import Budget, ExactCover
from dlxcli.parallel import Split
from test_parallel import QUEENS, knuth_queens, queens_definition, weighted_queens

pytestmark = pytest.mark.cluster
pytest.importorskip("distributed", reason="the cluster extra is not installed: "
                                          "pip install -e '.[test,cluster]'")

START_SECONDS = 60


def _start(args, log):
    """A process in a session of its own, so that its whole group can be killed."""
    return subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def _stop(processes):
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    for process in processes:
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The address of a scheduler with two single-threaded workers (random free ports
    on 127.0.0.1), all killed when the module's tests are done."""
    folder = tmp_path_factory.mktemp("cluster")
    address_file = folder / "scheduler.json"
    bin_dir = Path(sys.executable).parent
    dask = [str(bin_dir / "dask")] if (bin_dir / "dask").exists() else None
    if dask is None:
        pytest.fail(f"no `dask` command beside {sys.executable}")
    log = open(folder / "cluster.log", "w")
    processes = []
    try:
        processes.append(_start(dask + ["scheduler", "--host", "127.0.0.1", "--port", "0",
                                        "--no-dashboard", "--scheduler-file",
                                        str(address_file)], log))
        address = _address(address_file, processes[0], folder)
        for k in range(2):
            processes.append(_start(dask + ["worker", address, "--host", "127.0.0.1",
                                            "--nthreads", "1", "--no-dashboard",
                                            "--local-directory", str(folder / f"w{k}"),
                                            "--name", f"w{k}"], log))
        _wait_for_workers(address, 2)
        yield address
    finally:
        _stop(processes)
        log.close()


def _address(path, process, folder):
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        try:
            return json.loads(path.read_text())["address"]
        except (OSError, ValueError, KeyError):
            time.sleep(0.1)
    pytest.fail("the Dask scheduler did not start:\n" + (folder / "cluster.log").read_text())


def _wait_for_workers(address, n):
    import distributed
    with distributed.Client(address, timeout=START_SECONDS) as client:
        client.wait_for_workers(n, timeout=START_SECONDS)


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
    command = [sys.executable, "-m", "dlxcli"]
    alone = subprocess.run(command + ["queens"], input=b"10\n", capture_output=True,
                           timeout=120)
    on_cluster = subprocess.run(command + ["queens", "--scheduler", scheduler], input=b"10\n",
                                capture_output=True, timeout=120)
    assert on_cluster.returncode == 0 and on_cluster.stderr == b""
    assert on_cluster.stdout == alone.stdout
    assert alone.stdout.decode().splitlines()[-1] == str(QUEENS[10])
    by_environment = subprocess.run(
        command + ["matrix", "--count", "--input-format", "knuth", "q8.dlx"], cwd=tmp_path,
        env={**os.environ, "DLXCLI_SCHEDULER": scheduler}, capture_output=True, timeout=120)
    assert (by_environment.returncode, by_environment.stdout) == (0, b"92\n")


def test_an_address_with_no_scheduler_is_one_line_and_status_2():
    done = subprocess.run([sys.executable, "-m", "dlxcli", "queens", "--scheduler",
                           "tcp://127.0.0.1:9"], input=b"8\n", capture_output=True,
                          timeout=120)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().count("\n") == 1
    assert "cannot reach the Dask scheduler" in done.stderr.decode()
