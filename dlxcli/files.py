"""Opening the files dlxcli keeps for itself beside a run (a checkpoint, generate's
manifest): regular files only.

Layer: base (no click, no terminal). Such a file is named by the user or found in a
folder someone else may have filled: a FIFO planted there would block `open()` until
a writer came, and a device (a link to /dev/zero) would be read without end. So what
is there is looked at before it is opened, opened without waiting, and looked at
again once open (it may have been replaced in between).
"""

from __future__ import annotations

import os
import stat


class NotRegularFile(OSError):
    """What is at the path is not a regular file (a FIFO, a device, a folder, a socket)."""


def open_regular(path: str | os.PathLike[str], flags: int) -> int:
    """A descriptor of the regular file at `path` (a link to one is followed), opened
    with `flags` (os.O_*, blocking once open). Raises NotRegularFile for anything else,
    before opening it and again after (a device may act when opened); OSError as
    os.stat and os.open raise it (e.g. no such file)."""
    _refuse_irregular(os.stat(path))
    fd = os.open(path, flags | os.O_NONBLOCK)
    try:
        _refuse_irregular(os.fstat(fd))
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _refuse_irregular(status: os.stat_result) -> None:
    """Raise NotRegularFile unless `status` (of os.stat or os.fstat) is a regular file's."""
    if not stat.S_ISREG(status.st_mode):
        raise NotRegularFile("not a regular file")
