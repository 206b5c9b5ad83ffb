"""`memoised`: the tables dlxcli builds once per process (a sudoku shape's exact-cover
structure, a wall pattern's regions), kept for the next puzzle that needs them.

functools.lru_cache does the same, but importing functools also imports collections,
keyword, operator and reprlib: about 2 ms of a judge-style run that takes 15 ms in all
(docs/performance.md, "Start-up"). This is the part of it that dlxcli uses: hashable
positional arguments, and an optional bound that evicts the oldest entry first.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: a plain run imports no typing (docs/performance.md)
    from typing import Callable, TypeVar
    Function = TypeVar("Function", bound=Callable[..., object])


def memoised(maxsize: int | None = None) -> Callable[[Function], Function]:
    """Decorator: cache the function's results by its (positional) arguments."""
    def decorate(function):  # untyped: it sets attributes a Callable lacks
        cache = {}

        def cached(*args):
            if args in cache:
                return cache[args]
            value = function(*args)
            if maxsize is not None and len(cache) >= maxsize:
                del cache[next(iter(cache))]
            cache[args] = value
            return value

        cached.__name__, cached.__qualname__ = function.__name__, function.__qualname__
        cached.__doc__, cached.__module__ = function.__doc__, function.__module__
        cached.__wrapped__ = function
        return cached
    return decorate
