"""The inputs of a run: which files the PATHS name, and reading one of them.

Layer: cli, without click.
"""

import os
import sys

from ..errors import InputError

PUZZLE_SUFFIXES = (".in", ".txt", ".dlx")
"""Which files of a directory are inputs; answers (.out, .ans) and notes are not."""


class Source:
    """One judge input: `path` ('-' for stdin), `name` as messages show it, and
    `out_name`, its answer file's path relative to --out."""

    __slots__ = ("path", "name", "out_name")

    def __init__(self, path, name, out_name):
        self.path, self.name, self.out_name = path, name, out_name


STDIN = Source("-", "<stdin>", "stdin.out")


def find_sources(paths, recursive):
    """The inputs named by PATHS, in order; a directory gives its puzzle files, sorted.

    Returns (sources, problems): problems are messages about directories without
    puzzle files."""
    sources, problems = [], []
    for path in paths or ("-",):
        if path == "-":
            sources.append(STDIN)
        elif os.path.isdir(path):
            found = _directory_sources(path, recursive)
            if not found:
                problems.append(f"{path}: no puzzle files ({', '.join('*' + s for s in PUZZLE_SUFFIXES)})"
                                + ("" if recursive else "; -r searches sub-directories"))
            sources.extend(found)
        else:
            sources.append(Source(path, path, _answer_name(os.path.basename(path))))
    return sources, problems


def _directory_sources(top, recursive):
    found = []
    for folder, subfolders, files in os.walk(top):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".")) if recursive else []
        for name in files:
            if name.endswith(PUZZLE_SUFFIXES) and not name.startswith("."):
                path = os.path.join(folder, name)
                found.append(Source(path, path, _answer_name(os.path.relpath(path, top))))
    return sorted(found, key=lambda source: source.out_name.split(os.sep))


def _answer_name(relative):
    return os.path.splitext(relative)[0] + ".out"


def read_input(source):
    """The text of one input. A UTF-8 byte order mark (as Windows editors write) is
    dropped; undecodable bytes become U+FFFD so the parser reports them where they
    stand."""
    if source.path == "-":
        return sys.stdin.buffer.read().decode("utf-8-sig", errors="replace")
    try:
        with open(source.path, "rb") as handle:
            return handle.read().decode("utf-8-sig", errors="replace")
    except OSError as exc:
        raise InputError("a readable file", source=source.name, found=exc.strerror) from None
