"""dlxcli: exact-cover puzzles solved with Knuth's Dancing Links.

Layer: the library API. Imports neither click nor rich, so it is cheap to import and
usable without the command line::

    from dlxcli import ExactCover
    problem = ExactCover(2, 0, [[0], [1], [0, 1]])
    problem.count()   # 2
"""

from .engine import ENGINE
from .errors import DlxError, InputError, ProblemError, SearchLimit
from .exact_cover import ExactCover, Stats

__version__ = "0.1.0"
__all__ = ["ENGINE", "DlxError", "ExactCover", "InputError", "ProblemError", "SearchLimit",
           "Stats", "__version__"]
