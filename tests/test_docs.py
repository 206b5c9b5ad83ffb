"""Every command and every option is documented and has --help text (sqlite-utils'
test_docs pattern): walk the click group, read docs/<command>.md.

A command's own options must appear on its page; the options the shared runner adds to
every solving command are documented once, on docs/index.md, which every page links to.
"""

import re
from pathlib import Path

import click
import pytest

from dlxcli.cli import _options, cli
from dlxcli.commands import PUZZLES

REPO = Path(__file__).parent.parent
DOCS = REPO / "docs"


def _shared_option_names():
    @_options.common_options
    @click.command()
    def probe(**settings):
        """Probe."""
    return {name for param in probe.params for name in _names(param)}


def _names(param):
    return [name for name in param.opts + param.secondary_opts if name.startswith("--")]


SHARED = _shared_option_names()
COMMANDS = cli.list_commands(None)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_a_page_and_help(name):
    command = cli.get_command(None, name)
    assert (DOCS / f"{name}.md").exists(), f"docs/{name}.md is missing"
    assert command.help and command.help.strip()
    assert f"dlxcli {name}" in (DOCS / f"{name}.md").read_text()
    assert f"`dlxcli {name}`" in (DOCS / "index.md").read_text()


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_is_documented_and_has_help(name):
    command = cli.get_command(None, name)
    page = (DOCS / f"{name}.md").read_text()
    index = (DOCS / "index.md").read_text()
    for param in command.params:
        if not isinstance(param, click.Option) or param.name == "help":
            continue
        assert param.help and param.help.strip(), f"{name} {param.opts}: no help text"
        for option in _names(param):
            shared = option in SHARED and name != "judge"
            assert option in (index if shared else page), f"{option} of {name} is undocumented"


def test_the_engine_page_covers_what_the_brief_names():
    page = (DOCS / "engine.md").read_text()
    for topic in ("MRV", "dead-end counter", "forced options", "branch and bound",
                  "DLXCLI_ENGINE", "split_lines", "cover"):
        assert topic.lower() in page.lower(), topic


README = DOCS.parent / "README.md"


def test_the_readme_says_how_to_run_dlxcli_before_its_first_example():
    """The set-up commands install into .venv/; the examples type a bare `dlxcli`."""
    quick_start = README.read_text().split("```console", 1)[0]
    assert ". .venv/bin/activate" in quick_start and ".venv/bin/dlxcli" in quick_start
    assert "launcher" not in quick_start
    assert "pip install -q -e '.[test]' && .venv/bin/python -m pytest" in quick_start


def test_the_readmes_activation_line_puts_dlxcli_on_the_path():
    """Run as written, in the virtual environment the README's set-up makes (CI's)."""
    import subprocess
    if not (README.parent / ".venv" / "bin" / "activate").exists():
        pytest.skip("no .venv in the checkout (the README's set-up makes it)")
    done = subprocess.run(["bash", "-c", ". .venv/bin/activate && dlxcli --version"],
                          cwd=README.parent, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("dlxcli ")


def checklist_rows():
    """(number, place, checked by) of each row of docs/adding-a-command.md's checklist."""
    page = (DOCS / "adding-a-command.md").read_text()
    table = page.split("## The checklist", 1)[1].split("\n## ", 1)[0]
    cells = [[cell.strip() for cell in line.split("|")[1:-1]] for line in table.splitlines()
             if line.startswith("| ")]
    return [(row[0], row[1], row[2], row[3]) for row in cells if row[0].isdigit()]


def test_the_checklist_holds_for_every_command_of_the_registry():
    """Issue 28, item 9: the checklist named the wrong test data (tests/fuzz_corpus/NAME
    for the hostile corpus's valid_/bad_ inputs): every place it names must be there
    for every command of the registry (NAME with '_' for '-' in a Python file's name),
    every test it names must exist, and the pages that list the commands name them all."""
    rows = checklist_rows()
    assert [row[0] for row in rows] == [str(k) for k in range(1, len(rows) + 1)]
    for number, place, what, checked in rows:
        path = re.match(r"`([^`]+)`", place).group(1)
        for name in PUZZLES:
            own = name.replace("-", "_") if path.endswith(".py") else name
            assert (REPO / path.replace("NAME", own)).exists(), f"row {number}: {path}, {name}"
            if path.endswith("/"):
                _holds_the_files_it_names(REPO / path.replace("NAME", name), what, number)
        for test_file, tests in re.findall(r"`(tests/\w+\.py)`(?: \(([^)]*)\))?", checked):
            source = (REPO / test_file).read_text()
            for test in re.findall(r"`(test_\w+)`", tests):
                assert f"def {test}(" in source, f"row {number}: {test_file} has no {test}"
    for page in ("README.md", "docs/index.md"):
        for name in PUZZLES:
            assert f"`dlxcli {name}`" in (REPO / page).read_text(), f"{page} lacks {name}"
    hostile = (REPO / "tests" / "hostile" / "README.md").read_text()
    assert all(f"`{name}`" in hostile for name in PUZZLES)


def _holds_the_files_it_names(folder, what, number):
    """A checklist folder holds a file of each pattern its row names (`valid_*`), each
    with the file named beside it (`.expect`)."""
    import fnmatch
    names = [path.name for path in folder.iterdir()]
    for pattern in re.findall(r"`(\w+_\*)`", what):
        found = fnmatch.filter(names, pattern)
        assert found, f"row {number}: {folder} holds no {pattern}"
        for suffix in re.findall(r"with its `(\.\w+)`", what):
            assert all(Path(name).stem + suffix in names for name in found
                       if not name.endswith((".expect", ".out", ".args"))), (number, folder)
