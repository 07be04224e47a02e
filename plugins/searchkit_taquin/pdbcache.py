"""The pattern databases of a partition: from memory, from the disk cache, or built.

:func:`load_tables` returns the tables for a partition, from memory, from the cache directory
(:func:`searchkit.patterndb.cache_directory`), or built by :func:`~searchkit_taquin.pdb.build_table`
(several in parallel, with a progress line on stderr when it takes more than a second) and then
saved with a checksummed header. A build runs under the budget of the search (or the command) it
is for: it stops when the budget's timer, a Ctrl-C or :func:`searchkit.check_budget` (called
between the steps of a build in this thread, a few tenths of a second apart at most) stops it, its
worker processes killed at once; the tables finished by then are kept, the others never stored.
Under a CPU time or a memory budget the tables are built one after the other in this thread: the
budget counts this thread's CPU time, or this process's growth, only, which a pool's workers would
not use.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from searchkit import check_budget, cpu_budgeted, memory_budgeted
from searchkit.patterndb import StderrProgress, cache_directory, load_table, save_table

from .patterns import bits_per_cell
from .pdb import build_table

__all__ = ["forget_loaded_tables", "load_tables", "table_meta", "table_path"]

FORMAT_VERSION = 1
_MEMORY: dict[tuple[Any, ...], bytes] = {}


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

    if check:
        return build_table(height, width, goal_cells, group, report, check_budget).tobytes()
    return build_table(height, width, goal_cells, group, report).tobytes()


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
        if payload is not None and len(payload) == _table_size(*key):
            _MEMORY[key] = payload
        else:
            missing.append(key)
    if missing:
        _build_missing(missing, use_cache)
    return [_MEMORY[key] for key in keys]


def _table_size(height: int, width: int, _goal: tuple[int, ...], group: tuple[int, ...]) -> int:
    """The bytes of a table of :func:`~searchkit_taquin.pdb.build_table`: a file of another size
    (its checksum matching what was written, by another version or by hand) is rebuilt, never
    indexed past its end."""
    return 1 << (bits_per_cell(height * width) * len(group))


def forget_loaded_tables() -> None:
    """Drop the tables held in memory, so the next :func:`load_tables` reads the cache files
    again (or rebuilds them); frees their memory too."""
    _MEMORY.clear()


def _workers(missing: list[tuple[Any, ...]]) -> int:
    """How many worker processes build ``missing``: one per table, at most one per core; 1 (no
    pool: the build runs in this thread) when the tables are small (4 tiles or fewer: a pool
    would cost more than it saves), when this process may not have children (a Dask worker's is
    a daemon), under a CPU time budget (:func:`~searchkit.cpu_budgeted`), which counts this
    thread's CPU time only, or under a memory budget (:func:`~searchkit.memory_budgeted`), which
    counts this process's growth only: the workers' would escape them."""
    small = max(len(key[3]) for key in missing) <= 4
    in_thread = cpu_budgeted() or memory_budgeted()
    if small or in_thread or multiprocessing.current_process().daemon:
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
