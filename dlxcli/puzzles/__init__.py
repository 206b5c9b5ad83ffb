"""Puzzles: each module translates one judge's format to and from an exact-cover problem.

Layer: puzzles (above exact_cover, below cli). A puzzle module parses input text, builds
items and options, decodes solutions and formats the judge's output; it never searches
and never touches the terminal. Each one is a whole command (dlxcli.commands lists
them) and offers

    COMMAND                           its Command: help, examples and options, as data
    solve_text(text, *, SETTING=DEFAULT..., budget=UNLIMITED) -> Answer
    split_lines(lines, **settings)    optional: the pieces of a big input, see below
    puzzles_in(piece, **settings)     with split_lines: (the puzzles in a piece, the
                                      line its first one starts on), not parsed
    figures(data) -> [Figure]         optional: what --format pretty draws of an
                                      Answer's data (else the judge text is shown)
    check(input_text, expected,       optional: dlxcli judge's check of an answer,
          answer, **settings)         None if right, else what is wrong (default:
                                      `compare_lines`; matrix accepts any exact cover)
    GENERATE                          optional: a `Generator`: dlxcli generate makes
                                      puzzles for the command (sudoku, squiggly, samurai)

`PuzzleModule` below says the same to mypy (a typing.Protocol; the optional hooks are
protocols of their own: `Splitting`, `Drawing`, `Checking`, `Generating`). A module
without an optional hook still works: dlxcli.commands looks each one up with a default.
docs/adding-a-command.md is the checklist of a new command.

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
Once an input's time limit has passed, the pieces left are not solved; puzzles_in
counts their puzzles for the message.
"""

from __future__ import annotations

from ..exact_cover import Stats
from ..formats import describe, join_lines

TYPE_CHECKING = False  # typing costs every run's start-up 2 ms: only mypy reads this
if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Any, Optional, Protocol

    from ..exact_cover import Budget
    from .grid import Grid

    class PuzzleModule(Protocol):
        """What every puzzle module (a command of dlxcli.commands.PUZZLES) offers."""

        COMMAND: Command

        def solve_text(self, text: str, *, budget: Budget = ..., **settings: Any) -> Answer:
            ...

    class Splitting(Protocol):
        """Optional: a big input cut into pieces solved apart (--jobs over one file)."""

        def split_lines(self, lines: Iterable[str],
                        **settings: Any) -> Iterator[tuple[str, int]]: ...

        def puzzles_in(self, piece: str, **settings: Any) -> tuple[int, Optional[int]]: ...

    class Drawing(Protocol):
        """Optional: what --format pretty draws."""

        def figures(self, data: dict[str, Any]) -> list[Figure]: ...

    class Checking(Protocol):
        """Optional: how dlxcli judge checks an answer (default: compare_lines)."""

        def check(self, input_text: str, expected: str, answer: str,
                  **settings: Any) -> Optional[str]: ...

    class Generating(Protocol):
        """Optional: dlxcli generate makes puzzles of the command."""

        GENERATE: Generator


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

    def __init__(self, flags: Iterable[str], setting: str, help: str,
                 choices: Optional[Sequence[str]] = None, value: Any = True,
                 minimum: Optional[int] = None) -> None:
        self.flags, self.setting, self.help = tuple(flags), setting, help
        self.choices, self.value, self.minimum = choices, value, minimum


class Command:
    """What the command line shows of a puzzle command: its one-line summary, its help
    text, two or three example command lines (real runs on files in this repository,
    from its top folder; tests replay them) and its options."""

    __slots__ = ("summary", "help", "examples", "options")

    def __init__(self, summary: str, help: str, examples: Iterable[str],
                 options: Iterable[Option] = ()) -> None:
        self.summary, self.help = summary, help
        self.examples, self.options = tuple(examples), tuple(options)


class Answer:
    """What one judge input produced.

    text     the judge-format output, byte for byte (every line ends in \\n), less what
             was already written through the budget's `emit` (see Output)
    failure  an Unsolved when the input has puzzles with no answer the judge defines
             (an unsolvable P1784 sudoku): the CLI says so on stderr and exits 1
    limited  Unsolveds naming the puzzles whose search a limit stopped while the
             others were answered, one for each limit (the node limit's, then the time
             limit's): the CLI names them and exits 3
    data     the answer as JSON-able values, for --format json
    stats    what the searches cost, added up
    errors   InputErrors of parts that could not be answered while the rest were
             (e.g. one bad case of a multi-case HDU input): the CLI reports each one
             and exits with status 2 after printing `text`
    notes    lines that are no error but must be said beside the answer (how an input
             that reads two ways was read; why pack found no packing without a
             search): the CLI writes each on stderr (not with -q), changing neither
             the answer nor the exit status
    cut      whether a limit cut a list of --all short: the CLI then keeps no answer
             file (never a partial one; docs/queries.md)
    """

    __slots__ = ("text", "failure", "data", "stats", "errors", "limited", "notes", "cut")

    def __init__(self, text: str, failure: Optional[Unsolved] = None,
                 data: Optional[dict[str, Any]] = None, stats: Optional[Stats] = None,
                 errors: Optional[list[Exception]] = None,
                 limited: Sequence[Unsolved] = (),
                 notes: Optional[list[str]] = None, cut: bool = False) -> None:
        self.text, self.failure, self.limited, self.cut = text, failure, limited, cut
        self.data = {} if data is None else data
        self.stats = Stats() if stats is None else stats
        self.errors = [] if errors is None else errors
        self.notes = [] if notes is None else notes


class Output:
    """The output lines of one input as a puzzle module makes them, in order: handed to
    `emit` (the budget's, when the runner streams) at once, each call whole lines, else
    kept for Answer.text. `keeps` says whether they are kept: a module keeps the JSON
    values of listed solutions only then, so that a streamed list holds none. (The
    setters' queries stream; a judge answer, which --format pretty may draw, does not.)"""

    __slots__ = ("emit", "lines")

    lines: list[str]

    def __init__(self, emit: Optional[Callable[[str], object]] = None) -> None:
        self.emit, self.lines = emit, []

    @property
    def keeps(self) -> bool:
        return self.emit is None

    def add(self, lines: list[str]) -> None:
        if self.emit is None:
            self.lines.extend(lines)
        elif lines:
            self.emit(join_lines(lines))

    def text(self) -> str:
        """What was kept, as judge output."""
        return join_lines(self.lines)


class Unsolved:
    """Puzzles of an input that got no answer, by the line each one starts on, and why:
    `reason` is "no solution", or the verdict of the limit that stopped their searches
    ("node limit", "time limit"); `count` is how many there are (`lines` keeps the
    first NAMED of them: an input of a million puzzles must not be a million numbers);
    `untried` counts the puzzles after them that a time limit left untouched, and
    `first_untried` is the line the first of those starts on when it is known.
    `unread_from` is the line from which a time limit left the input unread, so that
    its puzzles could not be counted (e.g. stdin, which may never end).

    Lines rather than a finished message, so that the runner can shift them when it
    has cut a big input into pieces (each piece counts its lines from 1)."""

    __slots__ = ("lines", "reason", "untried", "count", "first_untried", "unread_from")

    NAMED = 10
    """The most lines a message names; beyond, it names the first SHOWN and counts."""
    SHOWN = 5

    def __init__(self, lines: Iterable[int], reason: str = "no solution", untried: int = 0,
                 count: Optional[int] = None, first_untried: Optional[int] = None,
                 unread_from: Optional[int] = None) -> None:
        lines = list(lines)
        self.lines, self.reason, self.untried = lines[:self.NAMED], reason, untried
        self.count = len(lines) if count is None else count
        self.first_untried, self.unread_from = first_untried, unread_from

    def shifted(self, offset: int) -> Unsolved:
        """The same puzzles, in a piece that starts `offset` lines into the input."""
        return Unsolved((line + offset for line in self.lines), self.reason, self.untried,
                        self.count, _plus(self.first_untried, offset),
                        _plus(self.unread_from, offset))

    @classmethod
    def joined(cls, parts: Sequence[Unsolved]) -> Unsolved:
        """The puzzles of consecutive pieces, in order (all of one reason)."""
        lines: list[int] = []
        for part in parts:
            lines.extend(part.lines[:cls.NAMED - len(lines)])
        return cls(lines, parts[0].reason, sum(part.untried for part in parts),
                   sum(part.count for part in parts),
                   _first(part.first_untried for part in parts),
                   _first(part.unread_from for part in parts))

    def __str__(self) -> str:
        lines, count, untried = self.lines, self.count, self.untried
        if not count and self.first_untried is not None:
            # no search was stopped (the limit came between puzzles): the first
            # puzzle not tried is the one it stopped at
            lines, count, untried = [self.first_untried], 1, untried - 1
        if not count:
            return f"{self.reason}: the input from line {self.unread_from} on was not read"
        text = f"{self.reason} for {_puzzles_starting_on(lines, count)}"
        if untried:
            text += (f"; {untried:,} puzzle{'s' if untried > 1 else ''} after "
                     f"{'it' if count == 1 else 'them'} not tried")
        if self.unread_from is not None:
            text += f"; the input from line {self.unread_from} on was not read"
        return text


def _puzzles_starting_on(lines, count):
    """'the puzzle starting on line 4', 'the puzzles starting on lines 4, 9', or for
    more than Unsolved.NAMED: '770 puzzles starting on lines 1, 2, 3, 4, 5 and 765 more'."""
    if count == 1:
        return f"the puzzle starting on line {lines[0]}"
    if count <= Unsolved.NAMED:
        return f"the puzzles starting on lines {', '.join(map(str, lines))}"
    shown = lines[:Unsolved.SHOWN]
    return (f"{count:,} puzzles starting on lines {', '.join(map(str, shown))} "
            f"and {count - len(shown):,} more")


def _plus(line, offset):
    return None if line is None else line + offset


def _first(values):
    """The first of `values` that is not None, or None."""
    return next((value for value in values if value is not None), None)


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
    weights   each cell's weight, rows like `rows` (the target sudoku's rings, 6 to
              10), or None: --format svg tints the cells by weight, with a key
    """

    __slots__ = ("rows", "regions", "coloured", "title", "beside", "weights")

    def __init__(self, rows, regions, coloured=False, title=None, beside=(), weights=None):
        self.rows, self.regions, self.coloured = rows, regions, coloured
        self.title, self.beside, self.weights = title, tuple(beside), weights


def box_regions(side: int, box_rows: int, box_cols: int) -> list[list[tuple[int, int]]]:
    """The region rows of a side x side grid cut into boxes of box_rows x box_cols."""
    return [[(r // box_rows, c // box_cols) for c in range(side)] for r in range(side)]


# -- checking an answer (dlxcli judge) ---------------------------------------------------------

LINE_SHOWN = 200
"""The most characters of a line that a wrong answer's detail shows (`shown`): a verdict
is one short line, whatever the expected file or the answer holds."""


def shown(line: str) -> str:
    """A line of an answer or an expected file as a verdict shows it (describe)."""
    return describe(line, LINE_SHOWN)


def judge_lines(text: str) -> list[str]:
    """Lines as Luogu compares them: trailing spaces dropped, final blank lines too."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def compare_lines(input_text: str, expected: str, answer: str,
                  **settings: Any) -> Optional[str]:
    """The check of a command without a `check` of its own (one answer is right): None
    if the answer's lines are the expected ones (judge_lines), else where it first
    differs. The input and the settings do not matter to it."""
    want, got = judge_lines(expected), judge_lines(answer)
    for number, (a, b) in enumerate(zip(want, got), 1):
        if a != b:
            return f"line {number}: expected {shown(a)}, found {shown(b)}"
    if len(want) != len(got):
        number = min(len(want), len(got)) + 1
        if len(want) > len(got):
            return f"line {number}: expected {shown(want[number - 1])}, found end of output"
        return f"line {number}: expected end of output, found {shown(got[number - 1])}"
    return None


# -- making puzzles (dlxcli generate) ----------------------------------------------------------

class Board:
    """One shape to fill: its Grid, the (row, column) of every cell in a picture of
    `extent` x `extent` positions, a squiggly's regions, and for a shape of several
    overlapping grids `near(cells)`: cell sets around those cells, smallest first (see
    dlxcli.generate.Uniqueness.stays)."""

    __slots__ = ("grid", "positions", "extent", "regions", "near")

    def __init__(self, grid: Grid, positions: Sequence[tuple[int, int]], extent: int,
                 regions: Optional[Sequence[int]] = None,
                 near: Optional[Callable[[Iterable[int]], list[frozenset[int]]]] = None
                 ) -> None:
        self.grid, self.positions, self.extent, self.regions = grid, positions, extent, regions
        self.near = near


class Generator:
    """How `dlxcli generate` makes puzzles of a command: the GENERATE of a puzzle module
    that can be generated (dlxcli.generate does the rest: the solution grid, the givens
    removed, the difficulty; dlxcli.commands.generatable lists the commands with one).

    sizes       the sides --size may give it, 9 among them
    board       board(size, rng) -> the Board of the next attempt (a shape drawn at
                random, e.g. a squiggly's layout, from `rng`)
    seeds       seeds(board, rng) -> random givens that cannot clash (a symbol per
                cell, 0 for none), which the engine's first solution completes
    text        text(board, givens) -> one puzzle in the command's input format
    cells       cells(size) -> how many cells its puzzles have
    name        name(size) -> what a puzzle is called in messages; None: the command
    fewest      fewest(size) -> (the fewest givens a puzzle with one solution has, why)
                where more is known than the n - 1 of any n symbols; None: nothing more
    one_a_input whether an input holds one puzzle only (then --count > 1 needs --out)
    minimal_out_of_reach
                the sizes whose minimal puzzles are refused (the uniqueness proof of
                each given can take hours), each with a --clues to suggest instead
    header      header(count) -> what an input of `count` puzzles starts with
    between     what separates two puzzles of an input
    givens      givens(text) -> whether each cell of one puzzle text holds a given, in
                reading order (for the drawings of `generate --format svg`); the
                default reads a picture where '.' is an empty cell
    """

    __slots__ = ("sizes", "board", "seeds", "text", "cells", "name", "fewest",
                 "one_a_input", "minimal_out_of_reach", "header", "between", "givens")

    def __init__(self, sizes: Iterable[int], board: Callable[[int, random.Random], Board],
                 seeds: Callable[[Board, random.Random], list[int]],
                 text: Callable[[Board, Sequence[int]], str], cells: Callable[[int], int],
                 name: Optional[Callable[[int], str]] = None,
                 fewest: Optional[Callable[[int], Optional[tuple[int, str]]]] = None,
                 one_a_input: bool = False,
                 minimal_out_of_reach: Optional[dict[int, int]] = None,
                 header: Optional[Callable[[int], str]] = None, between: str = "",
                 givens: Optional[Callable[[str], list[bool]]] = None) -> None:
        self.sizes, self.board, self.seeds, self.text = tuple(sizes), board, seeds, text
        self.cells, self.name, self.fewest = cells, name, fewest
        self.one_a_input, self.header, self.between = one_a_input, header, between
        self.minimal_out_of_reach = minimal_out_of_reach or {}
        self.givens = givens or _pictured_givens


def _pictured_givens(text: str) -> list[bool]:
    """The givens of a puzzle drawn as a picture: every symbol but '.' (spaces are gaps)."""
    return [symbol != "." for symbol in text if not symbol.isspace()]


def square_positions(side: int) -> list[tuple[int, int]]:
    """The (row, column) of every cell of a side x side grid, row by row."""
    return [divmod(cell, side) for cell in range(side * side)]


def seeded_boxes(board: Board, rng: random.Random, corners: Iterable[tuple[int, int]],
                 box: int) -> list[int]:
    """Seeds for Generator.seeds: each box x box box whose top left cell is at one of
    `corners` gets a random permutation of the symbols (boxes that share no row or
    column of any unit never clash)."""
    side = board.grid.size
    cell_at = {position: cell for cell, position in enumerate(board.positions)}
    seeds = [0] * len(board.positions)
    for top, left in corners:
        digits = rng.sample(range(1, side + 1), side)
        for k, digit in enumerate(digits):
            seeds[cell_at[top + k // box, left + k % box]] = digit
    return seeds
