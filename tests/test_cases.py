"""Every bundled case is judged: each input under puzzles/ and tests/cases/ is solved by
`dlxcli judge` and must be accepted against the expected answer beside it.

Layer: tests. One test per input, named by its path; adding a case is adding files
(NAME.in, NAME.out or NAME.ans, and NAME.args for options), no code. An input without
an expected answer fails here rather than dropping out. The answers are official
samples or independently computed ones; tests/cases/<command>/SOURCES.md says which.
Each input is in one tree: an official answer written otherwise than dlxcli writes it
(another order, trailing spaces) is kept in tests/cases/ without its input, which is
in puzzles/, and judged against it.
"""

import shutil

import pytest

from cli import run
from conftest import slow_on_python
from paths import CASES, REPO, SAMPLES

INPUT_SUFFIXES = (".in", ".txt", ".dlx")
"""The files `dlxcli judge` takes for inputs when it is given a folder."""
SLOW_ON_PYTHON = {"puzzles/queens/n13.in", "tests/cases/queens/derived/n12.in",
                  "puzzles/target-sudoku/t14_g20.in", "puzzles/pack/pentominoes-6x10.in"}
"""Over 0.8 s each on the pure-Python twin (n13: 6 s, the 6x10 pentominoes 5 s, whose
count that twin's 5x12, 4x15 and 3x20 counts here check the same way); about 1 s at most
on the C twin."""


def bundled_inputs():
    for root in (REPO / "puzzles", CASES):
        yield from sorted(path for path in root.rglob("*") if path.suffix in INPUT_SUFFIXES)


def case_param(path):
    name = path.relative_to(REPO).as_posix()
    return slow_on_python(path, id=name) if name in SLOW_ON_PYTHON else pytest.param(path, id=name)


@pytest.mark.parametrize("path", [case_param(path) for path in bundled_inputs()])
def test_bundled_case_is_accepted(path):
    result = run("judge", "--no-progress", path)
    verdict = result.stdout.splitlines()[0]
    assert verdict.startswith(f"{path}: accepted ("), verdict
    assert result.exit_code == 0


def official_answers():
    """tests/cases/<command>/NAME.out beside no NAME.in: answers to puzzles/<command>/NAME.in."""
    return sorted(path for path in CASES.rglob("*.out") if not path.with_suffix(".in").exists())


@pytest.mark.parametrize("answer", official_answers(),
                         ids=lambda path: path.relative_to(REPO).as_posix())
def test_an_official_answer_as_written_is_accepted(answer, tmp_path):
    command = answer.relative_to(CASES).parts[0]
    bundled = SAMPLES / command / answer.name
    assert answer.read_bytes() != bundled.read_bytes(), "the same as puzzles/' answer"
    folder = tmp_path / command
    folder.mkdir()
    for suffix in (".in", ".args"):
        if bundled.with_suffix(suffix).exists():
            shutil.copy(bundled.with_suffix(suffix), folder)
    shutil.copy(answer, folder)
    path = folder / bundled.with_suffix(".in").name
    result = run("judge", "--no-progress", path)
    verdict = result.stdout.splitlines()[0]
    assert verdict.startswith(f"{path}: accepted ("), verdict
    assert result.exit_code == 0
