"""The terminal's stderr side: the one stderr console, progress displays, messages,
search statistics (-v) and batch summaries. (--format pretty is `_draw`.)

Layer: cli. rich is imported inside the functions that draw, never at module import: a
plain judge run (no progress bar) must not pay for importing it. On a terminal the
progress display waits half a second before it draws (and imports rich), so a quick run
stays as quick as in a pipe. Judge-format bytes never pass through rich (it would wrap
them at the terminal's width); before each answer the live bar is taken off the screen
so that the two never share a line.
"""

import sys
import time

from ..memo import memoised


@memoised()
def stderr_console(force_terminal=False):
    """The single rich Console on stderr (markup, emoji and highlighting off)."""
    from rich.console import Console
    return Console(stderr=True, markup=False, emoji=False, highlight=False,
                   force_terminal=force_terminal or None)


def echo(text, err=False):
    """Write `text` as it is to stdout (or stderr) and flush, so that stdout and stderr
    lines keep their order when both go to one terminal."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text)
    stream.flush()


def display(wanted=None, verbosity=0):
    """A progress display: shown when `wanted`; by default (None) when stderr is a
    terminal and the run lasts longer than DeferredDisplay.DELAY; never when quiet
    (verbosity < 0). Verbosity > 0 adds each input's search statistics."""
    if verbosity < 0 or wanted is False:
        chosen = QuietDisplay()
    elif wanted is None:
        chosen = DeferredDisplay() if sys.stderr.isatty() else QuietDisplay()
    else:
        chosen = LiveDisplay(force_terminal=True)
    chosen.verbosity = verbosity
    return chosen


def statistics_line(name, stats):
    """-v's line for one input, with the counts Knuth's programs report."""
    return (f"{name}: {stats.nodes:,} nodes, {stats.updates:,} updates, "
            f"{stats.solutions:,} solutions, {stats.seconds:.3f} s")


class QuietDisplay:
    """The display when nothing is drawn: messages go to stderr as plain lines."""

    verbosity = 0

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is None and self.verbosity >= 0:
            self.summary()
        return False

    def before_answer(self):
        """An answer is about to be written to stdout."""

    def report(self, name, outcome):
        """An input's messages (and with -v its statistics) on stderr; its row of the
        summary table."""
        for text in outcome.messages:
            self.message(f"dlxcli: {text}")
        if self.verbosity > 0:
            self.message(f"dlxcli: {statistics_line(name, outcome.stats)}")
        self.record(name, outcome.verdict, outcome.text, outcome.stats)

    def start(self, total):
        """`total` pieces of work are coming."""

    def begin(self, name):
        """A piece of input `name` starts solving in this process."""

    def search(self, fraction, nodes, solutions):
        """The running search's progress (the ExactCover progress callback)."""

    def finished(self, name, nodes):
        """A piece of input `name` is done."""

    def record(self, name, verdict, text, stats):
        """An input's result, for the summary table."""

    def summary(self):
        """Print the summary table of the batch."""

    def message(self, text):
        echo(text + "\n", err=True)


class SummarisedDisplay(QuietDisplay):
    """A display that ends a batch of several inputs with a summary table on stderr."""

    force_terminal = False

    def record(self, name, verdict, text, stats):
        self.rows.append((name, verdict, text, stats.seconds, stats.nodes))

    def summary(self):
        if len(self.rows) > 1:
            stderr_console(self.force_terminal).print(summary_table(self.rows))


class LiveDisplay(SummarisedDisplay):
    """A rich progress bar on stderr (transient, never redirecting stdout), and a
    summary table at the end of a batch."""

    def __init__(self, force_terminal=False):
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
        self.force_terminal = force_terminal
        self.console = stderr_console(force_terminal)
        self.bar = Progress(TextColumn("{task.description}"), BarColumn(),
                            TextColumn("{task.percentage:>3.0f}%"),
                            TextColumn("{task.fields[rate]}"), TextColumn("ETA"),
                            TimeRemainingColumn(), console=self.console, transient=True,
                            redirect_stdout=False, redirect_stderr=False)
        self.task = None
        self.paused = False
        self.total = self.done = self.nodes = 0
        self.began = time.perf_counter()
        self.rows = []

    def __enter__(self):
        self.bar.start()
        return self

    def __exit__(self, kind, value, traceback):
        self.bar.stop()
        return super().__exit__(kind, value, traceback)

    def before_answer(self):
        """Take the bar off the screen while stdout, on the same terminal, gets an
        answer; the next update draws it again, below the answer."""
        if sys.stdout.isatty() and not self.paused:
            self.bar.stop()
            self.paused = True

    def _update(self, **fields):
        if self.paused:
            self.bar.start()
            self.paused = False
        self.bar.update(self.task, **fields)

    def start(self, total):
        self.total = total
        self.task = self.bar.add_task("solving", total=max(total, 1), rate="")

    def begin(self, name):
        self._update(description=name)

    def search(self, fraction, nodes, solutions):
        self._update(completed=self.done + min(fraction, 0.999),
                     rate=f"{self._rate(self.nodes + nodes)}, {solutions:,} solutions")

    def finished(self, name, nodes):
        self.done += 1
        self.nodes += nodes
        self._update(completed=self.done, description=name,
                     rate=f"{self.done}/{self.total} {self._rate(self.nodes)}")

    def _rate(self, nodes):
        seconds = max(time.perf_counter() - self.began, 1e-9)
        return f"{nodes / seconds:,.0f} nodes/s"

    def message(self, text):
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)


class DeferredDisplay(SummarisedDisplay):
    """The default display on a terminal: quiet for the first DELAY seconds, then a
    LiveDisplay that picks up where the run is; a batch's summary table either way."""

    DELAY = 0.5

    def __init__(self, delay=None):
        self.delay = self.DELAY if delay is None else delay
        self.began = time.perf_counter()
        self.live = None
        self.total = self.done = self.nodes = 0
        self.name = ""
        self.rows = []

    def __exit__(self, kind, value, traceback):
        if self.live:
            self.live.bar.stop()
        return super().__exit__(kind, value, traceback)

    def before_answer(self):
        if self.live:
            self.live.before_answer()

    def start(self, total):
        self.total = total

    def begin(self, name):
        self.name = name
        if self._awake():
            self.live.begin(name)

    def search(self, fraction, nodes, solutions):
        if self._awake():
            self.live.search(fraction, nodes, solutions)

    def finished(self, name, nodes):
        if self.live is not None:
            self.live.finished(name, nodes)
        self.done += 1
        self.nodes += nodes
        self._awake()

    def _awake(self):
        """Whether the live display is drawing; it starts once DELAY has passed."""
        if self.live is None and time.perf_counter() - self.began >= self.delay:
            live = LiveDisplay()
            live.began, live.done, live.nodes = self.began, self.done, self.nodes
            live.__enter__()
            live.start(self.total)
            live.bar.update(live.task, completed=self.done, description=self.name)
            self.live = live
        return self.live is not None

    def message(self, text):
        if self.live:
            self.live.message(text)
        else:
            super().message(text)


def summary_table(rows):
    """A table of (input, verdict, answer text, seconds, nodes) rows."""
    from rich.table import Table
    table = Table(title="dlxcli", title_justify="left")
    for heading, justify in (("input", "left"), ("verdict", "left"), ("answer", "left"),
                             ("time", "right"), ("nodes", "right")):
        table.add_column(heading, justify=justify, overflow="fold")
    for name, verdict, text, seconds, nodes in rows:
        first = text.split("\n", 1)[0]
        shown = first if len(first) <= 30 else first[:27] + "..."
        if text.count("\n") > 1:
            shown += f" (+{text.count(chr(10)) - 1} lines)"
        table.add_row(name, verdict, shown, f"{seconds:.3f} s", f"{nodes:,}")
    return table
