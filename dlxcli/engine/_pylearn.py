"""The pure-Python twin of the Learner: conflict-driven clause learning over options.

Layer: engine. Source: the research prototype `bench/proto/xcdcl.c` run with
`--no-restarts` (docs/reasoning-research.md), made a library object as the normative spec
of issue 23 says. The C twin (`_learn.c`) ports the same prototype; the twins make the
same search, decision for decision and conflict for conflict, so this file keeps the
prototype's order of operations everywhere, floating-point ones included: the VSIDS
heap, the watch lists, the trail, the 1UIP analysis with local minimization, the clause
database reduction (sorted by LBD, length, creation number: a total order). No restarts:
the search goes back to level 0 only when `start` or `forbid` asks it to, or to assert a
learned clause of one literal. Each method names the prototype's function it ports.

One Boolean variable per option. Literal 2v is "option v chosen", 2v+1 "option v not
chosen". The problem itself is not made clauses: dancing links' semantics is propagated
on the item and option lists (an option set true sets false every option it meets, on a
colored secondary item only those of another color or none; a primary item with one
option left and none true forces it; a primary item with none left is a conflict). Only
learned and forbidden clauses are clauses, with two watched literals.

The search is the C twin's; what differs is what each of its steps costs here (issue
28: pentominoes-3x20 took 33x the C twin's CPU time, most of it in the watch lists and
in the options that meet a chosen one). So each literal's value is kept per literal too
(`_lit`: 1 true, 0 false, -1 free, as `_val` of its option), one lookup where a clause
is scanned; each watch carries the clause's other watched literal (`_watch`), so that a
clause that literal satisfies is passed over without being read; and the options an
option meets are listed once (`_neighbours`), not met again on each item they share.

Its arguments come checked (engine._checks): plain ints, in range.
"""

from __future__ import annotations

from itertools import chain, compress

from ..errors import EngineBusy

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs start-up: mypy alone reads this
    from collections.abc import Sequence
    from typing import Any

EXHAUSTED, SOLUTION, PAUSED = 0, 1, 2
"""What `run` returns: _pydlx's (and the C twin's) values, written here as _learn.c
writes them, because _pydlx imports this module."""

R_NONE, R_AMO, R_ITEM, R_CLAUSE = 0, 1, 2, 3
"""Why a variable has its value: a decision or level-0 fact; an option that meets it was
set true (rdata: that option); its primary item had no other option left (rdata: the
item); a clause (rclause)."""

_FIRST_REDUCE, _REDUCE_GROWTH = 2000, 300
"""The clause database is reduced after 2,000 conflicts, then 2,000 + 300 k more each
time (glucose's schedule, as the prototype)."""
_RESCALE_AT, _RESCALE_BY, _DECAY = 1e100, 1e-100, 0.95
_NEIGHBOUR_ROOM = 1 << 22
"""How many entries the lists of the options each option meets may hold in all (32 MiB
of pointers); past it they are made afresh each time (a problem with a long item, whose
lists would take its length squared)."""


class _Clause:
    """A learned or forbidden clause; its first two literals are the watched ones."""

    __slots__ = ("deleted", "lbd", "lits", "number")

    def __init__(self, lits: list[int], lbd: int, number: int) -> None:
        self.lits, self.lbd, self.number, self.deleted = lits, lbd, number, False


_NO_CLAUSE = _Clause([], 0, 0)
"""The clause of a reason or conflict that is not a clause's."""


def _watch(clause: _Clause, watches: list[list[Any]]) -> None:
    """Watch the clause's first two literals. A watch is a list [the other watched
    literal, the clause, the other watch], so that `_propagate_clauses` reads the other
    literal's value without reading the clause, and updates the other watch's literal
    when this one moves."""
    first, second = clause.lits[0], clause.lits[1]
    of_first: list[Any] = [second, clause, None]
    of_second: list[Any] = [first, clause, of_first]
    of_first[2] = of_second
    watches[first].append(of_first)
    watches[second].append(of_second)


class Learner:
    """One exact-cover problem searched by clause learning, query after query (the spec's
    API: `start(assumptions)`, `run(budget)`, `solution()`, `forbid(options)`)."""

    __slots__ = (
        "_activity", "_alive", "_assumptions", "_conflict", "_heap", "_heap_pos",
        "_item_colors", "_item_opts", "_learnts", "_level", "_lit", "_n_clauses",
        "_neighbour_room", "_neighbours_of", "_next_reduce", "_opt_colors", "_opt_items",
        "_qhead", "_rclause", "_rdata", "_reduce_step",
        "_rtype", "_running", "_seen", "_status", "_trail", "_trail_lim", "_true_count", "_unsat",
        "_val", "_var_inc", "_watches", "_conflicts", "_decisions", "_deleted", "_learned",
        "_propagations",
        "n_options", "n_primary", "n_secondary"
    )

    def __init__(self, n_primary: int, n_secondary: int, options: list[list[int]],
                 colors: list[list[int]] | None = None) -> None:
        """The prototype's `read_input` and `main` up to the search: the item and option
        lists, the initial activities (options of short primary items first), the heap
        filled in option order, and the level-0 facts (options with no primary item are
        false; a primary item with one option forces it; one with none has no solution)."""
        n = len(options)
        n_items = n_primary + n_secondary
        self.n_primary, self.n_secondary, self.n_options = n_primary, n_secondary, n
        self._opt_items = [list(option) for option in options]
        self._opt_colors = ([list(row) for row in colors] if colors is not None
                            else [[0] * len(option) for option in options])
        self._item_opts: list[list[int]] = [[] for _ in range(n_items)]
        self._item_colors: list[list[int]] = [[] for _ in range(n_items)]
        for v, (items, row) in enumerate(zip(self._opt_items, self._opt_colors)):
            for item, color in zip(items, row):
                self._item_opts[item].append(v)
                self._item_colors[item].append(color)
        self._val = [-1] * n
        self._lit = [-1] * (2 * n)
        self._neighbours_of: list[list[int] | None] = [None] * n
        self._neighbour_room = _NEIGHBOUR_ROOM
        self._level = [0] * n
        self._rtype = [R_NONE] * n
        self._rdata = [0] * n
        self._rclause = [_NO_CLAUSE] * n
        self._trail: list[int] = []
        self._trail_lim: list[int] = []
        self._qhead = 0
        self._true_count = [0] * n_items
        self._alive = [len(opts) for opts in self._item_opts]
        self._seen = bytearray(n)
        self._watches: list[list[Any]] = [[] for _ in range(2 * n)]
        self._learnts: list[_Clause] = []
        self._n_clauses = 0
        self._var_inc = 1.0
        self._activity = [self._initial_activity(v) for v in range(n)]
        self._heap: list[int] = []
        self._heap_pos = [-1] * n
        for v in range(n):
            self._heap_insert(v)
        self._unsat = False
        self._running = False
        self._level0_facts()
        self.start()

    def _initial_activity(self, v: int) -> float:
        """A little for options of short primary items, so that the first decisions
        follow MRV: 1.0 / (the shortest primary item's length) * 1e-3, or 0."""
        best = min((len(self._item_opts[item]) for item in self._opt_items[v]
                    if item < self.n_primary), default=0)
        return 1.0 / best * 1e-3 if best else 0.0

    def _level0_facts(self) -> None:
        """The prototype's facts before the search (assigned; `run` propagates them)."""
        n_primary, val = self.n_primary, self._val
        for v, items in enumerate(self._opt_items):
            if not any(item < n_primary for item in items):
                self._assign(2 * v + 1, R_NONE, 0)
        for item in range(n_primary):
            if self._alive[item] == 0:
                self._unsat = True
            elif self._alive[item] == 1 and not self._true_count[item]:
                for w in self._item_opts[item]:
                    if val[w] < 0:
                        self._assign(2 * w, R_NONE, 0)

    # -- queries (the spec's API) ----------------------------------------------------

    def start(self, assumptions: Sequence[int] = ()) -> None:
        """Begin a query under `assumptions` (options that must be in the answer, decided
        first, one level each, in this order). What earlier queries learned is kept."""
        self._check_idle()
        self._unassign_to(0)
        self._assumptions = list(assumptions)
        self._decisions = self._conflicts = self._propagations = 0
        self._learned = self._deleted = 0
        self._next_reduce, self._reduce_step = _FIRST_REDUCE, _REDUCE_GROWTH
        self._status = EXHAUSTED if self._unsat else None

    def run(self, budget: int) -> int:
        """Search on for at most `budget` steps (decisions and conflicts); return
        SOLUTION, EXHAUSTED or PAUSED. After SOLUTION or EXHAUSTED, the same again."""
        self._check_idle()
        if self._status is None:
            self._running = True
            try:
                self._status = self._search(self._decisions + self._conflicts + budget)
            finally:
                self._running = False
            if self._status == PAUSED:
                self._status = None
                return PAUSED
        return self._status

    def solution(self) -> list[int] | None:
        """The options of the SOLUTION just found, in increasing order."""
        if self._status != SOLUTION:
            return None
        return [v for v, value in enumerate(self._val) if value == 1]

    def forbid(self, options: Sequence[int]) -> None:
        """Add the permanent clause "not all of these options", back at level 0; the next
        `run` goes on under the same assumptions. As MiniSat's addClause: at level 0 a
        clause with a literal true is dropped, false literals are left out, one literal
        left is a level-0 fact, none leaves every later query EXHAUSTED."""
        self._back_to_level0()
        lits = []
        for v in dict.fromkeys(options):
            value = self._val[v]
            if value == 0:
                return
            if value < 0:
                lits.append(2 * v + 1)
        if self._level0_clause(lits):
            self._n_clauses += 1
            _watch(_Clause(lits, 0, self._n_clauses), self._watches)

    def reduce(self) -> None:
        """The search's own `_reduce_db`, asked for between queries (generate's Windows:
        a Learner serving many short queries, none of which reaches the schedule's
        next reduction)."""
        self._check_idle()
        self._reduce_db()

    def activities(self) -> list[float]:
        """Each option's VSIDS activity now (read-only), for a cut that follows the
        Learner's view of where the hard part lies (parallel.learner_cut)."""
        self._check_idle()
        return list(self._activity)

    def learnts(self, max_len: int, max_lbd: int) -> list[list[int]]:
        """The clauses this Learner may share (branch share29): the level-0 facts as
        clauses of one literal, then the learned clauses kept now of at most `max_len`
        literals and LBD at most `max_lbd`, in the database's order; each clause's
        literals sorted (the twins order a clause's two watched literals differently,
        nothing else). Read-only."""
        self._check_idle()
        facts = self._trail[:self._trail_lim[0]] if self._trail_lim else self._trail
        shared = [[lit] for lit in sorted(facts)] if max_len >= 1 else []
        shared.extend(sorted(clause.lits) for clause in self._learnts
                      if len(clause.lits) <= max_len and clause.lbd <= max_lbd)
        return shared

    def add_clauses(self, clauses: Sequence[Sequence[int]]) -> None:
        """Clauses implied by the problem (another Learner's of the same problem,
        `learnts`), added back at level 0 as `forbid` adds its clause: a clause with a
        literal true (or a literal and its negation) is dropped, false literals are left
        out, one literal left is a level-0 fact, none makes every later query
        EXHAUSTED; a longer one joins the learned clauses, its LBD taken as its length
        (deletable as theirs). The next `run` goes on under the same assumptions."""
        self._back_to_level0()
        lit_value = self._lit
        for clause in clauses:
            if self._unsat:
                break
            lits = list(dict.fromkeys(lit for lit in clause if lit_value[lit] < 0))
            if (any(lit_value[lit] == 1 for lit in clause)
                    or len({lit >> 1 for lit in lits}) < len(lits)):
                continue  # true, or a literal and its negation
            if self._level0_clause(lits):
                self._add_learnt(lits, len(lits))

    def _back_to_level0(self) -> None:
        """Where `forbid` and `add_clauses` add a clause: idle, at level 0, the next
        `run` to go on (unless the problem was found to have no solution)."""
        self._check_idle()
        self._unassign_to(0)
        if not self._unsat:
            self._status = None

    def _level0_clause(self, lits: list[int]) -> bool:
        """A clause's free literals at level 0: none leaves every later query
        EXHAUSTED, one is a level-0 fact; True where two or more are left for the
        caller to keep as a clause."""
        if not lits:
            self._unsat = True
            self._status = EXHAUSTED
        elif len(lits) == 1:
            self._assign(lits[0], R_NONE, 0)
        return len(lits) >= 2

    def _check_idle(self) -> None:
        """EngineBusy while another thread's `run` searches (the C twin's check: the
        search releases the GIL there, and here a thread switch can land inside it)."""
        if self._running:
            raise EngineBusy("this learner is already searching")

    # The counters since `start`, read-only as the C twin's.

    @property
    def decisions(self) -> int:
        return self._decisions

    nodes = decisions

    @property
    def conflicts(self) -> int:
        return self._conflicts

    @property
    def propagations(self) -> int:
        return self._propagations

    @property
    def learned(self) -> int:
        return self._learned

    @property
    def deleted(self) -> int:
        return self._deleted

    @property
    def clauses(self) -> int:
        """Learned clauses kept now."""
        return len(self._learnts)

    @property
    def level(self) -> int:
        return len(self._trail_lim)

    # -- the VSIDS heap ---------------------------------------------------------------

    def _heap_up(self, i: int) -> None:
        """The prototype's `heap_up` (a max-heap on activity; ties stay where they are)."""
        heap, pos, activity = self._heap, self._heap_pos, self._activity
        v = heap[i]
        while i > 0:
            p = (i - 1) // 2
            if not activity[v] > activity[heap[p]]:
                break
            heap[i] = heap[p]
            pos[heap[i]] = i
            i = p
        heap[i] = v
        pos[v] = i

    def _heap_down(self, i: int) -> None:
        """The prototype's `heap_down`."""
        heap, pos, activity = self._heap, self._heap_pos, self._activity
        v = heap[i]
        n = len(heap)
        while True:
            c = 2 * i + 1
            if c >= n:
                break
            if c + 1 < n and activity[heap[c + 1]] > activity[heap[c]]:
                c += 1
            if not activity[heap[c]] > activity[v]:
                break
            heap[i] = heap[c]
            pos[heap[i]] = i
            i = c
        heap[i] = v
        pos[v] = i

    def _heap_insert(self, v: int) -> None:
        if self._heap_pos[v] >= 0:
            return
        self._heap.append(v)
        self._heap_pos[v] = len(self._heap) - 1
        self._heap_up(len(self._heap) - 1)

    def _heap_pop(self) -> int:
        """The prototype's `heap_pop`: the last element moves to the root and sifts down."""
        heap, pos = self._heap, self._heap_pos
        v = heap[0]
        heap[0] = heap[-1]
        heap.pop()
        pos[heap[0] if heap else v] = 0
        pos[v] = -1
        if heap:
            self._heap_down(0)
        return v

    def _rescale(self) -> None:
        """The end of the prototype's `bump`, past 1e100: every activity scaled down."""
        activity = self._activity
        for i in range(self.n_options):
            activity[i] *= _RESCALE_BY
        self._var_inc *= _RESCALE_BY

    # -- the assignment ---------------------------------------------------------------

    def _assign(self, lit: int, rtype: int, rdata: int, clause: _Clause = _NO_CLAUSE) -> None:
        """The prototype's `assign`: the literal becomes true at the current level."""
        v = lit >> 1
        value = 1 - (lit & 1)
        self._val[v] = value
        self._lit[lit] = 1
        self._lit[lit ^ 1] = 0
        self._level[v] = len(self._trail_lim)
        self._rtype[v] = rtype
        self._rdata[v] = rdata
        self._rclause[v] = clause
        self._trail.append(lit)
        if value:
            true_count = self._true_count
            for item in self._opt_items[v]:
                true_count[item] += 1
        else:
            alive = self._alive
            for item in self._opt_items[v]:
                alive[item] -= 1

    def _unassign_to(self, lev: int) -> None:
        """The prototype's `unassign_to`: undo the trail above level `lev`, latest first,
        each variable back into the heap."""
        trail_lim = self._trail_lim
        if len(trail_lim) <= lev:
            return
        trail, val, lit_value, opt_items = self._trail, self._val, self._lit, self._opt_items
        true_count, alive = self._true_count, self._alive
        heap, heap_pos, heap_up = self._heap, self._heap_pos, self._heap_up
        bottom = trail_lim[lev]
        for lit in reversed(trail[bottom:]):
            v = lit >> 1
            if lit & 1:
                for item in opt_items[v]:
                    alive[item] += 1
            else:
                for item in opt_items[v]:
                    true_count[item] -= 1
            val[v] = -1
            lit_value[lit] = lit_value[lit ^ 1] = -1
            if heap_pos[v] < 0:
                heap_pos[v] = len(heap)
                heap.append(v)
                heap_up(len(heap) - 1)
        del trail[bottom:]
        del trail_lim[lev:]
        self._qhead = bottom

    # -- propagation ------------------------------------------------------------------

    def _propagate(self) -> bool:
        """The prototype's `propagate`: the trail from qhead on, each literal through the
        problem's rules and then the clauses watching its negation. True on a conflict,
        described in `_conflict` as the prototype's (c_type, c_a, c_b, c_clause)."""
        trail, watches, val = self._trail, self._watches, self._val
        opt_items, item_opts, alive, true_count = (self._opt_items, self._item_opts, self._alive,
                                                   self._true_count)
        n_primary = self.n_primary
        qhead = self._qhead
        try:
            while qhead < len(trail):
                p = trail[qhead]
                qhead += 1
                self._propagations += 1
                if not p & 1:
                    if self._propagate_true(p >> 1):
                        return True
                else:  # the prototype's propagate_false, written out (most literals)
                    for item in opt_items[p >> 1]:
                        if item >= n_primary or true_count[item] or alive[item] > 1:
                            continue
                        if not alive[item]:
                            self._conflict = (R_ITEM, item, 0, _NO_CLAUSE)
                            return True
                        for w in item_opts[item]:
                            if val[w] < 0:
                                self._assign(2 * w, R_ITEM, item)
                                break
                if watches[p ^ 1] and self._propagate_clauses(p ^ 1):
                    return True
            return False
        finally:
            self._qhead = qhead

    def _neighbours(self, v: int) -> list[int]:
        """The options that meet option v (on an item where v has a color, those of
        another color or none), each once, in the order the prototype's `propagate`
        meets them first: item by item, in each item's order. Kept while there is room."""
        lists = []
        for item, color in zip(self._opt_items[v], self._opt_colors[v]):
            others = self._item_opts[item]
            if color:
                others = list(compress(others, map(color.__ne__, self._item_colors[item])))
            lists.append(others)
        met = dict.fromkeys(chain.from_iterable(lists))
        met.pop(v, None)
        found = list(met)
        if len(found) <= self._neighbour_room:
            self._neighbour_room -= len(found)
            self._neighbours_of[v] = found
        return found

    def _propagate_true(self, v: int) -> bool:
        """Option v is true: every option that meets it is set false, or one already true
        is a conflict. `_assign` is written out here: this loop is much of the search's
        time."""
        val, level, rtype, rdata, rclause = (self._val, self._level, self._rtype, self._rdata,
                                             self._rclause)
        trail, alive, opt_items, lit_value = self._trail, self._alive, self._opt_items, self._lit
        dlevel = len(self._trail_lim)
        for w in self._neighbours_of[v] or self._neighbours(v):
            x = val[w]
            if not x:
                continue
            if x == 1:
                self._conflict = (R_AMO, v, w, _NO_CLAUSE)
                return True
            val[w] = lit_value[2 * w] = 0
            lit_value[2 * w + 1] = 1
            level[w] = dlevel
            rtype[w] = R_AMO
            rdata[w] = v
            rclause[w] = _NO_CLAUSE
            trail.append(2 * w + 1)
            for i in opt_items[w]:
                alive[i] -= 1
        return False

    def _propagate_clauses(self, fl: int) -> bool:
        """The clauses watching fl, which just became false: each finds another literal
        not false to watch, or asserts its other watched one, or is a conflict. A clause
        whose other watched literal is true is passed over without being read; the
        prototype swaps its first two literals then, which no later step reads (the
        next visit swaps them again, and a reason's or a conflict's clause was just
        visited). A watch that moves leaves None, swept out at the end."""
        lit_value, watches = self._lit, self._watches
        ws = watches[fl]
        moved = False
        for i, w in enumerate(ws):
            other = w[0]
            if lit_value[other] == 1:
                continue
            lits = w[1].lits
            if lits[0] == fl:
                lits[0] = other
                lits[1] = fl
            for k in range(2, len(lits)):
                if lit_value[lits[k]]:
                    new = lits[1] = lits[k]
                    lits[k] = fl
                    watches[new].append(w)
                    w[2][0] = new
                    ws[i] = None
                    moved = True
                    break
            else:
                if not lit_value[other]:
                    self._conflict = (R_CLAUSE, 0, 0, w[1])
                    if moved:
                        ws[:] = filter(None, ws)
                    return True
                self._assign(other, R_CLAUSE, 0, w[1])
        if moved:
            ws[:] = filter(None, ws)
        return False

    # -- conflict analysis ------------------------------------------------------------

    def _reason_vars(self, v: int) -> Sequence[int]:
        """The prototype's `reason_vars`, the variables of v's reason (v among them, where
        the prototype leaves it out: `_analyze` has it `seen` then, which passes it
        over), or of the conflict for v = -1, in the prototype's order."""
        if v < 0:
            rtype, a, b, clause = self._conflict
            if rtype == R_AMO:
                return (a, b)
        else:
            rtype, a, clause = self._rtype[v], self._rdata[v], self._rclause[v]
            if rtype == R_AMO:
                return (a,)
        if rtype == R_ITEM:
            return self._item_opts[a]
        if rtype == R_CLAUSE:
            return [lit >> 1 for lit in clause.lits]
        return ()

    def _analyze(self) -> tuple[list[int], int]:
        """The prototype's `analyze`: the 1UIP clause (its asserting literal first, then
        one of the backjump level), locally minimized, and the backjump level. Its `bump`
        is written out (a few million a search on a board of pentominoes)."""
        seen, level, trail, val = self._seen, self._level, self._trail, self._val
        activity, heap_pos, heap_up = self._activity, self._heap_pos, self._heap_up
        var_inc = self._var_inc
        dlevel = len(self._trail_lim)
        pathc, idx, p = 0, len(trail) - 1, -1
        learnt = [0]
        us = self._reason_vars(-1)
        while True:
            for u in us:
                if seen[u] or not level[u]:
                    continue
                seen[u] = 1
                activity[u] += var_inc
                if activity[u] > _RESCALE_AT:
                    self._rescale()
                    var_inc = self._var_inc
                if heap_pos[u] >= 0:
                    heap_up(heap_pos[u])
                if level[u] == dlevel:
                    pathc += 1
                else:
                    learnt.append(2 * u + 1 if val[u] else 2 * u)
            if p >= 0:
                seen[p] = 0
            while not seen[trail[idx] >> 1]:
                idx -= 1
            p = trail[idx] >> 1
            idx -= 1
            pathc -= 1
            if pathc == 0:
                break
            us = self._reason_vars(p)
        seen[p] = 0
        learnt[0] = 2 * p + 1 if val[p] else 2 * p
        learnt = self._minimized(learnt)
        bt, bi = 0, 1
        for i in range(1, len(learnt)):
            if level[learnt[i] >> 1] > bt:
                bt, bi = level[learnt[i] >> 1], i
        if len(learnt) > 1:
            learnt[1], learnt[bi] = learnt[bi], learnt[1]
        self._var_inc /= _DECAY
        return learnt, bt

    def _minimized(self, learnt: list[int]) -> list[int]:
        """The prototype's local minimization: a literal goes when its reason's variables
        are all in the clause (`seen`, the literal's own among them) or at level 0.
        Clears `seen` of the clause's variables."""
        seen, level, rtype, rdata = self._seen, self._level, self._rtype, self._rdata
        kept = learnt[:1]
        for lit in learnt[1:]:
            u = lit >> 1
            why = rtype[u]
            if why == R_NONE:
                kept.append(lit)
            elif why == R_AMO:
                w = rdata[u]
                if not seen[w] and level[w]:
                    kept.append(lit)
            elif why == R_ITEM:
                for w in self._item_opts[rdata[u]]:
                    if not seen[w] and level[w]:
                        kept.append(lit)
                        break
            else:
                for other in self._rclause[u].lits:
                    if not seen[other >> 1] and level[other >> 1]:
                        kept.append(lit)
                        break
        for lit in learnt[1:]:
            seen[lit >> 1] = 0
        return kept

    # -- the clause database ----------------------------------------------------------

    def _add_learnt(self, lits: list[int], lbd: int) -> _Clause:
        """The prototype's `add_clause`, numbering the clause for `_reduce_db`'s order."""
        self._n_clauses += 1
        clause = _Clause(lits, lbd, self._n_clauses)
        self._learnts.append(clause)
        _watch(clause, self._watches)
        return clause

    def _compute_lbd(self, lits: list[int]) -> int:
        """The prototype's `compute_lbd`: how many levels the literals' variables were
        last assigned at (after the backjump, as the prototype reads them)."""
        level = self._level
        return len({level[lit >> 1] for lit in lits})

    def _locked(self, clause: _Clause) -> bool:
        """Is the clause the reason of its first literal's variable's value?"""
        v = clause.lits[0] >> 1
        return self._val[v] >= 0 and self._rtype[v] == R_CLAUSE and self._rclause[v] is clause

    def _reduce_db(self) -> None:
        """The prototype's `reduce_db`, sorted by (LBD, length, creation number): keep the
        better half, glue clauses (LBD <= 2) and locked ones."""
        learnts = self._learnts
        learnts.sort(key=lambda c: (c.lbd, len(c.lits), c.number))
        keep = len(learnts) // 2
        kept = []
        for i, clause in enumerate(learnts):
            if i < keep or clause.lbd <= 2 or self._locked(clause):
                kept.append(clause)
            else:
                clause.deleted = True
        for ws in self._watches:
            if ws:
                ws[:] = [w for w in ws if not w[1].deleted]
        self._deleted += len(learnts) - len(kept)
        self._learnts = kept

    # -- the search -------------------------------------------------------------------

    def _pick_branch(self) -> int:
        """The prototype's `pick_branch` (VSIDS): the free option of highest activity,
        tried true; -1 when every option has a value."""
        while self._heap:
            v = self._heap_pop()
            if self._val[v] < 0:
                return 2 * v
        return -1

    def _decide(self, lit: int) -> None:
        self._decisions += 1
        self._trail_lim.append(len(self._trail))
        self._assign(lit, R_NONE, 0)

    def _next_assumption(self) -> int | None:
        """Open the levels of the assumptions already true, up to the next one to decide:
        its literal, or None when all are in, or -1 when it is false (EXHAUSTED)."""
        while len(self._trail_lim) < len(self._assumptions):
            v = self._assumptions[len(self._trail_lim)]
            if self._val[v] < 0:
                return 2 * v
            if self._val[v] == 0:
                return -1
            self._trail_lim.append(len(self._trail))
        return None

    def _search(self, limit: int) -> int:
        """The prototype's `search`, resumable: its schedules live in the object, and it
        pauses before a step when decisions + conflicts reach `limit`."""
        while True:
            if self._decisions + self._conflicts >= limit:
                return PAUSED
            if self._propagate():
                self._conflicts += 1
                if not self._trail_lim:
                    self._unsat = True
                    return EXHAUSTED
                self._learn()
            else:
                if self._conflicts >= self._next_reduce:
                    self._next_reduce = self._conflicts + _FIRST_REDUCE + self._reduce_step
                    self._reduce_step += _REDUCE_GROWTH
                    self._reduce_db()
                lit = self._next_assumption()
                if lit == -1:
                    return EXHAUSTED
                if lit is None:
                    lit = self._pick_branch()
                    if lit < 0:
                        return SOLUTION
                self._decide(lit)

    def _learn(self) -> None:
        """After a conflict: analyze, backjump, and assert the learned clause."""
        learnt, bt = self._analyze()
        self._unassign_to(bt)
        if len(learnt) == 1:
            self._assign(learnt[0], R_NONE, 0)
        else:
            clause = self._add_learnt(learnt, self._compute_lbd(learnt))
            self._assign(learnt[0], R_CLAUSE, 0, clause)
        self._learned += 1
