"""What the searches compiled to machine code by Numba share: :class:`CompiledSearch`, the loop
that runs their kernels under the budgets and Ctrl-C, and :class:`Positions`, the arrays that
hold their positions. The searches are the backward search of :mod:`.compiledpulls`
(``strategy="compiled-pull"``) and the feature-space search of :mod:`.compiledfeatures`
(``strategy="compiled-features"``).

Numba is optional (``pip install 'searchkit[fast]'``): :func:`available` says whether it is
installed, and the first search in a process loads or compiles the kernels (compiling takes
some seconds once per machine; the time counts as the search's); :func:`warm` loads them all.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from searchkit import Progress, Result, Stats
from searchkit.loops.memory import resident_growth

from .board import MOVE_CHARS, Board
from .levels import split_levels
from .pushes import spell_walk

__all__ = ["CompiledSearch", "Positions", "available", "sigint_held", "warm"]

#: The most positions expanded between two looks at the clock, the budgets and Ctrl-C; a
#: slice starts at :data:`FIRST_SLICE` and halves or doubles to take about
#: :data:`SLICE_SECONDS` (a few ms: a position of a large level can take a millisecond).
SLICE = 2000
FIRST_SLICE = 64
SLICE_SECONDS = 0.02
#: Positions the arrays hold at first; they double when full.
FIRST_CAPACITY = 1 << 14
PROGRESS_EVERY = 0.5  # seconds between two progress reports, as searchkit.search's


def available() -> bool:
    """Whether Numba is installed, so that :class:`CompiledPulls` can run."""
    return importlib.util.find_spec("numba") is not None


@contextmanager
def sigint_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) while the block runs, then hand it to the handler it would have
    reached. Numba loads and compiles kernels through callbacks of llvmlite's ctypes code: a
    ``KeyboardInterrupt`` raised in one frees memory twice and aborts the process (a stopped
    lane of :mod:`.parallel` died so, 2026-12-02). Every call into the kernels is short (a
    slice of about :data:`SLICE_SECONDS`), so holding the signal delays nothing. Outside the main
    thread, where Python never runs a signal handler, the block just runs.

    >>> import os, signal
    >>> try:
    ...     with sigint_held():
    ...         os.kill(os.getpid(), signal.SIGINT)
    ...         print("not interrupted inside")
    ... except KeyboardInterrupt:
    ...     print("interrupted after")
    not interrupted inside
    interrupted after
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[Any] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):
                previous(signal.SIGINT, caught[0])
            elif previous == signal.SIG_DFL:
                os.kill(os.getpid(), signal.SIGINT)


def warm() -> None:
    """Load the kernels now (compile them, the first time on a machine), every one of them: a
    process that forks its searches (:mod:`.parallel`'s lanes) calls it first, so that each
    lane starts with them in memory instead of loading them (0.3 s) within its time."""
    from . import jit, jitrules
    from .compiledfeatures import CompiledFeatures
    from .compiledpulls import PULL_FEATURES, CompiledPulls

    level = Board(split_levels("#####\n#@$.#\n#####")[0])
    CompiledPulls(level).run()
    CompiledPulls(level, features=PULL_FEATURES).run()
    CompiledFeatures(level).run()
    with sigint_held():  # the kernels that this level does not call
        jit.rehash(np.full(2, -1, np.int32), np.zeros(1, np.uint64), 0)  # grown arrays only
        jitrules.insert_all(np.full(2, -1, np.int64), np.zeros(2, np.int32),
                            np.zeros(0, np.int64))  # a level with triples


class CompiledSearch:
    """What the compiled searches share: :meth:`run`, the loop that hands the kernels slices of
    expansions (a few ms each) between looks at the budgets, the clock and Ctrl-C, and grows their
    arrays; :meth:`forward_lurd`, the plan spelled. A subclass names its ``strategy`` and its
    rules (``pruned``), builds its arrays (:meth:`_arrays`) and reads its counters
    (:meth:`_count`). Raises ``ImportError`` naming the extra to install when Numba is
    missing."""

    proves_optimal = False
    #: the strategy a portfolio member names, and its results carry
    strategy = ""
    #: the reason of a ``no_solution`` found by expanding every position
    exhausted = ""

    def __init__(self, board: Board, rules: tuple[str, ...]) -> None:
        if not available():
            raise ImportError(f"strategy {self.strategy!r} needs Numba: pip install "
                              "'searchkit[fast]'")
        self.board = board
        #: what each rule cut
        self.pruned = dict.fromkeys(rules, 0)

    def _arrays(self, capacity: int, expired: Callable[[], bool]) -> Any:
        """The level and the search's arrays, room for ``capacity`` positions, with the methods
        :meth:`run` calls: ``start(ctx)`` (store the first positions; a reason if the level has
        no plan), ``expand(limit, ctx)``, ``nbytes()``, ``grow(ctx)`` and ``pushes(solved)``
        (the plan). Tables built here stop once ``expired()``."""
        raise NotImplementedError

    def _count(self, ctx: np.ndarray) -> None:
        """Copy the rules' counters out of ``ctx`` into :attr:`pruned`."""
        raise NotImplementedError

    def run(self, seconds: float | None = None, clock: Callable[[], float] = time.thread_time,
            max_expansions: int | None = None, max_bytes: int | None = None,
            progress: Callable[[Progress], None] | None = None) -> Result:
        """Search within ``seconds`` of ``clock`` time (at once ``budget_exhausted`` if not
        positive), ``max_expansions`` and ``max_bytes`` of growth of the process's resident
        memory (checked before the arrays grow, and between slices of expansions), stopping
        ``interrupted`` on Ctrl-C; ``no_solution`` once every position was expanded. A solved
        result's actions are pushes ``(box cell, direction)`` from the start, its cost their
        number. ``progress``, if given, is called about twice a second."""
        started, stats, name = time.perf_counter(), Stats(), self.strategy
        deadline = None if seconds is None else clock() + seconds
        try:
            with sigint_held():
                from . import jit  # Numba loads its runtime here, and each kernel on first call
        except KeyboardInterrupt:
            return Result("interrupted", stats=stats, strategy=name,
                          reason="interrupted by the user")
        grown = None if max_bytes is None else resident_growth()
        ctx = np.zeros(jit.CTX_SLOTS, np.int64)

        def finish(status: Any, reason: str = "", plan: list[tuple[int, int]] | None = None
                   ) -> Result:
            stats.expanded, stats.generated = int(ctx[jit.EXPANDED]), int(ctx[jit.GENERATED])
            stats.duplicates = int(ctx[jit.DUPLICATES])
            stats.visited = int(ctx[jit.N_STATES])
            stats.max_frontier = max(stats.max_frontier, int(ctx[jit.HEAP]))
            stats.seconds = time.perf_counter() - started
            self._count(ctx)
            if plan is None:
                return Result(status, stats=stats, strategy=name, reason=reason)
            return Result(status, len(plan), plan, None, stats, name, reason)

        if seconds is not None and seconds <= 0:  # as Allowance.run: no time, no search
            return finish("budget_exhausted", "no time left")
        if self.board.unsolvable:
            return finish("no_solution", self.board.unsolvable)
        if self.board.initial_boxes == self.board.goals:
            return finish("solved", plan=[])
        next_progress, size = started + PROGRESS_EVERY, FIRST_SLICE
        try:
            arrays = self._arrays(FIRST_CAPACITY, lambda: deadline is not None and
                                  clock() > deadline)
            with sigint_held():
                unsolvable = arrays.start(ctx)
            if unsolvable:
                return finish("no_solution", unsolvable)
            while not ctx[jit.STATUS]:
                if deadline is not None and clock() > deadline:
                    return finish("budget_exhausted", f"time exhausted ({seconds:g} s)")
                if grown is not None and max_bytes is not None and grown() > max_bytes:
                    return finish("budget_exhausted",
                                  f"memory budget exhausted ({max_bytes} bytes)")
                if max_expansions is not None and ctx[jit.EXPANDED] >= max_expansions:
                    return finish("budget_exhausted", "expansion limit")
                if progress is not None and (now := time.perf_counter()) >= next_progress:
                    next_progress = now + PROGRESS_EVERY
                    stats.expanded, stats.visited = int(ctx[jit.EXPANDED]), int(ctx[jit.N_STATES])
                    progress(Progress(stats, int(ctx[jit.HEAP]), now - started))
                limit = size if max_expansions is None else \
                    min(size, max_expansions - int(ctx[jit.EXPANDED]))
                before = time.perf_counter()
                with sigint_held():
                    arrays.expand(limit, ctx)
                took = time.perf_counter() - before
                if took > SLICE_SECONDS:
                    size = max(1, size // 2)
                elif took < SLICE_SECONDS / 2 and limit == size:
                    size = min(SLICE, 2 * size)
                stats.max_frontier = max(stats.max_frontier, int(ctx[jit.HEAP]))
                if ctx[jit.STATUS] == jit.FULL:
                    more = arrays.nbytes()  # doubling allocates as much again
                    if grown is not None and max_bytes is not None and \
                            grown() + more > max_bytes:
                        return finish("budget_exhausted",
                                      f"memory budget exhausted ({max_bytes} bytes)")
                    with sigint_held():
                        arrays.grow(ctx)
                    ctx[jit.STATUS] = jit.RUNNING
        except KeyboardInterrupt:
            return finish("interrupted", "interrupted by the user")
        if ctx[jit.STATUS] == jit.EXHAUSTED:
            return finish("no_solution", self.exhausted)
        return finish("solved", plan=arrays.pushes(int(ctx[jit.SOLVED_AT])))

    def forward_lurd(self, pushes: list[tuple[int, int]]) -> str:
        """The LURD of ``pushes`` (a solved :meth:`run`'s actions) from the level's start, the
        keeper walking by shortest paths between them."""
        board = self.board
        boxes, keeper, out = set(board.initial_boxes), board.keeper, []
        for box, d in pushes:
            out += [spell_walk(board, tuple(sorted(boxes)), keeper, box - board.offsets[d]),
                    MOVE_CHARS[d].upper()]
            boxes.remove(box)
            boxes.add(box + board.offsets[d])
            keeper = box
        return "".join(out)


class Positions:
    """The arrays both compiled searches keep: the level's (``floor``, ``off``, Zobrist keys
    ``zb`` for boxes and ``zk`` for keeper regions, scratch for floods and the matching) and
    the positions stored (``states``, ``roots``, ``hashes``, ``parent``, ``move``, the
    open-addressing ``table``, and the arrays named in ``per_position``, one entry a
    position). :meth:`grow` doubles them; ``dist`` holds the box-alone pushes between each row's
    cell (a goal, or a starting cell) and every cell, ``BIG`` for never."""

    def __init__(self, board: Board, capacity: int, distances: list[list[float]],
                 jit: Any, per_position: dict[str, Any]) -> None:
        self.board, self.jit = board, jit
        size = board.size
        self.floor = np.frombuffer(bytes(board.is_floor), np.uint8).copy()
        self.off = np.array(board.offsets, np.int64)
        dist = np.array(distances, np.float64)
        self.dist = np.where(np.isinf(dist), jit.BIG, dist).astype(np.int64)
        rng = np.random.default_rng(1)  # fixed: a search expands the same positions every run
        self.zb, self.zk = (rng.integers(1, 2**63, size, dtype=np.int64).astype(np.uint64)
                            for _ in "bk")
        self.cells = np.int16 if size < 2**15 else np.int32
        self.occ = np.zeros(size, np.uint8)
        self.mark, self.mark2 = np.zeros(size, np.int64), np.zeros(size, np.int64)
        self.queue = np.empty(size, np.int64)
        k = len(board.goals)
        self.work = (*(np.zeros(k + 1, np.int64) for _ in range(5)), np.zeros(k + 1, np.bool_))
        self.states = np.empty((capacity, k), self.cells)
        self.roots, self.parent, self.move = (np.empty(capacity, np.int32) for _ in range(3))
        self.hashes = np.empty(capacity, np.uint64)
        self.table = np.full(2 * capacity, -1, np.int32)
        self._grown = ["states", "roots", "parent", "move", "hashes", *per_position]
        for name, dtype in per_position.items():
            setattr(self, name, np.empty(capacity, dtype))

    def nbytes(self) -> int:
        return self.table.nbytes + sum(getattr(self, name).nbytes for name in self._grown)

    def store(self, ctx: np.ndarray, boxes: np.ndarray, root: int, box_hash: int) -> int:
        """Store the position ``(boxes, root)`` without a parent (a root of the search); its
        number."""
        jit, n = self.jit, int(ctx[self.jit.N_STATES])
        jit.add(self.table, self.hashes, self.states, self.roots, self.parent, self.move, n,
                boxes, root, box_hash ^ self.zk[root], -1, 0, ctx)
        ctx[jit.N_STATES] += 1
        return n

    def grow(self, ctx: np.ndarray) -> None:
        """Double the arrays, keeping the positions stored (``ctx``: the kernels' counters),
        and rebuild the table."""
        count = int(ctx[self.jit.N_STATES])
        for name in self._grown:
            old = getattr(self, name)
            new = np.empty((2 * old.shape[0], *old.shape[1:]), old.dtype)
            new[:old.shape[0]] = old
            setattr(self, name, new)
        self.table = np.full(2 * self.table.shape[0], -1, np.int32)
        self.jit.rehash(self.table, self.hashes, count)

    def moves(self, last: int) -> list[tuple[int, int]]:
        """The moves ``(cell, direction)`` from a root to position ``last``, last first."""
        moves, s = [], last
        while self.parent[s] >= 0:
            moves += reversed(self.steps(s))
            s = int(self.parent[s])
        return moves

    def steps(self, s: int) -> list[tuple[int, int]]:
        """The moves ``(cell, direction)`` that made position ``s`` from its parent, in order:
        one, ``move[s]`` being ``4 * cell + direction``."""
        return [divmod(int(self.move[s]), 4)]
