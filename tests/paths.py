"""Where the tests find their material.

SAMPLES: the bundled puzzles (puzzles/<command>/), each input with the answer dlxcli
prints; the official samples among them are read from there (tests/cases/<command>/
SOURCES.md says where each comes from).
CASES: the golden cases puzzles/ lacks (tests/cases/<command>/): derived answers, and
official answers written otherwise than dlxcli writes them.
DATA: the big benchmark sets of the shared reference material, `../shared/data` beside
the repository as CI lays it out (DLXCLI_SHARED names another place). Tests that read
DATA are marked `needs_shared` and are skipped where it is absent (conftest.py).
"""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "puzzles"
CASES = REPO / "tests" / "cases"
SHARED = Path(os.environ.get("DLXCLI_SHARED") or REPO.parent / "shared")
DATA = SHARED / "data"
