"""The terminal: the one stderr console, progress displays, batch summaries, --format pretty.

Layer: cli. rich is imported inside the functions that draw, never at module import: a
plain judge run (no progress bar, no pretty output) must not pay for importing it. On a
terminal the progress display waits half a second before it draws (and imports rich),
so a quick run stays as quick as in a pipe.
Everything here writes to stderr except `print_pretty`, which writes the answers the
user asked to see drawn; judge-format bytes never pass through rich (it would wrap
them at the terminal's width).
"""

import io
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


def progress(wanted=None):
    """A progress display: shown when `wanted`; by default (None) when stderr is a
    terminal and the run lasts longer than DeferredDisplay.DELAY."""
    if wanted is None:
        return DeferredDisplay() if sys.stderr.isatty() else QuietDisplay()
    return LiveDisplay(force_terminal=True) if wanted else QuietDisplay()


class QuietDisplay:
    """The display when nothing is drawn: messages go to stderr as plain lines."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

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
        self.total = self.done = self.nodes = 0
        self.began = time.perf_counter()
        self.rows = []

    def __enter__(self):
        self.bar.start()
        return self

    def __exit__(self, *exc):
        self.bar.stop()
        return False

    def start(self, total):
        self.total = total
        self.task = self.bar.add_task("solving", total=max(total, 1), rate="")

    def begin(self, name):
        self.bar.update(self.task, description=name)

    def search(self, fraction, nodes, solutions):
        self.bar.update(self.task, completed=self.done + min(fraction, 0.999),
                        rate=f"{self._rate(self.nodes + nodes)}, {solutions:,} solutions")

    def finished(self, name, nodes):
        self.done += 1
        self.nodes += nodes
        self.bar.update(self.task, completed=self.done, description=name,
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

    def __exit__(self, *exc):
        return self.live.__exit__(*exc) if self.live else False

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


# -- --format pretty ------------------------------------------------------------------------

def print_pretty(command, data, text):
    """Draw one answer on stdout: in colour on a terminal, else as `pretty_text`."""
    if not sys.stdout.isatty():
        echo(pretty_text(command, data, text))
        return
    from rich.console import Console
    console = Console(file=sys.stdout, markup=False, emoji=False, highlight=False,
                      soft_wrap=True)
    console.print(pretty(command, data, text), end="")


def pretty_text(command, data, text):
    """The drawing as plain text (for --out): no colours, no trailing spaces."""
    from rich.console import Console
    buffer = io.StringIO()
    Console(file=buffer, color_system=None, markup=False, emoji=False, highlight=False,
            soft_wrap=True, width=1000).print(pretty(command, data, text), end="")
    return "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())


def pretty(command, data, text):
    """A rich Text drawing of one answer, from the Answer's `data` where the puzzle
    module provides what a drawing needs, else the judge text itself."""
    from rich.text import Text
    drawing = Text()
    if command == "queens" and data.get("first"):
        drawing.append_text(queens_board(data["first"][0]))
        drawing.append(text)
        return drawing
    grids = list(_grids(data))
    if not grids:
        return Text(text)
    for title, rows, regions in grids:
        if title:
            drawing.append(title + "\n")
        if rows is None:
            continue
        drawing.append_text(draw_grid(rows, *_regions(rows, regions)))
    return drawing


def _grids(data):
    """(title, rows, regions) for every grid in an answer's data: `grid` (a list of rows),
    or `cases` of `rows` (squiggly), each optionally with `regions` (81 region numbers)."""
    if data.get("grid"):
        yield None, data["grid"], data.get("regions")
    for case in data.get("cases", ()):
        yield (f"Case {case.get('case')}: {case.get('verdict')}", case.get("rows"),
               case.get("regions"))


def _regions(rows, regions):
    """(region function, colour function): given regions are coloured; without them
    the 3x3 boxes are outlined (every grid here sits on a 3x3 box lattice)."""
    if regions is None:
        return (lambda r, c: (r // 3, c // 3) if _symbol(rows, r, c) else None), None
    width = len(rows[0])
    return (lambda r, c: regions[r * width + c]), (lambda region: REGION_COLOURS[region % 9])


REGION_COLOURS = ["on red", "on green", "on yellow", "on blue", "on magenta", "on cyan",
                  "on bright_red", "on bright_green", "on bright_blue"]


def _symbol(rows, r, c):
    row = rows[r]
    if c >= len(row):
        return ""
    symbol = str(row[c])
    return "" if symbol in (" ", "0", "None") else symbol


def queens_board(placement):
    """A chess board with a queen in column placement[r] (1-based) of every row r."""
    n = len(placement)
    rows = [["Q" if placement[r] == c + 1 else "." for c in range(n)] for r in range(n)]
    return draw_grid(rows, lambda r, c: (r, c))


_JUNCTIONS = {  # (up, down, left, right) -> the box-drawing character joining them
    (0, 0, 0, 0): " ", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}


def draw_grid(rows, region, colour=None):
    """Draw `rows` of symbols with a line wherever two neighbouring cells lie in
    different regions; `region(r, c)` is None for a gap (no cell), and `colour(region)`
    optionally gives each region's background style."""
    from rich.text import Text
    height, width = len(rows), max(len(row) for row in rows)

    def at(r, c):
        return region(r, c) if 0 <= r < height and 0 <= c < width else None

    def wall_left(r, c):
        return 0 <= r < height and at(r, c - 1) != at(r, c)

    def wall_above(r, c):
        return 0 <= c < width and at(r - 1, c) != at(r, c)

    drawing = Text()
    for r in range(height + 1):
        for c in range(width + 1):
            arms = (wall_left(r - 1, c), wall_left(r, c), wall_above(r, c - 1), wall_above(r, c))
            drawing.append(_JUNCTIONS[tuple(map(int, arms))])
            if c < width:
                drawing.append("───" if arms[3] else "   ")
        drawing.append("\n")
        if r == height:
            break
        for c in range(width + 1):
            drawing.append("│" if wall_left(r, c) else " ")
            if c < width:
                cell = at(r, c)
                style = colour(cell) if colour and cell is not None else None
                drawing.append(f" {_symbol(rows, r, c) or ' '} ", style=style)
        drawing.append("\n")
    return drawing
