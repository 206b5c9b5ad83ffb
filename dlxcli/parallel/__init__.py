"""One search split over local processes or a Dask cluster, resumable from a checkpoint.

Layer: above exact_cover, under the puzzles (a library package: no click, no terminal).
`ExactCover.count`, `solutions` (all of them) and `maximize` come here when their
Budget carries a `Split` (the strategy object they call: exact_cover never imports
this package). Its modules, each importing only those listed above it:

    executors    where the tasks run: local worker processes (`Processes`) or the
                 workers of a Dask cluster (`Cluster`), behind one interface
    subproblems  a search cut into subproblems, as a worker gets it (`Search`; the
                 counts of several problems, `Deal`) and solves it (`solve_subproblem`)
    checkpoint   the finished subproblems kept in a file for a rerun (`Checkpoint`)
    farm         the subproblems solved: here first, then handed out to the workers
                 (`_finished`), and what is done so far (`Tally`)
    cubes        a verdict cut into cubes, cube and conquer (`_Conquering`, and the
                 workers' `cube_turns`)
    racing       the portfolio's members raced over the jobs (`_Racing`, and the
                 workers' `race_turns`)
    split        `Split` and its queries: count, solutions, maximize, count_each, race

A tunable constant (CUBES_PER_JOB, LISTED, TICK, ...) lives in the module that reads
it, read there at each use: set it on that module (set on this package, it would change
nothing). This package names what the rest of dlxcli, its tests and benchmarks use: the
queries and `Split`, and the classes and tasks they reach from outside.
"""

from .checkpoint import CheckpointError
from .cubes import Cubed, Cubes, cube_turns
from .executors import Cluster, Processes
from .farm import Tally
from .racing import Race, race_turns
from .split import Split, count, count_each, maximize, race, solutions
from .subproblems import Deal, Done, Search, subproblems_wanted

__all__ = ["CheckpointError", "Cluster", "Cubed", "Cubes", "Deal", "Done", "Processes",
           "Race", "Search", "Split", "Tally", "count", "count_each", "cube_turns",
           "maximize", "race", "race_turns", "solutions", "subproblems_wanted"]
