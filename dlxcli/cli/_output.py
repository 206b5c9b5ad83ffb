"""Writing the answers as they come: to stdout with optional headers, or one file per
input (--out), as the judge's bytes, a drawing, an SVG document or a JSON document.

Layer: cli, without click. An answer file is written to a hidden temporary file beside
it while its input is solved and renamed over it when complete (never a partial file);
a file that cannot be written is reported for its input and the batch goes on. Output
that a piece writes as it goes (`chunk`: each solution of --all as it is found) is
written at once too, stdout flushed; an answer file that a limit or an error cut short
in such a list is dropped. An SVG document, like a JSON one, is written when its input
is complete: its size comes first and depends on everything in it.
"""

import os

from ..commands import puzzle_module
from ..errors import DlxError
from ._inputs import printable
from ._signals import held
from ._ui import echo

JSON_SCHEMA = 1
"""The version of the --format json document (docs/json.md)."""


class StdoutFailed(Exception):
    """stdout cannot be written (a full disk, /dev/full): the run ends there (a closed
    pipe, BrokenPipeError, is not this: `| head` ends a run quietly). Not a DlxError,
    which a piece would keep as its own problem while the run went on."""


class AnswerUnwritable(DlxError):
    """Raised into a piece that is still writing solutions (--all) once its answer file
    has failed: its search ends there, as nothing of it can be written any more."""


class Writer:
    """Writes each input's answer as --format, --out and --headers say: piece by piece
    (`piece`), then what only the whole input decides (`finish`)."""

    def __init__(self, output_format, out_dir, headers, count, ui):
        self.format, self.out_dir, self.ui = output_format, out_dir, ui
        self.headers = (count > 1 if headers is None else headers) and output_format != "json"
        self.keeps = output_format == "json"
        self.started = self.file = None
        self.problem = self.unwritable = None
        self.streaming = self.streamed = self.cut_short = False
        self.drawing = None

    def piece(self, job, piece):
        """Write one piece's answer (JSON waits for the whole input)."""
        self._start(job)
        self.cut_short = self.cut_short or self.streaming and (
            piece.answer is None or piece.answer.cut)
        self.streaming = False
        if piece.answer is None or self.format == "json":
            return
        drawn = figures(job, piece.answer) if self.format in ("pretty", "svg") else []
        self._write(piece.answer.text, drawn)

    def chunk(self, job, text):
        """Write output that a piece writes while it is solved, before the piece comes
        (never with JSON: the runner then keeps every answer whole). Once the answer
        file has failed, the piece is stopped (AnswerUnwritable)."""
        self._start(job)
        if self.file is None and self.problem is not None:
            raise AnswerUnwritable(self.unwritable)
        self.streaming = self.streamed = True
        self._write(text, [])

    def _write(self, text, drawn):
        """Write answer text (with --format pretty, `drawn`'s figures, or the text);
        with --format svg, add them to the input's document."""
        if self.format == "svg":
            self.drawing.add(drawn, text)
        elif self.file is not None:
            if self.format == "pretty":
                from ._draw import pretty_text
                text = pretty_text(drawn, text)
            self._to_file(text)
        elif self.problem is None:
            self._show(text, drawn if self.format == "pretty" else None)

    def _show(self, text, drawn=None):
        """Write `text` to stdout (with `drawn`, a list of figures: drawn as --format
        pretty draws them), the progress display out of its way."""
        self.ui.before_answer()
        try:
            if drawn is not None:
                from ._draw import print_pretty
                print_pretty(drawn, text)
            else:
                echo(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutFailed(f"cannot write to stdout: {exc.strerror or exc}") from None

    def finish(self, job, outcome):
        """End an input: its JSON or SVG document, its answer file renamed into place
        (or dropped, when nothing was answered, or there is nothing to draw: an empty
        file is no SVG document). A write that failed is added to the outcome as an
        error."""
        self._start(job)
        if self.format == "json":
            document = json_text(job, outcome)
            if self.file is not None:
                self._to_file(document)
            else:
                self._show(document)
        if self.drawing:
            self._write_whole(self.drawing.parts())
        if self.file is not None and self.problem is None:
            written = outcome.answered or bool(outcome.preview) or self.streamed
            written = written and (self.format != "svg" or bool(self.drawing))
            self._close(keep=(written or self.keeps) and not self.cut_short)
        if self.problem is not None and self.problem not in outcome.messages:
            outcome.messages.append(self.problem)
            outcome.verdict = "error" if outcome.status < 2 else outcome.verdict
        self.started = self.file = self.problem = self.drawing = None
        self.streaming = self.streamed = self.cut_short = False

    def _write_whole(self, parts):
        """Write a document made when its input is complete, part by part, to the
        answer file or to stdout."""
        for part in parts:
            if self.file is not None:
                self._to_file(part)
            elif self.problem is None:
                self._show(part)

    def close(self):
        """Drop an answer file left half-written (the run is stopping)."""
        if self.file is not None:
            self._close(keep=False)

    def _start(self, job):
        if job is self.started:
            return
        self.started = job
        if self.format == "svg":
            from ._svg import Drawing
            self.drawing = Drawing()
        if self.out_dir is not None:
            try:
                with held():
                    self.file = AnswerFile(self._answer_path(job))
            except OSError as exc:
                self._failed(job, exc)
        elif self.headers:
            self._show(f"==> {job.source.name} <==\n")

    def _to_file(self, text):
        if self.problem is not None:
            return
        try:
            self.file.write(text)
        except OSError as exc:
            self._failed(self.started, exc)

    def _close(self, keep):
        """Rename the answer file into place, or drop it. Signals wait until it is one or
        the other: a Ctrl-C between forgetting the file and dropping it would leave it."""
        with held():
            file, self.file = self.file, None
            try:
                file.commit() if keep else file.discard()
            except OSError as exc:
                self._failed(self.started, exc)

    def _answer_path(self, job):
        """The job's answer file: DIR/NAME.out, or NAME.svg for an SVG document."""
        path = os.path.join(self.out_dir, job.source.out_name)
        return os.path.splitext(path)[0] + ".svg" if self.format == "svg" else path

    def _failed(self, job, exc):
        """Remember why the job's answer file cannot be written; drop what there is."""
        self.unwritable = f"cannot write {self._answer_path(job)}: {exc.strerror or exc}"
        self.problem = f"{job.source.name}: {self.unwritable}"
        if self.file is not None:
            self._close(keep=False)


def figures(job, answer):
    """The Figures that --format pretty draws of an answer (none: the text is shown)."""
    draw = getattr(puzzle_module(job.command), "figures", None)
    return draw(answer.data) if draw is not None else []


def json_text(job, outcome):
    """The --format json document of one input, one line (the schema is docs/json.md).
    An input that failed (error, limit) carries no answer and null data, even when the
    judge format printed the answers of its good pieces."""
    import json
    answered = outcome.answered
    document = {"schema": JSON_SCHEMA, "input": job.source.name, "command": job.command,
                "verdict": outcome.verdict, "answer": outcome.text if answered else "",
                "data": outcome.data if answered else None,
                "stats": outcome.stats.as_dict(), "errors": outcome.messages,
                "estimate": None if outcome.estimate is None else outcome.estimate.as_dict()}
    return json.dumps(document, ensure_ascii=False) + "\n"


class AnswerFile:
    """An answer file being written: a hidden temporary file in the answer's folder
    (a short name of its own, so that an answer name near the 255-byte limit does not
    overflow it), renamed over the answer when complete, with the mode the umask gives
    a new file and its bytes on disk (fsync) before the rename. The folders made for
    it are removed again if it is discarded and they are still empty."""

    def __init__(self, path):
        import tempfile
        self.path = path
        folder = os.path.dirname(path) or "."
        self.made = made_folders(folder)
        try:
            fd, self.temporary = tempfile.mkstemp(prefix=".dlxcli-", suffix=".tmp",
                                                  dir=folder)
        except OSError:
            remove_empty(self.made)
            raise
        self.handle = os.fdopen(fd, "w", encoding="utf-8", newline="")

    def write(self, text):
        self.handle.write(text)

    def commit(self):
        with held():
            try:
                self.handle.flush()
                os.fchmod(self.handle.fileno(), 0o666 & ~_umask())
                os.fsync(self.handle.fileno())
                self.handle.close()
                os.replace(self.temporary, self.path)
            except OSError:
                self.discard()
                raise

    def discard(self):
        with held():
            try:
                self.handle.close()
            except OSError:
                pass
            try:
                os.unlink(self.temporary)
            except FileNotFoundError:
                pass
            remove_empty(self.made)


def unmade_folder(folder, exc):
    """The message of an --out `folder` that makes raised `exc` for: where something
    that is not a folder holds its name, what it is ('cannot make this folder: File
    exists' said nothing of /dev/null or of a link to nothing: attack18b, attack18c)."""
    reason = exc.strerror or exc
    if isinstance(exc, FileExistsError) or os.path.lexists(folder) and not os.path.isdir(folder):
        reason = ("a link to nothing" if os.path.islink(folder) and not os.path.exists(folder)
                  else "something that is not a folder") + " holds that name"
    return f"--out {printable(folder)}: cannot make this folder: {reason}"


def made_folders(folder):
    """Make `folder` and the folders above it that are missing; returns those it made,
    deepest first."""
    missing = []
    while folder and not os.path.isdir(folder):
        missing.append(folder)
        folder = os.path.dirname(folder)
    if missing:
        os.makedirs(missing[0], exist_ok=True)
    return missing


def remove_empty(folders):
    """Remove these folders, deepest first, as long as they are empty (another answer,
    or another run, may have put a file there since)."""
    for folder in folders:
        try:
            os.rmdir(folder)
        except OSError:
            return


def write_file(path, text):
    """Write a whole file as answer files are written: complete or not at all."""
    with held():
        file = AnswerFile(path)
    try:
        file.write(text)
    except OSError:
        file.discard()
        raise
    file.commit()


def _umask():
    """The process's umask (reading it means setting it: set it straight back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask

