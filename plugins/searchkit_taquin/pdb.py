"""Additive pattern databases for the sliding-tile puzzle: a vectorised builder and a disk cache.

For a group of ``k`` tiles, the database gives for every placement of those tiles the fewest moves
*of those tiles* that bring them to their goal cells, the other tiles being indistinguishable
(moving them is free). Since each move moves one tile, the databases of disjoint groups add up to
a lower bound (Korf & Felner 2002); see :mod:`searchkit.patterndb` for the general idea and
:class:`PatternAbstraction` for this abstraction written as a plain problem, which the generic
builder :func:`searchkit.patterndb.build_pattern_database` solves the slow way (the tests compare).

:func:`build_table` runs the same 0-1 breadth-first search with numpy over the abstract states
``(blank cell, cells of the k tiles)``, packed ``B`` bits per cell (``B = 4`` on 4x4) with the
blank in the low bits: a whole layer is expanded at once; blank moves into free cells cost 0 and
are closed over within the layer, moves that slide a pattern tile cost 1 and form the next layer.
The result is indexed by the tiles' cells alone (``index = sum cell_j << B*j``), the minimum
over the blank's cell, so a table has ``2**(B*k)`` one-byte entries (16 MiB for 6 tiles on 4x4;
entries for impossible placements hold 255 and are never read).

:func:`load_tables` returns the tables for a partition, from memory, from the cache directory
(:func:`searchkit.patterndb.cache_directory`), or built (several in parallel, with a progress line
on stderr when it takes more than a second) and then saved with a checksummed header. A build runs
under the budget of the search (or the command) it is for: it stops when the budget's timer, a
Ctrl-C or :func:`searchkit.check_budget` (called between the steps of a build in this thread, a
few tenths of a second apart at most) stops it, its worker processes killed at once; the tables
finished by then are kept, the others never stored. Under a CPU time budget the tables are built
one after the other in this thread: the budget counts this thread's CPU time only, which a
pool's workers would not use.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from searchkit import check_budget, cpu_budgeted
from searchkit.patterndb import StderrProgress, cache_directory, load_table, save_table

from .patterns import PDB_MAX_CELLS, bits_per_cell

__all__ = ["PatternAbstraction", "build_table", "forget_loaded_tables", "load_tables", "table_meta",
           "table_path"]

FORMAT_VERSION = 1
_MEMORY: dict[tuple[Any, ...], bytes] = {}


def _move_arrays(height: int, width: int, bits: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per direction (up, left, right, down) and blank cell: ``3 * target cell`` (the sentinel
    cell ``height * width`` when off the board) and ``target - blank``."""
    n = height * width
    result = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        shift3 = np.full(1 << bits, 3 * n, dtype=np.int64)
        step = np.zeros(1 << bits, dtype=np.int64)
        for c in range(n):
            r, col = divmod(c, width)
            if 0 <= r + dr < height and 0 <= col + dc < width:
                target = (r + dr) * width + col + dc
                shift3[c], step[c] = 3 * target, target - c
        result.append((shift3, step))
    return result


#: Abstract states expanded at once: a build's ``check`` comes before each such chunk (a few
#: hundredths of a second of work on a 4x4 board) and around each sort.
CHUNK = 1 << 18

#: :func:`_expand` for one board and group: states -> (blank moved into a free cell, tile slid)
_Expand = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


def _nothing() -> None:
    """No check."""


def build_table(height: int, width: int, goal_cells: Sequence[int], group: Sequence[int],
                progress: Callable[[int, int], None] | None = None,
                check: Callable[[], None] = _nothing) -> np.ndarray:
    """The pattern database of ``group`` (internal tile labels, in slot order) for the goal
    ``goal_cells`` (tile by cell, 0 = blank), as a ``uint8`` array indexed by
    ``sum(cell_of(group[j]) << B*j)``. ``progress(distance, states)`` is called per layer;
    ``check()`` between the steps of the build, before every :data:`CHUNK` states expanded and
    around each sort (for 6 tiles on 4x4, measured at most 0.3 s of CPU time apart, most of
    them a few hundredths), and may raise to stop it (:func:`searchkit.check_budget`).

    Time and memory grow with ``cells! / (cells - k - 1)!`` abstract states (57.7 million for
    6 tiles on 4x4: about 30 s and 0.7 GB at the peak).
    """
    n = height * width
    bits = bits_per_cell(n)
    mask = (1 << bits) - 1
    k = len(group)
    if k > 6 or n > PDB_MAX_CELLS or bits * (k + 1) > 34:
        raise ValueError(f"pattern of {k} tiles on {n} cells is too large for this builder")
    where = {t: c for c, t in enumerate(goal_cells)}
    start = where[0] | sum(where[t] << (bits * (j + 1)) for j, t in enumerate(group))
    seen = np.zeros(1 << (bits * (k + 1)), dtype=np.bool_)
    table = np.full(1 << (bits * k), 255, dtype=np.uint8)
    moves = _move_arrays(height, width, bits)
    dtype = np.int32 if bits * (k + 1) <= 30 else np.int64
    moves = [(shift3, step.astype(dtype)) for shift3, step in moves]
    expand = functools.partial(_expand, moves=moves, bits=bits, mask=mask, k=k, cells=n)
    frontier = np.array([start], dtype=dtype)
    seen[frontier] = True
    distance, total = 0, 0
    while frontier.size:
        layer: list[np.ndarray] = [frontier]
        ones: list[np.ndarray] = []
        current = frontier
        while current.size:
            free, slid = _expand_unseen(current, expand, seen, check)
            if slid.size:
                ones.append(slid)
            check()
            free = _unique(free)
            seen[free] = True
            layer.append(free)
            current = free
        for part in layer:
            keys = part >> bits
            keys = keys[table[keys] == 255]
            table[keys] = distance
            total += part.size
        if progress is not None:
            progress(distance, total)
        frontier = np.concatenate(ones) if ones else np.empty(0, dtype=dtype)
        frontier = frontier[~seen[frontier]]
        check()
        frontier = _unique(frontier)
        check()
        seen[frontier] = True
        distance += 1
    return table


def _unique(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted (a plain sort: faster here than ``np.unique``'s hashing)."""
    if values.size < 2:
        return values
    values = np.sort(values)
    keep = np.empty(values.size, dtype=np.bool_)
    keep[0] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


def _expand_unseen(states: np.ndarray, expand: _Expand, seen: np.ndarray,
                   check: Callable[[], None]) -> tuple[np.ndarray, np.ndarray]:
    """The children of ``states`` not ``seen`` yet, as ``expand`` (:func:`_expand` for the board)
    splits them, :data:`CHUNK` states at a time, calling ``check()`` before each chunk."""
    free_parts, slid_parts = [], []
    for begin in range(0, states.size, CHUNK):
        check()
        free, slid = expand(states[begin:begin + CHUNK])
        free_parts.append(free[~seen[free]])
        slid_parts.append(slid[~seen[slid]])
    return np.concatenate(free_parts), np.concatenate(slid_parts)


def _expand(states: np.ndarray, moves: list[tuple[np.ndarray, np.ndarray]], bits: int,
            mask: int, k: int, cells: int) -> tuple[np.ndarray, np.ndarray]:
    """Children of ``states``: ``(blank moved into a free cell, a pattern tile slid)``.

    An occupancy word holds, 3 bits per cell, ``j + 1`` where pattern tile ``j`` stands, 0 on a
    free cell and 7 on the sentinel cell ``cells`` that stands for "off the board"; ``moves``
    gives per direction ``(3 * target cell, target - blank)`` indexed by the blank's cell.
    """
    blank = states & mask
    occupancy = np.full(states.shape, 7 << (3 * cells), dtype=np.int64)
    for j in range(k):
        cell = ((states >> (bits * (j + 1))) & mask).astype(np.int64)
        occupancy |= np.left_shift(np.int64(j + 1), 3 * cell)
    free_parts, slid_parts = [], []
    for shift3, step in moves:
        hit = (occupancy >> shift3[blank]) & 7
        d = step[blank]
        free_parts.append((states + d)[hit == 0])
        slid = (hit > 0) & (hit < 7)
        d = d[slid]
        slid_parts.append(states[slid] + d - (d << (bits * hit[slid]).astype(d.dtype)))
    return np.concatenate(free_parts), np.concatenate(slid_parts)


class PatternAbstraction:
    """The abstraction of :func:`build_table` as a plain problem for
    :func:`searchkit.patterndb.build_pattern_database`: states ``(blank, cell of group[0], ...)``;
    sliding a pattern tile costs 1, moving the blank elsewhere costs 0. Use ``project=
    PatternAbstraction.project`` to drop the blank."""

    def __init__(self, height: int, width: int, goal_cells: Sequence[int],
                 group: Sequence[int]) -> None:
        self.height, self.width = height, width
        where = {t: c for c, t in enumerate(goal_cells)}
        self.goal = (where[0],) + tuple(where[t] for t in group)

    def goal_states(self) -> list[tuple[int, ...]]:
        return [self.goal]

    def predecessors(self, state: tuple[int, ...]) -> Iterator[tuple[str, tuple[int, ...], int]]:
        blank, w = state[0], self.width
        r, c = divmod(blank, w)
        for action, ok, target in (("U", r > 0, blank - w), ("L", c > 0, blank - 1),
                                   ("R", c < w - 1, blank + 1),
                                   ("D", r < self.height - 1, blank + w)):
            if not ok:
                continue
            if target in state[1:]:
                j = state.index(target, 1)
                yield action, (target,) + state[1:j] + (blank,) + state[j + 1:], 1
            else:
                yield action, (target,) + state[1:], 0

    @staticmethod
    def project(state: tuple[int, ...]) -> tuple[int, ...]:
        """Drop the blank."""
        return state[1:]


def table_meta(height: int, width: int, goal_cells: Sequence[int],
               group: Sequence[int]) -> dict[str, Any]:
    """What identifies a table (stored in its cache header)."""
    return {"puzzle": "taquin", "version": FORMAT_VERSION, "height": height, "width": width,
            "goal": list(goal_cells), "group": list(group)}


def table_path(height: int, width: int, goal_cells: Sequence[int], group: Sequence[int]) -> Path:
    """The cache file of a table (the name is a digest of :func:`table_meta`)."""
    import hashlib
    import json
    digest = hashlib.sha256(json.dumps(table_meta(height, width, goal_cells, group),
                                       sort_keys=True).encode()).hexdigest()[:16]
    return cache_directory() / f"taquin-pdb-{height}x{width}-{len(group)}-{digest}.bin"


_SHARED: Any = None  # per-worker counters of abstract states settled (see _build_missing)


def _share(counters: Any) -> None:
    global _SHARED
    _SHARED = counters


def _start_worker(counters: Any) -> None:
    """A pool worker: Ctrl-C is the parent's business (it kills the workers), no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _share(counters)


def _build_bytes(slot: int, height: int, width: int, goal_cells: tuple[int, ...],
                 group: tuple[int, ...], check: bool = False) -> bytes:
    """Table ``slot`` of a build, its progress in the shared counters; ``check``: call
    :func:`~searchkit.check_budget` between the build's steps (in the search's own thread only: a
    forked worker holds a stale copy of the running searches)."""
    def report(_distance: int, states: int) -> None:
        if _SHARED is not None:
            _SHARED[slot] = states

    return build_table(height, width, goal_cells, group, report,
                       check_budget if check else _nothing).tobytes()


def _build_slot(job: tuple[int, tuple[Any, ...]]) -> tuple[int, bytes]:
    """:func:`_build_bytes` of ``(slot, key)`` in a pool worker, with the slot it built."""
    slot, key = job
    return slot, _build_bytes(slot, *key)


def _abstract_states(cells: int, k: int) -> int:
    """Number of placements of ``k`` tiles and the blank on ``cells`` cells."""
    total = 1
    for i in range(k + 1):
        total *= cells - i
    return total


def load_tables(height: int, width: int, goal_cells: Sequence[int],
                groups: Sequence[Sequence[int]], use_cache: bool = True) -> list[bytes]:
    """One table per group (as ``bytes``: indexing gives Python ints), cached in memory and on
    disk; missing, stale or corrupt cache files are rebuilt and rewritten."""
    goal = tuple(goal_cells)
    keys = [(height, width, goal, tuple(g)) for g in groups]
    missing = []
    for key in keys:
        if key in _MEMORY:
            continue
        payload = load_table(table_path(*key), table_meta(*key)) if use_cache else None
        if payload is not None:
            _MEMORY[key] = payload
        else:
            missing.append(key)
    if missing:
        _build_missing(missing, use_cache)
    return [_MEMORY[key] for key in keys]


def forget_loaded_tables() -> None:
    """Drop the tables held in memory, so the next :func:`load_tables` reads the cache files
    again (or rebuilds them); frees their memory too."""
    _MEMORY.clear()


def _workers(missing: list[tuple[Any, ...]]) -> int:
    """How many worker processes build ``missing``: one per table, at most one per core; 1 (no
    pool: the build runs in this thread) when the tables are small (4 tiles or fewer: a pool
    would cost more than it saves), when this process may not have children (a Dask worker's is
    a daemon), or under a CPU time budget (:func:`~searchkit.cpu_budgeted`), which counts this
    thread's CPU time only: the workers' would escape it."""
    small = max(len(key[3]) for key in missing) <= 4
    if small or cpu_budgeted() or multiprocessing.current_process().daemon:
        return 1
    return min(len(missing), os.cpu_count() or 1)


def _build_missing(missing: list[tuple[Any, ...]], use_cache: bool) -> None:
    sizes = "-".join(str(len(key[3])) for key in missing)
    h, w = missing[0][0], missing[0][1]
    expected = sum(_abstract_states(h * w, len(key[3])) for key in missing)
    show = StderrProgress(f"building the {h}x{w} pattern databases ({sizes} tiles)", interval=1.0)
    counters = multiprocessing.Array("q", len(missing), lock=False)
    _share(counters)

    def finish(slot: int, payload: bytes) -> None:
        key = missing[slot]
        _MEMORY[key] = payload
        counters[slot] = _abstract_states(h * w, len(key[3]))
        if use_cache:
            try:
                save_table(table_path(*key), table_meta(*key), payload)
            except OSError:
                pass  # an unwritable cache only costs a rebuild next time
        report()

    def report() -> None:
        show.update(f"{sum(counters) / 1e6:.1f} of {expected / 1e6:.1f} million states")

    workers = _workers(missing)
    try:
        if workers <= 1:
            for slot, key in enumerate(missing):
                finish(slot, _build_bytes(slot, *key, check=True))
        else:
            # a Pool, whose exit kills its workers: a budget's stop or a Ctrl-C leaves at once,
            # where a ProcessPoolExecutor would wait for the tables being built
            with multiprocessing.Pool(workers, _start_worker, (counters,)) as pool:
                built = pool.imap_unordered(_build_slot, enumerate(missing))
                left = len(missing)
                while left:
                    try:
                        finish(*built.next(timeout=1.0))
                        left -= 1
                    except multiprocessing.TimeoutError:
                        report()
    except BaseException:
        show.done("stopped")
        raise
    finally:
        _share(None)
    show.done(f"{len(missing)} tables, {expected / 1e6:.1f} million states")
