"""Every command and every option is documented and has --help text (sqlite-utils'
test_docs pattern): walk the click group, read docs/<command>.md.

A command's own options must appear on its page; the options the shared runner adds to
every solving command are documented once, on docs/index.md, which every page links to.
"""

from pathlib import Path

import click
import pytest

from dlxcli.cli import _options, cli

DOCS = Path(__file__).parent.parent / "docs"


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
