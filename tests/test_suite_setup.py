"""The test suite as a newcomer runs it: in a clone without ../shared, every skipped
test says why, and the docs cite only what a clone has or say where the rest comes from.

Layer: tests. The clone is laid out in a temporary folder: this suite's conftest.py,
paths.py and pyproject.toml (its pytest settings) with one test that needs ../shared, and
no shared/ beside it; pytest runs there as the README runs it.
"""

import os
import re
import shutil
import subprocess
import sys

import pytest

from paths import REPO

pytestmark = pytest.mark.any_twin  # this suite's own set-up

NEEDS_SHARED = '''
import pytest

@pytest.mark.needs_shared
def test_reads_the_shared_data():
    pass
'''


OVER_BOTH_TWINS = '''
import pytest

def test_on_each_twin(twin):
    pass

@pytest.mark.parametrize("engine", ["c", "python"])
def test_on_each_engine(engine):
    pass

@pytest.mark.parametrize("n", [1, 2])
def test_on_the_chosen_twin(n):
    pass
'''


def clone_with(tmp_path, test_file):
    """A clone of the suite's setup, without ../shared, whose one test file is
    `test_file`: the folder."""
    clone = tmp_path / "dlxcli"
    (clone / "tests").mkdir(parents=True)
    for name in ("conftest.py", "paths.py"):
        shutil.copy(REPO / "tests" / name, clone / "tests" / name)
    shutil.copy(REPO / "pyproject.toml", clone / "pyproject.toml")
    (clone / "tests" / "test_clone.py").write_text(test_file)
    return clone


def pytest_in(clone, *args):
    """pytest run in `clone` as the README runs it (neither DLXCLI_SHARED nor
    DLXCLI_ENGINE set), with ARGS."""
    env = {k: v for k, v in os.environ.items() if k not in ("DLXCLI_SHARED", "DLXCLI_ENGINE")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=clone, env=env, capture_output=True, text=True, timeout=120)


def test_a_clone_without_shared_skips_its_tests_saying_why_and_where_it_comes_from(tmp_path):
    done = pytest_in(clone_with(tmp_path, NEEDS_SHARED))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout
    skipped = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) == 1
    assert "needs ../shared/data" in skipped[0] and "not part of a clone" in skipped[0]
    assert "docs/performance.md" in skipped[0]


def test_the_runs_of_a_test_over_both_twins_are_marked_with_their_twin(tmp_path):
    """CI runs them once, not again in its pure-Python run; the sanitizers run those on
    the C twin (.ci/run, scripts/sanitize.sh)."""
    clone = clone_with(tmp_path, OVER_BOTH_TWINS)

    def selected(marks):
        done = pytest_in(clone, "--collect-only", "-m", marks)
        assert done.returncode == 0, done.stdout + done.stderr
        return sorted(line.split("::")[1] for line in done.stdout.splitlines() if "::" in line)

    assert selected("on_c_twin") == ["test_on_each_engine[c]", "test_on_each_twin[c]"]
    assert selected("on_python_twin") == ["test_on_each_engine[python]",
                                          "test_on_each_twin[python]"]
    assert selected("not on_c_twin and not on_python_twin") == [
        "test_on_the_chosen_twin[1]", "test_on_the_chosen_twin[2]"]


def test_the_tests_the_sanitizer_run_leaves_out_are_left_out(tmp_path):
    """scripts/sanitize.sh's --deselect arguments, given as it gives them (its pytest
    run from elsewhere, --rootdir the repository), each deselect their test: one named
    by its absolute path deselected nothing, and the sanitizers ran it."""
    script = (REPO / "scripts" / "sanitize.sh").read_text()
    named = [name.replace("$repo", str(REPO))
             for name in re.findall(r'--deselect "([^"]+)"', script)]
    assert named
    for name in named:
        path = name.split("::")[0]
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
             "--rootdir", str(REPO), "-c", str(REPO / "pyproject.toml"), "-m", "",
             "--deselect", name, str(REPO / path if not os.path.isabs(path) else path)],
            cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "deselected" in done.stdout.splitlines()[-1], done.stdout[-300:]
        assert name.split("::")[1] not in done.stdout


def paragraphs(text):
    return re.split(r"\n\s*\n", text)


def test_docs_citing_shared_say_a_clone_lacks_it_and_where_it_comes_from():
    """Every paragraph of README.md and docs/ that cites ../shared points to the page
    section that says what it is and where each part comes from."""
    before, section = (REPO / "docs" / "performance.md").read_text().split(
        "## The shared material")
    section, after = section.split("\n## ", 1)
    assert "not part of a clone" in section and "where it comes from" in section
    for page in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        text = before + after if page.name == "performance.md" else page.read_text()
        for paragraph in paragraphs(text):
            if "../shared" in paragraph and "The shared material" not in paragraph:
                assert "#the-shared-material" in paragraph, (page.name, paragraph[:200])
