"""What `--help`, shell completion, -v/--verbose and -q/--quiet give a user.

Every command's help shows two or three example command lines, and each one is run
here, as written, from the repository's top folder (tests/shell.py). Completion goes
through click's own machinery (`_DLXCLI_COMPLETE`), which docs/index.md documents.
"""

import json
import os
import re
import stat
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli import run
from dlxcli import engine
from dlxcli.cli import cli
from paths import REPO
from shell import run_shell

COMMANDS = cli.list_commands(None)
SAMPLE = REPO / "puzzles" / "queens" / "sample1"


def help_examples(name):
    """The `$ ...` lines of the Examples section of `dlxcli NAME --help`."""
    shown = run(name, "--help").stdout
    section = shown.split("Examples (from the repository's top folder):\n", 1)[1]
    return [line.strip()[2:] for line in section.split("\n\n", 1)[0].splitlines()]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_help_shows_two_or_three_examples_of_the_command(name):
    examples = help_examples(name)
    assert 2 <= len(examples) <= 3
    assert all(re.search(rf"(^|\| )dlxcli {name}\b", example) for example in examples)


EXAMPLES = [(name, example) for name in COMMANDS for example in help_examples(name)]


@pytest.mark.any_twin  # the help's command lines run, each answering: the twin is theirs
@pytest.mark.parametrize("name, example", EXAMPLES)
def test_every_help_example_is_a_real_run(name, example):
    done = run_shell(example, merged=False)
    assert done.returncode == 0, done.stderr
    # --estimate answers on stderr, and leaves stdout empty
    answer = done.stderr if "--estimate" in example else done.stdout
    assert answer.strip() and "Traceback" not in done.stderr


# -- shell completion ------------------------------------------------------------------------

DLXCLI = [sys.executable, "-m", "dlxcli"]


def completion(**variables):
    environment = {**os.environ, **variables}
    return subprocess.run(DLXCLI, env=environment, capture_output=True, text=True,
                          cwd=REPO, timeout=60)


@pytest.mark.any_twin
@pytest.mark.parametrize("shell, marker", [
    ("bash", "complete -o nosort -F _dlxcli_completion dlxcli"),
    ("zsh", "#compdef dlxcli"),
    ("fish", "complete --no-files --command dlxcli"),
])
def test_the_documented_completion_scripts_are_printed(shell, marker):
    done = completion(_DLXCLI_COMPLETE=f"{shell}_source")
    assert done.returncode == 0 and marker in done.stdout
    assert f"_DLXCLI_COMPLETE={shell}_source dlxcli" in (REPO / "docs" / "index.md").read_text()


@pytest.mark.any_twin
@pytest.mark.parametrize("words, expected", [
    ("dlxcli sud", ["plain,sudoku"]),
    ("dlxcli s", ["plain,samurai", "plain,squiggly", "plain,sudoku"]),
    ("dlxcli sudoku --input-f", ["plain,--input-format"]),
    ("dlxcli sudoku --input-format ", ["plain,auto", "plain,grid", "plain,line"]),
])
def test_completion_knows_the_commands_and_their_options(words, expected):
    done = completion(_DLXCLI_COMPLETE="bash_complete", COMP_WORDS=words,
                      COMP_CWORD=str(len(words.split(" ")) - 1))
    assert done.stdout.split() == expected


@pytest.mark.any_twin
def test_the_bash_completion_script_completes_in_bash(tmp_path):
    """The line docs/index.md gives, `eval "$(_DLXCLI_COMPLETE=bash_source dlxcli)"`,
    in a real bash, with a `dlxcli` program on the PATH."""
    launcher = tmp_path / "dlxcli"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m dlxcli "$@"\n')
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR)
    script = ('eval "$(_DLXCLI_COMPLETE=bash_source dlxcli)"\n'
              'COMP_WORDS=(dlxcli tar); COMP_CWORD=1; _dlxcli_completion dlxcli\n'
              'echo "${COMPREPLY[@]}"\n')
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=REPO,
                          env={**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}"},
                          timeout=60)
    assert done.stdout == "target-sudoku\n"


# -- -v and -q -------------------------------------------------------------------------------

STATISTICS = re.compile(r"dlxcli: (?P<name>\S+): (?P<nodes>\d[\d,]*) nodes, "
                        r"(?:(?P<updates>\d[\d,]*) updates, (?P<mems>\d[\d,]*) mems|"
                        r"updates and mems not counted by the Python twin), "
                        r"(?P<solutions>\d[\d,]*) solutions?, "
                        r"\d+\.\d{3} s(?:; memo: .*)?")


def test_verbose_prints_the_search_statistics_after_the_answer():
    """Knuth's programs report nodes, updates, mems and solutions (updates and mems on
    the C twin: the Python twin counts neither); 6 queens have 4 placements."""
    verbose = run("queens", "-v", input="6\n")
    measured = json.loads(run("queens", "--format", "json", input="6\n").stdout)["stats"]
    assert verbose.stdout == SAMPLE.with_suffix(".out").read_text()
    line = STATISTICS.fullmatch(verbose.stderr.rstrip("\n"))
    assert line and line["name"] == "<stdin>" and line["solutions"] == "4"
    assert int(line["nodes"].replace(",", "")) == measured["nodes"]
    if engine.ENGINE == "c":
        assert int(line["updates"].replace(",", "")) == measured["updates"]
        assert int(line["mems"].replace(",", "")) == measured["mems"]
    else:
        assert line["updates"] is None and measured["updates"] is measured["mems"] is None


def test_verbose_gives_one_line_per_input_in_judge_too():
    inputs = [REPO / "puzzles" / "matrix" / "sample1.in", SAMPLE.with_suffix(".in")]
    for command in (["queens"], ["judge", "--command", "queens"]):
        result = run(*command, "--verbose", inputs[1], inputs[1])
        names = [STATISTICS.fullmatch(line)["name"] for line in result.stderr.splitlines()]
        assert names == [str(inputs[1])] * 2
    judged = run("judge", "-v", inputs[0]).stdout.splitlines()
    assert judged[0].startswith(f"{inputs[0]}: accepted")


def test_quiet_leaves_out_the_summary_table_but_not_the_errors(tmp_path):
    (tmp_path / "bad.in").write_text("seven\n")
    inputs = [SAMPLE.with_suffix(".in"), tmp_path / "bad.in"]
    loud = run("queens", "--progress", *inputs)
    quiet = run("queens", "--progress", "-q", *inputs)
    assert "verdict" in loud.stderr                      # the table, without -q
    assert quiet.stdout == loud.stdout
    assert quiet.stderr.splitlines() == [
        f"dlxcli: {inputs[1]}, line 1, column 1: expected the board size n (an integer "
        "1..32), found 'seven'"]


# -- the shape of --help ---------------------------------------------------------------------

def help_at_80_columns(name):
    return CliRunner().invoke(cli, [name, "--help"], terminal_width=80).stdout


def help_sections(name):
    """(the help, [(title, the option words of its rows)]) of `dlxcli NAME --help` at
    80 columns."""
    shown = help_at_80_columns(name)
    sections = []
    for block in shown.split("\n\n"):
        title, _, body = block.partition(":\n")
        if body and not title.startswith(" ") and "\n" not in title:
            rows = [line.split()[0].rstrip(",") for line in body.splitlines()
                    if line.startswith("  -")]
            sections.append((title, rows))
    return shown, sections


@pytest.mark.parametrize("name", [name for name in COMMANDS if name != "generate"])
def test_help_puts_the_common_options_first_in_sections(name):
    """The newcomer met 46 to 114 lines, the common options last in one list of 30."""
    shown, sections = help_sections(name)
    titles = [title for title, _ in sections]
    assert titles[0] == "Common options" and len(titles) >= 3
    assert titles[1] in (f"{name} options", "Search options") and "Search options" in titles
    common = sections[0][1]
    for option in ("--timeout", "-j", "-v", "-q", "-h"):
        assert option in common, option
    if name != "judge":
        assert common[:2] == ["--format", "-o"]
        assert titles[-1] == "Splitting one search (docs/parallel.md)"
    assert len(shown.splitlines()) <= 90


def test_help_of_every_command_is_shorter_than_the_newcomer_met():
    lengths = {name: len(help_at_80_columns(name).splitlines())
               for name in COMMANDS}
    assert max(lengths.values()) <= 90 and sum(lengths.values()) <= 650, lengths  # were 114, 835
