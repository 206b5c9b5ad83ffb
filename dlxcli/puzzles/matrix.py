"""Exact cover given directly: Luogu P4929's 0-1 matrix, or Knuth's text format.

Layer: puzzles. P4929: ``N M`` then N rows of M entries 0/1 (whitespace between the
entries is optional, so the packed form ``0110`` is read too); rows are options,
columns are primary items; the answer is the chosen row numbers, ascending, or
``No Solution!``. Knuth's format (DLX1): the first line names the items, primary ones,
then ``|``, then secondary ones; every further line is an option; lines starting with
``|`` are comments; the answer prints each chosen option as its input line. As in his
DLX2, an option may give a secondary item a color, ``NAME:COLOR``: options that give
an item the same color may share it.
"""

from ..engine import MAX_NODES
from ..errors import InputError
from ..exact_cover import UNLIMITED, ExactCover, Stats
from ..formats import Tokens, describe, token_words
from . import Answer, Command, Option, Output, queries

NO_SOLUTION = "No Solution!"
MAX_CELLS = 100_000_000
"""Largest N x M accepted: the text alone would already be 200 MB."""
INPUT_FORMATS = ("p4929", "knuth")
QUERIES = ("first", "all", "count", "unique")

COMMAND = Command(
    "Find exact covers of a 0-1 matrix (Luogu P4929) or of Knuth's DLX format.",
    """Find an exact cover: a set of rows (options) covering every column (primary item)
    exactly once, and secondary items at most once, or in one color.

    Prints the chosen row numbers in ascending order (or, for --input-format knuth, the
    chosen options as their lines), or 'No Solution!'. --count, --unique and --all
    answer as on every command (docs/queries.md).""",
    ["printf '3 3\\n0 0 1\\n1 0 0\\n0 1 0\\n' | dlxcli matrix",
     "dlxcli matrix --count puzzles/matrix/knuth6x7.in",
     "dlxcli matrix --input-format knuth puzzles/matrix/taocp49-colors.in"],
    [Option(["--input-format"], "input_format", choices=INPUT_FORMATS,
            help="p4929: 'N M' then N rows of M entries 0/1. knuth: DLX1 text, the items "
                 "on the first line (primary | secondary), one option per line; an entry "
                 "NAME:COLOR gives a secondary item a color (Knuth's DLX2)."),
     queries.COUNT, queries.ALL, queries.LIMIT, queries.UNIQUE],
)

# Every character str.split() treats as whitespace, so the fast path and the error
# path (which splits) agree on what separates entries.
_BLANKS = str.maketrans("", "", " \t\n\v\f\r\x1c\x1d\x1e\x1f\x85\xa0\u1680"
                                "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                                "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


# -- P4929 -----------------------------------------------------------------------------

def parse_p4929(text):
    """(n_rows, n_cols, ones): ones[r] lists the columns of row r's entries 1."""
    parts = text.split(None, 2)
    body = parts[2] if len(parts) == 3 else ""
    tokens = Tokens(text[:len(text) - len(body)])
    n_rows = tokens.int("the number of rows N (an integer 1..%d)" % MAX_CELLS, 1, MAX_CELLS)
    n_cols = tokens.int("the number of columns M (an integer 1..%d)" % MAX_CELLS, 1, MAX_CELLS)
    if n_rows * n_cols > MAX_CELLS:
        raise InputError(f"N x M at most {MAX_CELLS}", line=1,
                         found=f"{n_rows} x {n_cols}")
    cells = body.translate(_BLANKS)
    if len(cells) != n_rows * n_cols or cells.translate(_ZERO_ONE):
        raise _locate_bad_cell(text, n_rows * n_cols)
    _refuse_beyond_engine_limit(n_rows, n_cols, cells.count("1"))
    return n_rows, n_cols, [_ones(cells, r * n_cols, n_cols) for r in range(n_rows)]


def _ones(cells, start, width):
    """The columns of the entries 1 among cells[start:start + width]."""
    columns, end = [], start + width
    found = cells.find("1", start, end)
    while found >= 0:
        columns.append(found - start)
        found = cells.find("1", found + 1, end)
    return columns


_ZERO_ONE = str.maketrans("", "", "01")


def _refuse_beyond_engine_limit(n_rows, n_cols, n_ones):
    """Refuse before building per-row lists, which cost far more memory than the text."""
    nodes = n_cols + 2 + n_ones + n_rows
    if nodes > MAX_NODES:
        raise InputError(f"a matrix within the engine's limit of {MAX_NODES} nodes "
                         "(columns + entries 1 + rows)", line=1, found=f"{nodes} nodes")


def _locate_bad_cell(text, n_cells):
    """The error for a matrix body that is not exactly n_cells entries 0/1 (slow path)."""
    tokens = Tokens(text)
    tokens.pos = 2
    seen = 0
    while not tokens.at_end():
        index = tokens.pos
        word = tokens.word("a matrix entry")
        if word.translate(_ZERO_ONE):
            raise tokens.error("matrix entries 0 or 1", index)
        seen += len(word)
        if seen > n_cells:
            raise tokens.error(f"end of input after N x M = {n_cells} entries", index)
    raise tokens.error(f"N x M = {n_cells} entries 0 or 1", found=f"end of input after {seen}")


def solve_text(text, *, input_format="p4929", query="first", limit=None,
               budget=UNLIMITED):
    """Solve one input in `input_format`, answering `query` (see QUERIES; `limit`
    stops --count and --all after that many covers)."""
    solve = solve_knuth if input_format == "knuth" else solve_p4929
    return solve(text, query, budget, limit)


def solve_p4929(text, query="first", budget=UNLIMITED, limit=None):
    n_rows, n_cols, ones = parse_p4929(text)
    rows = [r for r in range(n_rows) if ones[r]]
    problem = ExactCover(n_cols, 0, [ones[r] for r in rows])

    def row_numbers(solution):
        return sorted(rows[j] + 1 for j in solution)

    return _answer(problem, query, budget, lambda s: [" ".join(map(str, row_numbers(s)))],
                   row_numbers, "p4929", limit)


# -- Knuth's text format -----------------------------------------------------------------

def parse_knuth(text):
    """(primary, secondary, options) from DLX1's text format; options list their entries
    as written: item names, perhaps ``NAME:COLOR`` (DLX2)."""
    lines = [(k, line) for k, line in enumerate(text.split("\n"), 1)
             if line.strip() and not line.lstrip().startswith("|")]
    if not lines:
        raise InputError("a first line naming the items", line=1, found="no such line")
    number, first = lines[0]
    primary, secondary = _item_line(number, first)
    declared = {}  # name -> is it a secondary item?
    for k, (name, column) in enumerate(primary + secondary):
        if name in declared:
            raise InputError("distinct item names", line=number, column=column,
                             found=f"{describe(name)} declared twice")
        declared[name] = k >= len(primary)
    options = [_option_line(number, line, declared) for number, line in lines[1:]]
    return [n for n, _ in primary], [n for n, _ in secondary], options


def _item_line(number, line):
    words = token_words(line)
    bars = [k for k, (word, _) in enumerate(words) if word == "|"]
    if len(bars) > 1:
        raise InputError("at most one '|' between primary and secondary items", line=number,
                         column=words[bars[1]][1], found="a second '|'")
    split = bars[0] if bars else len(words)
    primary, secondary = words[:split], words[split + 1:]
    for name, column in primary + secondary:
        _check_name(name, number, column)
    return primary, secondary


def _check_name(name, number, column):
    if "|" in name or ":" in name:
        raise InputError("an item name without '|' or ':'", line=number, column=column,
                         found=describe(name))


def _option_line(number, line, declared):
    """The entries of one option line, as written; `declared` tells which names are
    secondary items."""
    entries, names = [], []
    for word, column in token_words(line):
        name, colon, color = word.partition(":")
        if name not in declared:
            raise InputError("an item named on the first line", line=number, column=column,
                             found=describe(name or word))
        if colon and not declared[name]:
            raise InputError("a color only on a secondary item (one after '|' on the first "
                             "line)", line=number, column=column, found=describe(word))
        if colon and (not color or ":" in color):
            raise InputError("a color after the ':' (NAME:COLOR)", line=number,
                             column=column + len(name) + 1, found=describe(word))
        if name in names:
            raise InputError("each item at most once per option", line=number, column=column,
                             found=f"{describe(name)} again")
        names.append(name)
        entries.append(word)
    return entries


def solve_knuth(text, query="first", budget=UNLIMITED, limit=None):
    primary, secondary, options = parse_knuth(text)
    problem = ExactCover.from_names(primary, secondary, options)

    def option_lines(solution):
        return [" ".join(options[j]) for j in sorted(solution)]

    return _answer(problem, query, budget, option_lines, option_lines, "knuth", limit)


# -- shared answer shapes ------------------------------------------------------------------

def _answer(problem, query, budget, lines_of, data_of, form, limit=None):
    """Run `query` on `problem`: the first solution, every solution (at most `limit`),
    the count (stopped at `limit`), or the uniqueness verdict; the count and the
    verdict are written as every grid command writes them (`queries.line`).

    With --all, each solution is written as soon as it is found (an Output), and in
    Knuth's format a blank line separates every two, whatever their sizes (a
    one-option cover is one line: without it, covers would run together). The data
    has the same keys for every query, None where the query does not answer them
    (`solutions` when only counted or when streamed, `count` when not counted,
    `exact` but for --count, `verdict` but for --unique)."""
    stats = Stats()
    data = {"format": form, "query": query, "solutions": None, "count": None,
            "exact": None, "verdict": None}
    if query in ("count", "unique"):
        found = problem.count(limit=2 if query == "unique" else limit, budget=budget,
                              stats=stats)
        if query == "unique":
            data["verdict"] = queries.VERDICTS[found]
        else:
            data.update(count=found, exact=limit is None or found < limit)
        return Answer(queries.line(data, query) + "\n", data=data, stats=stats)
    out = Output(budget.emit if query == "all" else None)
    separator = [""] if form == "knuth" else []
    values = [] if out.keeps else None
    count = 0
    for solution in problem.solutions(limit=1 if query == "first" else limit,
                                      budget=budget, stats=stats):
        out.add((separator if count else []) + lines_of(solution))
        count += 1
        if values is not None:
            values.append(data_of(solution))
    data["solutions"] = values
    if query == "all":
        data["count"] = count
    if not count:
        out.add([NO_SOLUTION])
    return Answer(out.text(), data=data, stats=stats)
