"""Signals: SIGTERM and SIGHUP end a run the way Ctrl-C does (but a SIGHUP or Ctrl-C
that the run was started ignoring, as under `nohup`); answer files are created and
renamed with signals held back; a deadline alarm stops reading, parsing and building as
well as the search.

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


def take_over(handler):
    """Make `handler` handle the ending signals in this process; returns their previous
    handlers, for `restore`. SIGHUP and SIGINT that the run was started ignoring stay
    ignored (`nohup` ignores SIGHUP, a background job of a script SIGINT: the convention
    every Unix tool follows; the workers of dlxcli.pool follow it too), and so does
    SIGINT where Python does not raise KeyboardInterrupt for it. SIGTERM always ends a
    run."""
    return handle([signum for signum in ENDING if _taken_over(signum)], handler)


def _taken_over(signum):
    """Whether `take_over` (or `around_click`, `terminating_early`) takes this ending
    signal over."""
    current = _signal.getsignal(signum)
    if signum == _signal.SIGINT:
        return current in (_signal.default_int_handler, _interrupt_past_click)
    return signum == _signal.SIGTERM or current is not _signal.SIG_IGN


class Interrupted(BaseException):
    """An ending signal while click parses the command line (`around_click`): not a
    KeyboardInterrupt, which click answers with a blank line on stderr before
    dlxcli's own message. `signum`: the signal."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def _interrupt_past_click(signum, frame):
    raise Interrupted(signum)


def around_click():
    """Make the ending signals raise `Interrupted` until a run takes them over (its
    own handler) or they are restored (the returned handlers, for `restore`); those
    the run was started ignoring stay ignored (`take_over`'s rule)."""
    return handle([signum for signum in ENDING if _taken_over(signum)],
                  _interrupt_past_click)


def terminating_early():
    """Make SIGTERM (and SIGHUP, unless the run was started ignoring it) raise
    `Terminated` from the moment the command line starts (`main`), not only once a run
    takes the ending signals over: one that came while click was imported or the input
    read killed the run without its message (attack16). Ctrl-C raises its
    KeyboardInterrupt there already; `around_click` then takes them all over while
    click works."""
    return handle([signum for signum in ENDING if signum != _signal.SIGINT
                   and _taken_over(signum)], _terminated)


def _terminated(signum, frame):
    raise Terminated(signum)


def ignore_ending():
    """Ignore the ending signals (while a run that is ending says so)."""
    return handle(ENDING, _signal.SIG_IGN)


RESEND_SECONDS = 0.05
"""How often `redelivered` sends a dropped signal again until the handler has raised it."""


class redelivered:
    """A block in which an ending signal that lands inside a `__del__` (where Python
    only prints "Exception ignored" and drops the KeyboardInterrupt, e.g. while a pool's
    pipe is collected) is sent again to the main thread, so that the run still ends as
    it should; `handler` is the ending signals' handler in the block (see `take_over`).

    It is sent from a new thread, which runs once the finalizer is over (a signal raised
    within the hook would be dropped the same way), and again every RESEND_SECONDS until
    the handler has raised it: a signal that lands as the main thread enters a blocking
    call (a wait for the pool, a read, a sleep: the thread runs when the main thread
    lets go of the GIL for it) is only handled when that call returns, which may be
    never. A signal that comes once the handler has raised the one sent again is
    dropped: the run is ending already. `pending` is the dropped signal's number; a
    block that ends before the signal was raised again must end the run itself (see
    _run.interruptible).

    Nor is the one sent again raised where the block is ending: in `close`, or in
    `ends_in`, the function that ends the block (its `__exit__`). Python handles a
    signal as a function starts, so one sent again as the block's body ends can be
    handled as `__exit__` starts, where its exception would escape the block instead of
    ending the run (seen under load: 1 run in 2,000 with the body ending at once)."""

    def __init__(self, ends_in=None):
        self.quiet = {redelivered.close.__code__}
        if ends_in is not None:
            self.quiet.add(ends_in.__code__)

    def __enter__(self):
        import _thread
        import sys
        self.sys, self.previous = sys, sys.unraisablehook
        self.start_thread, self.main = _thread.start_new_thread, _thread.get_ident()
        self.pending, self.dropped, self.raised = None, 0, 0
        self.closing, self.stopped = _thread.allocate_lock(), _thread.allocate_lock()
        self.closing.acquire()  # released by close: the sending thread stops
        self.sending = False
        sys.unraisablehook = self._hook
        return self

    def handler(self, signum, frame):
        """Raise the ending signal's exception (once for a dropped one, and not where
        the block is ending: see above)."""
        if self.pending is not None:
            if self.raised == self.dropped or (frame is not None
                                               and frame.f_code in self.quiet):
                return
            self.raised = self.dropped
        raise interrupt(signum)

    def close(self):
        self.sys.unraisablehook = self.previous
        self.raised = self.dropped  # a signal sent again and still on its way is dropped
        if self.sending:  # wait until it has stopped: a signal it sends after the
            self.closing.release()  # handlers are restored would end the run anew
            self.stopped.acquire()

    def _hook(self, unraisable):
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            self.previous(unraisable)
            return
        self.pending = getattr(unraisable.exc_value, "signum", _signal.SIGINT)
        self.dropped += 1
        if not self.sending:
            self.stopped.acquire()
            try:
                self.start_thread(self._send, ())
            except RuntimeError:  # no thread to be had (ulimit -u): the signal stays dropped
                self.stopped.release()
                return
            self.sending = True

    def _send(self):
        try:
            while True:
                if self.raised != self.dropped:
                    _signal.pthread_kill(self.main, self.pending)
                if self.closing.acquire(timeout=RESEND_SECONDS):
                    return
        finally:
            self.stopped.release()


def interrupt(signum):
    """The exception an ending signal raises here."""
    return KeyboardInterrupt() if signum == _signal.SIGINT else Terminated(signum)


HELD = ENDING + (_signal.SIGALRM,)
"""The signals `held` holds back: the ending signals and the time limit's alarm
(`deadline_alarm`), which is on while answers are written as they come."""


class held:
    """A block in which the ending signals and the time limit's alarm wait: they are
    delivered when it ends, so that nothing can interrupt it half-way (a temporary file
    created but not yet registered for cleanup, or renamed but not yet forgotten)."""

    def __enter__(self):
        self.mask = _signal.pthread_sigmask(_signal.SIG_BLOCK, HELD)
        return self

    def __exit__(self, *exc):
        _signal.pthread_sigmask(_signal.SIG_SETMASK, self.mask)
        return False


class deadline_alarm:
    """Raise the budget's TimeLimitExceeded when its deadline passes, wherever the
    work is (reading, parsing, building the exact-cover structure, searching):
    SIGALRM, in the main thread. Without a deadline, or off the main thread, nothing.

    An alarm that comes inside a finalizer (a `__del__`, a garbage collector's
    callback), where Python only prints "Exception ignored" and a traceback and drops
    the exception, is not printed, and comes again RESEND_SECONDS later, as an ending
    signal does (`redelivered`). One handled as `__exit__` starts (Python handles a
    signal as a function starts) is not raised: the work is done, and raised there it
    would leave the block's handler and hook in place."""

    def __init__(self, budget, now):
        self.budget, self.seconds = budget, None
        if budget.deadline is not None:
            self.seconds = max(budget.remaining(now), 1e-6)

    def _expired(self, signum, frame):
        if frame is not None and frame.f_code is deadline_alarm.__exit__.__code__:
            return
        self.raised = self.budget.time_limit()
        raise self.raised

    def _hook(self, unraisable):
        if unraisable.exc_value is not self.raised:
            self.unraisable(unraisable)
            return
        _signal.setitimer(_signal.ITIMER_REAL, RESEND_SECONDS)

    def __enter__(self):
        self.previous, self.raised = None, None
        if self.seconds is not None:
            try:
                self.previous = _signal.signal(_signal.SIGALRM, self._expired)
            except ValueError:
                return self
            import sys
            self.sys, self.unraisable = sys, sys.unraisablehook
            sys.unraisablehook = self._hook
            _signal.setitimer(_signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        if self.previous is not None:
            _signal.setitimer(_signal.ITIMER_REAL, 0)
            _signal.signal(_signal.SIGALRM, self.previous)
            self.sys.unraisablehook = self.unraisable
        return False
