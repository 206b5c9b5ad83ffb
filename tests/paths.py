"""Where the tests find their material.

CASES: the official samples and golden answers, inside the repository
(tests/cases/<command>/; each folder's SOURCES.md says where its files come from).
DATA: the big benchmark sets of the shared reference material, `../shared/data` beside
the repository as CI lays it out (DLXCLI_SHARED names another place). Tests that read
DATA are marked `needs_shared` and are skipped where it is absent (conftest.py).
"""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CASES = REPO / "tests" / "cases"
SHARED = Path(os.environ.get("DLXCLI_SHARED") or REPO.parent / "shared")
DATA = SHARED / "data"
