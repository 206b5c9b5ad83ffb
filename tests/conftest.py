"""Test configuration: the two engine twins, and a check that DLXCLI_ENGINE was obeyed.

Engine tests ask for the `twin` fixture and so run on the C twin and on the pure-Python
twin in one session (markupsafe's pattern, but opt-in: tests of the CLI and the puzzles
use whichever twin DLXCLI_ENGINE picked, and CI runs the suite once per twin). Each such
run is marked `on_c_twin` or `on_python_twin`: it is the same whichever twin
DLXCLI_ENGINE picked, so CI's pure-Python run leaves them to its C run, and the
sanitizers (scripts/sanitize.sh) take those on the C twin only. Likewise a test marked
`any_twin` checks code that is the same whichever twin searches (a display, the command
line's two paths, the help, the SVG drawing, this suite's set-up, a documented example
that reads the same on either twin), or takes the twins by name and compares them: its
run on the pure-Python twin would check nothing its C run does not, so CI's pure-Python
run leaves it to its C run too (a session on one twin alone still runs it).

A C twin that is missing is skipped, unless DLXCLI_ENGINE=c says it is required: then
every test that needs it fails, as does the session (simplejson's "required extension"
switch), so that a build that silently fell back to Python cannot look green.

Tests marked `needs_shared` read the data sets of ../shared/data (paths.DATA): where
they are absent, as in a fresh clone, those tests are skipped with one line saying so.
Naming a place with DLXCLI_SHARED makes them required there (CI does), so that a
misplaced data folder cannot make them all skip unnoticed.

Ctrl-C is live in the test process, as on a terminal, even where the suite was started
with SIGINT ignored (a CI job, `nohup`, a background job of a script) or with the ending
signals blocked (some job runners): the tests that press Ctrl-C on a dlxcli child need
it to reach the child, which inherits both. The `live_ctrl_c` fixture makes it live in
one test and puts the signal state back afterwards. Likewise a hangup reaches the
children where the suite was started with SIGHUP ignored (`nohup`): a dlxcli run started
so keeps ignoring SIGHUP, and a test sending it one would wait for it in vain
(`hangup_reaches_children`).
"""

import os
import signal
import sys

import pytest

from paths import DATA

TWINS = {"c": "dlxcli.engine._dlx", "python": "dlxcli.engine._pydlx"}


def _wanted_engine():
    return os.environ.get("DLXCLI_ENGINE", "auto").strip().lower() or "auto"


def load_twin(name):
    """One twin (dlxcli.engine.twin: its module, its Solver behind the argument checks,
    as dlxcli uses it); skips (or, when it is required, fails) if unbuilt."""
    try:
        from dlxcli import engine
        return engine.twin(name)
    except ImportError as exc:
        if _wanted_engine() == name:
            pytest.fail(f"DLXCLI_ENGINE={name} but {TWINS[name]} cannot be imported: {exc}")
        pytest.skip(f"{TWINS[name]} is not built: {exc}")


@pytest.fixture(params=list(TWINS), scope="session")
def twin(request):
    """Each twin in turn: `twin.Solver`, `twin.EXHAUSTED`, ..."""
    return load_twin(request.param)


def slow_on_python(*values, id=None):
    """A test parameter marked slow when the pure-Python twin runs the suite: searches
    that take a fraction of a second on the C twin take seconds there."""
    from dlxcli import engine
    return pytest.param(*values, id=id,
                        marks=[pytest.mark.slow] if engine.ENGINE == "python" else [])


@pytest.fixture(scope="session")
def c_twin():
    return load_twin("c")


@pytest.fixture(scope="session")
def py_twin():
    return load_twin("python")


ENDING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals that end a dlxcli run (dlxcli.cli._signals.ENDING)."""


@pytest.fixture
def live_ctrl_c():
    """Ctrl-C live in this test (SIGINT unblocked and raising KeyboardInterrupt); after
    it, the handlers of the ending signals, the signal mask and sys.unraisablehook as
    they were, whatever the test left."""
    handlers = {signum: signal.getsignal(signum) for signum in ENDING}
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, ENDING)
    hook = sys.unraisablehook
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        sys.unraisablehook = hook
        for signum, handler in handlers.items():
            if handler is not None:  # None: set outside Python, cannot be set back
                signal.signal(signum, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def hangup_reaches_children():
    """Where SIGHUP is ignored, a handler that does nothing in its place: this process
    still survives a hangup, and its children start with SIGHUP at its default (exec
    resets a handled signal, not an ignored one)."""
    if signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:
        signal.signal(signal.SIGHUP, _hangup_survived)


def _hangup_survived(signum, frame):
    pass


def pytest_sessionstart(session):
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    hangup_reaches_children()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, ENDING)
    wanted = _wanted_engine()
    try:
        from dlxcli import engine
    except Exception as exc:  # ImportError when the C twin is required but missing
        raise pytest.UsageError(f"DLXCLI_ENGINE={wanted}: dlxcli.engine fails to import: {exc}")
    if wanted in TWINS and engine.ENGINE != wanted:
        raise pytest.UsageError(
            f"DLXCLI_ENGINE={wanted} but dlxcli.engine.ENGINE is {engine.ENGINE!r}")
    if os.environ.get("DLXCLI_SHARED") and not DATA.is_dir():
        raise pytest.UsageError(f"DLXCLI_SHARED names {DATA.parent}, which has no data/")


SHARED_SKIP = ("needs ../shared/data, absent here: the project's data sets beside the "
               "repository, not part of a clone (docs/performance.md, \"The shared material\")")
"""What a test marked needs_shared says where it is skipped (only where DLXCLI_SHARED is
unset: where it is set, a missing data folder stops the session)."""


TWIN_PARAMETERS = {"twin", "engine", "twin_name", "learner_twin", "learner_twin_25x25"}
"""The names under which the tests take each twin in turn as a parameter: the fixtures
above, test_learn's Learner twins, and the `engine` (and `twin_name`) of the tests that
run dlxcli on each twin with DLXCLI_ENGINE set."""


def twin_of(item):
    """The twin that `item`, one of a test's runs over both twins, runs on; else None."""
    params = getattr(item, "callspec", None)
    for name, value in params.params.items() if params else ():
        if name in TWIN_PARAMETERS and value in TWINS:
            return value
    return None


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by the marks added here
def pytest_collection_modifyitems(config, items):
    """Mark each run of a test over both twins with its twin (see above); skip the
    needs_shared tests where ../shared/data is absent."""
    for item in items:
        if (name := twin_of(item)) is not None:
            item.add_marker(f"on_{name}_twin")
    if DATA.is_dir():
        return
    skip = pytest.mark.skip(reason=SHARED_SKIP)
    for item in items:
        if item.get_closest_marker("needs_shared"):
            item.add_marker(skip, append=False)  # before pytest's own empty-parameter skip


def pytest_report_header(config):
    from dlxcli import engine
    return f"dlxcli engine: {engine.ENGINE} (DLXCLI_ENGINE={_wanted_engine()})"
