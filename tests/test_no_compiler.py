"""An install without a C compiler: the C core missing, the pure-Python twin runs, and
dlxcli says so in one plain line, once, where it searches (docs/index.md, "Without a C
compiler").

Layer: tests. The missing build is simulated through the import machinery: each run is
a fresh interpreter in which `dlxcli.engine._dlx` is None in sys.modules, so that
importing it raises ImportError exactly as it does where the extension was never built.
"""

import os
import subprocess
import sys

import pytest

from paths import REPO, SAMPLES

WITHOUT_C_CORE = ("import sys; sys.modules['dlxcli.engine._dlx'] = None; "
                  "from dlxcli.cli import main; main()")
"""`dlxcli` on an interpreter where the C core cannot be imported."""

NOTE = ("dlxcli: the C core is not built, so the pure-Python twin runs, 6 to 8 times "
        "slower; for the fast one, install a C compiler")


def dlxcli_without_c(*args, stdin="", engine=None):
    """`dlxcli ARGS` with the C core missing; DLXCLI_ENGINE unset unless `engine`."""
    env = {k: v for k, v in os.environ.items() if k != "DLXCLI_ENGINE"}
    if engine:
        env["DLXCLI_ENGINE"] = engine
    return subprocess.run([sys.executable, "-c", WITHOUT_C_CORE, *args], input=stdin,
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=60)


def test_version_names_the_python_twin_and_why_without_a_warning():
    result = dlxcli_without_c("--version")
    assert result.returncode == 0
    assert result.stdout == ('dlxcli 0.1.0 (engine: python twin: the C core is not built; '
                             'docs/index.md, "Without a C compiler")\n')
    assert result.stderr == ""


@pytest.mark.parametrize("args", [["queens"], ["queens", "--format", "judge"]],
                         ids=["plain", "through-click"])
def test_a_search_says_it_once_in_one_plain_line(args):
    result = dlxcli_without_c(*args, stdin="6\n")
    assert result.returncode == 0
    assert result.stdout == "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(NOTE)
    assert "Warning" not in result.stderr and ".py" not in result.stderr


def test_a_batch_and_judge_say_it_once(tmp_path):
    folder = tmp_path / "queens"
    folder.mkdir()
    for name in ("a.in", "a.out", "b.in", "b.out"):  # the 6-queens sample, twice
        (folder / name).write_bytes((SAMPLES / "queens" / f"sample1{name[1:]}").read_bytes())
    batch = dlxcli_without_c("queens", str(folder))
    judged = dlxcli_without_c("judge", str(folder))
    for result in (batch, judged):
        assert result.returncode == 0
        assert result.stderr.count("the C core is not built") == 1
        assert result.stderr.startswith(NOTE)


@pytest.mark.parametrize("args, engine", [(["queens", "-q"], None), (["queens"], "python")],
                         ids=["quiet", "python-chosen"])
def test_nothing_is_said_when_quiet_or_when_the_python_twin_was_chosen(args, engine):
    result = dlxcli_without_c(*args, stdin="6\n", engine=engine)
    assert result.returncode == 0
    assert result.stdout.endswith("\n4\n")
    assert result.stderr == ""


def test_version_with_the_python_twin_chosen_says_no_more():
    result = dlxcli_without_c("--version", engine="python")
    assert result.stdout == "dlxcli 0.1.0 (engine: python twin)\n"
    assert result.stderr == ""
