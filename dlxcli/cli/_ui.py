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

from ..errors import counted
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


def display(wanted=None, verbosity=0, knuth_figures=False, typed=False):
    """A progress display: shown when `wanted`; by default (None) when stderr is a
    terminal and the run lasts longer than DeferredDisplay.DELAY (counted from the
    first search where the input is `typed` at the terminal); never when quiet
    (verbosity < 0). Verbosity > 0 adds each input's search statistics;
    `knuth_figures` (--stats) each input's nodes, updates and mems."""
    if verbosity < 0 or wanted is False:
        chosen = QuietDisplay()
    elif wanted is None:
        chosen = DeferredDisplay(typed=typed) if sys.stderr.isatty() else QuietDisplay()
    else:
        chosen = LiveDisplay(force_terminal=True)
    chosen.verbosity, chosen.knuth_figures = verbosity, knuth_figures
    return chosen


def statistics_line(name, stats):
    """-v's line for one input, with the counts Knuth's programs report."""
    return (f"{name}: {_figures(_counts(stats))}, {counted(stats.solutions, 'solution')}, "
            f"{stats.seconds:.3f} s{_learning(stats)}{_memo(stats)}")


def knuth_figures_line(name, stats):
    """--stats's line for one input: its solutions, then nodes, updates and mems, in
    all and per solution (Knuth's way of comparing searches, TAOCP 7.2.2.1)."""
    counts = _counts(stats)
    line = f"{name}: {counted(stats.solutions, 'solution')}, " + _figures(counts)
    if stats.solutions:
        line += "; per solution: " + ", ".join(
            _per(value, stats.solutions, what) for what, value in counts if value is not None)
    return line + _learning(stats) + _memo(stats)


def _memo(stats):
    """'; memo: 15,928 hits of 59,058 lookups (27.0%), 37,066 entries, 4,194,304 bytes'
    when a count looked states up in a memo (docs/engine.md, "Counting with a
    memo"), '; memo: dropped after its trial of 4,096 lookups' when it failed its trial
    (several searches, a split count's or a batch's, add 'dropped by some searches'
    when one dropped its memo and another kept it), else ''. The hits are the lookups
    that skipped a subtree: those of the trial skip nothing."""
    lookups, hits, entries, size, dropped = stats.memo
    if not lookups and not dropped:
        return ""
    if dropped and not hits:
        return f"; memo: dropped after its trial of {lookups:,} lookups"
    rate = hits / lookups if lookups else 0.0
    return (f"; memo: {hits:,} hits of {lookups:,} lookups ({rate:.1%}), {entries:,} entries, "
            f"{size:,} bytes{', dropped by some searches' if dropped else ''}")


def _learning(stats):
    """'; learning search (1 query): 812 decisions, 390 conflicts, 390 learned clauses'
    when the learning search answered a query (--reason), else ''. Its decisions are
    among the nodes; the updates and mems are the DLX search's."""
    if not stats.learning:
        return ""
    return (f"; learning search ({counted(stats.learning, 'query', 'queries')}): "
            f"{counted(stats.decisions, 'decision')}, {counted(stats.conflicts, 'conflict')}, "
            f"{counted(stats.learned, 'learned clause')}")


def _counts(stats):
    """(noun, value) of nodes, updates and mems; a value None was not counted."""
    return (("node", stats.nodes), ("update", stats.updates), ("mem", stats.mems))


def _figures(counts):
    """'6 nodes, 17 updates, 400 mems'; what was not counted (None: the Python twin
    counts no updates or mems) is named as such: '6 nodes, updates and mems not
    counted by the Python twin'."""
    shown = [counted(value, what) for what, value in counts if value is not None]
    missing = [what + "s" for what, value in counts if value is None]
    if missing:
        shown.append(f"{' and '.join(missing)} not counted by the Python twin")
    return ", ".join(shown)


def _per(value, solutions, noun):
    """value / solutions nouns, with one decimal unless it is whole: '1 node',
    '40.8 nodes'."""
    if value == solutions:
        return f"1 {noun}"
    share = value / solutions
    return f"{share:,.0f} {noun}s" if value % solutions == 0 else f"{share:,.1f} {noun}s"


class QuietDisplay:
    """The display when nothing is drawn: messages go to stderr as plain lines."""

    verbosity = 0
    knuth_figures = False

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is None and self.verbosity >= 0:
            self.summary()
        return False

    def before_answer(self):
        """An answer is about to be written to stdout."""

    def report(self, name, outcome):
        """An input's notes (not with -q: how it was read, why pack found no packing
        without a search) and messages, and with -v its statistics, on stderr; its row
        of the summary table."""
        for text in (outcome.notes if self.verbosity >= 0 else []) + outcome.messages:
            self.message(f"dlxcli: {text}")
        estimate = outcome.estimate
        if estimate is not None and (estimate.searches or outcome.verdict == "estimated"):
            self.message(f"dlxcli: {name}: {estimate.line()}")
        else:  # an estimate searched nothing: its statistics would be zeros
            self.statistics(name, outcome.stats)
        self.record(name, outcome.verdict, outcome)

    def statistics(self, name, stats):
        """With -v (and --stats), an input's search statistics on stderr."""
        for line in self.statistics_lines(name, stats):
            self.message(line)

    def statistics_lines(self, name, stats):
        """The lines of `statistics`."""
        lines = []
        if self.verbosity > 0:
            lines.append(f"dlxcli: {statistics_line(name, stats)}")
        if self.knuth_figures:
            lines.append(f"dlxcli: {knuth_figures_line(name, stats)}")
        return lines

    def start(self, total):
        """`total` pieces of work are coming."""

    def begin(self, name):
        """A piece of input `name` starts solving in this process."""

    def search(self, fraction, nodes, solutions, parts=None, depth=None, conflicts=None):
        """The running search's progress (the ExactCover progress callback); `parts`
        (subproblems done, subproblems) when the search is split. `fraction` None: a
        search whose share of the tree done is no progress (a first solution, the
        learning search), with the deepest level seen (`depth`) and the learning
        search's `conflicts`."""

    def finished(self, name, nodes):
        """A piece of input `name` is done."""

    def record(self, name, verdict, outcome):
        """An input's result (its verdict, the answer and the cost of its Outcome),
        for the summary table."""

    def tally(self, completed, rate):
        """Progress that the caller counts itself (`generate`): `completed` pieces of
        work done of those `start` announced, and the text of the rate column."""

    def summary(self):
        """Print the summary table of the batch."""

    def message(self, text):
        echo(text + "\n", err=True)


class SummarisedDisplay(QuietDisplay):
    """A display that ends a batch of several inputs with a summary table on stderr."""

    force_terminal = False

    def record(self, name, verdict, outcome):
        answer = answer_cell(outcome.preview or "", outcome.answer_lines)
        self.rows.append((name, verdict, answer, outcome.stats.seconds, outcome.stats.nodes))

    def summary(self):
        if len(self.rows) > 1:
            console = stderr_console(self.force_terminal)
            console.print(summary_table(self.rows, console.width, full=self.verbosity > 0))


class LiveDisplay(SummarisedDisplay):
    """A rich progress bar on stderr (transient, never redirecting stdout), and a
    summary table at the end of a batch. The bar is laid out for the terminal's width
    when it starts (`bar_layout`)."""

    def __init__(self, force_terminal=False, console=None):
        from rich.progress import Progress
        self.force_terminal = force_terminal
        self.console = console or stderr_console(force_terminal)
        self.layout = bar_layout(self.console.width)
        self.bar = Progress(*bar_columns(self.layout), console=self.console, transient=True,
                            redirect_stdout=False, redirect_stderr=False)
        self.task = None
        self.paused = False
        self.total = self.done = self.nodes = 0
        self.learning = None  # (instant, conflicts) when a learning search was first seen
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
        self.task = self.bar.add_task("solving", total=max(total, 1), completed=self.done,
                                      rate="", share="")  # known once a search reports

    def begin(self, name):
        self._update(description=shortened(name, self.layout.name))

    def search(self, fraction, nodes, solutions, parts=None, depth=None, conflicts=None):
        if fraction is None:
            self._unmeasured(nodes, depth, conflicts, parts)
            return
        rate = self._rate(self.nodes + nodes)
        if parts is not None:
            rate = f"{parts[0]:,}/{parts[1]:,} subproblems, {rate}"
        if self.layout.solutions:
            rate += f", {counted(solutions, 'solution')}"
        completed = self.done + min(fraction, 0.999)
        self._update(completed=completed, rate=rate,
                     share=_share(completed / max(self.total, 1)))

    def _unmeasured(self, nodes, depth, conflicts, parts=None):
        """A search with no share of the tree to show (first solution, learning): no
        percentage, but its speed and the deepest level it has seen, which move (in
        24 characters: '735k nodes/s, depth 41', '6.7k confl./s, depth 120'); a
        verdict cut into cubes (`parts`: cubes settled, cubes), those and, where it
        fits, the speed of all its searches ('37/256 cubes, 61k confl./s')."""
        now = time.perf_counter()
        if conflicts is None:
            per_second, unit = (self.nodes + nodes) / max(now - self.began, 1e-9), "nodes/s"
        else:
            if self.learning is None or conflicts < self.learning[1]:
                self.learning = (now, conflicts)
            since, before = self.learning
            per_second, unit = (conflicts - before) / max(now - since, 1e-9), "confl./s"
        speed = f"{_compact(per_second)} {unit}"
        if parts is None:
            rate = f"{speed}, depth {depth}"
        else:  # the count first; the speed where it fits at its widest (no flicker)
            rate = f"{parts[0]}/{parts[1]} cubes"
            if len(f"{parts[1]}/{parts[1]} cubes, 9.9k {unit}") <= self.layout.rate:
                rate += f", {speed}"
        self._update(rate=rate, share=UNKNOWN_SHARE)

    def finished(self, name, nodes):
        self.done += 1
        self.nodes += nodes
        self.learning = None
        self._update(completed=self.done, description=shortened(name, self.layout.name),
                     rate=f"{self.done}/{self.total} {self._rate(self.nodes)}",
                     share=_share(self.done / max(self.total, 1)))

    def tally(self, completed, rate):
        self._update(completed=completed, rate=rate, share=_share(completed / max(self.total, 1)))

    def _rate(self, nodes):
        seconds = max(time.perf_counter() - self.began, 1e-9)
        return f"{nodes / seconds:,.0f} nodes/s"

    def message(self, text):
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)


class BarLayout:
    """How wide each part of the progress bar is: the input's name, the bar itself and
    the rate (0: no rate shown); `solutions`: whether the rate adds the solutions met."""

    __slots__ = ("name", "bar", "rate", "solutions")

    def __init__(self, name, bar, rate, solutions):
        self.name, self.bar, self.rate, self.solutions = name, bar, rate, solutions


RATE_FROM, SOLUTIONS_FROM = 70, 110
"""Terminal widths from which the bar shows nodes per second, then the solutions met."""
_BAR_FIXED = 4 + 3 + 8 + 4
"""The percentage, "ETA", the time left (up to 8 characters) and the gaps between the
five columns."""


def bar_layout(width):
    """The BarLayout that keeps the progress display on one line of `width` columns."""
    rate = 0 if width < RATE_FROM else 24 if width < SOLUTIONS_FROM else 44
    name = max(10, min(30, width // 5))
    spare = width - 1 - _BAR_FIXED - name - (rate + 1 if rate else 0)
    return BarLayout(name, max(4, min(40, spare)), rate, width >= SOLUTIONS_FROM)


def bar_columns(layout):
    """The rich progress columns of a BarLayout, none of which wraps."""
    from rich.progress import BarColumn, TextColumn
    from rich.table import Column

    def text(template, width=None):
        return TextColumn(template, markup=False,
                          table_column=Column(width=width, no_wrap=True, overflow="ellipsis"))

    columns = [text("{task.description}", layout.name), BarColumn(bar_width=layout.bar),
               text("{task.fields[share]}")]
    if layout.rate:
        columns.append(text("{task.fields[rate]}", layout.rate))
    return columns + [text("ETA"), _time_left_column()]


UNKNOWN_SHARE = "  ?"
"""The share a search with no part of its tree to show gives (`_unmeasured`)."""


def _time_left_column():
    """rich's time remaining, but none (-:--:--) while the share is unknown: rich's
    estimate, from the part done before, went on counting down past it (`? 769k
    nodes/s, depth 202  ETA 9:53:01` once a count's Learner had started: attack16b)."""
    from rich.progress import TimeRemainingColumn
    from rich.text import Text

    class TimeLeft(TimeRemainingColumn):
        def render(self, task):
            if task.fields.get("share") == UNKNOWN_SHARE:
                return Text("-:--:--", style="progress.remaining")
            return super().render(task)
    return TimeLeft()


def _compact(rate):
    """A rate in at most 4 characters: '950', '735k', '1.2M', '12M'."""
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if rate >= size:
            value = rate / size
            return f"{value:.1f}{unit}" if value < 10 else f"{value:.0f}{unit}"
    return f"{rate:.0f}"


def _share(fraction):
    """The percentage column: '37%' (4 characters); '  ?' where no share applies."""
    return f"{min(fraction, 1.0) * 100:>3.0f}%"


def shortened(name, width):
    """`name` in at most `width` characters: its end (the file name) after an ellipsis."""
    return name if len(name) <= width else "\u2026" + name[len(name) - width + 1:]


class DeferredDisplay(SummarisedDisplay):
    """The default display on a terminal: quiet for the first DELAY seconds, then a
    LiveDisplay that picks up where the run is; a batch's summary table either way.
    Where the input is `typed` at this terminal, the DELAY runs from the first search:
    a bar drawn while the user types would overwrite the line being typed."""

    DELAY = 0.5

    def __init__(self, delay=None, typed=False):
        self.delay = self.DELAY if delay is None else delay
        self.began = time.perf_counter()
        self.typed = typed
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

    def search(self, fraction, nodes, solutions, parts=None, depth=None, conflicts=None):
        if self.typed:  # the input is read: the clock starts now
            self.typed, self.began = False, time.perf_counter()
        if self._awake():
            self.live.search(fraction, nodes, solutions, parts, depth, conflicts)

    def finished(self, name, nodes):
        if self.live is not None:
            self.live.finished(name, nodes)
        self.done += 1
        self.nodes += nodes
        self._awake()

    def tally(self, completed, rate):
        if self._awake():
            self.live.tally(completed, rate)

    def _awake(self):
        """Whether the live display is drawing; it starts once DELAY has passed."""
        if self.live is None and not self.typed and time.perf_counter() - self.began >= self.delay:
            live = LiveDisplay()
            live.began, live.done, live.nodes = self.began, self.done, self.nodes
            live.__enter__()
            live.start(self.total)
            live.begin(self.name)
            self.live = live
        return self.live is not None

    def message(self, text):
        if self.live:
            self.live.message(text)
        else:
            super().message(text)


SUMMARY_COLUMNS = (("input", "left"), ("verdict", "left"), ("answer", "left"),
                   ("time", "right"), ("nodes", "right"))
DROPPED_FIRST = ("answer", "nodes", "time")
"""The columns a narrow terminal loses, in this order, until the table fits."""
MIN_NAME = 20
"""The narrowest input column worth keeping a column more for."""
FAILURES_SHOWN, SLOWEST_SHOWN = 10, 5
"""A batch of more than FAILURES_SHOWN + SLOWEST_SHOWN inputs gets a summary table that
keeps to a screen: the first inputs that failed, then the slowest of the others, and
the totals below (-v: a row for every input)."""
GOOD_VERDICTS = ("answered", "accepted")
"""The verdicts that are no failure (`accepted`: judge's)."""


def summary_table(rows, width=80, full=False):
    """A table of (input, verdict, answer cell, seconds, nodes) rows that fits `width`
    columns: one line per input, names cut at the front, columns dropped if need be.
    Unless `full`, a batch of more than FAILURES_SHOWN + SLOWEST_SHOWN inputs shows
    only its failures and its slowest inputs, and counts them all below."""
    from rich.table import Table
    parts, left_out = [rows], None
    if not full and len(rows) > FAILURES_SHOWN + SLOWEST_SHOWN:
        parts, left_out = _picked(rows)
    parts = [[{"input": name, "verdict": verdict, "answer": answer,
               "time": f"{seconds:.3f} s", "nodes": f"{nodes:,}"}
              for name, verdict, answer, seconds, nodes in part] for part in parts]
    cells = [row for part in parts for row in part]
    natural = {heading: max(len(heading), *(len(row[heading]) for row in cells))
               for heading, _ in SUMMARY_COLUMNS}
    shown = [heading for heading, _ in SUMMARY_COLUMNS]
    for dropped in DROPPED_FIRST:
        if _table_width(shown, natural, min(natural["input"], MIN_NAME)) <= width:
            break
        shown.remove(dropped)
    name_width = max(MIN_NAME // 2, width - _table_width(shown, natural, 0))
    table = Table(title="dlxcli", title_justify="left")
    for heading, justify in SUMMARY_COLUMNS:
        if heading in shown:
            table.add_column(heading, justify=justify, no_wrap=True, overflow="ellipsis")
    for part in parts:
        if table.row_count:
            table.add_section()
        for row in part:
            row["input"] = shortened(row["input"], name_width)
            table.add_row(*(row[heading] for heading in shown))
    if left_out is None:
        return table
    from rich.console import Group
    from rich.text import Text
    return Group(table, Text(_totals(rows, left_out)))


def _picked(rows):
    """([the first FAILURES_SHOWN failures, in order], [the SLOWEST_SHOWN slowest of
    the other inputs, slowest first]) without an empty one, and the number of inputs
    left out."""
    failures = [row for row in rows if row[1] not in GOOD_VERDICTS]
    others = [row for row in rows if row[1] in GOOD_VERDICTS]
    slowest = sorted(others, key=lambda row: -row[3])[:SLOWEST_SHOWN]
    shown = (failures[:FAILURES_SHOWN], slowest)
    return [part for part in shown if part], len(rows) - sum(map(len, shown))


def _totals(rows, left_out):
    """The lines under a table that leaves inputs out: every verdict counted (the good
    ones first), the time and nodes of them all, what is shown and how to see the rest."""
    counts = {}
    for row in rows:
        counts[row[1]] = counts.get(row[1], 0) + 1
    verdicts = sorted(counts, key=lambda verdict: verdict not in GOOD_VERDICTS)
    failures = len(rows) - sum(counts.get(verdict, 0) for verdict in GOOD_VERDICTS)
    slowest = min(SLOWEST_SHOWN, len(rows) - failures)
    shown = [f"the first {FAILURES_SHOWN} of {failures:,} failures" if failures > FAILURES_SHOWN
             else "the failures" if failures else "",
             f"the {slowest} slowest" if slowest else ""]
    return (f"{len(rows):,} inputs: "
            + ", ".join(f"{verdict} {counts[verdict]:,}" for verdict in verdicts)
            + f"; {sum(row[3] for row in rows):.3f} s, {sum(row[4] for row in rows):,} nodes"
            + f"\nshown: {', '.join(filter(None, shown))}; {left_out:,} left out "
            + f"(-v: all {len(rows):,})")


def answer_cell(preview, lines):
    """An answer in the table: the first line of `preview` (its first piece, cut), and
    how many of its `lines` follow. What is not printable is shown escaped (`\\x1b`):
    an answer echoes its input's bytes (Knuth's format), which must not act on the
    terminal that shows the table."""
    from ._inputs import escaped
    first = escaped(preview.split("\n", 1)[0])
    shown = first if len(first) <= 30 else first[:27] + "..."
    return shown + (f" (+{lines - 1:,} lines)" if lines > 1 else "")


def _table_width(headings, natural, name_width):
    """The width of a boxed table of these columns, the input column `name_width` wide."""
    return sum(natural[h] for h in headings if h != "input") + name_width + 3 * len(headings) + 1
