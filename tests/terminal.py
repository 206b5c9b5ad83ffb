"""A terminal for tests: run a command with stdout and stderr on one pseudo-terminal of
a chosen width, and replay the bytes it wrote on a small screen model, to see what a
person would see once it has finished.

The model knows what rich and dlxcli write (text, CR, LF, backspace, cursor moves, line
and screen erasure, colours and modes, which it ignores) and fails on any other escape
sequence, so that a new one cannot pass unnoticed.
"""

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time

_CONTROL = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b\][^\x07]*\x07|[\r\n\b]")
_IGNORED = {"m", "h", "l"}
"""Colours and private modes (cursor shown or hidden): they move nothing."""


class Screen:
    """Lines of characters and a cursor; writing past the last column wraps, as
    terminals do (the wrap waits for the next character)."""

    def __init__(self, columns):
        self.columns = columns
        self.lines = [[]]
        self.row = self.col = 0

    def feed(self, text):
        cursor = 0
        for match in _CONTROL.finditer(text):
            self._write(text[cursor:match.start()])
            self._control(match)
            cursor = match.end()
        self._write(text[cursor:])

    def text(self):
        """The screen as text: every line without trailing spaces, the blank lines
        below the last written one left out."""
        lines = ["".join(line).rstrip() for line in self.lines]
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines) + "\n" if lines else ""

    def _line(self):
        while len(self.lines) <= self.row:
            self.lines.append([])
        line = self.lines[self.row]
        while len(line) < self.columns:
            line.append(" ")
        return line

    def _write(self, characters):
        for character in characters:
            if self.col >= self.columns:
                self.row, self.col = self.row + 1, 0
            self._line()[self.col] = character
            self.col += 1

    def _control(self, match):
        token = match.group(0)
        if token == "\r":
            self.col = 0
        elif token == "\n":
            self.row += 1
        elif token == "\b":
            self.col = max(0, self.col - 1)
        elif token.startswith("\x1b]"):
            return  # a window title or a hyperlink: nothing on the screen
        else:
            self._sequence(match.group(1), match.group(2))

    def _sequence(self, parameters, final):
        if final in _IGNORED:
            return
        numbers = [int(p) if p else 0 for p in parameters.split(";")]
        count = max(numbers[0], 1)
        if final == "A":
            self.row = max(0, self.row - count)
        elif final == "B":
            self.row += count
        elif final == "C":
            self.col = min(self.columns - 1, self.col + count)
        elif final == "D":
            self.col = max(0, self.col - count)
        elif final == "G":
            self.col = count - 1
        elif final == "K":
            self._erase_line(numbers[0])
        elif final == "J" and numbers[0] == 0:
            self._erase_line(0)
            del self.lines[self.row + 1:]
        else:
            raise AssertionError(f"the screen model does not know ESC[{parameters}{final}")

    def _erase_line(self, mode):
        line = self._line()
        start, end = {0: (self.col, self.columns), 1: (0, self.col + 1),
                      2: (0, self.columns)}[mode]
        line[start:end] = [" "] * (end - start)


def run_on_terminal(argv, columns, input=b"", cwd=None, timeout=60):
    """Run `argv` with stdout and stderr on a new terminal `columns` wide (stdin a
    pipe); returns (exit status, the Screen after it finished)."""
    import pty
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE",
                        "TTY_INTERACTIVE")}
    env["TERM"] = "xterm-256color"
    try:
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=terminal,
                                   stderr=terminal, cwd=cwd, env=env)
        os.close(terminal)
        process.stdin.write(input)
        process.stdin.close()
        written = _read_until_closed(controller, time.monotonic() + timeout)
        status = process.wait(timeout=timeout)
    finally:
        os.close(controller)
    screen = Screen(columns)
    screen.written = written.decode("utf-8")  # all of it: what left the screen too
    screen.feed(screen.written)
    return status, screen


def _read_until_closed(fd, deadline):
    """Everything written to the terminal until its other end is closed."""
    chunks = []
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: every writer has closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


DLXCLI = [sys.executable, "-m", "dlxcli"]
