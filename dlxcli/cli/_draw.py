"""--format pretty: the Figures of an answer drawn with box-drawing lines and colours.

Layer: cli. A puzzle module's `figures(data)` says what to draw (dlxcli.puzzles.Figure);
this module only draws. rich is imported only here, and only for a pretty run.

A grid of boxes is drawn compactly: one character per cell plus a space, and a line
only where some wall runs (a 9x9 sudoku is 25 columns wide, a samurai picture 57). A
coloured figure (irregular regions) keeps a line between all cells, so that its walls
have room, and fills each region with its own light background, black symbols on it,
padding included; the walls keep the terminal's own colours, so they still show.

A terminal too narrow for a drawing (a 16x16 sudoku is 41 columns wide) gets it
`tight`: without the spaces between cells and walls (21 columns); one too narrow for
that too gets the judge text, and a note on stderr.
"""

import io
import sys

from ..memo import memoised
from ._ui import echo


def print_pretty(figures, text):
    """Draw one answer on stdout: in colour on a terminal (tight, or as its judge text,
    if the terminal is too narrow), else as `pretty_text`."""
    if not sys.stdout.isatty():
        echo(pretty_text(figures, text))
        return
    from rich.console import Console
    console = Console(file=sys.stdout, markup=False, emoji=False, highlight=False,
                      soft_wrap=True)
    drawing = fitting(figures, text, console.width)
    if drawing is None:
        _say_too_narrow(console.width)
        echo(text)
        return
    console.print(drawing, end="")


def fitting(figures, text, width):
    """The drawing of one answer that fits `width` columns, tight if need be; None if
    even that does not fit (a text without figures is shown as it is)."""
    if not figures:
        return pretty(figures, text)
    for tight in (False, True):
        drawing = pretty(figures, text, tight)
        if _widest(drawing) <= width:
            return drawing
    return None


def _widest(drawing):
    from rich.cells import cell_len
    return max(map(cell_len, drawing.plain.split("\n")))


@memoised()
def _say_too_narrow(width):
    """Say on stderr, once for each terminal width, that drawings do not fit it."""
    echo(f"dlxcli: --format pretty: the drawing is wider than the terminal ({width} "
         f"columns), so the answer is shown as plain text\n", err=True)


def pretty_text(figures, text):
    """The drawing as plain text (for --out and pipes): no colours, no trailing spaces."""
    from rich.console import Console
    buffer = io.StringIO()
    Console(file=buffer, color_system=None, markup=False, emoji=False, highlight=False,
            soft_wrap=True, width=1000).print(pretty(figures, text), end="")
    return "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())


def pretty(figures, text, tight=False):
    """A rich Text drawing of one answer: its figures (`tight`: without the spaces
    around cells), or the judge text without any."""
    from rich.text import Text
    if not figures:
        return Text(text)
    drawing = Text()
    for figure in figures:
        if figure.title:
            drawing.append(figure.title + "\n")
        lines = draw_figure(figure, tight) if figure.rows is not None else []
        for k, note in enumerate(figure.beside):
            if k + 1 >= len(lines):
                lines.append(Text(" " * len(lines[0]) if lines else ""))
            lines[k + 1].append("  " + note)
        for line in lines:
            drawing.append_text(line)
            drawing.append("\n")
    return drawing


REGION_COLOURS = ["color(217)", "color(157)", "color(229)", "color(153)", "color(219)",
                  "color(159)", "color(223)", "color(183)", "color(252)"]
"""Light backgrounds (xterm's 256 colours: pink, green, yellow, blue, magenta, cyan,
peach, lavender, grey) under black digits: readable on dark and light terminals."""


def draw_figure(figure, tight=False):
    """One Figure's grid as lines of rich Text: lines between regions, and each region
    filled with its own colour if the figure is coloured; `tight`: no spaces between
    cells and walls."""
    fill = None
    if figure.coloured:
        numbers = {}
        for row in figure.regions:
            for region in row:
                if region is not None:
                    numbers.setdefault(region, len(numbers))

        def fill(region):
            return "black on " + REGION_COLOURS[numbers[region] % len(REGION_COLOURS)]
    return GridDrawing(figure.rows, figure.regions, fill, compact=not figure.coloured,
                       tight=tight).lines()


_JUNCTIONS = {  # (up, down, left, right) -> the box-drawing character joining them
    (0, 0, 0, 0): " ", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}


class GridDrawing:
    """`rows` of symbols with a wall wherever two neighbouring cells lie in different
    regions; `regions[r][c]` is None for a gap (no cell), and `fill(region)`, if given,
    is the style that fills a region.

    Cell (r, c) is drawn as a space and its symbol (right-aligned to the widest), and
    each boundary between columns as a space and a wall (or not); `compact` leaves out
    the boundaries along which no wall runs, between columns and between rows, and
    `tight` those spaces."""

    def __init__(self, rows, regions, fill=None, compact=True, tight=False):
        self.rows, self.regions, self.fill = rows, regions, fill
        self.space = "" if tight else " "
        self.height, self.width = len(rows), max(len(row) for row in rows)
        self.cell_width = max(len(_symbol(rows, r, c)) for r in range(self.height)
                              for c in range(len(rows[r])))
        self.column_walls = [c for c in range(self.width + 1) if not compact
                             or any(self.wall_left(r, c) for r in range(self.height))]
        self.row_walls = [r for r in range(self.height + 1) if not compact
                          or any(self.wall_above(r, c) for c in range(self.width))]

    def at(self, r, c):
        """The region of cell (r, c); None for a gap or outside the grid."""
        inside = 0 <= r < self.height and 0 <= c < len(self.regions[r])
        return self.regions[r][c] if inside else None

    def wall_left(self, r, c):
        return 0 <= r < self.height and self.at(r, c - 1) != self.at(r, c)

    def wall_above(self, r, c):
        return 0 <= c < self.width and self.at(r - 1, c) != self.at(r, c)

    def style(self, region):
        return self.fill(region) if self.fill and region is not None else None

    def lines(self):
        drawn = []
        for r in range(self.height + 1):
            if r in self.row_walls:
                drawn.append(self._wall_line(r))
            if r < self.height:
                drawn.append(self._cell_line(r))
        return drawn

    def _cell_line(self, r):
        """Cell row r: its symbols, and a wall or the region's fill at each boundary."""
        from rich.text import Text
        line = Text()
        for c in range(self.width + 1):
            if c in self.column_walls:
                if c > 0 and self.space:
                    line.append(self.space, self.style(self.at(r, c - 1)))
                wall = self.wall_left(r, c)
                line.append("│" if wall else " ", None if wall else self.style(self.at(r, c)))
            if c < self.width:
                symbol = _symbol(self.rows, r, c).rjust(self.cell_width)
                line.append(self.space + symbol, self.style(self.at(r, c)))
        return line

    def _wall_line(self, r):
        """The line between cell rows r - 1 and r: walls, junctions, and the fill of
        the regions that continue across it."""
        from rich.text import Text
        line = Text()

        def run(c, length):
            wall = self.wall_above(r, c)
            line.append(("─" if wall else " ") * length,
                        None if wall else self.style(self.at(r, c)))

        for c in range(self.width + 1):
            if c in self.column_walls:
                if c > 0 and self.space:
                    run(c - 1, 1)
                arms = (self.wall_left(r - 1, c), self.wall_left(r, c),
                        self.wall_above(r, c - 1), self.wall_above(r, c))
                line.append(_JUNCTIONS[tuple(map(int, arms))],
                            None if any(arms) else self.style(self.at(r, c)))
            if c < self.width:
                run(c, len(self.space) + self.cell_width)
        return line


def _symbol(rows, r, c):
    """The symbol shown in a cell: blank for an empty cell or a gap."""
    row = rows[r]
    symbol = row[c] if c < len(row) else None
    return " " if symbol in (None, "", "0") else str(symbol)
