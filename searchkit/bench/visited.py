"""Suite ``visited``: memory per stored state and operations per second of the visited backends.

For ``n`` distinct keys (10^6 by default), each contender is built from scratch while
:mod:`tracemalloc` traces every allocation, so the bytes per state include the key objects the
container keeps alive: a ``dict`` or ``set`` of ints must keep one int object per key (32 bytes
for a 61-bit int), whereas our :class:`~searchkit.HashTable` copies integer keys into an
``array('q')`` and keeps no objects. Tuple keys (4 small ints) are kept alive by every container.
The tables are used as sets (``add`` / ``k in t``, value ``None``) and as maps (``t[k] = parent``,
what graph search stores). Timing runs separately, without tracing: ``n`` inserts, then ``n``
successful lookups. Target: the hash table stores int keys in at most a third of ``dict``'s
bytes per state.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from ..visited.hashtable import HashTable
from .harness import Table
from .suite import Options

NAME = "visited"


def int_keys(n: int) -> list[int]:
    """``n`` distinct pseudo-random 61-bit ints (a multiplicative hash of 0..n-1).

    >>> len(set(int_keys(1000)))
    1000
    """
    return [(i * 0x9E3779B97F4A7C15 + 1) % (2**61 - 1) for i in range(n)]


def tuple_keys(n: int) -> list[tuple[int, int, int, int]]:
    """``n`` distinct 4-tuples of small ints (the shape of a Rush Hour or Sokoban key).

    >>> len(set(tuple_keys(1000)))
    1000
    """
    return [(i % 50, i // 50 % 50, i // 2500 % 50, i // 125000) for i in range(n)]


def puzzle8_keys(n: int, root: tuple[int, ...] = tuple(range(9))) -> list[tuple[int, ...]]:
    """The first ``n`` boards (9-tuples, 0 = blank) of a breadth-first walk of the 8-puzzle from
    ``root`` (by default the blank-first solved board): real search keys, far from random (at
    most 181,440, the boards of ``root``'s parity).

    >>> keys = puzzle8_keys(1000)
    >>> len(set(keys)), keys[0]
    (1000, (0, 1, 2, 3, 4, 5, 6, 7, 8))
    >>> len(puzzle8_keys(10**6, root=(1, 2, 3, 4, 5, 6, 7, 8, 0)))
    181440
    """
    queue = [root]
    seen = set(queue)
    for board in queue:
        if len(queue) >= n:
            break
        blank = board.index(0)
        for other in (blank - 3, blank + 3) + ((blank - 1,) if blank % 3 else ()) + (
                (blank + 1,) if blank % 3 < 2 else ()):
            if 0 <= other < 9:
                cells = list(board)
                cells[blank], cells[other] = cells[other], 0
                child = tuple(cells)
                if child not in seen:
                    seen.add(child)
                    queue.append(child)
    return queue[:n]


def _copy(keys: list[Any]) -> Any:
    """Fresh key objects equal to ``keys`` (so that tracing counts what a container keeps)."""
    if keys and type(keys[0]) is int:
        return (k + 0 if k < 256 else int(str(k)) for k in keys)
    return (tuple(int(str(x)) if x > 256 else x for x in k) for k in keys)


def _build_set(kind: str, keys: Any) -> Any:
    if kind == "dict":
        d: dict[Any, Any] = {}
        for k in keys:
            d[k] = None
        return d
    if kind == "set":
        return set(keys)
    t = HashTable()
    add = t.add
    for k in keys:
        add(k)
    return t


def _build_map(kind: str, keys: Any) -> Any:
    prev = 0
    if kind == "dict":
        d: dict[Any, Any] = {}
        for k in keys:
            d[k] = prev
            prev = k
        return d
    t = HashTable()
    for k in keys:
        t[k] = prev
        prev = k
    return t


def _bytes_per_state(build: Callable[[Any], Any], keys: list[Any]) -> float:
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        container = build(_copy(keys))
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del container
    return (after - before) / len(keys)


def _ops(build: Callable[[Any], Any], keys: list[Any], repeat: int) -> tuple[float, float]:
    best_insert = best_lookup = float("inf")
    for _ in range(repeat):
        gc.collect()
        t0 = time.process_time()
        container = build(iter(keys))
        t1 = time.process_time()
        hits = sum(1 for k in keys if k in container)
        t2 = time.process_time()
        assert hits == len(keys)
        best_insert, best_lookup = min(best_insert, t1 - t0), min(best_lookup, t2 - t1)
    n = len(keys)
    return n / best_insert, n / best_lookup


def run(options: Options) -> Table:
    """Bytes per state and operations per second, per backend and kind of key."""
    n = 10_000 if options.quick else 1_000_000
    rows: list[list[Any]] = []
    ratios: dict[str, float] = {}
    for key_name, keys in (("int", int_keys(n)), ("tuple", tuple_keys(n)),
                           ("8-puzzle tuple", puzzle8_keys(n))):
        for usage, builder in (("set", _build_set), ("map", _build_map)):
            kinds = ("dict", "set", "hashtable") if usage == "set" else ("dict", "hashtable")
            reference = None
            for kind in kinds:
                build = (lambda it, kind=kind, builder=builder: builder(kind, it))
                per_state = _bytes_per_state(build, keys)
                inserts, lookups = _ops(build, keys, options.repeat)
                if kind == "dict":
                    reference = per_state
                ratio = per_state / reference if reference else None
                if kind == "hashtable":
                    ratios[f"{key_name} {usage}"] = ratio or 0.0
                rows.append([f"{kind} ({usage} usage)", key_name, len(keys), round(per_state, 1),
                             None if ratio is None else round(ratio, 3), round(inserts),
                             round(lookups)])
                if options.log:
                    options.log(f"  visited: {kind} {usage} {key_name}: {per_state:.1f} B/state")
    verdict = "met" if ratios.get("int set", 1) <= 1 / 3 else "NOT met"
    return Table(
        NAME, f"{NAME}: {n:,} distinct keys per container (the 8-puzzle has 181,440)",
        ["container", "keys", "states", "bytes/state", "vs dict", "inserts/s", "lookups/s"], rows,
        [f"- Target (HashTable int keys <= 1/3 of dict's bytes per state, set usage): {verdict} "
         f"({ratios.get('int set', 0):.3f}).",
         "- bytes/state: tracemalloc growth while building the container from fresh key "
         "objects, divided by the number of keys (includes the key objects kept alive).",
         "- HashTable is pure Python: it trades speed for memory (see inserts/s, lookups/s)."])
