"""Per-tile and per-line lower bounds for the sliding-tile puzzle (pure functions, no state).

Boards are tuples ``cells`` of internal labels (0 = blank) and ``goal_cell[t]`` is the goal cell
of tile ``t``. Every function here is admissible on its own; the problem module turns them into
incremental updates.

* :func:`misplaced` -- tiles (not the blank) off their goal cell: each needs at least one move.
* :func:`manhattan` -- sum of each tile's taxicab distance to its goal cell: a move moves one tile
  one step, so it lowers the sum by at most 1.
* :func:`line_conflict` -- linear conflicts of one row or column (Hansson, Mayer & Yung, 1992): the
  tiles of the line that belong to it, listed in line order; the fewest tiles to remove so the
  goal positions of the others increase is ``len - LIS``; each removed tile must leave the line
  and come back, two moves that Manhattan does not count.

>>> goal = {t: t for t in range(9)}        # blank first, tile k on cell k
>>> cells = (8, 7, 0, 1, 3, 5, 4, 6, 2)    # '87 135462'
>>> manhattan(cells, goal, 3), misplaced(cells, goal)
(14, 7)
>>> manhattan(cells, goal, 3) + linear_conflicts(cells, goal, 3, 3)
16
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence

__all__ = ["line_conflict", "linear_conflicts", "lines", "manhattan", "misplaced"]


def misplaced(cells: Sequence[int], goal_cell: Mapping[int, int] | Sequence[int]) -> int:
    """Number of tiles (blank excluded) not on their goal cell."""
    return sum(1 for c, t in enumerate(cells) if t and goal_cell[t] != c)


def manhattan(cells: Sequence[int], goal_cell: Mapping[int, int] | Sequence[int],
              width: int) -> int:
    """Sum over tiles (blank excluded) of the taxicab distance to the goal cell."""
    total = 0
    for c, t in enumerate(cells):
        if t:
            g = goal_cell[t]
            total += abs(c // width - g // width) + abs(c % width - g % width)
    return total


def line_conflict(goal_positions: Sequence[int]) -> int:
    """Extra moves for one line: ``2 * (len - LIS)`` of the goal positions (in line order) of the
    tiles that are in their goal line.

    >>> line_conflict([2, 0, 1]), line_conflict([0, 1, 2]), line_conflict([2, 1, 0])
    (2, 0, 4)
    """
    tails: list[int] = []
    for p in goal_positions:
        i = bisect_left(tails, p)
        if i == len(tails):
            tails.append(p)
        else:
            tails[i] = p
    return 2 * (len(goal_positions) - len(tails))


def lines(height: int, width: int) -> list[tuple[str, int, list[int]]]:
    """Every row and column as ``(kind, index, cells in order)``, kind ``"row"`` or ``"col"``."""
    rows = [("row", r, [r * width + c for c in range(width)]) for r in range(height)]
    cols = [("col", c, [r * width + c for r in range(height)]) for c in range(width)]
    return rows + cols


def conflict_of_line(kind: str, index: int, tiles: Sequence[int],
                     goal_cell: Mapping[int, int] | Sequence[int], width: int) -> int:
    """:func:`line_conflict` of row/column ``index`` holding ``tiles`` (in line order, 0: the
    blank)."""
    positions = []
    for t in tiles:
        if not t:
            continue
        g = goal_cell[t]
        if kind == "row" and g // width == index:
            positions.append(g % width)
        elif kind == "col" and g % width == index:
            positions.append(g // width)
    return line_conflict(positions)


def linear_conflicts(cells: Sequence[int], goal_cell: Mapping[int, int] | Sequence[int],
                     height: int, width: int) -> int:
    """Sum of :func:`conflict_of_line` over all rows and columns. Row and column conflicts add up
    because the extra moves they count are vertical for rows and horizontal for columns, and
    Manhattan already counts each tile's moves in each direction separately."""
    return sum(conflict_of_line(kind, i, [cells[c] for c in line], goal_cell, width)
               for kind, i, line in lines(height, width))
