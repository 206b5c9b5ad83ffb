"""The import graph of the dlxcli package: no circle, and no import up the layers.

Layer: tests. The graph is read from the source with `ast` (nothing is imported): every
`import` and `from ... import` of a module, at its top or inside a function, is an edge
to the dlxcli module it names (`from . import engine` names the module dlxcli.engine;
`from . import Answer` the package dlxcli.puzzles). The layers, lowest first, are
those of the house style (engine <- exact_cover <- puzzles <- cli), with the helper
modules each layer stands on; a module may import its own layer and those below.
"""

import ast
import functools
import subprocess
import sys

import pytest

from dlxcli.commands import PUZZLES
from paths import REPO, SAMPLES

PACKAGE = REPO / "dlxcli"

LAYERS = (
    ("base", ("dlxcli.errors", "dlxcli.memo", "dlxcli.formats", "dlxcli.pool", "dlxcli.files",
              "dlxcli")),
    ("engine", ("dlxcli.engine",)),
    ("exact_cover", ("dlxcli.exact_cover", "dlxcli.stats", "dlxcli.strategies", "dlxcli.trace",
                     "dlxcli.estimate", "dlxcli.learner_cut", "dlxcli.parallel",
                     "dlxcli.joining")),
    ("puzzles", ("dlxcli.puzzles", "dlxcli.generate", "dlxcli.commands")),
    ("cli", ("dlxcli.cli", "dlxcli.__main__")),
)
"""(layer, the modules in it): a name stands for the module and everything under it
(dlxcli.parallel: the package and its modules, PARALLEL), except "dlxcli", the package
itself, which stands for itself: it holds __version__ and loads the library's names on
first use (its __getattr__), importing nothing."""

PARALLEL = ("executors", "subproblems", "checkpoint", "farm", "cubes", "racing", "split")
"""The modules of dlxcli.parallel, lowest first: each imports only those before it
(its package's __init__ imports them all, to name what the rest of dlxcli uses)."""


def module_names():
    """Every module of the package: dotted name -> its source file."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported(module, path, modules):
    """The dlxcli modules that `module` imports anywhere in its source, at run time:
    not those named only for mypy, under `if TYPE_CHECKING:` (never executed)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in run_time_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = anchor + ("." + base if base else "")
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else base)
    return {name for name in found if name in modules and name != module}


def run_time_nodes(tree):
    """Every node of `tree` but those inside `if TYPE_CHECKING:` blocks."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)
        else:
            pending.extend(ast.iter_child_nodes(node))


def _is_type_checking(test):
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


@functools.cache
def import_graph():
    """module -> the dlxcli modules it imports; read once per session (parsing every
    module of the package costs a third of a second, and every test of the layers reads
    it)."""
    modules = module_names()
    return {module: imported(module, path, modules) for module, path in modules.items()}


def layer_of(module):
    """The rank of the layer holding `module` (the longest matching name wins)."""
    best = None
    for rank, (_, names) in enumerate(LAYERS):
        for name in names:
            if module == name or (name != "dlxcli" and module.startswith(name + ".")):
                if best is None or len(name) > len(best[1]):
                    best = (rank, name)
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[0]


def find_cycle(graph):
    """One import circle as a list of modules (the first again at its end), or None."""
    state = {}  # module -> "open" while on the path, "done" once all below it are

    def visit(module, path):
        state[module] = "open"
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target, path + [target])
                if cycle:
                    return cycle
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state:
            cycle = visit(module, [module])
            if cycle:
                return cycle
    return None


def test_the_graph_is_read_from_the_source():
    """The reader sees the imports it must: top-level, relative, inside functions."""
    graph = import_graph()
    assert "dlxcli.engine" in graph["dlxcli.exact_cover"]  # from . import engine
    assert "dlxcli.puzzles" in graph["dlxcli.puzzles.sudoku"]  # from . import Answer, ...
    assert "dlxcli.parallel" in graph["dlxcli.cli._run"]  # inside a function
    assert "dlxcli.parallel.split" in graph["dlxcli.parallel"]  # from .split import ...
    assert "dlxcli.parallel.executors" in graph["dlxcli.parallel.farm"]  # from . import executors
    assert "dlxcli.exact_cover" in graph["dlxcli.parallel.subproblems"]  # from ..exact_cover


def test_find_cycle_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_imports_itself_back_through_others():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def is_parallel(module):
    """Whether `module` is dlxcli.parallel or one of its modules."""
    return module == "dlxcli.parallel" or module.startswith("dlxcli.parallel.")


def test_exact_cover_does_not_import_the_split_search():
    """The split search is a strategy the Budget carries (budget.split.count(...))."""
    assert not any(map(is_parallel, import_graph()["dlxcli.exact_cover"]))


def test_the_parallel_modules_import_only_those_below_them():
    """dlxcli.parallel's modules in PARALLEL's order: the executors and the subproblems
    at the bottom, the split's queries (`Split`) at the top; none imports its package."""
    graph = import_graph()
    assert {module for module in graph if is_parallel(module)} == \
        {"dlxcli.parallel"} | {f"dlxcli.parallel.{name}" for name in PARALLEL}
    for rank, name in enumerate(PARALLEL):
        below = {f"dlxcli.parallel.{lower}" for lower in PARALLEL[:rank]}
        imported = set(filter(is_parallel, graph[f"dlxcli.parallel.{name}"]))
        assert imported <= below, f"dlxcli.parallel.{name} imports {sorted(imported - below)}"


@pytest.mark.parametrize("module", sorted(module_names()))
def test_imports_go_down_the_layers(module):
    graph = import_graph()
    upward = sorted(target for target in graph[module] if layer_of(target) > layer_of(module))
    assert not upward, (f"{module} ({LAYERS[layer_of(module)][0]}) imports "
                        + ", ".join(f"{t} ({LAYERS[layer_of(t)][0]})" for t in upward))


def imported_by_a_plain_run(name, data):
    """The dlxcli modules that `dlxcli NAME < data` imports (python -X importtime)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "dlxcli", name],
                          input=data, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return {line.split("|")[-1].strip() for line in done.stderr.decode().splitlines()
            if line.startswith("import time:")}


ANSWERED_SAMPLE = {"pack": "pentominoes-3x20.in", "queens": "sample1.in"}
"""A sample that a plain run answers (exit status 0) where the first one is not (the
14x15 hexominoes have no packing), or answers at once where the first takes seconds
(the count of 13 queens: 3 CPU s on the pure-Python twin)."""


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_plain_run_imports_no_other_commands_module(name):
    """The registry hands out one module: judge and generate hooks live in the puzzle
    modules, and nothing imports them all to find out who has one."""
    sample = SAMPLES / name / ANSWERED_SAMPLE.get(
        name, sorted((SAMPLES / name).glob("*.in"))[0].name)
    loaded = imported_by_a_plain_run(name, sample.read_bytes())
    assert PUZZLES[name] in loaded
    assert not loaded & {PUZZLES[other] for other in PUZZLES if other != name}
    assert not loaded & {"typing", "dlxcli.generate"}
    assert not any(map(is_parallel, loaded))
