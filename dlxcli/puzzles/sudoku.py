"""Square sudokus: Luogu P1784's grid of numbers, and the one-line format of collections.

Layer: puzzles. Sizes 4x4, 9x9, 16x16 and 25x25 (boxes of sqrt(side) x sqrt(side)),
each solved on the one cached `grid.square_grid` of its size, the givens being forced
options. An input holds any number of puzzles, answered in order:

* grid format (P1784): whitespace-separated cell values, side x side per puzzle, row
  by row; 0 = empty, 1..side, or the letters A.. (A = 10, ..., P = 25, any case) for
  values above 9. The number of values on the first non-blank line is the side; after
  that line structure is free (judges read tokens). Output: side lines of numbers
  separated by single spaces per puzzle, puzzles simply following one another.
* line format (sudoku collections): one puzzle per line, side * side characters
  (16, 81, 256 or 625), `0` or `.` = empty, then 1-9 and A.. as above. Output: one
  line of side * side symbols per puzzle (digits, then capital letters).

`auto` picks the line format when the first non-blank line is a single word of 16 or
more characters, the grid format otherwise.

A puzzle without a solution prints nothing and makes `Answer.failure` name its line;
with several solutions the first found is printed. The setters' queries (`query`:
count, unique, all, minimal, rate; see `queries`) answer every puzzle instead, one
line each (`--all`: a list of solutions), and make no failures. A malformed puzzle is reported in
`Answer.errors` and the others are still answered (its neighbours' positions do not
depend on its contents: a line in the line format, side * side tokens in the grid one);
an input without a single well-formed puzzle raises its first InputError.
"""

from __future__ import annotations

from itertools import chain

from ..errors import InputError, NodeLimitExceeded, SearchLimit, TimeLimitExceeded
from ..exact_cover import UNLIMITED, Stats
from ..formats import Tokens, describe, first_line, locate, token_lines
from ..memo import memoised
from .grid import square_grid
from . import Answer, Command, Figure, Option, Output, Unsolved, box_regions, queries
from . import Board, Generator, seeded_boxes, square_positions

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from collections.abc import Iterable, Iterator
    from typing import Any

    from ..exact_cover import Budget

BOX_SIDES = {4: 2, 9: 3, 16: 4, 25: 5}
"""Side of the grid -> side of its boxes."""
INPUT_FORMATS = ("auto", "grid", "line")
SYMBOLS = "0123456789ABCDEFGHIJKLMNOP"
"""SYMBOLS[v] writes the value v in the line format (0 = empty)."""
PUZZLES_PER_PIECE = 100
"""split_lines's piece size: big enough that per-piece costs vanish, small enough to share."""

COMMAND = Command(
    "Solve square sudokus, 4x4 to 25x25 (Luogu P1784 and one-line collections).",
    """Solve square sudokus (4x4, 9x9, 16x16, 25x25), any number per input, in order.

    Grid format (Luogu P1784): side x side cell values per puzzle, 0 = empty; values
    above 9 as numbers or letters A.. (A = 10). Output: each solution as side lines of
    numbers separated by spaces. Line format: one puzzle per line (81 characters for
    9x9), 0 or . = empty; output: one line of digits and capital letters per puzzle.

    A puzzle without a solution prints nothing and is named on stderr (exit status 1);
    with several solutions the first found is printed. A malformed puzzle is reported
    on stderr (exit status 2) while the others are answered.

    --count, --unique, --minimal and --rate print one line per puzzle instead, --all
    every solution (docs/queries.md).""",
    ["dlxcli sudoku puzzles/sudoku/hard1000_first3.in",
     "dlxcli sudoku --unique puzzles/sudoku/hard1000_first3.in",
     "dlxcli sudoku --format pretty puzzles/sudoku/4x4.in"],
    [Option(["--input-format"], "input_format", choices=INPUT_FORMATS,
            help="grid: rows of numbers (P1784); line: one puzzle per line, 0 or . "
                 "empty; auto: line where the first line is one word of 16 or more "
                 "characters."),
     *queries.GRID_QUERIES],
)

_SIDE_OF_LENGTH = {side * side: side for side in BOX_SIDES}
_MIN_LINE_LENGTH = min(_SIDE_OF_LENGTH)
_LETTERS = SYMBOLS[10:]
_LINE_VALUES = bytes.maketrans(
    (".0" + SYMBOLS[1:] + _LETTERS.lower()).encode(),
    bytes([0] + list(range(len(SYMBOLS))) + list(range(10, len(SYMBOLS)))))
"""Byte translation of a line-format puzzle into its cell values."""
_GRID_VALUES = {**{str(v): v for v in range(len(SYMBOLS))},
                **{letter: v for v, letter in enumerate(SYMBOLS) if v >= 10},
                **{letter.lower(): v for v, letter in enumerate(SYMBOLS) if v >= 10}}
"""Grid-format token -> cell value."""


class Puzzle:
    """One puzzle of an input: its side, its givens (0 = empty) per cell, and where it
    starts (for messages): its line, or in the grid format the index of its first token
    until a message needs the line. (A plain class: dataclasses would import inspect,
    which costs a plain run more than its search.)"""

    __slots__ = ("side", "givens", "line", "token")

    def __init__(self, side, givens, line=None, token=None):
        self.side, self.givens, self.line, self.token = side, givens, line, token


# -- reading -------------------------------------------------------------------------

def detect_format(text):
    """'line' or 'grid', as `auto` decides (see the module docstring)."""
    first = first_line(text)
    if first is not None:
        words = first.split()
        if len(words) == 1 and len(words[0]) >= _MIN_LINE_LENGTH:
            return "line"
    return "grid"


def _symbols_expected(side):
    letters = f", {_LETTERS[0]}-{SYMBOLS[side]} for 10-{side}" if side > 9 else ""
    return f"a cell symbol of a {side}x{side} sudoku (0 or . for empty, 1-{min(side, 9)}{letters})"


@memoised()
def _valid_symbols(side):
    """The bytes a line-format puzzle of this side may contain."""
    symbols = ".0" + SYMBOLS[1:side + 1]
    return (symbols + symbols[11:].lower()).encode()


def parse_lines(text):
    """(puzzles, errors) of the line format: one puzzle per non-blank line."""
    puzzles, errors = [], []
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line:
            continue
        side = _SIDE_OF_LENGTH.get(len(line))
        cells = line.encode() if line.isascii() else b""
        if side is None or len(cells) != len(line) or cells.translate(None, _valid_symbols(side)):
            errors.append(_line_error(raw, number, side))
            continue
        puzzles.append(Puzzle(side, list(cells.translate(_LINE_VALUES)), number))
    return puzzles, errors


def _line_error(raw, number, side):
    """The InputError of a malformed line-format puzzle (slow path)."""
    start = len(raw) - len(raw.lstrip())
    line = raw.strip()
    if side is None:
        return InputError("a puzzle of 16, 81, 256 or 625 cells on one line", line=number,
                          column=start + 1, found=f"a line of {len(line)} characters")
    valid = _valid_symbols(side).decode()
    column = next(k for k, char in enumerate(line) if char not in valid)
    return InputError(_symbols_expected(side), line=number, column=start + column + 1,
                      found=describe(line[column]))


def parse_grids(text):
    """(puzzles, errors) of the grid format; the first non-blank line sets the side."""
    first = first_line(text)
    if first is None:
        raise InputError("a sudoku (rows of cell values)", line=1, found="end of input")
    side = len(first.split())
    if side not in BOX_SIDES:
        line, column = locate(text, 0)
        raise InputError("a first row of 4, 9, 16 or 25 cell values (it sets the size)",
                         line=line, column=column,
                         found=f"{side} value{'s' if side != 1 else ''}")
    tokens = Tokens(text)
    cells = side * side
    puzzles, errors = [], []
    while not tokens.at_end():
        start = tokens.pos
        chunk = tokens.words[start:start + cells]
        if len(chunk) < cells:
            errors.append(tokens.error(f"{cells} cell values for a {side}x{side} sudoku",
                                       len(tokens.words),
                                       found=f"end of input after {len(chunk)} of them"))
            break
        tokens.pos += cells
        givens = [_GRID_VALUES.get(word, -1) for word in chunk]
        if min(givens) < 0:
            givens = [_grid_value(word) for word in chunk]
        if min(givens) < 0 or max(givens) > side:
            bad = next(k for k, value in enumerate(givens) if not 0 <= value <= side)
            errors.append(tokens.error(_values_expected(side), start + bad))
            continue
        puzzles.append(Puzzle(side, givens, token=start))
    return puzzles, errors


def _grid_value(word):
    """A grid token's cell value, a number with leading zeros too (04 is 4, as `cin >>`
    reads it); -1 if it is none."""
    if word.isascii() and word.isdigit():
        word = word.lstrip("0") or "0"
    return _GRID_VALUES.get(word, -1)


def _values_expected(side):
    letters = f" (or a letter {_LETTERS[0]}-{SYMBOLS[side]} for 10-{side})" if side > 9 else ""
    return f"a cell value 0..{side} of a {side}x{side} sudoku{letters}"


# -- solving ---------------------------------------------------------------------------

@memoised()
def _option_symbols(side, form):
    """How each option of a side x side grid is written: option cell * side + v - 1
    gives the symbol v (a digit or letter in the line format, a number in the grid one)."""
    if form == "line":
        return [SYMBOLS[v] for _ in range(side * side) for v in range(1, side + 1)]
    return [str(v) for _ in range(side * side) for v in range(1, side + 1)]


def format_solution(solution, side, form):
    """The judge text of one solved puzzle.

    Grid.decode would do, but this is the hot path of a 10,000-puzzle file: sorting the
    option numbers puts them in cell order (one option per cell, numbered
    cell * side + symbol - 1), and a table lookup writes each one."""
    symbols = list(map(_option_symbols(side, form).__getitem__, sorted(solution)))
    if form == "line":
        return "".join(symbols) + "\n"
    return "".join(" ".join(symbols[start:start + side]) + "\n"
                   for start in range(0, side * side, side))


def sudoku_grid(side):
    """The (cached) Grid of a side x side sudoku."""
    return square_grid(BOX_SIDES[side], BOX_SIDES[side])


@memoised()
def cell_names(side):
    """'rRcC' for every cell of a side x side grid."""
    return queries.cell_names(divmod(cell, side) for cell in range(side * side))


class Solved:
    """What the searches of an input's puzzles gave: the output text of each puzzle
    (None if it got none), the puzzles without a solution, those the node limit
    stopped, the one the time limit stopped (and how many it left untried), and their
    cost."""

    __slots__ = ("texts", "unsolved", "node_limited", "timed_out", "untried", "stats")

    def __init__(self):
        self.texts, self.unsolved, self.node_limited = [], [], []
        self.timed_out, self.untried, self.stats = None, 0, Stats()

    def stopped(self, puzzle, limit, after):
        """Note `puzzle` stopped by `limit` (a SearchLimit), `after` puzzles behind it;
        whether the input goes on: a node limit stops one puzzle's search and the next
        is tried, a time limit ends the input there (those before keep their answers)."""
        if isinstance(limit, TimeLimitExceeded):
            self.timed_out, self.untried = puzzle, after
            return False
        self.node_limited.append(puzzle)
        return True

    @property
    def any_stopped(self):
        return bool(self.node_limited) or self.timed_out is not None

    def limited(self, text):
        """The Unsolveds naming the puzzles each limit stopped: the node limit's, the
        time limit's (each named by its own limit: attack17)."""
        limited = []
        if self.node_limited:
            limited.append(_failure(text, self.node_limited, NodeLimitExceeded.verdict))
        if self.timed_out is not None:
            timed_out = _failure(text, [self.timed_out], TimeLimitExceeded.verdict)
            timed_out.untried = self.untried
            limited.append(timed_out)
        return limited


def solve_puzzles(puzzles, form, budget=UNLIMITED):
    """Solve each puzzle in turn (`Solved.stopped` says what a limit does)."""
    solved = Solved()
    for index, puzzle in enumerate(puzzles):
        try:
            grid = sudoku_grid(puzzle.side)  # built once per size: the deadline may come here
            solution = grid.problem.first(forced=grid.forced(puzzle.givens), budget=budget,
                                          stats=solved.stats)
            text = None if solution is None else format_solution(solution, puzzle.side, form)
        except SearchLimit as limit:
            solved.texts.append(None)
            if not solved.stopped(puzzle, limit, len(puzzles) - index - 1):
                break
            continue
        if text is None:
            solved.unsolved.append(puzzle)
        solved.texts.append(text)
    return solved


def ask_puzzles(puzzles, form, query, out, limit=None, budget=UNLIMITED):
    """(records, solved) of a setter's query on every puzzle (`queries.answer`), the
    lines written to `out`; a limit stops a puzzle as in `solve_puzzles`, the puzzle
    getting no record (an `--all` list it stopped ends with its empty line, so that the
    next puzzle's list is not read as its own)."""
    records, solved = [], Solved()
    for index, puzzle in enumerate(puzzles):
        def show(solution, side=puzzle.side):
            text = format_solution(solution, side, form)
            return text.splitlines(), text
        try:
            records.append(queries.answer(sudoku_grid(puzzle.side), puzzle.givens, query,
                                          cell_names(puzzle.side), show, out, limit, budget,
                                          solved.stats))
        except SearchLimit as stopped:
            if not solved.stopped(puzzle, stopped, len(puzzles) - index - 1):
                break
            if query == "all":
                out.add([""])
    return records, solved


def solve_text(text: str, *, input_format: str = "auto", query: str = "judge",
               limit: int | None = None, budget: Budget = UNLIMITED) -> Answer:
    form = detect_format(text) if input_format == "auto" else input_format
    puzzles, errors = (parse_lines if form == "line" else parse_grids)(text)
    if errors and not puzzles:
        raise errors[0]
    if query != "judge":
        out = Output(budget.emit)
        records, asked = ask_puzzles(puzzles, form, query, out, limit, budget)
        return Answer(out.text(), data={"format": form, "query": query,
                                        "solutions": None, "puzzles": records},
                      limited=asked.limited(text), stats=asked.stats, errors=errors,
                      cut=query == "all" and asked.any_stopped)
    solved = solve_puzzles(puzzles, form, budget)
    return Answer("".join(t for t in solved.texts if t is not None),
                  failure=_failure(text, solved.unsolved), limited=solved.limited(text),
                  data={"format": form, "query": query, "solutions": solved.texts,
                        "puzzles": None},
                  stats=solved.stats, errors=errors)


def figures(data: dict[str, Any]) -> list[Figure]:
    """Every solved grid, its boxes outlined, one symbol per cell as the line format
    writes them (values above 9 as letters, so that a 25x25 grid fits 80 columns); the
    queries' answers are lines."""
    if data["solutions"] is None:
        return []
    drawn = []
    for text in data["solutions"]:
        if text is None:
            continue
        if data["format"] == "grid":
            symbols = [SYMBOLS[int(number)] for number in text.split()]
        else:
            symbols = list(text.strip())
        side = next(side for side in BOX_SIDES if side * side == len(symbols))
        rows = [symbols[r * side:(r + 1) * side] for r in range(side)]
        drawn.append(Figure(rows, box_regions(side, BOX_SIDES[side], BOX_SIDES[side])))
    return drawn


def _failure(text, puzzles, reason="no solution"):
    """The Unsolved naming `puzzles` by their first line, for `reason`."""
    if not puzzles:
        return None
    if puzzles[0].line is None:
        return Unsolved(token_lines(text, [p.token for p in puzzles]), reason)
    return Unsolved((p.line for p in puzzles), reason)


# -- cutting an input into independent pieces ---------------------------------------------

def split_lines(lines: Iterable[str], *, input_format: str = "auto",
                puzzles_per_piece: int = PUZZLES_PER_PIECE,
                **_other_settings: object) -> Iterator[tuple[str, int]]:
    """An input's lines (each with its newline) cut into pieces of whole puzzles, whose
    answers, concatenated in order, equal the answer of the whole input; yields
    (piece, lines before it), reading the lines only as far as each piece needs (a big
    file is never whole in memory). There is always at least one piece.

    The pieces are consecutive runs of whole lines, so a message's line number plus the
    lines before its piece is its line in the whole input. Each piece starts on a line
    that `auto` and the grid format's size rule read as they read the input's first
    line. An input whose first line sets no size is refused by that line alone
    (`parse_grids`): it is the only piece, and the rest is not read (`yes | dlxcli
    sudoku` would be, to MAX_INPUT_BYTES)."""
    lines = iter(lines)
    head = _through_first_word(lines)
    first = head[-1] if head else ""
    form = detect_format(first) if input_format == "auto" else input_format
    if form == "grid" and len(first.split()) not in BOX_SIDES:
        yield "".join(head), 0
        return
    begins = (_line_piece_start(puzzles_per_piece) if form == "line"
              else _grid_piece_start(first, puzzles_per_piece))
    piece: list[str] = []
    before = 0
    for line in chain(head, lines):
        if begins(line) and piece:
            yield "".join(piece), before
            before += len(piece)
            piece = []
        piece.append(line)
    yield "".join(piece), before


def puzzles_in(piece: str, *, input_format: str = "auto",
               **_other_settings: object) -> tuple[int, int | None]:
    """(how many puzzles a piece of split_lines holds, the line the first one starts
    on, or None), counted without parsing them: what a time limit leaves untried is
    counted with it. A malformed puzzle counts as one."""
    form = detect_format(piece) if input_format == "auto" else input_format
    if form == "line":
        starts = [number for number, line in enumerate(piece.split("\n"), 1) if line.strip()]
        return len(starts), (starts[0] if starts else None)
    words = len(piece.split())
    if not words:
        return 0, None
    cells = len((first_line(piece) or "").split()) ** 2  # not None: piece has words
    return -(-words // cells), locate(piece, 0)[0]


def _through_first_word(lines):
    """The lines up to and including the first one that is not blank."""
    head = []
    for line in lines:
        head.append(line)
        if line.strip():
            break
    return head


def _line_piece_start(size):
    """A test of each line in turn: does a piece start here? Every size-th puzzle line
    that `auto` would read as the line format."""
    seen = 0

    def begins(line):
        nonlocal seen
        words = line.split()
        if not words:
            return False
        start = seen >= size and len(words) == 1 and len(words[0]) >= _MIN_LINE_LENGTH
        seen = 1 if start else seen + 1
        return start
    return begins


def _grid_piece_start(first, size):
    """A test of each line in turn: does a piece start here? A line that begins a puzzle
    (a multiple of side * side values before it) and holds `side` values, after `size`
    puzzles."""
    side = len(first.split())
    cells = side * side
    values = since = 0

    def begins(line):
        nonlocal values, since
        count = len(line.split())
        start = (side in BOX_SIDES and values % cells == 0 and count == side
                 and values // cells - since >= size)
        if start:
            since = values // cells
        values += count
        return start
    return begins


# -- dlxcli generate ---------------------------------------------------------------------

MIN_CLUES = {4: (4, "every one of the 288 grids checked"),
             9: (17, "McGuire, Tugemann and Civario, 2012")}
"""Proven fewest givens of a puzzle with one solution, by side, beyond the n - 1 of any
n symbols: 4x4 by checking all 288 grids (tests/test_generate.py does it again), 9x9
by the exhaustive search of "There is no 16-clue sudoku" (arXiv:1201.0749)."""


def _generate_board(side, _rng):
    return Board(sudoku_grid(side), square_positions(side), side)


def _generate_seeds(board, rng):
    """The boxes on the diagonal, each a random permutation."""
    box = BOX_SIDES[board.grid.size]
    return seeded_boxes(board, rng, [(k * box, k * box) for k in range(box)], box)


def _generate_text(_board, givens):
    """One line, '.' for empty."""
    return "".join(SYMBOLS[v] if v else "." for v in givens) + "\n"


MINIMAL_OUT_OF_REACH = {25: 320}
"""The side whose minimal puzzles the generator refuses to attempt, with the --clues to
give instead (measured: docs/generate.md, and the 25x25 uniqueness proofs of
docs/sudoku-25x25.md)."""

GENERATE = Generator(BOX_SIDES, _generate_board, _generate_seeds, _generate_text,
                     cells=lambda side: side * side, name=lambda side: f"{side}x{side} sudoku",
                     fewest=MIN_CLUES.get, minimal_out_of_reach=MINIMAL_OUT_OF_REACH)
