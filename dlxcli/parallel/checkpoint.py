"""A split search's finished subproblems kept in a file, found there again by a rerun.

Layer: parallel's (see dlxcli.parallel). With `Split.checkpoint`, every finished
subproblem is appended to a file (`Checkpoint`) and a rerun of the same search skips
those: Ctrl-C, then the same command, gives the total an uninterrupted run gives.
"""

from __future__ import annotations

import os

from ..errors import DlxError
from ..exact_cover import ExactCover, Stats
from ..files import NotRegularFile, open_regular
from . import subproblems
from .subproblems import Done

TYPE_CHECKING = False  # typing costs start-up time: only mypy reads this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional, Union

    from .subproblems import Cut, Search

class CheckpointError(DlxError):
    """A checkpoint file that cannot be used: another search's, not one, one another run
    holds, or one that cannot be read or written."""


class Checkpoint:
    """A split search's finished subproblems, one JSON line each, after a header line.

    Header: {"dlxcli": "checkpoint", "version": 1, "search": SHA-256 of the problem and
    the query, "query", "min_open" (how the search was cut), "subproblems" (how many),
    "frontier": SHA-256 of their prefixes}. Then one line per finished subproblem:
    {"subproblem": index, "prefix": its options, "value": the query's answer on it (a
    count, the solutions, or [weight, solution] / null), "nodes", "updates" (null on the
    Python twin), "solutions", "seconds", "mems" (null on the Python twin), "memo"
    ([lookups, hits, entries, bytes, dropped] of its count's memo; absent from
    checkpoints written before the memo, without `dropped` from those written before
    it), "splits" (the nodes of its count split into independent parts; absent from
    checkpoints written before the split), "worker": host/pid}. Each line is one write,
    synced before the next; a torn last line (a crash in mid-write) is cut off when the
    file is opened again. The subtotals are in the file, so a total can be checked by
    adding them up (docs/parallel.md).

    The file is opened once, locked (flock: one run at a time), and never written
    before all of it has been read and checked: a file that is not a regular file, or
    not a checkpoint of this search, is refused as it is. An empty file is a new
    checkpoint. Every field is checked for its type and range (`_take`), every stored
    solution to be one of its subproblem (an exact cover: `ExactCover.is_solution`),
    and every answer against what it can be checked against without searching again
    (`_value`), which cannot catch a forged subtotal that is consistent with itself
    (docs/parallel.md).
    """

    VERSION = 1
    HEADER_START = b'{"dlxcli":"checkpoint"'
    RECORD_START = b'{"subproblem":'
    STATS = ("nodes", "updates", "solutions", "mems")
    UNCOUNTED = ("updates", "mems")
    """May be null: the Python twin counts neither (docs/engine.md)."""

    header: Optional[dict[str, Any]]
    records: list[dict[str, Any]]
    done: dict[int, Done]
    fd: Optional[int]

    def __init__(self, path: Union[str, os.PathLike[str]], search: Search,
                 problem: ExactCover) -> None:
        self.path, self.search, self.problem = os.fspath(path), search, problem
        self.header, self.records, self.done = None, [], {}
        self.fd, self.length, self.created, self.locked = None, 0, False, False
        try:
            self._lock()
            self._read()
        except BaseException:
            self.close()
            raise
        self.min_open = self.header["min_open"] if self.header else None

    def _fail(self, what):
        raise CheckpointError(f"checkpoint {self.path}: {what}")

    def _lock(self):
        """Open the file (made if missing), refusing what is not a regular file before
        it is opened and again once opened (dlxcli.files.open_regular), and lock it
        against other runs."""
        import fcntl
        try:
            if not os.path.lexists(self.path):
                try:
                    self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
                    self.created = True
                except FileExistsError:
                    pass
            if self.fd is None:
                self.fd = open_regular(self.path, os.O_RDWR)
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            self.locked = True
        except NotRegularFile:
            self._fail("it is not a regular file (a checkpoint is a file it appends to)")
        except BlockingIOError:
            self._fail("another dlxcli run is using this checkpoint")
        except OSError as exc:
            self._fail(f"cannot open it ({exc.strerror or exc})")

    def _read(self):
        """Read the header and the records, checking each line's length and JSON; the
        checks against the search's subproblems come in `begin`."""
        try:
            with os.fdopen(os.dup(self.fd), "rb") as file:
                number = 0
                while True:
                    line = file.readline(self._longest_line() + 1)
                    if not line.endswith(b"\n"):
                        self._check_torn(line, number)
                        return
                    number += 1
                    self._parse(line, number)
                    self.length += len(line)
        except OSError as exc:
            self._fail(f"cannot read it ({exc.strerror or exc})")

    def _longest_line(self):
        """The longest line this search can write: a record listing LISTED solutions
        of the longest length (a solution has at most one option per primary item,
        after the forced ones), with room for the other fields."""
        n_primary, _, options, _, _ = self.search.definition
        digits = len(str(len(options))) + 1
        longest = (len(self.search.forced) + n_primary + 2) * digits
        return 4096 + (subproblems.LISTED + 2) * longest

    def _check_torn(self, tail, number):
        """`tail`, the end of the file after the last newline: nothing, too long a
        line, or the start of a line cut short by a crash (then it is cut off when the
        file is written to)."""
        if len(tail) > self._longest_line():
            self._fail(f"line {number + 1} is longer than any checkpoint line")
        start = self.RECORD_START if self.header else self.HEADER_START
        if tail[:len(start)] != start[:len(tail)] or not tail.isascii():
            self._fail(f"line {number + 1} is not a checkpoint line")

    def _parse(self, line, number):
        import json
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            entry = None
        if not isinstance(entry, dict):
            self._fail(f"line {number} is not a checkpoint line")
        if self.header is None:
            self._check_header(entry)
        else:
            self.records.append(entry)

    def _check_header(self, header):
        if header.get("dlxcli") != "checkpoint" or not _is_count(header.get("version")) \
                or header["version"] != self.VERSION:
            self._fail("it is not a dlxcli checkpoint (version 1)")
        if header.get("search") != self.search.digest:
            self._fail("it belongs to another search (a different problem or query); "
                       "give another file or delete it")
        if not (_is_count(header.get("min_open"))
                and 1 <= header["min_open"] <= subproblems.MAX_OPEN):
            self._fail("line 1: min_open is not a number of subproblems")
        self.header = header

    def begin(self, cut: Cut, min_open: int) -> None:
        """Write the header of a new checkpoint, or check that the search was cut the
        same way and take up its records; then append from the end of the last whole
        line (a torn last line is cut off)."""
        assert self.fd is not None, "a Checkpoint is open from __init__ until close"
        frontier = _frontier_digest(cut)
        if self.header is not None:
            if self.header.get("frontier") != frontier:
                self._fail("its search was cut into other subproblems (another dlxcli "
                           "version?)")
            for number, record in enumerate(self.records, 2):
                self._take(record, number, cut)
        try:
            os.ftruncate(self.fd, self.length)
            os.lseek(self.fd, 0, os.SEEK_END)
        except OSError as exc:
            self._fail(f"cannot write it ({exc.strerror or exc})")
        if self.header is None:
            self._append({"dlxcli": "checkpoint", "version": self.VERSION,
                          "search": self.search.digest, "query": self.search.query,
                          "min_open": min_open, "subproblems": len(cut),
                          "frontier": frontier})

    def _take(self, record, number, cut):
        """Check a subproblem's line field by field and keep it as a Done."""
        def wrong(what):
            self._fail(f"line {number}: {what}")
        index = record.get("subproblem")
        if not (_is_count(index) and index < len(cut)):
            wrong("subproblem is not the index of one of this search's subproblems")
        prefix = cut[index][0]
        if record.get("prefix") != list(prefix):
            wrong(f"prefix is not that of subproblem {index}")
        counts = [record.get(name, 0 if name == "mems" else None) for name in self.STATS]
        if not all(_is_count(count) or (count is None and name in self.UNCOUNTED
                                        and name in record)
                   for name, count in zip(self.STATS, counts)):
            wrong("nodes, updates, solutions and mems must be whole numbers >= 0 "
                  "(updates and mems: or null)")
        memo = self._memo(record, counts[0], wrong)
        splits = record.get("splits", 0)
        if not (_is_count(splits) and splits <= counts[0]):
            wrong("splits must be a whole number >= 0, at most nodes")
        if counts[2] > counts[0] and not memo[1] and not splits:
            wrong("solutions is more than nodes (each solution is a node of the search, "
                  "unless the memo counted it or a split multiplied it: memo's hits and "
                  "splits are 0)")
        seconds = record.get("seconds")
        if not (_is_number(seconds) and 0 <= seconds < float("inf")):
            wrong("seconds must be a number >= 0")
        worker = record.get("worker")
        if not (worker is None or isinstance(worker, str)):
            wrong("worker must be a string")
        value = self._value(record.get("value"), counts[2], self.search.forced + list(prefix),
                            wrong)
        stats = Stats(counts[0], counts[1], counts[2], seconds, counts[3])
        stats.memo, stats.splits = memo, splits
        done = Done(index, value, stats, worker)
        if self.done.setdefault(index, done).value != value:
            wrong(f"subproblem {index} is there twice with different answers")

    @staticmethod
    def _memo(record, nodes, wrong):
        """A record's `memo`, [lookups, hits, entries, bytes, dropped] of its count's
        memo (docs/engine.md, "Counting with a memo"), as a tuple (Stats.memo); a
        record written without one (dlxcli before the memo) used none, one without
        `dropped` (before it was recorded) is taken as not dropped. Each solution the
        memo counts by a hit is no node of the search, so only a record with hits may
        count more solutions than nodes; a node looks its state up once at most."""
        memo = record.get("memo", [0, 0, 0, 0])
        if isinstance(memo, list) and len(memo) == 4:
            memo = memo + [0]
        if not (isinstance(memo, list) and len(memo) == 5 and all(map(_is_count, memo))
                and memo[1] <= memo[0] <= nodes and memo[4] <= 1):
            wrong("memo must be [lookups, hits, entries, bytes, dropped], whole numbers "
                  ">= 0, hits at most lookups, lookups at most nodes, dropped 0 or 1")
        return tuple(memo)

    def _value(self, value, solutions, start, wrong):
        """The query's answer on a subproblem, checked: a count equal to its record's
        `solutions`; at most LISTED solutions (or null: too many to list), as many as
        `solutions`, none twice; or null / [weight, solution] with the solution's
        weight. Each solution a list of option indices that starts with `start` (forced
        + prefix) and is an exact cover. A subproblem whose `start` is already a
        solution has that one alone."""
        query = self.search.query
        if query == "count":
            if not (_is_count(value) and value == solutions):
                wrong("value is not a count equal to the line's solutions")
            if value != 1 and self._is_leaf(start):
                wrong("value: the subproblem's prefix is a solution, its only one")
            return value
        if query == "all":
            if value is None:
                return None
            if not (isinstance(value, list) and len(value) <= subproblems.LISTED
                    and len(value) == solutions):
                wrong("value is not a list of the line's solutions")
            for solution in value:
                self._check_solution(solution, start, wrong)
            if len(set(map(tuple, value))) < len(value):
                wrong("value lists a solution twice")
            if value != [start] and self._is_leaf(start):
                wrong("value: the subproblem's prefix is a solution, its only one")
            return value
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == 2 and _is_number(value[0])):
            wrong("value is not null or [weight, solution]")
        weight, solution = value
        self._check_solution(solution, start, wrong)
        weights = self.search.definition[3]
        if weights is None or not _same_weight(weight, [weights[k] for k in solution]):
            wrong("value's weight is not its solution's weight")
        return weight, solution

    def _check_solution(self, solution, start, wrong):
        n_options = len(self.search.definition[2])
        if not (isinstance(solution, list) and solution[:len(start)] == start
                and all(_is_count(option) and option < n_options for option in solution)):
            wrong("a solution is not a list of this problem's options starting with its "
                  "subproblem's prefix")
        if not self.problem.is_solution(solution, len(self.search.forced)):
            wrong("a solution is not an exact cover (an option missing, or one too many)")

    def _is_leaf(self, start):
        """Whether a subproblem's forced options and prefix are already a solution."""
        return self.problem.is_solution(start, len(self.search.forced))

    def record(self, done: Done, prefix: Sequence[int]) -> None:
        """Append one finished subproblem."""
        stats = done.stats
        self._append({"subproblem": done.index, "prefix": list(prefix), "value": done.value,
                      "nodes": stats.nodes, "updates": stats.updates,
                      "solutions": stats.solutions, "seconds": round(stats.seconds, 6),
                      "mems": stats.mems, "memo": list(stats.memo),
                      "splits": stats.splits, "worker": done.worker})

    def _append(self, entry):
        """One line, written whole (a short write is continued) and synced. A failed
        write (a full disk, `ulimit -f`) is cut off: the file ends with the last whole
        line, as a crash in mid-write leaves it once the next run has read it."""
        import json
        line = (json.dumps(entry, separators=(",", ":")) + "\n").encode()
        start = os.lseek(self.fd, 0, os.SEEK_CUR)
        try:
            while line:
                line = line[os.write(self.fd, line):]
            os.fsync(self.fd)
        except OSError as exc:
            self._cut_at(start)
            self._fail(f"cannot write it ({exc.strerror or exc}); the subproblems "
                       "written before are kept")

    def _cut_at(self, length):
        """Cut the file to `length` bytes, if the system lets it."""
        try:
            os.ftruncate(self.fd, length)
        except OSError:
            pass

    def close(self) -> None:
        """Close (and unlock) the file; one this run made, locked and left empty is
        removed (not one another run locked first: that run's now)."""
        if self.fd is None:
            return
        try:
            if self.created and self.locked and os.fstat(self.fd).st_size == 0:
                os.unlink(self.path)
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


def _is_count(value):
    """Whether a JSON value is a whole number >= 0 (not a boolean, not 2.0)."""
    return type(value) is int and value >= 0


def _is_number(value):
    """Whether a JSON value is a finite number (not a boolean)."""
    import math
    return type(value) in (int, float) and math.isfinite(value)


def _same_weight(weight, weights):
    """Whether `weight` is the sum of `weights` (to rounding, for weights that are
    not whole numbers: the engine may add them in another order)."""
    import math
    return math.isclose(weight, sum(weights), rel_tol=1e-9, abs_tol=1e-9)


def _frontier_digest(cut):
    import hashlib
    text = "\n".join(" ".join(map(str, prefix)) for prefix, _ in cut)
    return hashlib.sha256(text.encode()).hexdigest()
