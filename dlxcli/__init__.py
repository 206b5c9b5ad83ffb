"""dlxcli: exact-cover puzzles solved with Knuth's Dancing Links.

Layer: the library API. Imports neither click nor rich, so it is cheap to import and
usable without the command line::

    from dlxcli import ExactCover
    problem = ExactCover(2, 0, [[0], [1], [0, 1]])
    problem.count()   # 2

The names are loaded on first use: the command line imports this package first, and
must be able to report a bad DLXCLI_ENGINE (raised when the engine loads) as one line.
"""

__version__ = "0.1.0"
__all__ = ["ENGINE", "DlxError", "ExactCover", "InputError", "ProblemError", "SearchLimit",
           "Stats", "__version__"]

_HOMES = {"ENGINE": "engine", "DlxError": "errors", "InputError": "errors",
          "ProblemError": "errors", "SearchLimit": "errors", "ExactCover": "exact_cover",
          "Stats": "exact_cover"}


def __getattr__(name):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = __import__(f"{__name__}.{_HOMES[name]}", fromlist=[name])
    return getattr(module, name)
