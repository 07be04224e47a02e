"""Pattern databases: exact distances in an abstraction of a problem, used as heuristics, and the
checksummed table cache that plugins keep costly tables in.

A pattern database (PDB) is a heuristic computed ahead of time. Pick an **abstraction** of the
state space -- forget part of each state, e.g. which tile is which for all tiles but a few -- and
record, for every abstract state, the exact cost of reaching an abstract goal. If every concrete
move maps to an abstract move of no greater cost, that abstract distance is a lower bound on the
concrete one: the heuristic is admissible (and consistent).

**Additive** databases split the moves between several disjoint patterns: in each abstraction a
move costs 1 only when it moves one of the pattern's pieces and 0 otherwise. Each concrete move is
then paid by at most one database, so the *sum* of the databases is still admissible (Korf &
Felner 2002). Zero-cost abstract moves are why the builder below is a 0-1 breadth-first search
rather than a plain one.

Using it for a puzzle takes three steps:

1. Write the abstract space as a small :class:`~searchkit.Problem`-like object with
   ``goal_states()`` (the abstract goals) and ``predecessors(state)`` yielding
   ``(action, previous_state, cost)``, costs 0 or 1 for an additive database, any non-negative
   number otherwise. Abstract states must be hashable. For puzzles whose moves are reversible,
   ``predecessors`` is just ``successors``.
2. Call :func:`build_pattern_database` with a ``project`` function that drops what the heuristic
   does not look at (for a sliding-tile pattern: the blank's position, which the search does
   not want to pay for in memory). The database keeps, for each projection, the smallest distance.
3. In the concrete problem's ``heuristic(state)``, map the state to the projected key and look it
   up (:meth:`PatternDatabase.lookup`); sum several disjoint databases.

Building is breadth-first from the goals, so it costs O(V + E) time and O(V) memory in the size
of the abstract space: keep patterns small enough (millions of states, not billions). Puzzles
that need more speed (the 15-puzzle) write a specialised vectorised builder and use this one to
test it on small patterns, as the ``taquin`` plugin does.

Databases worth keeping (or any table a plugin builds once and reuses: the API is public) are
stored with :func:`save_table` and :func:`load_table` in :func:`cache_directory`: a header names
the table and carries a checksum, so a missing, stale or corrupt file is detected (``load_table``
returns ``None``) and rebuilt, never used silently. :class:`StderrProgress` shows a long build on
a terminal. (This module was ``searchkit.pdb``, a name that shadowed the standard library's
debugger; that import path still works, with a :class:`DeprecationWarning`.)

>>> class Line:                       # token on cells 0..4 of a line, goal cell 0
...     def goal_states(self): return [0]
...     def predecessors(self, c):
...         return [(d, c + d, 1) for d in (-1, 1) if 0 <= c + d <= 4]
>>> pdb = build_pattern_database(Line())
>>> [pdb.lookup(c) for c in range(5)], len(pdb), pdb.max_value
([0, 1, 2, 3, 4], 5, 4)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from heapq import heappop, heappush
from itertools import count
from pathlib import Path
from typing import Any

__all__ = [
    "PatternDatabase",
    "StderrProgress",
    "additive",
    "build_pattern_database",
    "cache_directory",
    "load_table",
    "save_table",
]


class PatternDatabase:
    """Distances to the nearest abstract goal, by projected abstract state.

    ``table`` maps a projected key to its distance; keys never reached are dead ends
    (:meth:`lookup` returns ``math.inf``: no concrete state that maps there can reach a goal,
    provided the abstraction maps every concrete move to an abstract one).
    """

    def __init__(self, table: dict[Hashable, float]) -> None:
        self.table = table

    def lookup(self, key: Hashable) -> float:
        """The distance of ``key`` (``math.inf`` if no abstract goal is reachable from it)."""
        return self.table.get(key, math.inf)

    def __len__(self) -> int:
        return len(self.table)

    @property
    def max_value(self) -> float:
        """The largest distance stored (0 for an empty table)."""
        return max(self.table.values(), default=0)

    def histogram(self) -> list[int]:
        """Number of keys per integer distance ``0 .. max_value`` (integer costs only)."""
        hist = [0] * (int(self.max_value) + 1)
        for value in self.table.values():
            hist[int(value)] += 1
        return hist


def build_pattern_database(
    abstract: Any,
    *,
    project: Callable[[Any], Hashable] | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> PatternDatabase:
    """Exact goal distances of every abstract state that can reach an abstract goal.

    Parameters
    ----------
    abstract:
        An object with ``goal_states()`` and ``predecessors(state)`` yielding
        ``(action, previous_state, cost)`` (see the module docstring).
    project:
        Maps an abstract state to the key stored; the stored value is the minimum over the
        states with that key (default: the state itself).
    progress:
        Called as ``progress(states_settled, current_distance)`` every 65,536 states.

    Costs 0 and 1 are searched with a double-ended queue (0-1 BFS: zero-cost moves go to the
    front); any other non-negative cost switches to Dijkstra's algorithm with a binary heap. Time
    O(E) (O(E log V) with other costs), memory O(V) for the distances.
    """
    dist: dict[Hashable, float] = {}
    tie = count()
    queue: deque[tuple[float, Any]] = deque()
    heap: list[tuple[float, int, Any]] = []
    for goal in abstract.goal_states():
        queue.append((0, goal))
    table: dict[Hashable, float] = {}
    settled = 0
    use_heap = False
    while queue or heap:
        if heap and (not queue or heap[0][0] <= queue[0][0]):
            d, _, state = heappop(heap)
        else:
            d, state = queue.popleft()
        if state in dist:
            continue
        dist[state] = d
        key = project(state) if project is not None else state
        if key not in table:  # states are settled by increasing distance: first is smallest
            table[key] = d
        settled += 1
        if progress is not None and settled % 65536 == 0:
            progress(settled, d)
        for _action, previous, cost in abstract.predecessors(state):
            if previous in dist:
                continue
            if cost == 0 and not use_heap:
                queue.appendleft((d, previous))
            elif cost == 1 and not use_heap:
                queue.append((d + 1, previous))
            else:
                if cost < 0:
                    raise ValueError(f"negative cost {cost!r} in a pattern database abstraction")
                if not use_heap:  # move everything to the heap once, then stay there
                    use_heap = True
                    for item in queue:
                        heappush(heap, (item[0], next(tie), item[1]))
                    queue.clear()
                heappush(heap, (d + cost, next(tie), previous))
    return PatternDatabase(table)


def cache_directory() -> Path:
    """Where searchkit caches tables: ``$SEARCHKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/searchkit``,
    else ``~/.cache/searchkit``. The directory is not created here."""
    explicit = os.environ.get("SEARCHKIT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "searchkit"
    return Path.home() / ".cache" / "searchkit"


_MAGIC = b"SEARCHKIT-TABLE 1\n"


def save_table(path: Path, meta: dict[str, Any], payload: bytes) -> None:
    """Write ``payload`` to ``path`` behind a header holding ``meta`` (JSON), the payload length
    and its SHA-256, atomically (a temporary file renamed into place). Creates the directory."""
    header = json.dumps({"meta": meta, "length": len(payload),
                         "sha256": hashlib.sha256(payload).hexdigest()}, sort_keys=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        f.write(_MAGIC)
        f.write(header.encode() + b"\n")
        f.write(payload)
    os.replace(tmp, path)


def load_table(path: Path, meta: dict[str, Any]) -> bytes | None:
    """The payload stored at ``path`` if its header carries exactly ``meta`` and the checksum and
    length match; ``None`` if the file is missing, stale (other ``meta``) or corrupt.

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "t.bin"
    >>> save_table(p, {"name": "demo"}, b"\\x00\\x01\\x02")
    >>> load_table(p, {"name": "demo"}), load_table(p, {"name": "other"})
    (b'\\x00\\x01\\x02', None)
    >>> _ = p.write_bytes(p.read_bytes()[:-1] + b"\\x07")     # corrupt the last byte
    >>> load_table(p, {"name": "demo"}) is None
    True
    """
    try:
        with open(path, "rb") as f:
            if f.readline() != _MAGIC:
                return None
            header = json.loads(f.readline())
            payload = f.read()
    except (OSError, ValueError):
        return None
    if not isinstance(header, dict) or header.get("meta") != json.loads(json.dumps(meta)):
        return None
    if header.get("length") != len(payload):
        return None
    if header.get("sha256") != hashlib.sha256(payload).hexdigest():
        return None
    return payload


class StderrProgress:
    """A progress line on stderr for long builds, silent when the work is quick and whenever
    the stream is not a terminal (a redirected log gets no carriage returns or escape codes).

    Nothing is printed before ``delay`` seconds have passed since creation; then each
    :meth:`update` rewrites one line (at most every ``interval`` seconds) and :meth:`done`
    ends it with the total time. ``enabled`` forces it on or off (default: ``stream.isatty()``).
    """

    def __init__(self, label: str, delay: float = 1.0, interval: float = 0.5,
                 stream: Any = None, enabled: bool | None = None) -> None:
        self.label = label
        self.delay, self.interval = delay, interval
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def update(self, message: str) -> None:
        """Show ``message`` if the build has already taken ``delay`` seconds."""
        now = time.monotonic()
        if not self.enabled or now - self.start < self.delay or now - self.last < self.interval:
            return
        self.last = now
        self.shown = True
        self.stream.write(f"\r{self.label}: {message} ({now - self.start:.0f}s)\x1b[K")
        self.stream.flush()

    def done(self, message: str = "done") -> None:
        """End the line if anything was shown."""
        if self.shown:
            self.stream.write(f"\r{self.label}: {message} in "
                              f"{time.monotonic() - self.start:.1f}s\x1b[K\n")
            self.stream.flush()


def additive(lookups: Iterable[Callable[[Any], float]]) -> Callable[[Any], float]:
    """The sum of several disjoint databases' lookups, as one heuristic function."""
    parts = tuple(lookups)

    def total(state: Any) -> float:
        return sum(f(state) for f in parts)

    return total

