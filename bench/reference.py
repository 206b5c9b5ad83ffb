"""Build the seed C++ reference programs into bench/build-reference/ (git-ignored).

Usage: python bench/reference.py   (builds whatever is missing or older than its source)

The sources and their build script are the shared reference material
(../shared/reference beside the repository); they are built with the judge's flags
(g++ -O2) by that script, so every benchmark times the same binaries.
"""

import subprocess
import sys

from harness import REPO, shared

BUILD = REPO / "bench" / "build-reference"


def binary(name):
    """The path of one reference program, building them all first if any is stale."""
    ensure_built()
    return BUILD / name


def ensure_built():
    sources = sorted(shared("reference").glob("*.cpp"))
    stale = [s for s in sources
             if not (BUILD / s.stem).exists()
             or (BUILD / s.stem).stat().st_mtime < s.stat().st_mtime]
    if not stale:
        return
    print(f"bench: building the seed C++ programs into {BUILD}", file=sys.stderr)
    done = subprocess.run(["bash", str(shared("reference", "build.sh")), str(BUILD)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode:
        sys.exit(f"bench: building the reference programs failed:\n{done.stderr}")


if __name__ == "__main__":
    ensure_built()
    for program in sorted(p.name for p in BUILD.iterdir()):
        print(BUILD / program)
