"""Puzzles: each module translates one judge's format to and from an exact-cover problem.

Layer: puzzles (above exact_cover, below cli). A puzzle module parses input text, builds
items and options, decodes solutions and formats the judge's output; it never searches
and never touches the terminal. Each one offers

    solve_text(text, **settings) -> Answer

where the settings are the puzzle's own options plus the search controls of
ExactCover (timeout, node_limit, progress).
"""

from ..exact_cover import Stats


class Answer:
    """What one judge input produced.

    text     the judge-format output, byte for byte (every line ends in \\n)
    failure  an Unsolved when the input has puzzles with no answer the judge defines
             (an unsolvable P1784 sudoku): the CLI says so on stderr and exits 1
    data     the answer as JSON-able values, for --format json
    stats    what the searches cost, added up
    errors   InputErrors of parts that could not be answered while the rest were
             (e.g. one bad case of a multi-case HDU input): the CLI reports each one
             and exits with status 2 after printing `text`
    """

    __slots__ = ("text", "failure", "data", "stats", "errors")

    def __init__(self, text, failure=None, data=None, stats=None, errors=None):
        self.text, self.failure = text, failure
        self.data = {} if data is None else data
        self.stats = Stats() if stats is None else stats
        self.errors = [] if errors is None else errors


class Unsolved:
    """The puzzles of an input that have no solution, by the line each one starts on.

    Lines rather than a finished message, so that the runner can shift them when it
    has cut a big input into pieces (each piece counts its lines from 1)."""

    __slots__ = ("lines",)

    def __init__(self, lines):
        self.lines = list(lines)

    def shifted(self, offset):
        """The same puzzles, in a piece that starts `offset` lines into the input."""
        return Unsolved(line + offset for line in self.lines)

    @classmethod
    def joined(cls, parts):
        """The puzzles of consecutive pieces, in order."""
        return cls(line for part in parts for line in part.lines)

    def __str__(self):
        many = len(self.lines) > 1
        return (f"no solution for the puzzle{'s' if many else ''} starting on "
                f"line{'s' if many else ''} {', '.join(map(str, self.lines))}")


def add_stats(total, stats):
    """Accumulate one query's Stats into `total` (an input may need several queries)."""
    total.nodes += stats.nodes
    total.updates += stats.updates
    total.solutions += stats.solutions
    total.seconds += stats.seconds
    return total
