"""Puzzles: each module translates one judge's format to and from an exact-cover problem.

Layer: puzzles (above exact_cover, below cli). A puzzle module parses input text, builds
items and options, decodes solutions and formats the judge's output; it never searches
and never touches the terminal. Each one is a whole command (dlxcli.commands lists
them) and offers

    COMMAND                           its Command: help, examples and options, as data
    solve_text(text, *, SETTING=DEFAULT..., budget=UNLIMITED) -> Answer
    split_lines(lines, **settings)    optional: the pieces of a big input, see below
    figures(data) -> [Figure]         optional: what --format pretty draws of an
                                      Answer's data (else the judge text is shown)

Each setting's default lives once, as solve_text's keyword default; the click command
and the plain judge-style run both take it from there. `budget` (exact_cover.Budget)
carries the input's deadline, node limit and progress callback to every query, and
the runner's `emit` callback: a query that lists solutions (--all) writes them through
an `Output`, which hands each one to `emit` as soon as it is found (so that an
unbounded list streams, in flat memory) or, without one, keeps them for Answer.text.

split_lines takes the input's lines as they are read and yields (piece, lines before it)
for consecutive pieces of whole puzzles whose answers, concatenated, are the whole
answer: the runner solves them as separate tasks (so --jobs spreads one big file over
processes), prints each answer as it comes, and shifts the pieces' line numbers.
"""

from ..exact_cover import Stats
from ..formats import join_lines


class Option:
    """One option of a puzzle command, as plain data (the cli layer makes a click
    option of it, so that no puzzle module imports click).

    flags       e.g. ("--input-format",) or ("--count",)
    setting     the solve_text keyword it sets (its default is that keyword's default)
    choices     the values a choice option takes; None for a flag
    value       what a flag sets `setting` to (several flags may share one setting)
    minimum     for an option that takes an integer (e.g. --limit K): its least value;
                None for a flag or a choice
    """

    __slots__ = ("flags", "setting", "help", "choices", "value", "minimum")

    def __init__(self, flags, setting, help, choices=None, value=True, minimum=None):
        self.flags, self.setting, self.help = tuple(flags), setting, help
        self.choices, self.value, self.minimum = choices, value, minimum


class Command:
    """What the command line shows of a puzzle command: its one-line summary, its help
    text, two or three example command lines (real runs on files in this repository,
    from its top folder; tests replay them) and its options."""

    __slots__ = ("summary", "help", "examples", "options")

    def __init__(self, summary, help, examples, options=()):
        self.summary, self.help = summary, help
        self.examples, self.options = tuple(examples), tuple(options)


class Answer:
    """What one judge input produced.

    text     the judge-format output, byte for byte (every line ends in \\n), less what
             was already written through the budget's `emit` (see Output)
    failure  an Unsolved when the input has puzzles with no answer the judge defines
             (an unsolvable P1784 sudoku): the CLI says so on stderr and exits 1
    limited  an Unsolved naming the puzzles whose search a limit stopped while the
             others were answered: the CLI names them and exits 3
    data     the answer as JSON-able values, for --format json
    stats    what the searches cost, added up
    errors   InputErrors of parts that could not be answered while the rest were
             (e.g. one bad case of a multi-case HDU input): the CLI reports each one
             and exits with status 2 after printing `text`
    """

    __slots__ = ("text", "failure", "data", "stats", "errors", "limited")

    def __init__(self, text, failure=None, data=None, stats=None, errors=None, limited=None):
        self.text, self.failure, self.limited = text, failure, limited
        self.data = {} if data is None else data
        self.stats = Stats() if stats is None else stats
        self.errors = [] if errors is None else errors


class Output:
    """The output lines of one input as a puzzle module makes them, in order: handed to
    `emit` (the budget's, when the runner streams) at once, each call whole lines, else
    kept for Answer.text. `keeps` says whether they are kept: a module keeps the JSON
    values of listed solutions only then, so that a streamed list holds none. (The
    setters' queries stream; a judge answer, which --format pretty may draw, does not.)"""

    __slots__ = ("emit", "lines")

    def __init__(self, emit=None):
        self.emit, self.lines = emit, []

    @property
    def keeps(self):
        return self.emit is None

    def add(self, lines):
        if self.emit is None:
            self.lines.extend(lines)
        elif lines:
            self.emit(join_lines(lines))

    def text(self):
        """What was kept, as judge output."""
        return join_lines(self.lines)


class Unsolved:
    """Puzzles of an input that got no answer, by the line each one starts on, and why:
    `reason` is "no solution", or the verdict of the limit that stopped their searches
    ("node limit", "time limit"); `untried` counts the puzzles after them that a time
    limit left untouched.

    Lines rather than a finished message, so that the runner can shift them when it
    has cut a big input into pieces (each piece counts its lines from 1)."""

    __slots__ = ("lines", "reason", "untried")

    def __init__(self, lines, reason="no solution", untried=0):
        self.lines, self.reason, self.untried = list(lines), reason, untried

    def shifted(self, offset):
        """The same puzzles, in a piece that starts `offset` lines into the input."""
        return Unsolved((line + offset for line in self.lines), self.reason, self.untried)

    @classmethod
    def joined(cls, parts):
        """The puzzles of consecutive pieces, in order (all of one reason)."""
        return cls((line for part in parts for line in part.lines), parts[0].reason,
                   sum(part.untried for part in parts))

    def __str__(self):
        many = len(self.lines) > 1
        text = (f"{self.reason} for the puzzle{'s' if many else ''} starting on "
                f"line{'s' if many else ''} {', '.join(map(str, self.lines))}")
        if self.untried:
            text += f"; {self.untried} puzzle{'s' if self.untried > 1 else ''} after it not tried"
        return text


class Figure:
    """One grid of an answer, as --format pretty draws it (the cli layer does the
    drawing; a puzzle module's `figures(data)` only says what there is to draw).

    rows      rows of cell symbols (strings); None for a position that is no cell, and
              rows=None for a figure that is only its title
    regions   the region of every cell, rows like `rows` (None for no cell): a line is
              drawn between neighbouring cells of different regions
    coloured  whether each region gets its own background colour (irregular regions),
              rather than only its outline (boxes)
    title     a line above the grid; beside: lines to the right of the grid, from its
              first row of cells down (e.g. the score)
    """

    __slots__ = ("rows", "regions", "coloured", "title", "beside")

    def __init__(self, rows, regions, coloured=False, title=None, beside=()):
        self.rows, self.regions, self.coloured = rows, regions, coloured
        self.title, self.beside = title, tuple(beside)


def box_regions(side, box_rows, box_cols):
    """The region rows of a side x side grid cut into boxes of box_rows x box_cols."""
    return [[(r // box_rows, c // box_cols) for c in range(side)] for r in range(side)]
