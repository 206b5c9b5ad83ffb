"""`dlxcli generate`: random puzzles with exactly one solution, in each command's input
format (the making is `dlxcli.generate`'s; this is its command line).

Layer: cli. The puzzles go to stdout as one input of the command (so that `dlxcli
generate sudoku --count 5 | dlxcli sudoku --unique` answers each), or with --out one
file per puzzle. --jobs makes them on worker processes, each puzzle from its own seed,
so the output is the same bytes whatever --jobs is.
"""

import os
import sys

import click

from .. import generate as making
from ..errors import DlxError
from ..pool import WorkerPool
from ._options import help_with_examples
from ._output import write_file
from ._run import EXIT_BAD_INPUT, EXIT_NO_ANSWER, interruptible, processes
from ._ui import echo

MINIMAL_OUT_OF_REACH = 25
"""The sudoku side whose minimal puzzles the generator refuses to attempt (measured:
docs/generate.md, and the 25x25 uniqueness proofs of docs/sudoku-25x25.md)."""
CELLS = {"squiggly": 81, "samurai": 369}
"""Cells of the shapes without a --size (a sudoku has size * size)."""


def parse_band(_context, _parameter, value):
    """--difficulty LOW:HIGH -> (low, high), either end may be left out (open)."""
    if value is None:
        return None
    low, colon, high = value.partition(":")
    try:
        if not colon:
            raise ValueError
        band = tuple(int(end) if end.strip() else None for end in (low, high))
    except ValueError:
        raise click.BadParameter(f"expected LOW:HIGH (integers, either may be left out), "
                                 f"found {value!r}") from None
    if band[0] is not None and band[1] is not None and band[0] > band[1]:
        raise click.BadParameter(f"LOW is above HIGH in {value!r}")
    return band


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


@click.command("generate", help=help_with_examples(HELP, EXAMPLES),
               short_help="Write random puzzles with exactly one solution.")
@click.argument("kind", type=click.Choice(making.KINDS))
@click.option("--size", type=click.Choice([str(size) for size in making.SIZES]), default="9",
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
              help="Write each puzzle to its own input file DIR/KIND-K.in instead of stdout.")
def command(kind, size, count, clues, minimal, symmetry, seed, jobs, difficulty, out_dir):
    request = making.Request(kind, int(size), clues, symmetry, difficulty, seed)
    check_request(request, minimal, count, out_dir)
    if seed is None:
        import random
        request.seed = str(random.SystemRandom().randrange(10 ** 9))
        echo(f"dlxcli: generate: --seed {request.seed}\n", err=True)
    try:
        with interruptible():
            write_puzzles(request, count, processes(jobs), out_dir)
            sys.stdout.flush()
    except BrokenPipeError:  # `| head`: end quietly, as the solving commands do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_NO_ANSWER)
    except DlxError as exc:
        echo(f"dlxcli: generate: {exc}\n", err=True)
        sys.exit(EXIT_NO_ANSWER)
    except OSError as exc:
        echo(f"dlxcli: generate: cannot write {exc.filename}: {exc.strerror or exc}\n",
             err=True)
        sys.exit(EXIT_BAD_INPUT)


def check_request(request, minimal, count, out_dir):
    """Refuse, as usage errors, what cannot be made or written."""
    if minimal and request.clues is not None:
        raise click.UsageError("--clues and --minimal exclude each other")
    if request.kind != "sudoku" and request.size != 9:
        raise click.UsageError(f"a {request.kind} is 9x9: --size is for sudoku")
    cells = CELLS.get(request.kind, request.size * request.size)
    if request.clues is not None and request.clues > cells:
        raise click.UsageError(f"--clues {request.clues}: a {request.kind} has {cells} cells")
    if request.kind == "samurai" and count > 1 and out_dir is None:
        raise click.UsageError("a samurai input holds one puzzle: use --out DIR for "
                               "--count above 1")
    if request.size == MINIMAL_OUT_OF_REACH and request.clues is None:
        raise click.UsageError(f"a minimal {request.size}x{request.size} sudoku is out of "
                               "reach (each given's check is a uniqueness proof that can "
                               "take hours, docs/generate.md): give --clues N, e.g. 320")


def write_puzzles(request, count, jobs, out_dir):
    """Make the puzzles and write them: to stdout as one input, or one file each."""
    texts = made(request, count, jobs)
    if out_dir is None:
        for chunk in making.input_chunks(request.kind, count, texts):
            echo(chunk)
        return
    width = len(str(count))
    for k, text in enumerate(texts, 1):
        write_file(os.path.join(out_dir, f"{request.kind}-{k:0{width}d}.in"),
                         "".join(making.input_chunks(request.kind, 1, [text])))


def made(request, count, jobs):
    """Yield the puzzles' texts in order, made here or on `jobs` worker processes."""
    if jobs <= 1 or count <= 1:
        for index in range(count):
            yield making.make(request, index)
        return
    with WorkerPool(min(jobs, count)) as pool:
        yield from pool.in_order(making.make_task, ((request, k) for k in range(count)))
