"""Where the tests find their material: this repository, and the shared reference
material (spec/, data/) in `../shared` beside it, as CI lays them out.
DLXCLI_SHARED names another place."""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("DLXCLI_SHARED") or REPO.parent / "shared")
SPEC = SHARED / "spec" / "data"
DATA = SHARED / "data"
