"""Signals: SIGTERM and SIGHUP end a run the way Ctrl-C does; answer files are created
and renamed with signals held back; a deadline alarm stops reading, parsing and building
as well as the search.

Layer: cli. Built on `_signal`, the C module under the standard `signal`: importing
`signal` imports enum, about 4 ms of every run's start-up (docs/performance.md).
"""

import _signal

ENDING = (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP)
"""The signals that end a run: exit status 128 + the signal's number (130, 143, 129)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised like Ctrl-C's KeyboardInterrupt so that every
    `finally` on the way out (the worker pool, temporary files) runs alike."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def _terminate(signum, frame):
    raise Terminated(signum)


def exit_status(interrupt):
    """The exit status of a run ended by `interrupt` (a KeyboardInterrupt)."""
    return 128 + getattr(interrupt, "signum", _signal.SIGINT)


def handle(signals, handler):
    """Set `handler` for `signals`; returns their previous handlers, for `restore`.
    Off the main thread (where handlers cannot be set) nothing changes."""
    previous = {}
    try:
        for signum in signals:
            previous[signum] = _signal.signal(signum, handler)
    except ValueError:
        pass
    return previous


def restore(previous):
    for signum, handler in previous.items():
        _signal.signal(signum, handler)


def catch_termination():
    """Make SIGTERM and SIGHUP raise Terminated in this process."""
    return handle((_signal.SIGTERM, _signal.SIGHUP), _terminate)


def ignore_ending():
    """Ignore the ending signals (while a run that is ending says so)."""
    return handle(ENDING, _signal.SIG_IGN)


class redelivered:
    """A block in which an ending signal that lands inside a `__del__` (where Python
    only prints "Exception ignored" and drops the KeyboardInterrupt, e.g. while a pool's
    pipe is collected) is sent again to the main thread, so that the run still ends as
    it should. It is sent from a new thread, which runs once the finalizer is over (a
    signal raised within the hook would be dropped the same way); `pending` is its
    number. `close` ends the block and waits for that thread: a block that ends before
    the signal was handled must end the run itself (see _run.interruptible)."""

    def __enter__(self):
        import _thread
        import sys
        self.sys, self.previous = sys, sys.unraisablehook
        self.start_thread, self.main = _thread.start_new_thread, _thread.get_ident()
        self.sent, self.pending = _thread.allocate_lock(), None
        sys.unraisablehook = self._hook
        return self

    def close(self):
        self.sys.unraisablehook = self.previous
        if self.pending is not None:
            self.sent.acquire(timeout=1)  # bounded: a thread that never ran cannot hang us

    def _hook(self, unraisable):
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            self.previous(unraisable)
        elif self.pending is None:
            self.pending = getattr(unraisable.exc_value, "signum", _signal.SIGINT)
            self.sent.acquire()
            self.start_thread(self._send, (self.pending,))

    def _send(self, signum):
        try:
            _signal.pthread_kill(self.main, signum)
        finally:
            self.sent.release()


def interrupt(signum):
    """The exception an ending signal raises here."""
    return KeyboardInterrupt() if signum == _signal.SIGINT else Terminated(signum)


class held:
    """A block in which the ending signals wait: they are delivered when it ends, so
    that nothing can interrupt it half-way (a temporary file created but not yet
    registered for cleanup, or renamed but not yet forgotten)."""

    def __enter__(self):
        self.mask = _signal.pthread_sigmask(_signal.SIG_BLOCK, ENDING)
        return self

    def __exit__(self, *exc):
        _signal.pthread_sigmask(_signal.SIG_SETMASK, self.mask)
        return False


class deadline_alarm:
    """Raise the budget's TimeLimitExceeded when its deadline passes, wherever the
    work is (reading, parsing, building the exact-cover structure, searching):
    SIGALRM, in the main thread. Without a deadline, or off the main thread, nothing."""

    def __init__(self, budget, now):
        self.budget, self.seconds = budget, None
        if budget.deadline is not None:
            self.seconds = max(budget.remaining(now), 1e-6)

    def _expired(self, signum, frame):
        raise self.budget.time_limit()

    def __enter__(self):
        self.previous = None
        if self.seconds is not None:
            try:
                self.previous = _signal.signal(_signal.SIGALRM, self._expired)
            except ValueError:
                return self
            _signal.setitimer(_signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        if self.previous is not None:
            _signal.setitimer(_signal.ITIMER_REAL, 0)
            _signal.signal(_signal.SIGALRM, self.previous)
        return False
