"""Where the tasks of a split search, a race or its cubes run: local worker processes
(`Processes`) or the workers of a Dask cluster (`Cluster`), behind one interface
(below).

Layer: parallel's (see dlxcli.parallel), the lowest of its modules. Dask is imported
only for a scheduler address (`Cluster` and its helpers, which turn what a cluster
cannot go on without into a DlxError of one line).
"""

from __future__ import annotations

import time

from ..errors import DlxError
from ..pool import WorkerPool

TICK = 0.2
"""Seconds between looks at the time limit and the progress display while waiting."""
CONNECT_SECONDS = 10
"""How long to wait for a Dask scheduler to answer, and for it to have a worker."""


# -- executors: where the tasks of a search run ------------------------------------------
#
# One interface for the local processes and the Dask cluster, used by the split search
# (each task a subproblem) and the race (each task a few turns of a member):
#
#   executor = Processes(shared, size) or Cluster(shared, address, notice, budget)
#   executor.size                      how many tasks run at once
#   ticket = executor.submit(function, *args, pin=None, what="a task")
#                                      function(shared, *args) on a worker; tasks with
#                                      the same `pin` go to the same worker, in order,
#                                      where it can (a state kept there between them);
#                                      `what` names the task in a cluster's message
#   executor.wait(timeout)             (ticket, value) of a finished task, or None after
#                                      `timeout` s; a task's exception is raised here
#   executor.close()                   stop what is under way (a local worker is killed,
#                                      a Dask task is cancelled) and let the workers go
#
# `shared` (a Search, a Race: the problem's definition and the query) reaches each
# worker once, not with every task.

_local_shared = None
"""A local pool worker's `shared`, set once when the process starts."""


def _start_local_worker(shared):
    """Pool initializer: keep the shared value (the pool sets the worker's signals)."""
    global _local_shared
    _local_shared = shared


def _with_shared(function, *args):
    return function(_local_shared, *args)


class Processes:
    """Tasks run on `size` local worker processes (dlxcli.pool), `depth` sent to each at
    a time (2: none waits while this process searches too); a pinned task goes to
    worker `pin` modulo `size`."""

    def __init__(self, shared, size, depth=2):
        self.size = size
        self.pool = WorkerPool(size, _start_local_worker, (shared,), depth=depth)

    def submit(self, function, *args, pin=None, what=None):
        return self.pool.submit(_with_shared, function, *args, worker=pin)

    def wait(self, timeout):
        return self.pool.wait(timeout)

    def close(self):
        self.pool.close()


class Cluster:
    """Tasks run by the workers of a Dask cluster (every thread of every worker is one
    of `size`). Needs the optional extra: CLUSTER_INSTALL. A pinned task goes to the
    worker that ran the last task of its pin, if that worker is still there (else to
    any: a racing member then starts again there, `_member`).

    A worker that dies has its subproblems rerun by the others (Dask does that). What
    the run cannot go on without ends it with a DlxError, one line: nothing listening
    at the address (at once), no worker within CONNECT_SECONDS (said on stderr through
    `notice` while waiting), no worker left for CONNECT_SECONDS, the scheduler lost, a
    subproblem that killed every worker it ran on. Dask's own log is quiet from then on
    in this process: those failures are reported here, not as its tracebacks."""

    def __init__(self, shared, address, notice=None, budget=None):
        distributed = _import_distributed()
        self.address, self.running, self.client = address, {}, None
        self.places = {}  # pin -> the address of the worker that ran its last task
        self._wait, self._lost_since = distributed.wait, None
        self._timeout = _timeout_errors()
        self._dask_failures = (OSError, distributed.client.ClosedClientError,
                               _cancelled_error()) + self._timeout
        self._killed = distributed.KilledWorker
        _quiet_dask_log()
        try:
            _check_reachable(address)
            self.client = _client(distributed, address, notice)
        except Exception as exc:  # Dask's, whatever the address (e.g. UCX not installed)
            self.close()
            raise DlxError(f"cannot reach the Dask scheduler at {address}: "
                           f"{_why(exc)}") from None
        try:
            self.size = self._first_workers(notice, budget)
            self._watch_joining(notice, self._check_workers(notice))
            # a task, not scattered data: a lost copy is computed again, for new workers
            self.shared = self.client.submit(_kept, shared, pure=False)
        except BaseException:
            self.close()
            raise

    def _first_workers(self, notice, budget):
        """The threads of the cluster's workers, once it has one (CONNECT_SECONDS at
        most, said through `notice` when none is there yet; the budget's time limit
        may end the wait before)."""
        size = self._threads()
        if size:
            return size
        if notice is not None:
            notice(f"waiting for a worker of the Dask scheduler at {self.address} "
                   f"({CONNECT_SECONDS} s at most)")
        seconds = CONNECT_SECONDS
        if budget is not None and budget.deadline is not None:
            seconds = min(seconds, max(budget.remaining(), 0.001))
        try:
            self.client.wait_for_workers(1, timeout=seconds)
        except self._timeout:
            if budget is not None:
                budget.check()
            raise DlxError(f"the Dask scheduler at {self.address} has no worker "
                           f"(waited {CONNECT_SECONDS} s)") from None
        except self._dask_failures:
            raise self._scheduler_lost() from None
        return max(1, self._threads())

    def _check_workers(self, notice):
        """Raise a DlxError, saying why, when the cluster's workers cannot import dlxcli
        (a worker's Python without it, or with another dlxcli): a worker that cannot
        read its first task closes, and the run said no more than that the scheduler
        had no worker left (attack10). Asked of the workers there now, at once (a few
        milliseconds); a worker that does not answer, or is lost meanwhile, is left to
        the run's tasks. Where only some of them cannot, they are said through `notice`
        and the run goes on with the others (each of those closes at its first task,
        which Dask runs again elsewhere): refused, a run that its other workers answer
        in a second was an error (attack12). Returns the addresses of those said."""
        try:
            answers = self.client.run(_on_worker, on_error="return",
                                      callback_timeout=CONNECT_SECONDS)
        except self._dask_failures:
            return set()
        failed = {worker: answer for worker, answer in answers.items()
                  if isinstance(answer, Exception)}
        if not failed:
            return set()
        why = _cannot_import(_raised(next(iter(failed.values()))))
        if len(failed) == len(answers):
            raise DlxError(f"the workers of the Dask cluster at {self.address} {why}")
        if notice is not None:
            notice(f"{len(failed)} of the {len(answers)} workers of the Dask cluster at "
                   f"{self.address} {why}; the others go on")
        return set(failed)

    def _watch_joining(self, notice, said):
        """Have each worker that joins from now on (a nanny's restart, a worker started
        later) say, as it joins, whether it can import dlxcli (dlxcli.joining); one
        that cannot is said through `notice` by `wait`, once, as `_check_workers` says
        those there at first (`said`: their addresses), and the others go on. Before,
        it closed at its first task without a word (fix12, fix13)."""
        import cloudpickle

        from .. import joining
        self._notice, self._said, self._unable = notice, said, []
        cloudpickle.register_pickle_by_value(joining)  # read by workers without dlxcli
        try:
            self.client.subscribe_topic(joining.TOPIC,
                                        lambda event: self._unable.append(event[1]))
            self.client.register_plugin(joining.DlxcliCheck())
        except self._dask_failures:
            raise self._scheduler_lost() from None

    def _say_unable(self):
        """Say each worker that joined and could not import dlxcli, once."""
        while self._unable:
            event = self._unable.pop(0)  # appended by the client's thread meanwhile
            if event["worker"] in self._said:
                continue
            self._said.add(event["worker"])
            if self._notice is not None:
                self._notice(f"the worker {event['worker']} of the Dask cluster at "
                             f"{self.address} {_cannot_import(event['error'])}; the "
                             "others go on")

    def _threads(self):
        """The threads of the workers the scheduler has now."""
        return sum(self._ask(self.client.scheduler.ncores).values())

    def _ask(self, question, **arguments):
        """The scheduler's answer to `question`; a DlxError when it has none within
        CONNECT_SECONDS: a scheduler stopped (SIGSTOP) or hung keeps its connections
        open, and Dask would wait for its answer forever."""
        try:
            return self.client.sync(question, **arguments, callback_timeout=CONNECT_SECONDS)
        except self._timeout:
            raise DlxError(f"the Dask scheduler at {self.address} did not answer "
                           f"within {CONNECT_SECONDS} s") from None
        except self._dask_failures:
            raise self._scheduler_lost() from None

    def _scheduler_lost(self):
        return DlxError(f"lost the Dask scheduler at {self.address}")

    def submit(self, function, *args, pin=None, what="a task"):
        place = self.places.get(pin)
        where = {} if place is None else {"workers": [place], "allow_other_workers": True}
        future = self.client.submit(function, self.shared, *args, pure=False, **where)
        self.running[future] = (future.key, pin, what)
        return future.key

    def wait(self, timeout):
        """(ticket, value) of the next finished task, or None after `timeout` seconds; a
        task's exception is raised here, and the cluster's failures as a DlxError."""
        self._say_unable()
        if self.client.status != "running":
            raise self._scheduler_lost()
        future = self._finished_now()
        if future is None:
            try:
                future = next(iter(self._wait(list(self.running), timeout=timeout,
                                              return_when="FIRST_COMPLETED").done))
            except self._timeout:
                self._count_workers()
                return None
            except self._dask_failures:
                raise self._scheduler_lost() from None
        ticket, pin, what = task = self.running.pop(future)
        if future.status == "error":
            self._raise_error_of(future, what)
        try:
            value = self._result(future, task)
        except self._dask_failures:
            raise self._scheduler_lost() from None
        if value is None:
            return None
        if pin is not None:
            self._place(pin, future)
        return ticket, value

    def _finished_now(self):
        """A task already finished (as the client last heard), without asking the
        scheduler; or None. Dask's `wait` with a timeout of 0 always times out, before
        it looks: the race, which looks between DLX's turns with a timeout of 0, never
        heard its Learner while DLX searched on."""
        return next((future for future in self.running if future.done()), None)

    def _place(self, pin, future):
        """Remember where the task of `pin` ran (for the next one of the same pin)."""
        holders = self._ask(self.client.scheduler.who_has, keys=[future.key])
        holders = holders.get(future.key, ())
        if holders:
            self.places[pin] = next(iter(holders))

    def _result(self, future, task):
        """The value of a finished task; or None, the task waited for again, when its
        worker died before its result was fetched (Dask computes it again: waiting
        for the result itself would wait forever if no worker is left). The result
        comes through the scheduler: one that stops answering meanwhile is a DlxError
        (`_ask`), where this waited for it forever."""
        began = time.perf_counter()
        while True:
            try:
                return future.result(timeout=TICK)
            except self._timeout:
                if future.status != "finished":
                    self.running[future] = task
                    return None
                if time.perf_counter() - began > CONNECT_SECONDS:
                    self._threads()
                    began = time.perf_counter()

    def _raise_error_of(self, future, name):
        """Raise what a failed task raised: dlxcli's own errors (a DlxError, a
        MemoryError) as they are; the cluster's (KilledWorker) as a DlxError, and so any
        other: on a cluster it comes of an environment unlike this process's (a
        scheduler that cannot read the task without dlxcli, a worker with another
        dlxcli), and it was a traceback."""
        try:
            future.result()
        except self._killed:
            raise DlxError(f"{name} was lost with every worker of the Dask "
                           f"scheduler at {self.address} that ran it (it may need more "
                           "memory than a worker has)") from None
        except (DlxError, MemoryError):
            raise
        except Exception as exc:
            raise DlxError(f"{name} failed on the Dask cluster at {self.address}: "
                           f"{_raised(exc)} (the scheduler and its "
                           "workers need this dlxcli, its version, with the same Python "
                           "and Dask)") from None

    def _count_workers(self):
        """Follow the number of threads (`size`) as workers come and go; a DlxError
        once there has been none for CONNECT_SECONDS."""
        threads = self._threads()
        if threads:
            self.size, self._lost_since = threads, None
            return
        now = time.perf_counter()
        if self._lost_since is None:
            self._lost_since = now
        elif now - self._lost_since > CONNECT_SECONDS:
            raise DlxError(f"the Dask scheduler at {self.address} has no worker left "
                           f"(waited {CONNECT_SECONDS} s)")

    def close(self):
        """Cancel what is still running and disconnect (quietly, whatever state the
        cluster is in)."""
        if self.client is None:
            return
        try:
            if self.client.status == "running":
                self.client.cancel(list(self.running))
        except self._dask_failures:
            pass
        self.client.close(timeout=CONNECT_SECONDS)


CLUSTER_INSTALL = "pip install '.[cluster]' (in dlxcli's top folder)"
"""How to install the cluster extra, as every message and page says it (dlxcli is
installed from its repository, README.md)."""


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise DlxError(f"a scheduler address needs Dask, the cluster extra: {CLUSTER_INSTALL}") \
            from None
    return distributed


def _cancelled_error():
    """What a future cancelled by Dask raises (the concurrent.futures one)."""
    from concurrent.futures import CancelledError
    return CancelledError


def _timeout_errors():
    """What Dask raises when a wait times out (asyncio's: the built-in one since
    Python 3.11)."""
    import asyncio
    return TimeoutError, asyncio.TimeoutError


def _kept(search):
    """The task that gives every worker the search (see Cluster)."""
    return search


def _on_worker():
    """Run on each worker of a cluster as it is joined: unpickling this function imports
    dlxcli there (see Cluster._check_workers)."""


def _cannot_import(error):
    """What a worker that cannot import dlxcli (`error`: 'TYPE: MESSAGE') is said to
    lack."""
    return (f"cannot import dlxcli ({error}; each of them needs this dlxcli, its "
            "version, with the same Python and Dask)")


DASK_LOGGERS = ("distributed", "distributed.client", "tornado.application", "asyncio")
"""The loggers with a level of their own in Dask's default logging configuration
(the others inherit the first one's), and those of the event loop under its client:
tornado's logs the errors of Dask's callbacks (one misfires when Ctrl-C lands while
the client waits), asyncio's the exceptions of the tasks Dask leaves behind (a fetch
given up on, see Cluster._result), when they are collected, which may be late."""


def _quiet_dask_log():
    """Silence Dask's loggers, for the rest of this process (see DASK_LOGGERS)."""
    import logging
    for name in DASK_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _check_reachable(address):
    """Raise OSError, saying why, when no Dask scheduler answers at a TCP address:
    at once when nothing listens there or the host is unknown (Dask would try again
    and again for CONNECT_SECONDS), after CONNECT_SECONDS when the server says
    nothing (Dask would wait for its greeting forever: a scheduler greets whoever
    connects, before it reads), at once when its greeting is not Dask's (see
    `_not_dask`). Other addresses are left to Dask."""
    import socket
    from distributed.comm import parse_address, parse_host_port
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        return
    if scheme not in ("tcp", "tls") or not port:
        return
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS) as probe:
            greeting = _greeting(probe) if scheme == "tcp" else b"(TLS speaks first)"
    except ConnectionRefusedError:
        raise OSError("connection refused (nothing listens there)") from None
    except socket.gaierror as exc:
        raise OSError(f"unknown host {host} ({exc.strerror})") from None
    except socket.timeout:
        raise OSError(f"no answer within {CONNECT_SECONDS} s (is it a Dask scheduler?)") \
            from None
    except OSError as exc:
        raise OSError(exc.strerror or str(exc)) from None
    if not greeting:
        raise OSError("it closed the connection at once (is it a Dask scheduler?)")
    if _not_dask(greeting):
        raise OSError("its greeting is not Dask's (is it a Dask scheduler?)")


GREETING_BYTES = 8
"""What a Dask message over TCP starts with: its length, a native 64-bit integer."""
GREETING_MOST = 1 << 20
"""The longest greeting taken for a Dask scheduler's (its handshake: some 60 bytes)."""


def _greeting(probe):
    """The first GREETING_BYTES the server sends (fewer if it closes before)."""
    greeting = b""
    while len(greeting) < GREETING_BYTES:
        more = probe.recv(GREETING_BYTES - len(greeting))
        if not more:
            break
        greeting += more
    return greeting


def _not_dask(greeting):
    """Whether a server's greeting cannot be a Dask scheduler's: too short, or
    announcing a message over GREETING_MOST bytes. Dask reads that length and makes
    room for it before it reads on, with no time limit: an SSH or HTTP server's
    greeting was a MemoryError ("cannot reach the Dask scheduler at ADDR: ", no
    reason), and one announcing 1 GiB took 1 GiB and waited for it forever."""
    import struct
    return len(greeting) < GREETING_BYTES or struct.unpack("Q", greeting)[0] > GREETING_MOST


def _client(distributed, address, notice):
    """A Dask client of the scheduler at `address`. Dask's warning that the cluster
    runs other versions of its packages (a table of many lines on stderr) is one line
    through `notice`, or none without it."""
    import warnings
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always", distributed.versions.VersionMismatchWarning)
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    for warning in warned:
        if notice is not None and issubclass(warning.category,
                                             distributed.versions.VersionMismatchWarning):
            notice(f"the Dask cluster at {address} runs other versions of "
                   f"{_mismatched(str(warning.message))} than this process")
    return client


def _mismatched(table):
    """The packages of Dask's version mismatch table ('| NAME | ... |' rows, after its
    header), comma-separated; 'its packages' if it has none."""
    rows = [line.split("|")[1].strip() for line in table.splitlines()
            if line.startswith("|") and line.count("|") > 2]
    return ", ".join(rows[1:]) or "its packages"


def _why(exc):
    """An exception's message on one line: its text (the first sentence of one of
    several lines), then its cause's in brackets; its type's name where it says
    nothing (Dask's MemoryError for a greeting that is not its own: "cannot reach
    the Dask scheduler at ADDR: ", a line ending in a space)."""
    text = " ".join(str(exc).split())
    if "\n" in str(exc).strip() and ". " in text:
        text = text.split(". ", 1)[0] + "."
    text = text or type(exc).__name__
    if exc.__cause__ is not None:
        text += f" ({_why(exc.__cause__)})"
    return text


def _raised(exc):
    """'TYPE: MESSAGE' of an exception raised on the cluster. One that Dask could not
    send whole comes as Exception(repr(it)): its text, TYPE("MESSAGE"), is read so."""
    import re
    text = _why(exc)
    if type(exc) is Exception:
        stand_in = re.fullmatch(r"(\w+)\((['\"])(.*)\2\)", text)
        if stand_in:
            return f"{stand_in[1]}: {stand_in[3]}"
    return f"{type(exc).__name__}: {text}"
