"""`dlxcli generate`: random puzzles with exactly one solution, in each command's input
format (the making is `dlxcli.generate`'s; this is its command line).

Layer: cli. The puzzles go to stdout as one input of the command (so that `dlxcli
generate sudoku --count 5 | dlxcli sudoku --unique` answers each), or with --out one
file per puzzle. --jobs makes them on worker processes, each puzzle from its own seed,
so the output is the same bytes whatever --jobs is.

The output streams, whole or absent per puzzle: each puzzle is written once it is made
(stdout in seed order, --out one whole file at a time), so that a run that fails or is
stopped keeps every puzzle it finished, and says how many: the first k, which the same
seed with --count k makes again. An output whose head names the count (a squiggly
input's number of cases, an SVG document) is held until the run ends, then written with
the puzzles finished. An --out folder holds one run's puzzles, listed in its MANIFEST,
kept true after each file: a run replaces the previous run's files as it writes its
first, and a folder that holds anything else is refused rather than mixed.
"""

import os
import sys
import time
from contextlib import closing

import click

from .. import generate as making
from ..commands import generatable, generator
from ..errors import DlxError
from ..exact_cover import REASONS
from ..files import NotRegularFile, open_regular
from ..pool import WorkerPool
from . import _ui
from ._inputs import BLOCK, printable
from ._options import GroupedCommand, help_with_examples
from ._output import unmade_folder, write_file
from ._signals import held, ignore_ending, restore
from ._run import (RUN_DEFAULTS, EXIT_BAD_INPUT, EXIT_NO_ANSWER, interruptible,
                   note_slow_twin, processes)
from ._ui import echo


def parse_band(_context, _parameter, value):
    """--difficulty LOW:HIGH -> (low, high), either end may be left out (open), not
    both; each end in ASCII digits (int() also takes '1_0', ' 1' and other scripts'
    digits: attack18b)."""
    if value is None:
        return None
    low, colon, high = value.partition(":")
    try:
        if not colon or not (low or high):
            raise ValueError
        band = tuple(_band_end(end) for end in (low, high))
    except ValueError:
        raise click.BadParameter("expected LOW:HIGH (integers in ASCII digits, either but "
                                 f"not both left out), found {value!r}") from None
    if band[0] is not None and band[1] is not None and band[0] > band[1]:
        raise click.BadParameter(f"LOW is above HIGH in {value!r}")
    return band


def _band_end(text):
    """One end of --difficulty: an integer in ASCII digits, or None where empty."""
    if not text:
        return None
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError
    return int(text)


HELP = """Write random puzzles with exactly one solution for KIND (sudoku, squiggly or
    samurai), in the input format of `dlxcli KIND`.

    sudoku: one puzzle per line ('.' for empty); squiggly: HDU 4069's T and cases
    (digit plus wall bits, a new random jigsaw layout each); samurai: the 21-line
    picture (one puzzle per input: use --out for several). Every puzzle's uniqueness
    is checked by the search; without --clues they are minimal.
    """
EXAMPLES = ["dlxcli generate sudoku --count 5 --seed 1 | dlxcli sudoku --unique",
            "dlxcli generate squiggly --seed 2",
            "dlxcli generate sudoku --size 16 --symmetry rot180 --seed 3"]


@click.command("generate", cls=GroupedCommand, help=help_with_examples(HELP, EXAMPLES),
               short_help="Write random puzzles with exactly one solution.")
@click.argument("kind", type=click.Choice(generatable()))
@click.option("--size", type=click.Choice([str(size) for size in making.sizes()]), default="9",
              show_default=True, help="Side of a sudoku (squiggly and samurai are 9).")
@click.option("-n", "--count", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles to write.")
@click.option("--clues", type=click.IntRange(min=0),
              help="Givens per puzzle: remove givens at random until this many are left "
                   "(the puzzle is then unique, not necessarily minimal).")
@click.option("--minimal", is_flag=True,
              help="Minimal puzzles: no given can be removed (or, with a symmetry, no "
                   "symmetric group of givens). The default without --clues.")
@click.option("--symmetry", type=click.Choice(making.SYMMETRIES), default="none",
              show_default=True,
              help="Symmetry of the givens: rot180 (a half turn) or mirror (left-right).")
@click.option("--seed", metavar="SEED",
              help="Seed of the run (any text): the same seed gives the same puzzles, on "
                   "either engine twin and with any --jobs [default: a random one, "
                   "printed on stderr].")
@click.option("-j", "--jobs", type=click.IntRange(min=0), default=1, show_default=True,
              help="Make the puzzles on this many processes (0, or more than the usable "
                   "cores: one per core); the output is the same.")
@click.option("--difficulty", metavar="LOW:HIGH", callback=parse_band,
              help="Keep only puzzles whose difficulty measure (the excess of --rate, "
                   "docs/difficulty.md) is within LOW..HIGH; either end may be left out.")
@click.option("-o", "--out", "out_dir", metavar="DIR",
              type=click.Path(file_okay=False, writable=True),
              help="Write each puzzle to its own input file DIR/KIND-K.in instead of stdout. "
                   "DIR holds one run's puzzles: a new run replaces them, and a DIR that "
                   "holds other files is refused.")
@click.option("--format", "output_format", type=click.Choice(["input", "svg"]),
              default="input", show_default=True,
              help="input: the input format of `dlxcli KIND`. svg: the puzzles drawn as "
                   "printed ones are, one SVG document (one per file with --out: "
                   "DIR/KIND-K.svg; docs/svg.md).")
@click.option("--solution", is_flag=True,
              help="With --format svg: draw each puzzle's solution, its givens in bold "
                   "on grey, instead of the puzzle.")
@click.option("--reason", type=click.Choice(REASONS), default=RUN_DEFAULTS["reason"],
              show_default=True,
              help="Which search checks uniqueness: singles (dancing links), learn (the "
                   "learning search, each check asking only about the cells just "
                   "removed), or auto (learn for a 25x25, else both searches in turn, "
                   "the first to finish answering). The puzzles are the same.")
@click.option("--progress/--no-progress", default=RUN_DEFAULTS["progress"],
              help="Show a progress bar on stderr: puzzles found, puzzles tried and tries "
                   "per second [default: when stderr is a terminal and the run takes more "
                   "than half a second].")
@click.option("-q", "--quiet", "verbosity", flag_value=-1, default=0,
              help="No progress display and no --seed line; only errors on stderr.")
def command(kind, size, count, clues, minimal, symmetry, seed, jobs, difficulty, out_dir,
            output_format, solution, reason, progress, verbosity):
    request = making.Request(kind, int(size), clues, symmetry, difficulty, seed, reason)
    check_request(request, minimal, count, out_dir, output_format, solution)
    refusal = making.impossible(request)
    if refusal:
        stop(refusal, EXIT_BAD_INPUT)
    if seed is None:
        import random
        request.seed = str(random.SystemRandom().randrange(10 ** 9))
        if verbosity >= 0:
            echo(f"dlxcli: generate: --seed {request.seed}\n", err=True)
    note_slow_twin(verbosity)
    tally = Tally(_ui.display(progress, verbosity), request, count)
    try:
        with interruptible():
            with output_for(request.kind, count, out_dir,
                            rendering(request.kind, output_format, solution), tally.ui) as output:
                write_all(output, request, count, processes(jobs, verbosity), tally)
    except BrokenPipeError:  # `| head`: end quietly, as the solving commands do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_NO_ANSWER)
    except OutputFailed as exc:
        stop(str(exc), EXIT_BAD_INPUT)


def write_all(output, request, count, jobs, tally):
    """Make the puzzles and write each as it comes; when the run stops before the last
    (an error, Ctrl-C, an output that cannot be written), the finished ones are kept,
    and the run says how many."""
    try:
        with tally.ui, closing(made(request, count, jobs, tally)) as texts:
            for text in texts:
                output.add(text)
    except KeyboardInterrupt:
        ignored = ignore_ending()  # a second signal, sent as the held output is written
        try:                       # (seconds for a large SVG), cut the count (attack18b)
            output.end()
            echo(f"dlxcli: generate: {kept(output.written)}\n", err=True)
        finally:
            restore(ignored)
        raise
    except DlxError as exc:
        output.end()
        stop(f"{exc}; {kept(output.written)}", EXIT_NO_ANSWER)
    except OutputFailed as exc:
        raise OutputFailed(f"{exc}; {kept(output.written)}") from None
    try:
        output.end()
    except OutputFailed as exc:
        raise OutputFailed(f"{exc}; {kept(output.written)}") from None


def kept(found):
    """What a run that stopped after `found` puzzles kept, and how to make them again."""
    if not found:
        return "nothing written"
    return (f"{found} puzzle{'s' if found > 1 else ''} written (the same seed with "
            f"--count {found} makes them again)")


def stop(message, status):
    echo(f"dlxcli: generate: {message}\n", err=True)
    sys.exit(status)


def check_request(request, minimal, count, out_dir, output_format="input", solution=False):
    """Refuse, as usage errors, what cannot be made or written."""
    if minimal and request.clues is not None:
        raise click.UsageError("--clues and --minimal exclude each other")
    if solution and output_format != "svg":
        raise click.UsageError("--solution draws the solutions: it goes with --format svg")
    maker = generator(request.kind)
    if request.size not in maker.sizes:
        side = maker.sizes[0]
        sized = " and ".join(kind for kind in generatable() if len(generator(kind).sizes) > 1)
        raise click.UsageError(f"a {request.kind} is {side}x{side}: --size is for {sized}")
    cells = maker.cells(request.size)
    if request.clues is not None and request.clues > cells:
        raise click.UsageError(f"--clues {request.clues}: a {request.kind} has {cells} cells")
    if maker.one_a_input and count > 1 and out_dir is None and output_format != "svg":
        raise click.UsageError(f"a {request.kind} input holds one puzzle: use --out DIR for "
                               "--count above 1")
    clues_instead = maker.minimal_out_of_reach.get(request.size)
    if clues_instead is not None and request.clues is None and request.reason == "singles":
        what = making.describe(making.Request(request.kind, request.size))
        raise click.UsageError(f"a minimal {what} is out of reach of --reason singles (each "
                               "given's check is a uniqueness proof that can take hours, "
                               "docs/generate.md): use --reason auto or learn, or give "
                               f"--clues N, e.g. {clues_instead}")


class Tally:
    """The run's progress on a display (`_ui`): while a puzzle is being made, its
    givens left and checks done (and how many more are under way); else the puzzles
    tried (fresh grids and steps towards a difficulty band) and tries per second; then
    the puzzles found of the count (first what a narrow terminal keeps: the bar shows
    the share found)."""

    def __init__(self, ui, request, count):
        self.ui, self.count = ui, count
        self.found = self.tries = 0
        self.current = ""
        self.began = time.perf_counter()
        ui.start(count)
        ui.begin(making.describe(making.Request(request.kind, request.size)))

    def tried(self, tries):
        self.tries += tries
        self.current = ""
        self._show()

    def checked(self, givens, checks):
        """The puzzle being made here has `givens` left after `checks` uniqueness
        checks."""
        self.under_way([(self.found, givens, checks)])

    def under_way(self, reports):
        """The puzzles being made: (index, givens left, checks done) of each that has
        checked a removal, in order: the first in full, the others counted."""
        self.current = "".join(f"puzzle {index + 1}: {givens:,} givens, {checks:,} checks"
                               for index, givens, checks in reports[:1])
        if len(reports) > 1:
            self.current += f", {len(reports) - 1} more under way"
        self._show()

    def found_one(self):
        self.found += 1
        self.current = ""
        self._show()

    def _show(self):
        seconds = max(time.perf_counter() - self.began, 1e-9)
        doing = self.current or f"{self.tries:,} tried, {self.tries / seconds:,.1f}/s"
        self.ui.tally(self.found, f"{doing}, {self.found:,}/{self.count:,} found")


def made(request, count, jobs, tally):
    """Yield the puzzles' texts in order, counted on the tally: with more puzzles than
    jobs (or one job), each puzzle made on one process (`jobs` worker processes, the
    last puzzles on the idle ones' cores too: made_on_workers, or here); with fewer,
    one after another here, each one's removal checks made ahead on `jobs` helper
    processes (generate.Speculation)."""
    if jobs > 1 and count >= jobs:
        yield from made_on_workers(request, count, jobs, tally)
        return
    helpers = None
    if jobs > 1:
        from ..parallel import Split
        helpers = making.Helpers(jobs, Split(jobs).probe)
    try:
        for index in range(count):
            text = making.make(request, index, tally.tried, tally.checked, helpers)
            tally.found_one()
            yield text
    finally:
        if helpers is not None:
            helpers.close()


def made_on_workers(request, count, jobs, tally):
    """The puzzles made on `jobs` worker processes, a puzzle each, in order, the last
    ones on more cores each once the workers run out of puzzles to start
    (generate.Tail); while the next one is awaited, the tally shows the puzzles under
    way (their reports)."""
    from ..parallel import Split
    from ..pool import AHEAD
    reports = making.Reports(AHEAD * jobs)
    tail = making.Tail(jobs, count, Split(jobs).probe)

    def waiting():
        under_way = []
        for index in range(tally.found, min(tally.found + reports.window, count)):
            figures = reports.read(index)
            if figures is not None:
                under_way.append((index, *figures))
        tally.under_way(under_way)

    with WorkerPool(jobs, making.set_up_worker, (reports, tail), nested=True) as pool:
        for text, tries in pool.in_order(making.make_task,
                                         ((request, k) for k in range(count)), waiting):
            tally.tried(tries)
            tally.found_one()
            yield text


# -- the output, whole or absent per puzzle ---------------------------------------------------

class OutputFailed(Exception):
    """The output cannot be written (the message names where and why): exit status 2."""


def failed(where, error):
    return OutputFailed(f"cannot write {where}: {error.strerror or error}")


def output_for(kind, count, out_dir, render, ui):
    return (StdoutOutput(render, ui) if out_dir is None
            else FolderOutput(out_dir, kind, count, render))


class Rendering:
    """How puzzles are written: `chunks(count, first, texts)` are the pieces of an output
    of `count` puzzles numbered from `first`, `suffix` ends a file of one; `piece(k,
    text)` is puzzle k's part of an output of several (from 0), or None where such an
    output cannot be written a puzzle at a time (its head names the count: a squiggly
    input's number of cases, an SVG document)."""

    def __init__(self, chunks, suffix, piece=None):
        self.chunks, self.suffix, self.piece = chunks, suffix, piece


def rendering(kind, output_format, solution):
    """The Rendering of --format: the input format of `dlxcli KIND`, or SVG drawings."""
    if output_format == "svg":
        from ._svg import generated_document
        return Rendering(lambda _count, first, texts:
                         [generated_document(kind, texts, solution, first)], ".svg")
    piece = (None if generator(kind).header is not None
             else lambda k, text: making.input_piece(kind, k, text))
    return Rendering(lambda count, _first, texts: making.input_chunks(kind, count, texts),
                     ".in", piece)


class StdoutOutput:
    """The puzzles as one input on stdout: each written whole once made (`add`), or,
    where the rendering has no piece of one puzzle, all those made written at the `end`."""

    def __init__(self, render, ui):
        self.render, self.ui = render, ui
        self.held = []
        self.written = 0
        """Puzzles written (or held, to be written at the end)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def add(self, text):
        with held():
            if self.render.piece is None:
                self.held.append(text)
            else:
                self.write(self.render.piece(self.written, text).encode())
            self.written += 1

    def end(self):
        """Write what was held: the puzzles made, as an output of that many."""
        if self.held:
            with held():
                try:
                    self.write("".join(self.render.chunks(len(self.held), 1,
                                                          self.held)).encode())
                except OutputFailed:
                    self.written -= len(self.held)  # none of them is out
                    raise
                self.held = []

    def write(self, data):
        """Write `data` to stdout whole (the caller holds the ending signals: one puzzle
        is never cut in half), straight to its file descriptor (a regular file is cut
        back to its old end if the write fails); a stdout without one, as tests capture
        it, gets it through sys.stdout."""
        self.ui.before_answer()
        try:
            fd = sys.stdout.fileno()
        except (AttributeError, ValueError, OSError):
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
            return
        import io
        try:
            write_to_descriptor(fd, io.BytesIO(data))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise failed("<stdout>", exc) from None


def write_to_descriptor(fd, source):
    """Copy `source` to `fd`. A regular file that this appends to is cut back to its
    old end when the copy fails or is interrupted (a full disk, `ulimit -f`), so that
    it never keeps part of the output."""
    end = appending_at(fd)
    try:
        for block in iter(lambda: source.read(BLOCK), b""):
            view = memoryview(block)
            while view:
                view = view[os.write(fd, view):]
    except BaseException:
        if end is not None:
            try:
                os.ftruncate(fd, end)
                os.lseek(fd, end, os.SEEK_SET)
            except OSError:
                pass
        raise


def appending_at(fd):
    """The end of the regular file `fd` when its writes go there (a `>` or `>>`
    redirection), else None (a pipe, a terminal, a device, or a write into the middle
    of a file, which must not be cut)."""
    import fcntl
    import stat
    status = os.fstat(fd)
    if not stat.S_ISREG(status.st_mode):
        return None
    if fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_APPEND:
        return status.st_size
    return status.st_size if os.lseek(fd, 0, os.SEEK_CUR) == status.st_size else None


class FolderOutput:
    """The puzzles as one input file each, DIR/KIND-K.in (K padded to the width of the
    count), each written whole once made: into a hidden folder inside DIR, then moved
    into DIR. DIR holds one run's puzzles: its MANIFEST lists them, true after each
    file (a name is listed before its file comes in, so no file of a run is ever
    unlisted); the first file replaces the previous run's (removing those it does not
    write again), and a DIR that holds any other file (not hidden) is refused before
    anything is made, so that two runs never mix and nothing that this command did not
    write is removed. A lock on DIR keeps concurrent runs apart."""

    def __init__(self, folder, kind, count, render):
        self.folder, self.kind, self.width = folder, kind, len(str(count))
        self.render = render
        self.shown = printable(folder)
        self.created, self.lock, self.staging, self.names = [], None, None, []
        self.manifest = os.path.join(folder, MANIFEST)
        try:
            self.created = made_folders(folder)
            self.lock = locked(folder, self.shown)
            self.previous = previous_run(folder, self.shown)
            with held():
                import tempfile
                remove_dead_runs_staging(folder)
                self.staging = tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=folder)
        except OSError as exc:
            self.discard()
            raise OutputFailed(f"--out {self.shown}: cannot write in this folder: "
                               f"{exc.strerror or exc}") from None
        except OutputFailed:
            self.discard()
            raise

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.staging is not None:
            self.discard()
        return False

    @property
    def written(self):
        """Puzzles written into DIR."""
        return len(self.names)

    def add(self, text):
        k = len(self.names) + 1
        name = f"{self.kind}-{k:0{self.width}d}{self.render.suffix}"
        staged = os.path.join(self.staging, name)
        try:
            write_file(staged, "".join(self.render.chunks(1, k, [text])))
        except OSError as exc:
            raise failed(printable(os.path.join(self.folder, name)), exc) from None
        try:
            with held():
                if not self.names:
                    self.replace_previous()
                self.write_manifest(self.names + [name])
                os.replace(staged, os.path.join(self.folder, name))
                self.names.append(name)
                self.created = []  # DIR holds a puzzle now: it stays
        except OSError as exc:
            raise failed(printable(exc.filename or self.manifest), exc) from None

    def replace_previous(self):
        """Remove the previous run's files (the manifest lists them until they are
        gone: a run killed half-way leaves no file that the next run would not know)."""
        self.write_manifest(self.previous)
        for name in self.previous:
            os.unlink(os.path.join(self.folder, name))
        self.previous = []

    def write_manifest(self, names):
        """DIR's MANIFEST listing `names`, made in the hidden folder and moved into DIR,
        so that a run killed with SIGKILL while writing it leaves its temporary file
        there, for the next run to remove, not in DIR."""
        staged = os.path.join(self.staging, MANIFEST)
        write_file(staged, manifest_text(names))
        os.replace(staged, self.manifest)

    def end(self):
        """Done (the files are in DIR already): remove the hidden folder, let DIR go."""
        self.discard()

    def discard(self):
        """Remove the hidden folder (with what it holds) and the folders this run made,
        and let DIR go."""
        with held():
            if self.staging is not None:
                import shutil
                shutil.rmtree(self.staging, ignore_errors=True)
                self.staging = None
            for folder in reversed(self.created):
                try:
                    os.rmdir(folder)
                except OSError:
                    break
            if self.lock is not None:
                os.close(self.lock)
                self.lock = None


MANIFEST = ".dlxcli-generate"
"""The file in an --out folder that lists the files of the run that wrote it."""
STAGING_PREFIX = ".dlxcli-generate-"
"""The start of the name of a run's hidden folder in DIR (tempfile adds the rest)."""
MANIFEST_HEAD = "# dlxcli generate: the files of the run that wrote this folder\n"
MANIFEST_BYTES = 64 * 2 ** 20
"""The largest MANIFEST read: the names of some two million puzzles."""


def manifest_text(names):
    return MANIFEST_HEAD + "".join(f"{name}\n" for name in names)


def made_folders(folder):
    """Make `folder` and its missing parents; returns those it made, outermost first."""
    missing, path = [], os.path.abspath(folder)
    while not os.path.lexists(path):
        missing.append(path)
        path = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise OutputFailed(unmade_folder(folder, exc)) from None
    return missing[::-1]


def locked(folder, shown):
    """A descriptor of `folder` holding an exclusive lock on it."""
    import fcntl
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise OutputFailed(f"--out {shown}: another dlxcli generate is writing this "
                           "folder") from None
    return fd


def remove_dead_runs_staging(folder):
    """Remove the hidden folders that runs killed before they could (SIGKILL, a power
    cut) left in `folder`: with its lock held, no other run is writing one."""
    import shutil
    with os.scandir(folder) as entries:
        dead = [entry.path for entry in entries
                if entry.name.startswith(STAGING_PREFIX) and entry.is_dir(follow_symlinks=False)]
    for path in dead:
        shutil.rmtree(path, ignore_errors=True)


def manifest_in(folder, shown):
    """The text of the MANIFEST in `folder` ('' if there is none). Whatever else is
    there is refused, unread: a FIFO (which would block), a device (read without end),
    a folder, or a file over MANIFEST_BYTES (this command writes none so big)."""
    path = os.path.join(folder, MANIFEST)
    if not os.path.lexists(path):
        return ""
    try:
        fd = open_regular(path, os.O_RDONLY)
    except NotRegularFile:
        raise OutputFailed(f"--out {shown}: {MANIFEST} is not a regular file, so not the "
                           "list this command writes there: remove it") from None
    except OSError as exc:
        raise OutputFailed(f"--out {shown}: cannot read {MANIFEST}: "
                           f"{exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "rb") as file:
            data = file.read(MANIFEST_BYTES + 1)
    except OSError as exc:
        raise OutputFailed(f"--out {shown}: cannot read {MANIFEST}: "
                           f"{exc.strerror or exc}") from None
    if len(data) > MANIFEST_BYTES:
        raise OutputFailed(f"--out {shown}: {MANIFEST} is over {MANIFEST_BYTES >> 20} MiB, "
                           "so not the list this command writes there: remove it")
    return data.decode("utf-8", errors="replace")


def previous_run(folder, shown):
    """The names of the previous run's files in `folder`: the visible regular files
    that its manifest lists (never a hidden one, whatever the manifest says), after
    checking that the folder holds no other visible entry."""
    text = manifest_in(folder, shown)
    listed = {line for line in text.split("\n") if not line.startswith("#")}
    ours, strangers = [], []
    with os.scandir(folder) as entries:
        for entry in entries:
            if not entry.name.startswith("."):
                mine = entry.name in listed and entry.is_file(follow_symlinks=False)
                (ours if mine else strangers).append(entry.name)
    strangers.sort()
    if strangers:
        more = f" and {len(strangers) - 1} more" if len(strangers) > 1 else ""
        raise OutputFailed(
            f"--out {shown}: holds {printable(strangers[0])}{more}, not written by the "
            f"last dlxcli generate here: a folder holds one run's puzzles (remove them, "
            f"or choose another folder)")
    return sorted(ours)
