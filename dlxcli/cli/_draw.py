"""--format pretty: the Figures of an answer drawn with box-drawing lines and colours.

Layer: cli. A puzzle module's `figures(data)` says what to draw (dlxcli.puzzles.Figure);
this module only draws. rich is imported only here, and only for a pretty run.
"""

import io
import sys

from ._ui import echo


# -- --format pretty ------------------------------------------------------------------------

def print_pretty(figures, text):
    """Draw one answer on stdout: in colour on a terminal, else as `pretty_text`."""
    if not sys.stdout.isatty():
        echo(pretty_text(figures, text))
        return
    from rich.console import Console
    console = Console(file=sys.stdout, markup=False, emoji=False, highlight=False,
                      soft_wrap=True)
    console.print(pretty(figures, text), end="")


def pretty_text(figures, text):
    """The drawing as plain text (for --out and pipes): no colours, no trailing spaces."""
    from rich.console import Console
    buffer = io.StringIO()
    Console(file=buffer, color_system=None, markup=False, emoji=False, highlight=False,
            soft_wrap=True, width=1000).print(pretty(figures, text), end="")
    return "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())


def pretty(figures, text):
    """A rich Text drawing of one answer: its figures, or the judge text without any."""
    from rich.text import Text
    if not figures:
        return Text(text)
    drawing = Text()
    for figure in figures:
        if figure.title:
            drawing.append(figure.title + "\n")
        if figure.rows is not None:
            drawing.append_text(draw_figure(figure))
        if figure.caption:
            drawing.append(figure.caption + "\n")
    return drawing


REGION_COLOURS = ["on red", "on green", "on yellow", "on blue", "on magenta", "on cyan",
                  "on bright_red", "on bright_green", "on bright_blue"]


def draw_figure(figure):
    """One Figure: lines between regions, and each region's colour if it is coloured."""
    numbers = {}
    colour = None
    if figure.coloured:
        for row in figure.regions:
            for region in row:
                if region is not None:
                    numbers.setdefault(region, len(numbers))
        colour = (lambda region: REGION_COLOURS[numbers[region] % len(REGION_COLOURS)])
    return draw_grid(figure.rows, figure.regions, colour)


_JUNCTIONS = {  # (up, down, left, right) -> the box-drawing character joining them
    (0, 0, 0, 0): " ", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}


def draw_grid(rows, regions, colour=None):
    """Draw `rows` of symbols with a line wherever two neighbouring cells lie in
    different regions; `regions[r][c]` is None for a gap (no cell), and
    `colour(region)` optionally gives each region's background style."""
    from rich.text import Text
    height, width = len(rows), max(len(row) for row in rows)

    def at(r, c):
        inside = 0 <= r < height and 0 <= c < len(regions[r])
        return regions[r][c] if inside else None

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
                drawing.append(f" {_symbol(rows, r, c)} ", style=style)
        drawing.append("\n")
    return drawing


def _symbol(rows, r, c):
    """The symbol shown in a cell: blank for an empty cell or a gap."""
    row = rows[r]
    symbol = row[c] if c < len(row) else None
    return " " if symbol in (None, "", "0") else str(symbol)
