"""Exact cover given directly: Luogu P4929's 0-1 matrix, or Knuth's text format.

Layer: puzzles. P4929: ``N M`` then N rows of M entries 0/1 (whitespace between the
entries is optional, so the packed form ``0110`` is read too); rows are options,
columns are primary items; the answer is the chosen row numbers, ascending, or
``No Solution!``. Knuth's format (DLX1): the first line names the items, primary ones,
then ``|``, then secondary ones; every further line is an option; lines starting with
``|`` are comments; the answer prints each chosen option as its input line. As in his
DLX2, an option may give a secondary item a color, ``NAME:COLOR``: options that give
an item the same color may share it.

The default format, ``auto``, tells them apart by the first word: an integer starts a
P4929 matrix (``N M``); anything else, Knuth's format. Names are compared as text, so
an input with bytes that are not UTF-8 is refused at the first of them (the runner
decodes it as UNDECODABLE says), rather than read with every such byte as U+FFFD.
"""

from __future__ import annotations

import contextlib
import gc
import itertools

from ..engine import MAX_NODES
from ..errors import InputError
from ..exact_cover import UNLIMITED, ExactCover, Stats
from ..formats import UNDECODABLE, Tokens, describe, refuse_undecodable, token_words  # noqa: F401
from . import Answer, Command, Option, Output, compare_lines, judge_lines, queries, shown

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from ..exact_cover import Budget

NO_SOLUTION = "No Solution!"
# UNDECODABLE is imported for the runner, which reads it off the module.
MAX_CELLS = 100_000_000
"""Largest N x M accepted: the text alone would already be 200 MB."""
INPUT_FORMATS = ("auto", "p4929", "knuth")
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
                 "NAME:COLOR gives a secondary item a color (Knuth's DLX2). auto: p4929 "
                 "if the first word is an integer, else knuth."),
     queries.COUNT, queries.ALL, queries.LIMIT, queries.UNIQUE],
)

# Every character str.split() treats as whitespace, so the fast path and the error
# path (which splits) agree on what separates entries.
_BLANKS = str.maketrans("", "", " \t\n\v\f\r\x1c\x1d\x1e\x1f\x85\xa0\u1680"
                                "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                                "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


# -- telling the formats apart -----------------------------------------------------------

def detect_format(text):
    """'p4929' when the input's first word is an integer (N of `N M`; an empty input too),
    else 'knuth'. So a P4929 file, even a broken one, is never read as Knuth's; a Knuth
    file whose first item name is a number reads as P4929 unless a comment line
    (``| ...``) comes first, and the error it then gets says so (`_hinted`)."""
    first = text.split(None, 1)[:1]
    return "p4929" if all(word.isascii() and word.lstrip("+-").isdigit()
                          for word in first) else "knuth"


def _hinted(error, text, form):
    """`error`, from reading `text` as `form`, with a hint added when the text reads as
    the other format: the user most likely named the wrong one."""
    other, parse = ("knuth", parse_knuth) if form == "p4929" else ("p4929", parse_p4929)
    try:
        parse(text)
    except InputError:
        return error
    name = "Knuth's format" if other == "knuth" else "a P4929 matrix"
    hint = f"this looks like {name}: --input-format {other}"
    return InputError(error.expected, line=error.line, column=error.column,
                      found=hint if error.found is None else f"{error.found}; {hint}")


@contextlib.contextmanager
def collector_paused():
    """Python's cycle collector off while a big input becomes lists, which it would
    scan again and again as they grow (a third of the time of a 16 MB file); what was
    built is then frozen (gc.freeze): it lives on through the search, and later
    collections need not scan it either. Lists of names and numbers make no cycles,
    and refcounting frees them as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        gc.freeze()
    finally:
        if was_enabled:
            gc.enable()


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


def solve_text(text: str, *, input_format: str = "auto", query: str = "first",
               limit: int | None = None, budget: Budget = UNLIMITED) -> Answer:
    """Solve one input in `input_format` (see INPUT_FORMATS), answering `query` (see
    QUERIES; `limit` stops --count and --all after that many covers)."""
    refuse_undecodable(text)
    form = detect_format(text) if input_format == "auto" else input_format
    solve = solve_knuth if form == "knuth" else solve_p4929
    try:
        answer = solve(text, query, budget, limit)
    except InputError as exc:
        raise _hinted(exc, text, form) from None
    if input_format == "auto" and form == "p4929" and _reads_as_knuth(text):
        answer.notes.append("it reads both as a P4929 matrix and in Knuth's format: read as "
                            "P4929 (its first word is a number); --input-format knuth "
                            "reads it the other way")
    return answer


def _reads_as_knuth(text):
    """Whether a text that auto reads as P4929 is also a Knuth file (a matrix whose
    first line, `N M`, names items that its rows of 0s and 1s name again: `2 1 / 1 /
    1`). Most matrices fail at their first row (its entry 0 is no item), at once."""
    try:
        parse_knuth(text)
    except InputError:
        return False
    return True


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
    as written: item names, perhaps ``NAME:COLOR`` (DLX2). Blank lines, and lines whose
    first word starts with ``|`` (comments), are skipped.

    The first option line is checked before the others are split into words, so that
    a text that is no such file (a P4929 matrix, read for `_hinted`) fails at once."""
    lines = text.split("\n")
    rows = ((number, words) for number, words in enumerate(map(str.split, lines), 1)
            if words and words[0][0] != "|")
    number, words = next(rows, (1, None))
    if words is None:
        raise InputError("a first line naming the items", line=1, found="no such line")
    primary, secondary = _item_line(number, words, lines[number - 1])
    declared = dict.fromkeys(primary, False)  # name -> is it a secondary item?
    declared.update(dict.fromkeys(secondary, True))
    first = [_option_line(number, words, lines[number - 1], declared)
             for number, words in itertools.islice(rows, 1)]
    return primary, secondary, first + _options(list(rows), lines, declared)


def _options(rows, lines, declared):
    """The entries of the option lines (`rows`: (line number, words)), as written.
    Plain names are checked in bulk (each option's names distinct, all declared); any
    other option (colors, an error) line by line."""
    options = [words for _, words in rows]
    if (list(map(len, map(set, options))) == list(map(len, options))
            and declared.keys() >= set(itertools.chain.from_iterable(options))):
        return options
    return [_option_line(number, words, lines[number - 1], declared)
            for number, words in rows]


def _item_line(number, words, line):
    """(primary names, secondary names) of the first line (its `words`): checked in bulk,
    and word by word only to locate what is wrong."""
    bars = words.count("|")
    split = words.index("|") if bars else len(words)
    primary, secondary = words[:split], words[split + 1:]
    names = primary + secondary
    joined = "".join(names)
    if bars > 1 or "|" in joined or ":" in joined or len(set(names)) < len(names):
        _refuse_item_line(number, line)
    return primary, secondary


def _refuse_item_line(number, line):
    """Raise the error of a first line that `_item_line` found wrong, at its first wrong
    word: a second '|', a name holding '|' or ':', or a name declared twice."""
    names, bars = set(), 0
    for word, column in token_words(line):
        if word == "|":
            bars += 1
            if bars > 1:
                raise InputError("at most one '|' between primary and secondary items",
                                 line=number, column=column, found="a second '|'")
        elif "|" in word or ":" in word:
            raise InputError("an item name without '|' or ':'", line=number, column=column,
                             found=describe(word))
        elif word in names:
            raise InputError("distinct item names", line=number, column=column,
                             found=f"{describe(word)} declared twice")
        names.add(word)


def _option_line(number, words, line, declared):
    """The entries of one option line (its `words`), as written; `declared` tells which
    names are secondary items. Linear in the line: plain names are checked as a set (all
    declared, none twice); a line with colors, or with an error, entry by entry."""
    names = set(words)
    if len(names) == len(words) and declared.keys() >= names:
        return words
    names.clear()
    for k, word in enumerate(words):
        problem = _entry_problem(word, declared, names)
        if problem is not None:
            expected, found, shift = problem
            raise InputError(expected, line=number, column=token_words(line)[k][1] + shift,
                             found=found)
    return words


def _entry_problem(word, declared, names):
    """None for a good entry of an option (its name is then added to `names`, those of
    the entries before it), else (expected, found, its column within the entry - 1)."""
    name, colon, color = word.partition(":")
    if name not in declared:
        return "an item named on the first line", describe(name or word), 0
    if colon and not declared[name]:
        return ("a color only on a secondary item (one after '|' on the first line)",
                describe(word), 0)
    if colon and (not color or ":" in color):
        return "a color after the ':' (NAME:COLOR)", describe(word), len(name) + 1
    if name in names:
        return "each item at most once per option", f"{describe(name)} again", 0
    names.add(name)
    return None


def solve_knuth(text, query="first", budget=UNLIMITED, limit=None):
    with collector_paused():
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


# -- checking an answer (dlxcli judge) ---------------------------------------------------------

def check(input_text, expected, answer, *, input_format="auto", query="first", **_settings):
    """dlxcli judge's check of an answer to `input_text` (None if right, else what is
    wrong): a first cover is right when it is any exact cover of the input (P4929's
    special judge), by the rule of the format `input_format` reads it as; the other
    queries have one answer, compared line by line."""
    if query != "first":
        return compare_lines(input_text, expected, answer)
    form = detect_format(input_text) if input_format == "auto" else input_format
    return _CHECKERS[form](input_text, expected, answer)


def check_p4929(input_text, expected, answer):
    """Luogu P4929's special judge: any set of rows covering every column exactly once."""
    if judge_lines(expected) == [NO_SOLUTION] or judge_lines(answer) == [NO_SOLUTION]:
        return compare_lines(input_text, expected, answer)
    n_rows, n_cols, ones = parse_p4929(input_text)
    lines = judge_lines(answer)
    if len(lines) != 1:
        return f"expected one line of row numbers, found {len(lines)} lines"
    words = lines[0].split()
    if not all(w.isdigit() and 1 <= int(w) <= n_rows for w in words):
        return f"line 1: expected row numbers 1..{n_rows}, found {shown(lines[0])}"
    return _cover_problem(n_cols, 0, [ones[int(w) - 1] for w in words], "row")


def check_knuth(input_text, expected, answer):
    """Knuth's format: the answer's lines must be options of the input forming an exact
    cover (primary items once, secondary items at most once or in one color), in any
    order."""
    if judge_lines(expected) == [NO_SOLUTION] or judge_lines(answer) == [NO_SOLUTION]:
        return compare_lines(input_text, expected, answer)
    primary, secondary, options = parse_knuth(input_text)
    known = {frozenset(option) for option in options}
    index = {name: k for k, name in enumerate(primary + secondary)}
    chosen, colors = [], []
    for number, line in enumerate(judge_lines(answer), 1):
        if frozenset(line.split()) not in known:
            return f"line {number}: {shown(line)} is not an option of the input"
        entries = [word.partition(":") for word in line.split()]
        chosen.append([index[name] for name, _, _ in entries])
        colors.append([color for _, _, color in entries])
    return _cover_problem(len(primary), len(secondary), chosen, "option", colors)


def _cover_problem(n_primary, n_secondary, chosen, kind, colors=None):
    """None if `chosen` (lists of item numbers; `colors`, if given, parallel to them, ''
    for none) is an exact cover, else what is wrong. Options may share a secondary item
    only if all of them give it one and the same color."""
    times = [0] * (n_primary + n_secondary)
    tints = [set() for _ in times]
    for k, items in enumerate(chosen):
        for m, item in enumerate(items):
            times[item] += 1
            tints[item].add(colors[k][m] if colors else "")
    for item, count in enumerate(times):
        if item < n_primary and count != 1:
            return f"column {item + 1} is covered {count} times by the chosen {kind}s"
        if count > 1 and (len(tints[item]) > 1 or "" in tints[item]):
            return f"secondary item {item + 1 - n_primary} is covered {count} times"
    return None


_CHECKERS = {"p4929": check_p4929, "knuth": check_knuth}
"""Checkers of a first cover, per input format."""
