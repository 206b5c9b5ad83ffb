"""The inputs of a run: which files the PATHS name, and reading one of them.

Layer: cli, without click.
"""

import codecs
import os
import stat
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


MAX_INPUT_BYTES = 256 * 2 ** 20
"""The largest input read (docs/index.md, "Limits"): a device such as /dev/zero, or a
file that is not a puzzle, is refused after this many bytes instead of filling memory."""
BLOCK = 1 << 16


def printable(path):
    """A path as messages and JSON show it: bytes that are not UTF-8 (which the file
    system allows) become U+FFFD instead of lone surrogates that no encoder accepts,
    and control characters their escapes (`escaped`)."""
    return escaped(path.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def escaped(text):
    """`text` with what is not printable written as its escape (`\\x1b`): a file name
    or an answer that echoes its input's bytes must not act on the terminal that shows
    it (ESC [2J clears the screen)."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode()
                   for char in text)


def find_sources(paths, recursive):
    """The inputs named by PATHS, in order; a directory gives its puzzle files, sorted.

    Returns (sources, problems): problems are messages about directories without
    puzzle files, or that cannot be read (a folder skipped without a word left its
    inputs unanswered, and judge said all was accepted: attack18c)."""
    sources, problems = [], []
    for path in paths or ("-",):
        if path == "-":
            sources.append(STDIN)
        elif os.path.isdir(path):
            found, unreadable = _directory_sources(path, recursive)
            problems.extend(f"{printable(folder)}: expected a readable folder, found {reason}"
                            for folder, reason in unreadable)
            if not found and not unreadable:
                problems.append(f"{printable(path)}: no puzzle files "
                                f"({', '.join('*' + s for s in PUZZLE_SUFFIXES)})"
                                + ("" if recursive else "; -r searches sub-directories"))
            sources.extend(found)
        else:
            sources.append(Source(path, printable(path),
                                  _answer_name(os.path.basename(path))))
    return sources, problems


def _directory_sources(top, recursive):
    """The puzzle files under `top`, sorted by their answer names, and the (folder,
    reason) of those that could not be read. Iterative (a tree thousands of levels deep
    must not exhaust the stack) and not following links to directories (which could
    loop)."""
    found, folders, unreadable = [], [top], []
    while folders:
        folder = folders.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError as exc:
            unreadable.append((folder, exc.strerror))
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                if recursive:
                    folders.append(entry.path)
            elif entry.name.endswith(PUZZLE_SUFFIXES):
                found.append(Source(entry.path, printable(entry.path),
                                    _answer_name(os.path.relpath(entry.path, top))))
    return sorted(found, key=lambda source: source.out_name.split(os.sep)), sorted(unreadable)


def _answer_name(relative):
    return os.path.splitext(relative)[0] + ".out"


def read_blocks(source, budget):
    """The bytes of one input, block by block, within the budget's deadline and
    MAX_INPUT_BYTES. Regular files are read as they are; anything else (stdin, a pipe,
    a FIFO, a device) is waited on with select, so that --timeout also bounds a reader
    that never gets data, and a FIFO is opened without waiting for its writer."""
    read, close = _reader(source, budget)
    try:
        yield from _capped(read, budget.check, source.name, MAX_INPUT_BYTES, "an input")
    except OSError as exc:
        raise InputError("a readable file", source=source.name, found=exc.strerror) from None
    finally:
        close()


def _capped(read, check, name, cap, what):
    """The blocks that `read` gives until it gives none (`check` called before each),
    refused once they add up to more than `cap` bytes: `what` (e.g. "an input") names
    the file's content in the message."""
    total = 0
    while True:
        check()
        block = read()
        if not block:
            return
        total += len(block)
        if total > cap:
            raise _too_big(name, cap, what)
        yield block


def _too_big(name, cap, what):
    size = f"{cap >> 20} MiB" if cap >= 1 << 20 else f"{cap >> 10} KiB"
    return InputError(f"{what} of at most {size}", source=name, found="more")


def read_regular(path, cap, what):
    """The bytes of the regular file at `path`, at most `cap` of them: for the files that
    judge finds beside an input (its NAME.args, its expected answer), which are never
    streams. Anything else (a FIFO, a device such as /dev/zero, a folder) is refused,
    neither waited on nor read without end; so is a file of more than `cap` bytes, by
    its size, before it is read. Raises InputError naming the file; `what` names what
    it should hold ("an answer")."""
    name = printable(path)
    fd = None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO: no wait for a writer
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise InputError(f"{what} in a regular file", source=name,
                             found=_kind(status.st_mode))
        if status.st_size > cap:
            raise _too_big(name, cap, what)
        return b"".join(_capped(lambda: os.read(fd, BLOCK), _nothing, name, cap, what))
    except OSError as exc:
        raise InputError("a readable file", source=name, found=exc.strerror) from None
    finally:
        if fd is not None:
            os.close(fd)


def _nothing():
    """A reading's check where nothing is waited on: a regular file has no deadline."""


FILE_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a FIFO", stat.S_IFCHR: "a device",
              stat.S_IFBLK: "a device"}
"""What a file that is not a regular one is, by its type (stat.S_IFMT), in messages."""


def _kind(mode):
    return FILE_KINDS.get(stat.S_IFMT(mode), "another kind of file")


def is_regular(source):
    """Whether the input is a regular file (stdin too, when redirected from one): read
    to its end, it ends; stdin, a pipe or a device might not."""
    try:
        fd = sys.stdin.fileno() if source.path == "-" else None
        mode = os.fstat(fd).st_mode if fd is not None else os.stat(source.path).st_mode
    except (AttributeError, OSError, ValueError):
        return False
    return stat.S_ISREG(mode)


def _reader(source, budget):
    """(read a block, close) for one input."""
    if source.path == "-":
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, OSError, ValueError):  # a stdin without a descriptor (tests)
            return (lambda: sys.stdin.buffer.read(BLOCK)), (lambda: None)
        return _descriptor_reader(fd, budget), (lambda: None)
    try:
        fd = os.open(source.path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise InputError("a readable file", source=source.name, found=exc.strerror) from None
    os.set_blocking(fd, True)
    return _descriptor_reader(fd, budget), (lambda: os.close(fd))


WAIT_STEP = 0.05
"""Seconds between two calls of the `waiting_with` hook while a read waits on a pipe."""


class waiting_with:
    """A block in which a read that waits on a pipe, a FIFO or a terminal calls `hook()`
    every WAIT_STEP seconds: the worker pool takes its pieces' answers and sends the
    pieces waiting (`_batch._parallel`). Without it the pieces read before a slow
    pipe waited in the backlog until the pipe brought more, and were stopped by their
    time limit there, where one job answers them (attack18e)."""

    hook = None

    def __init__(self, hook):
        self.hook = hook

    def __enter__(self):
        self.previous, waiting_with.hook = waiting_with.hook, self.hook
        return self

    def __exit__(self, *exc):
        waiting_with.hook = self.previous
        return False


def _descriptor_reader(fd, budget):
    if stat.S_ISREG(os.fstat(fd).st_mode):
        return lambda: os.read(fd, BLOCK)
    import select

    def read():
        while True:
            hook, left = waiting_with.hook, budget.remaining()
            step = left if hook is None else WAIT_STEP if left is None else min(left, WAIT_STEP)
            if select.select([fd], [], [], step)[0]:
                return os.read(fd, BLOCK)
            if hook is not None:
                hook()
            budget.check()
    return read


def read_text(source, budget, undecodable="replace"):
    """The whole text of one input. A UTF-8 byte order mark (as Windows editors write)
    is dropped; undecodable bytes become U+FFFD so the parser reports them where they
    stand, or what the codecs error handler `undecodable` makes of them."""
    return b"".join(read_blocks(source, budget)).decode("utf-8-sig", errors=undecodable)


def read_lines(source, budget):
    """The lines of one input (each with its newline, the last maybe without), decoded
    as `read_text` decodes, read as they are needed: a big file is never whole in memory."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")(errors="replace")
    unfinished = []  # the blocks of a line not yet ended, joined once it ends
    for block in read_blocks(source, budget):
        text = decoder.decode(block)
        if "\n" not in text:
            unfinished.append(text)
            continue
        lines = text.split("\n")
        lines[0] = "".join(unfinished) + lines[0]
        unfinished = [lines.pop()]
        for line in lines:
            yield line + "\n"
    rest = "".join(unfinished) + decoder.decode(b"", final=True)
    if rest:
        yield rest
