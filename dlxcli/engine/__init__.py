"""The exact-cover engine: one contract, two twins, chosen once at import.

Layer: engine. ``_dlx`` (C, the fast path) and ``_pydlx`` (pure Python, the fallback)
implement the same ``Solver``: the same search, the same solutions in the same order
(docs/engine.md, "What the twins promise"), and the same ``Learner`` (clause learning over
the options, issue 23). ``Solver`` and ``Learner`` here are the chosen twin's behind the
argument checks of ``_checks``, the only way into either twin. The environment
variable DLXCLI_ENGINE picks one:

* unset or ``auto``: the C twin if it was built, else the Python twin (``FALLBACK`` then
  says why; the command line says it in one line, a library import stays silent, as
  simplejson's and PyYAML's do);
* ``c``: the C twin, and an ImportError if it is missing (CI uses this to prove it built);
* ``python``: the Python twin.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from ..errors import DlxError
from ._checks import checked, checked_learner

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs start-up: mypy alone reads this
    from typing import Any

TWINS = {"c": "dlxcli.engine._dlx", "python": "dlxcli.engine._pydlx"}
"""Each twin's module."""


class Twin:
    """One twin: its module, with its Solver and Learner behind the checks (`Solver`,
    `Learner`; `Learner` is None while the module has none). Tests and scripts that
    compare the twins take both through this; any other name is the module's
    (`twin.EXHAUSTED`, `twin.MAX_NODES`, ...)."""

    def __init__(self, name: str, module: ModuleType) -> None:
        self.name, self.module = name, module
        self.Solver = checked(module.Solver)
        learner = getattr(module, "Learner", None)
        self.Learner = checked_learner(learner) if learner is not None else None

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.module, attribute)


_loaded: dict[str, Twin] = {}


def twin(name: str) -> Twin:
    """The twin `name` ("c" or "python"); ImportError if it was not built."""
    if name not in _loaded:
        _loaded[name] = Twin(name, importlib.import_module(TWINS[name]))
    return _loaded[name]


def _chosen() -> tuple[Twin, str | None]:
    """The twin DLXCLI_ENGINE picks, and why the Python twin runs where the C twin was
    wanted (None where it was not)."""
    wanted = os.environ.get("DLXCLI_ENGINE", "auto").strip().lower() or "auto"
    if wanted not in ("auto", "c", "python"):
        raise DlxError(f"DLXCLI_ENGINE must be 'c', 'python' or 'auto', not {wanted!r}")
    if wanted != "python":
        try:
            return twin("c"), None
        except ImportError as exc:
            if wanted == "c":
                raise ImportError(
                    "DLXCLI_ENGINE=c, but the C core dlxcli.engine._dlx was not built "
                    "(reinstall with a C compiler and DLXCLI_REQUIRE_EXTENSION=1 to see why)"
                ) from exc
            return twin("python"), "the C core is not built"
    return twin("python"), None


_twin, FALLBACK = _chosen()
"""FALLBACK: why the Python twin runs where DLXCLI_ENGINE (unset or auto) wanted the C
twin, or None."""
ENGINE: str = _twin.name
Solver = _twin.Solver
Learner = _twin.Learner
EXHAUSTED: int = _twin.EXHAUSTED
SOLUTION: int = _twin.SOLUTION
PAUSED: int = _twin.PAUSED
MAX_NODES: int = _twin.MAX_NODES
MEMO_AUTO: int = _twin.MEMO_AUTO
MEMO_OFF: int = _twin.MEMO_OFF
SLICE = 1 << 16 if ENGINE == "c" else 1 << 11
"""Nodes per call of Solver.run: small enough that Ctrl-C, time limits and progress
displays get a turn several times a second, large enough that the calls cost nothing."""


def _memo_bytes() -> int | None:
    """DLXCLI_MEMO_BYTES: a number of bytes, or of KiB, MiB or GiB with a K, M or G
    after it; None where it is unset."""
    text = os.environ.get("DLXCLI_MEMO_BYTES", "").strip()
    if not text:
        return None
    scale = 1024 ** ("KMG".index(text[-1].upper()) + 1) if text[-1].upper() in "KMG" else 1
    digits = text[:-1] if scale > 1 else text
    if not digits.isdigit() or int(digits) * scale > 2**62:
        raise DlxError("DLXCLI_MEMO_BYTES must be a number of bytes (with K, M or G after "
                       f"it for KiB, MiB, GiB), at most 2**62, not {text!r}")
    return int(digits) * scale


MEMO_BYTES = _memo_bytes()
"""The bound of every count's memo (docs/engine.md, "Counting with a memo"), from
DLXCLI_MEMO_BYTES; None: the twins' own, 256 MiB."""


def described() -> str:
    """The twin that runs, for `dlxcli --version`: "c twin", or "python twin" with why
    where the C twin was wanted."""
    if FALLBACK is None:
        return f"{ENGINE} twin"
    return f"{ENGINE} twin: {FALLBACK}; docs/index.md, \"Without a C compiler\""


__all__ = ["ENGINE", "EXHAUSTED", "FALLBACK", "MAX_NODES", "MEMO_AUTO", "MEMO_BYTES", "MEMO_OFF",
           "PAUSED", "SLICE", "SOLUTION",
           "Learner", "Solver", "Twin", "described", "twin"]
