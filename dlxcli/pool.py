"""Worker processes that always stop: the one pool behind --jobs (a batch's pieces,
a split search's subproblems, generate's puzzles).

Layer: a library module (stdlib only). Why not multiprocessing.Pool: its workers take
tasks from one shared pipe under one shared lock, and a worker killed while it waits
there (SIGTERM to the whole process group: what `timeout`, job control and
supervisors send) dies holding the lock; `Pool.terminate` then waits for that lock
forever, and the run hangs with zombie workers. Here each worker has a pipe of its
own and nothing is shared, the parent has no helper threads, and stopping is: SIGTERM
to each worker, a bounded wait, SIGKILL for what is left, reap.

Signals: a worker leaves Ctrl-C (SIGINT) to the parent, which stops the pool, and
dies at once on SIGTERM and SIGHUP, whatever handlers the parent had installed, but
for a SIGHUP that the parent ignores (a run started by `nohup`: the run goes on). The
ending signals are held while workers start and while the pool stops, so that
neither is left half done; one that comes then is delivered right after.
"""

from __future__ import annotations

import os

import _signal as signal  # not `signal`, which imports enum (start-up time: _signals)

from .errors import DlxError

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from collections.abc import Iterable, Iterator
    from typing import Any, Callable, Literal

ENDING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals that end a run (and must not cut a pool's start or stop in two)."""
AHEAD = 4
"""Tasks per worker submitted ahead of the one awaited, in `in_order`."""
STOP_SECONDS = 2.0
"""How long a stopping pool waits for its workers to die of SIGTERM before SIGKILL."""
OUT_OF_MEMORY_STATUS = 101
"""The exit status of a worker that ran out of memory outside its task's own code
(receiving the task, sending its answer back: `ulimit -v`), which the parent tells
as `a worker process died (out of memory)`. Before, it died of the MemoryError with
status 1, its traceback written on the run's stderr when there was memory for it."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says it),
    at least 1."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def processes_for(jobs):
    """The processes that a number of jobs asks for: 0 (or None) means one per usable
    core. (The one place that rule is worked out: --jobs and parallel.Split both say it.)"""
    return jobs or usable_cores()


class WorkerDied(DlxError):
    """A worker process ended while it had a task (killed, e.g. by the OOM killer)."""


class CannotStart(DlxError):
    """The system refused a new worker process or its pipe (a process limit, `ulimit
    -u`: EAGAIN; no file descriptor left: EMFILE)."""


def _started(start):
    """`start()` (a new worker), its OSError told as CannotStart."""
    try:
        return start()
    except OSError as exc:
        raise CannotStart(f"cannot start a worker process: {exc.strerror or exc}") from None


class _held_signals:
    """A block in which the ending signals wait (they are delivered when it ends)."""

    def __enter__(self):
        self.mask = signal.pthread_sigmask(signal.SIG_BLOCK, ENDING)
        return self

    def __exit__(self, *exc):
        signal.pthread_sigmask(signal.SIG_SETMASK, self.mask)
        return False


class WorkerPool:
    """`size` worker processes; `initializer(*initargs)` runs once in each. Tasks are
    functions of the module level and picklable arguments; `submit` returns a ticket,
    `wait` gives the next finished task's (ticket, value), `result` the value of one
    ticket. A task submitted with `worker=k` goes to worker k (modulo `size`) and no
    other, after that worker's earlier tasks: a task that goes on from the state an
    earlier one left in its process (dlxcli.parallel's racing members). `depth` tasks
    at most are sent to a worker at a time: more than 1 keeps a
    worker busy while the parent is busy too, for small tasks only (a task must fit in
    the pipe's buffer, or sending it waits for the worker). A task's exception is
    raised where its value would be returned, and so is the MemoryError of a task too
    large to pickle here (it is not sent; the others go on); a worker that dies fails
    its tasks with WorkerDied and is replaced; a worker the system refuses to start
    raises CannotStart (the pool's other workers stopped first, when it is being
    made). `nested`: the workers may start pools of their own (they are not daemonic
    processes then; the pool still stops them, and a pool of theirs stops with them:
    its workers die with their parent)."""

    def __init__(self, size: int, initializer: Callable[..., object] | None = None,
                 initargs: tuple = (), depth: int = 1, nested: bool = False) -> None:
        import collections
        self._context = _multiprocessing().get_context()
        self._start_args = (initializer, initargs, not nested)
        self.size, self.depth = size, depth
        # (ticket, message, worker index or None, on_send) not sent yet
        self._backlog: collections.deque[tuple[int, tuple, int | None, Any]] = \
            collections.deque()
        self._finished: dict[int, tuple[bool, Any]] = {}  # ticket -> (ok, value), for `result`
        self._on_done: dict[int, Callable[[], object]] = {}  # ticket -> `submit`'s on_done
        self._tickets = 0
        self._workers = []
        try:
            with _held_signals():
                for _ in range(size):
                    self._workers.append(self._new_worker())
        except BaseException:
            self.close()
            raise

    def submit(self, function: Callable[..., Any], *args: Any, worker: int | None = None,
               on_send: Callable[[], object] | None = None,
               on_done: Callable[[], object] | None = None) -> int:
        """Queue a task (on worker `worker` modulo `size`, if given); its ticket (tickets
        count up from 0). `on_send()`, if given, is called here as the task leaves the
        backlog for its worker, before its arguments are pickled: what it changes in
        them goes along; `on_done()` as it is known here to have finished or failed
        (an input's time limit that runs only while a piece of it is under way:
        `_batch.Job`)."""
        ticket = self._tickets
        self._tickets += 1
        if on_done is not None:
            self._on_done[ticket] = on_done
        self._backlog.append((ticket, (ticket, function, args),
                              None if worker is None else worker % self.size, on_send))
        self._dispatch()
        return ticket

    def wait(self, timeout: float | None = None) -> tuple[int, Any] | None:
        """(ticket, value) of the next task to finish, or None after `timeout` seconds
        (None: until one finishes)."""
        if self._finished:
            ticket = next(iter(self._finished))
            return ticket, _value(*self._finished.pop(ticket))
        finished = self._next(timeout)
        if finished is None:
            return None
        ticket, ok, value = finished
        return ticket, _value(ok, value)

    def result(self, ticket: int) -> Any:
        """The value of the task with this ticket, once finished (tasks that finish
        meanwhile are kept for later)."""
        self.finished(ticket)
        return _value(*self._finished.pop(ticket))

    def finished(self, ticket: int, timeout: float | None = None) -> bool:
        """Whether the task with this ticket has finished, waiting at most `timeout`
        seconds for it (None: as long as it takes); tasks that finish meanwhile are
        kept for later."""
        import time
        end = None if timeout is None else time.monotonic() + timeout
        while ticket not in self._finished:
            finished = self._next(None if end is None else max(end - time.monotonic(), 0.0))
            if finished is None:
                return False
            self._finished[finished[0]] = finished[1:]
        return True

    def poll(self) -> None:
        """Take the tasks finished meanwhile, without waiting (kept for `result`), and
        send those that wait: for a parent busy elsewhere (reading a pipe)."""
        while any(worker.tasks for worker in self._workers):
            finished = self._next(0)
            if finished is None:
                break
            self._finished[finished[0]] = finished[1:]
        self._dispatch()

    def in_order(self, function: Callable[[Any], Any], arguments: Iterable[Any],
                 waiting: Callable[[], object] | None = None,
                 every: float = 0.25) -> Iterator[Any]:
        """Yield function(argument) for every argument, in order, computed on the pool
        with a few tasks per worker ahead (so that memory does not grow with their
        number). `waiting()`, if given, is called every `every` seconds while the next
        value is awaited (a progress display)."""
        import collections
        tickets: collections.deque[int] = collections.deque()
        for argument in arguments:
            tickets.append(self.submit(function, argument))
            if len(tickets) >= AHEAD * self.size:
                yield self._awaited(tickets.popleft(), waiting, every)
        while tickets:
            yield self._awaited(tickets.popleft(), waiting, every)

    def _awaited(self, ticket, waiting, every):
        if waiting is not None:
            while not self.finished(ticket, every):
                waiting()
        return self.result(ticket)

    def _dispatch(self):
        """Send queued tasks, in order, to the workers with room for them: a task's own
        worker if it has one, else the least busy. A task that cannot go yet keeps its
        place (and those behind it for the same worker, or for any, wait behind it).
        One that died holding tasks is sent this one too (the pipe swallows it), and
        `_next` fails them all: replaced here, it dropped those it held."""
        waiting = []
        while self._backlog:
            ticket, message, pin, on_send = task = self._backlog.popleft()
            worker = min(self._workers, key=_load) if pin is None else self._workers[pin]
            if len(worker.tasks) >= self.depth:
                waiting.append(task)
                if pin is None:
                    break  # every worker is full
                continue
            if not worker.tasks and worker.process.exitcode is not None:
                worker = self._renew(worker)  # died idle: replace it quietly
            if on_send is not None:
                on_send()
            if not worker.send(ticket, message):
                self._finished[ticket] = (False, MemoryError("a task too large to send"))
                self._done(ticket)
        self._backlog.extendleft(reversed(waiting))

    def _next(self, timeout):
        """(ticket, ok, value) of the next task to finish (a died worker's task
        fails), or None after `timeout`."""
        from multiprocessing.connection import wait
        busy = [worker for worker in self._workers if worker.tasks]
        if not busy:
            raise RuntimeError("no task under way")
        waitables = {}
        for worker in busy:
            waitables[worker.connection] = waitables[worker.process.sentinel] = worker
        ready = wait(list(waitables), timeout)
        if not ready:
            return None
        worker = waitables[ready[0]]
        finished = worker.receive()
        if finished is None:  # it died: its tasks fail, a new worker takes its place
            finished = self._replace(worker)
        self._done(finished[0])
        self._dispatch()
        return finished

    def _done(self, ticket):
        """Call the on_done of a task known to have finished, if it has one."""
        on_done = self._on_done.pop(ticket, None)
        if on_done is not None:
            on_done()

    def _replace(self, worker):
        """A worker that died with tasks: they fail (the first is returned, the others
        kept for `wait` and `result`), and a new worker takes its place."""
        died = WorkerDied(f"a worker process died ({_how(worker.process.exitcode)})")
        failed = [(ticket, False, died) for ticket in worker.tasks]
        self._renew(worker)
        for ticket, ok, value in failed[1:]:
            self._finished[ticket] = (ok, value)
            self._done(ticket)
        return failed[0]

    def _renew(self, worker):
        """A new worker in the place of this one, which is stopped and reaped."""
        worker.stop()
        with _held_signals():
            new = self._new_worker()
            self._workers[self._workers.index(worker)] = new
        return new

    def _new_worker(self):
        siblings = [worker.connection for worker in self._workers]
        return _started(lambda: _Worker(self._context, siblings, *self._start_args))

    def close(self) -> None:
        """Stop every worker (SIGTERM; SIGKILL after STOP_SECONDS) and reap it; what
        is under way is dropped. Safe to call twice."""
        with _held_signals():
            workers, self._workers = self._workers, []
            for worker in workers:
                worker.terminate()
            for worker in workers:
                worker.stop()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        self.close()
        return False


def _multiprocessing():
    """The multiprocessing module, imported when a first pool starts. Under a memory
    limit (`ulimit -v`) the loader may fail to map a shared library it needs (_socket:
    "failed to map segment from shared object"): a MemoryError, which a run reports in
    one line, not an ImportError's traceback."""
    try:
        import multiprocessing
    except ImportError as exc:
        if "failed to map segment" not in str(exc):
            raise
        raise MemoryError(str(exc)) from exc
    return multiprocessing


def _load(worker):
    return len(worker.tasks)


def _value(ok, value):
    if not ok:
        raise value
    return value


def _how(exitcode):
    if exitcode is not None and exitcode < 0:
        return f"killed by signal {-exitcode}: {signal.strsignal(-exitcode)}"
    if exitcode == OUT_OF_MEMORY_STATUS:
        return "out of memory"
    return f"exit status {exitcode}"


class _Worker:
    """One worker process, its end of the pipe, and the tickets it holds, in order."""

    def __init__(self, context, siblings, initializer, initargs, daemon):
        self.connection, child_end = context.Pipe()
        # A forked worker holds copies of the parent's ends of every pipe: it closes
        # them, so that each pipe ends (EOF) when the parent is gone.
        forked = context.get_start_method() == "fork"
        inherited = [*siblings, self.connection] if forked else []
        parent = os.getpid() if forked else None  # a forkserver's child is not ours
        self.process = context.Process(target=_serve,
                                       args=(child_end, inherited, parent, initializer,
                                             initargs),
                                       daemon=daemon)
        self.tasks = []
        try:
            self.process.start()
        except BaseException:
            self.connection.close()
            raise
        finally:
            child_end.close()

    def send(self, ticket, message):
        """Send it a task; False if the task could not be pickled for memory (nothing
        was sent then: the bytes are written once all are made)."""
        try:
            self.connection.send(message)
        except OSError:  # it died: receive says so
            pass
        except MemoryError:
            return False
        self.tasks.append(ticket)
        return True

    def receive(self):
        """(ticket, ok, value) of its oldest task, or None if the process died."""
        try:
            ticket, ok, value = self.connection.recv()
        except (EOFError, OSError):
            self.process.join(STOP_SECONDS)
            return None
        self.tasks.remove(ticket)
        return ticket, ok, value

    def terminate(self):
        if self.process.exitcode is None:
            try:
                self.process.terminate()
            except OSError:
                pass

    def stop(self):
        """Wait for the process to end (SIGKILL after STOP_SECONDS), reap it."""
        self.terminate()
        self.process.join(STOP_SECONDS)
        if self.process.exitcode is None:
            self.process.kill()
            self.process.join()
        self.connection.close()


PR_SET_PDEATHSIG = 1
"""prctl(2) option: the signal a process gets when its parent dies (Linux)."""


def _die_with(parent):
    """Have this worker get SIGTERM when its parent (pid `parent`, forked from it)
    dies, even of SIGKILL, instead of searching on as an orphan (Linux; elsewhere,
    or not forked, the worker ends at its next task, when it finds its pipe closed).
    Without ctypes (its libffi not mapped under `ulimit -v`: an ImportError), as
    elsewhere."""
    if parent is None:
        return
    try:
        import ctypes
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (ImportError, OSError, AttributeError):
        return
    if os.getppid() != parent:  # it died before prctl
        os._exit(1)


def _serve(connection, inherited, parent, initializer, initargs):
    """A worker's life: the signal defaults of a worker, the initializer, then task
    after task until the parent closes the pipe or dies; out of memory outside a task,
    an exit with OUT_OF_MEMORY_STATUS, quietly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:  # as the run: nohup's stays
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    for parent_end in inherited:
        parent_end.close()
    _die_with(parent)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, ENDING)
    try:
        if initializer is not None:
            initializer(*initargs)
        _serve_tasks(connection)
    except MemoryError:
        os._exit(OUT_OF_MEMORY_STATUS)


def _serve_tasks(connection):
    """Task after task until the parent closes the pipe or dies. A task's own error,
    MemoryError included, is raised in the parent, where its value is awaited."""
    while True:
        try:
            ticket, function, args = connection.recv()
        except EOFError:
            return
        try:
            reply = (ticket, True, function(*args))
        except Exception as exc:
            reply = (ticket, False, exc)
        try:
            connection.send(reply)
        except MemoryError:
            raise
        except Exception as exc:  # a value or exception that does not pickle
            connection.send((ticket, False, RuntimeError(f"a worker's answer could not be "
                                                        f"sent back: {exc!r}")))
