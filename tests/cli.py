"""Running dlxcli's click group inside the test process: the one CLI runner of the tests.

Layer: tests. `run("queens", path)` is `dlxcli queens PATH`; its click Result keeps
stdout, stderr and the exit code apart (`result.stdout`, `result.stderr`,
`result.exit_code`; `result.output` is both, interleaved), so that golden files compare
stdout alone. Real processes (pipes, signals, terminals) are in shell.py, processes.py
and terminal.py.
"""

from click.testing import CliRunner, Result

from dlxcli.cli import cli


def _word(arg):
    """A command-line word: paths and numbers as text; str and bytes as they are."""
    return arg if isinstance(arg, (str, bytes)) else str(arg)


def run(*args, input=None) -> Result:
    """`dlxcli ARGS` with `input` (str or bytes) on stdin."""
    return CliRunner().invoke(cli, [_word(arg) for arg in args], input=input)


def runner(*words):
    """run() with WORDS first, its stdin named `stdin`: `run = runner("queens")` in the
    tests of one command, then `run(path)` or `run(stdin="6\\n")`."""
    def run_words(*args, stdin=None) -> Result:
        return run(*words, *args, input=stdin)
    return run_words
