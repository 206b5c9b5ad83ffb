"""The exact-cover engine: one contract, two twins, chosen once at import.

Layer: engine. ``_dlx`` (C, the fast path) and ``_pydlx`` (pure Python, the readable
reference) implement the same ``Solver`` with the same behaviour and the same order
of solutions. The environment variable DLXCLI_ENGINE picks one:

* unset or ``auto``: the C twin if it was built, else the Python twin with a warning;
* ``c``: the C twin, and an ImportError if it is missing (CI uses this to prove it built);
* ``python``: the Python twin.
"""

import os
import warnings

from ..errors import DlxError


def _load_twin():
    wanted = os.environ.get("DLXCLI_ENGINE", "auto").strip().lower() or "auto"
    if wanted not in ("auto", "c", "python"):
        raise DlxError(f"DLXCLI_ENGINE must be 'c', 'python' or 'auto', not {wanted!r}")
    if wanted != "python":
        try:
            from . import _dlx
            return _dlx, "c"
        except ImportError as exc:
            if wanted == "c":
                raise ImportError(
                    "DLXCLI_ENGINE=c, but the C core dlxcli.engine._dlx was not built "
                    "(reinstall with a C compiler and DLXCLI_REQUIRE_EXTENSION=1 to see why)"
                ) from exc
            warnings.warn("dlxcli's C core is not built; using the slower pure-Python twin",
                          RuntimeWarning, stacklevel=2)
    from . import _pydlx
    return _pydlx, "python"


_twin, ENGINE = _load_twin()
Solver = _twin.Solver
EXHAUSTED, SOLUTION, PAUSED = _twin.EXHAUSTED, _twin.SOLUTION, _twin.PAUSED
MAX_NODES = _twin.MAX_NODES
SLICE = 1 << 16 if ENGINE == "c" else 1 << 11
"""Nodes per call of Solver.run: small enough that Ctrl-C, time limits and progress
displays get a turn several times a second, large enough that the calls cost nothing."""

__all__ = ["ENGINE", "EXHAUSTED", "MAX_NODES", "PAUSED", "SLICE", "SOLUTION", "Solver"]
