"""Additive pattern databases for the sliding-tile puzzle: the vectorised builder.

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

The tables a search uses come from :func:`searchkit_taquin.pdbcache.load_tables`: from memory,
from the disk cache, or built by this module under the search's budget.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence

import numpy as np

from .patterns import PDB_MAX_CELLS, bits_per_cell

__all__ = ["CHUNK", "PatternAbstraction", "build_table"]


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
