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

from paths import REPO

NEEDS_SHARED = '''
import pytest

@pytest.mark.needs_shared
def test_reads_the_shared_data():
    pass
'''


def test_a_clone_without_shared_skips_its_tests_saying_why_and_where_it_comes_from(tmp_path):
    clone = tmp_path / "dlxcli"
    (clone / "tests").mkdir(parents=True)
    for name in ("conftest.py", "paths.py"):
        shutil.copy(REPO / "tests" / name, clone / "tests" / name)
    shutil.copy(REPO / "pyproject.toml", clone / "pyproject.toml")
    (clone / "tests" / "test_needs_shared.py").write_text(NEEDS_SHARED)
    env = {k: v for k, v in os.environ.items() if k not in ("DLXCLI_SHARED", "DLXCLI_ENGINE")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                          cwd=clone, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout
    skipped = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) == 1
    assert "needs ../shared/data" in skipped[0] and "not part of a clone" in skipped[0]
    assert "docs/performance.md" in skipped[0]


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
