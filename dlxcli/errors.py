"""Exceptions raised by the parsers and by both engine twins.

Layer: bottom (imported by everything, imports nothing of dlxcli). The C twin looks
these classes up at import time, so both twins raise exactly the same types (PEP 399).
The CLI turns any DlxError into one line on stderr and an exit code, at one boundary.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from typing import Protocol

    class Spent(Protocol):
        """What `SearchLimit.counted` reads: a Stats, or an engine twin's Solver."""
        nodes: int
        updates: int | None
        mems: int | None


class DlxError(Exception):
    """Base class of every error dlxcli raises on purpose."""


class ProblemError(DlxError, ValueError):
    """An exact-cover problem that is not well formed (unknown item, empty option, ...)."""


class ProblemTooLarge(ProblemError):
    """A problem larger than the engine's documented limits; refused before allocating."""


class EngineBusy(DlxError, RuntimeError):
    """A solver was used from a second thread while it was searching, or a paused
    solutions() iterator was resumed after another query restarted its solver."""


class SearchLimit(DlxError):
    """A search stopped by a limit before it finished; `verdict` names the limit, and
    `nodes`, `updates` and `mems` count the work of the stopped search up to the stop
    (0 when the limit came before any search, e.g. while parsing)."""

    verdict = "limit"

    def __init__(self, message: str, nodes: int = 0, updates: int | None = 0,
                 mems: int | None = 0) -> None:
        super().__init__(message)
        self.nodes, self.updates, self.mems = nodes, updates, mems

    def counted(self, spent: Spent) -> None:
        """Take the counts of `spent` (a Stats, or the engine's Solver: both have
        nodes, updates and mems) as those of the stopped search."""
        self.nodes, self.updates, self.mems = spent.nodes, spent.updates, spent.mems

    def __reduce__(self) -> tuple[type, tuple[str, int, int | None, int | None]]:
        """Pickled whole, so that a limit crosses a worker pool as itself."""
        return type(self), (str(self), self.nodes, self.updates, self.mems)


class TimeLimitExceeded(SearchLimit):
    verdict = "time limit"


class NodeLimitExceeded(SearchLimit):
    verdict = "node limit"


def counted(count: int, noun: str, plural: str = "") -> str:
    """A count as every message and -v line says it: '1 node', '1,025,241 nodes',
    '1 query' ('queries' given as the plural)."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


MEMO_HINT = ("a count's memo takes at most DLXCLI_MEMO_BYTES, 256 MiB unless set: "
             "docs/engine.md, \"Counting with a memo\"")
"""What to do about a count that ran out of memory: its memo may be given less."""


class OutOfMemory(DlxError):
    """The process ran out of memory (a MemoryError, e.g. under `ulimit -v`): said in
    one line, as any DlxError is, never as a traceback. `doing` says what ran out (one
    of the phrases below; None: unknown, e.g. while starting); only a count that may
    keep a memo (`memo`) adds MEMO_HINT, the one setting that bounds what it holds."""

    BUILDING = "parsing and building the problem"
    """Before any search of the input (or of its piece): its text read, its puzzle
    parsed, the exact cover built."""
    SEARCHING = "searching"
    COUNTING = "counting"
    SENDING = "sending it to a worker process"
    """A piece read whole that could not be pickled for a worker of --jobs."""

    def __init__(self, doing: str | None = None, memo: bool = False) -> None:
        self.doing, self.memo = doing, memo
        text = "out of memory" if doing is None else f"out of memory while {doing}"
        super().__init__(f"{text} ({MEMO_HINT})" if memo else text)

    def __reduce__(self) -> tuple[type, tuple[str | None, bool]]:
        """Pickled by what it was doing, so that it crosses a worker pool as itself."""
        return type(self), (self.doing, self.memo)

    def located(self, source: str, lines_before: int = 0) -> str:
        """The one-line message for input `source`, whose piece that ran out starts
        after `lines_before` lines (named from its first line when that is not 1)."""
        where = f"{source}, from line {lines_before + 1}" if lines_before else source
        return f"{where}: {self}"


class saying_out_of_memory:
    """Context manager: a MemoryError inside becomes an OutOfMemory saying what was
    being done (a query's search: `doing`, `memo`). It holds the MemoryError (its
    context) and so what the search held: a caller that goes on keeps a fresh one
    (`cli._batch.solve_piece`)."""

    __slots__ = ("doing", "memo")

    def __init__(self, doing: str, memo: bool = False) -> None:
        self.doing, self.memo = doing, memo

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, value: object,
                 traceback: object) -> None:
        if kind is not None and issubclass(kind, MemoryError):
            raise OutOfMemory(self.doing, self.memo) from None


class OutOfMemoryReading(OutOfMemory):
    """Out of memory while reading an input (a file too large for `ulimit -v`, say),
    before any search: named with the input and, for an input read in pieces, the line
    from which it was not read. Made where the input is read."""

    def __init__(self, source: str, line: int | None = None) -> None:
        self.source, self.line = source, line
        where = "" if line is None else f" from line {line} on"
        super().__init__(f"reading {source}{where}")

    def __reduce__(self) -> tuple[type, tuple[str, int | None]]:  # type: ignore[override]
        return type(self), (self.source, self.line)

    def located(self, source: str, lines_before: int = 0) -> str:
        """Its own message: it names its input and line itself."""
        return str(self)


class InputError(DlxError):
    """Malformed puzzle input, with where it was found and what was expected there.

    `str()` gives the one-line message the CLI prints: ``FILE:LINE:COLUMN: expected ...``.
    """

    def __init__(self, expected: str, *, source: str | None = None, line: int | None = None,
                 column: int | None = None, found: str | None = None) -> None:
        self.expected = expected
        self.source = source
        self.line = line
        self.column = column
        self.found = found
        super().__init__(self._message())

    def located(self, source: str, lines_before: int = 0) -> InputError:
        """The same error in `source` (the parser knows lines; the caller knows files),
        found in a piece of it that starts after `lines_before` lines. A source the
        error already names is kept."""
        line = None if self.line is None else self.line + lines_before
        return InputError(self.expected, source=self.source or source, line=line,
                          column=self.column, found=self.found)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled by its fields, so that it crosses a worker pool as itself."""
        return _input_error, (self.expected, self.source, self.line, self.column, self.found)

    def _message(self) -> str:
        where = [self.source or "<stdin>"]
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        text = ", ".join(where) + ": expected " + self.expected
        if self.found is not None:
            text += f", found {self.found}"
        return text


def _input_error(expected: str, source: str | None, line: int | None, column: int | None,
                 found: str | None) -> InputError:
    return InputError(expected, source=source, line=line, column=column, found=found)
