"""Render one SVG of every command that draws grids to PNG, to look at them as a person
would (docs/svg.md).

A developer tool (not part of the package, and the renderer is no dependency of it):
each command that offers --format svg solves the first example of its help that is a
plain run (for `pack` too, once it is there), `dlxcli generate` draws a puzzle and a
solution of each kind, and librsvg's `rsvg-convert` (Debian: apt-get install
librsvg2-bin) turns every document into a PNG of the document's own size. It prints
one line per picture: the PNG, its width and height. tests/test_svg.py runs it where
rsvg-convert is present and checks the pictures.

Usage: python scripts/render_svgs.py OUT_DIR   (run from the repository's top folder)
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from dlxcli.commands import PUZZLES, puzzle_module

RENDERER = "rsvg-convert"
GENERATED = [("generate-sudoku", ["sudoku", "--seed", "1"]),
             ("generate-sudoku-solution", ["sudoku", "--seed", "1", "--solution"]),
             ("generate-squiggly", ["squiggly", "--seed", "2"]),
             ("generate-squiggly-solution", ["squiggly", "--seed", "2", "--solution"]),
             ("generate-samurai", ["samurai", "--seed", "3"])]
"""(the picture's name, the arguments of `dlxcli generate` after KIND)"""


def drawn_runs():
    """(name, arguments of dlxcli) of one picture per command that draws grids, and
    of dlxcli generate's."""
    for command in PUZZLES:
        module = puzzle_module(command)
        if hasattr(module, "figures"):
            yield command, [command, *plain_example(module.COMMAND.examples), "--format", "svg"]
    for name, arguments in GENERATED:
        yield name, ["generate", *arguments, "--format", "svg", "-q"]


def plain_example(examples):
    """The arguments of the first example that is a single run with its own format
    (not one that only estimates)."""
    for example in examples:
        words = shlex.split(example)
        if "|" not in example and not {"--format", "--estimate"} & set(words):
            return words[2:]
    raise SystemExit(f"no plain example among {examples}")


def render(out_dir):
    """Write NAME.svg and NAME.png for every picture into out_dir; yield (png, size)."""
    renderer = shutil.which(RENDERER)
    if renderer is None:
        raise SystemExit(f"{RENDERER} is not installed (Debian: apt-get install librsvg2-bin)")
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, arguments in drawn_runs():
        svg, png = out_dir / f"{name}.svg", out_dir / f"{name}.png"
        drawn = subprocess.run([sys.executable, "-m", "dlxcli", *arguments],
                               capture_output=True, check=True)
        svg.write_bytes(drawn.stdout)
        subprocess.run([renderer, "--background-color", "white", "-o", str(png), str(svg)],
                       check=True)
        yield png, png_size(png.read_bytes())


def png_size(data):
    """(width, height) from a PNG's IHDR chunk."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    os.environ.setdefault("PYTHONPATH", str(Path(__file__).resolve().parent.parent))
    for png, (width, height) in render(Path(sys.argv[1])):
        print(f"{png} {width}x{height}")


if __name__ == "__main__":
    main()
