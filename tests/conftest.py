"""Test configuration: the two engine twins, and a check that DLXCLI_ENGINE was obeyed.

Engine tests ask for the `twin` fixture and so run on the C twin and on the pure-Python
twin in one session (markupsafe's pattern, but opt-in: tests of the CLI and the puzzles
use whichever twin DLXCLI_ENGINE picked, and CI runs the suite once per twin).

A C twin that is missing is skipped, unless DLXCLI_ENGINE=c says it is required: then
every test that needs it fails, as does the session (simplejson's "required extension"
switch), so that a build that silently fell back to Python cannot look green.
"""

import importlib
import os

import pytest

TWINS = {"c": "dlxcli.engine._dlx", "python": "dlxcli.engine._pydlx"}


def _wanted_engine():
    return os.environ.get("DLXCLI_ENGINE", "auto").strip().lower() or "auto"


def load_twin(name):
    """The Solver module of one twin; skips (or, when it is required, fails) if unbuilt."""
    try:
        return importlib.import_module(TWINS[name])
    except ImportError as exc:
        if _wanted_engine() == name:
            pytest.fail(f"DLXCLI_ENGINE={name} but {TWINS[name]} cannot be imported: {exc}")
        pytest.skip(f"{TWINS[name]} is not built: {exc}")


@pytest.fixture(params=list(TWINS), scope="session")
def twin(request):
    """Each twin's Solver module in turn: `twin.Solver`, `twin.EXHAUSTED`, ..."""
    return load_twin(request.param)


@pytest.fixture(scope="session")
def c_twin():
    return load_twin("c")


@pytest.fixture(scope="session")
def py_twin():
    return load_twin("python")


def pytest_sessionstart(session):
    wanted = _wanted_engine()
    try:
        from dlxcli import engine
    except Exception as exc:  # ImportError when the C twin is required but missing
        raise pytest.UsageError(f"DLXCLI_ENGINE={wanted}: dlxcli.engine fails to import: {exc}")
    if wanted in TWINS and engine.ENGINE != wanted:
        raise pytest.UsageError(
            f"DLXCLI_ENGINE={wanted} but dlxcli.engine.ENGINE is {engine.ENGINE!r}")


def pytest_report_header(config):
    from dlxcli import engine
    return f"dlxcli engine: {engine.ENGINE} (DLXCLI_ENGINE={_wanted_engine()})"
