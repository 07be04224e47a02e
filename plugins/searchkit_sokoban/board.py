"""The static part of a Sokoban level: walls, goals, push distances and dead squares.

Cells are numbered row by row on the board padded with one outside cell on every side, so every
floor cell has four neighbours inside the array: moving in direction ``d`` adds ``OFFSETS[d]``
(up ``-width``, down ``+width``, left ``-1``, right ``+1``). Box sets are sorted tuples of cell
numbers.

*Floor* is every non-wall cell the keeper could walk to if no box were in the way. Boxes or goals
outside it are sealed off: a box on a goal there is scenery (drawn, treated as a wall); anything
else there makes the level unsolvable (:attr:`Board.unsolvable`).

Push distances are box-alone distances: ``push_distance[g][c]`` is the fewest pushes that bring
a box from ``c`` to goal ``g`` when no other box is on the board, the keeper being allowed to
stand on any floor cell behind the box (his reachability is ignored, which keeps it a lower bound).
They are computed by *pulling* a box from each goal (breadth-first, O(goals x floor)). A *dead
square* is a floor cell from which no goal can be reached that way: a box there is lost.

Building a board only validates the level and floods its floor, in time linear in its size; the
tables (push distances, dead squares, the keeper's sides, keeper-aware distances) are built on
first use, by the search that needs them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cached_property
from math import inf
from typing import Any

from searchkit import PuzzleFormatError

from .levels import BOARD_CHARS, MAX_COLS, MAX_ROWS, RawLevel

__all__ = ["MOVE_CHARS", "PUSH_CHARS", "Board"]

#: LURD letters in the order of :attr:`Board.offsets` (up, down, left, right): walks, pushes.
MOVE_CHARS = "udlr"
PUSH_CHARS = "UDLR"


class Board:
    """The static data of one level, validated (see the module docstring).

    Raises :class:`PuzzleFormatError` naming the line for unknown characters, a missing or second
    keeper, box and goal counts that differ, a keeper who can walk off the map, or a board of
    more than ``MAX_ROWS`` rows or ``MAX_COLS`` columns.

    >>> from .levels import split_levels
    >>> b = Board(split_levels("#####\\n#@$.#\\n#####")[0])
    >>> len(b.floor), bool(b.dead[b.cell(1, 1)]), b.push_distance[0][b.cell(1, 2)]
    (3, True, 1)
    """

    def __init__(self, raw: RawLevel) -> None:
        self.name = raw.name
        if raw.error is not None:
            raise raw.error
        rows = raw.rows
        if len(rows) > MAX_ROWS:
            raise PuzzleFormatError(f"{len(rows):,} rows: a board has at most {MAX_ROWS} rows",
                                    raw.first_line)
        for line, row in rows:
            if len(row) > MAX_COLS:
                raise PuzzleFormatError(f"a row of {len(row):,} cells: a board has at most "
                                        f"{MAX_COLS} columns", line)
        self.lines = [line for line, _ in rows]
        for line, row in rows:
            for col, ch in enumerate(row, start=1):
                if ch not in BOARD_CHARS:
                    raise PuzzleFormatError(f"unknown character {ch!r} in column {col}", line)
        self.rows = len(rows)
        self.cols = max(len(row) for _, row in rows)
        width = self.width = self.cols + 2
        self.size = width * (self.rows + 2)
        self.offsets = (-width, width, -1, 1)
        self.row_lengths = [len(row) for _, row in rows]
        keeper = -1
        walls, goals, boxes = set(), set(), set()
        for r, (line, row) in enumerate(rows):
            for c, ch in enumerate(row):
                cell = self.cell(r, c)
                if ch == "#":
                    walls.add(cell)
                if ch in ".+*":
                    goals.add(cell)
                if ch in "$*":
                    boxes.add(cell)
                if ch in "@+":
                    if keeper >= 0:
                        raise PuzzleFormatError("a second keeper ('@' or '+'); a level has one",
                                                line)
                    keeper = cell
        if keeper < 0:
            raise PuzzleFormatError("no keeper ('@' or '+') in this level", raw.first_line)
        if len(boxes) != len(goals):
            raise PuzzleFormatError(
                f"the level has {_count(len(boxes), 'box', 'boxes')} but "
                f"{_count(len(goals), 'goal', 'goals')}", raw.first_line)
        self.keeper = keeper
        self.static_walls = frozenset(walls)
        floor = self._flood(keeper, walls)
        sealed_boxes = boxes - floor
        sealed_goals = goals - floor
        self.scenery = frozenset(sealed_boxes & sealed_goals)  # boxes on goals, sealed off
        #: boxes off goals and goals without a box, sealed off: the level cannot be solved
        self.stray_boxes = frozenset(sealed_boxes - sealed_goals)
        self.stray_goals = frozenset(sealed_goals - sealed_boxes)
        self.unsolvable: str | None = None
        stray = self.stray_boxes | self.stray_goals
        if stray:
            r, c = self.row_col(min(stray))
            what = "box" if min(stray) in sealed_boxes else "goal"
            self.unsolvable = (f"the {what} at line {self.lines[r]} column {c + 1} is sealed off "
                               "from the keeper")
        self.floor = tuple(sorted(floor))
        self.is_floor = bytearray(self.size)
        for cell in floor:
            self.is_floor[cell] = 1
        self.goals = tuple(sorted(goals & floor))
        self.is_goal = bytearray(self.size)
        for cell in self.goals:
            self.is_goal[cell] = 1
        self.initial_boxes = tuple(sorted(boxes & floor))
        self.neighbours = [tuple(cell + off for off in self.offsets if self.is_floor[cell + off])
                           if self.is_floor[cell] else () for cell in range(self.size)]
        self._derived: dict[str, Any] = {}  # see derived()

    @cached_property
    def push_distance(self) -> list[list[float]]:
        """``push_distance[g][c]``: box-alone pushes from cell ``c`` to goal ``g`` (``inf``:
        never). O(goals x floor), on first use."""
        return [self.box_distances(g) for g in self.goals]

    @cached_property
    def dead(self) -> bytearray:
        """``dead[c]`` is 1 for the floor cells from which a box alone reaches no goal."""
        return self.unreached(self.push_distance)

    def unreached(self, distances: list[list[float]]) -> bytearray:
        """1 for the floor cells that every table of ``distances`` (box-alone pushes, per cell:
        :meth:`box_distances`) says ``inf``: :attr:`dead` for the goals' tables, the backward
        search's dead cells for the starting cells' (:mod:`.pulls`)."""
        dead = bytearray(self.size)
        for cell in self.floor:
            if all(d[cell] == inf for d in distances):
                dead[cell] = 1
        return dead

    @cached_property
    def side(self) -> list[bytes]:
        """The keeper's side of a box (see :meth:`_side_labels`); O(floor^2), on first use."""
        return self._side_labels()

    @cached_property
    def keeper_distance(self) -> list[list[float]]:
        """Keeper-aware push distances per goal (see :meth:`_keeper_aware_distances`)."""
        return [self._keeper_aware_distances(g) for g in self.goals]

    @cached_property
    def passage(self) -> list[bytearray]:
        """``passage[d][c]`` is 1 when ``c`` and its neighbour in direction ``d`` are both in a
        one-wide passage along ``d`` (floor, walls on both sides across ``d``): a keeper on the
        neighbour cannot get round a box on ``c`` there. The tunnel macros' test (forwards: the
        keeper behind the box; backwards: ahead of it). O(floor)."""
        floor = self.is_floor
        passage = [bytearray(self.size) for _ in range(4)]
        for d, off in enumerate(self.offsets):
            across = self.width if off in (-1, 1) else 1
            for cell in self.floor:
                beside = cell + off
                if floor[beside] and not floor[cell + across] and not floor[cell - across] \
                        and not floor[beside + across] and not floor[beside - across]:
                    passage[d][cell] = 1
        return passage

    def derived(self, name: str, build: Callable[[], Any]) -> Any:
        """The table ``name`` derived from the level, built by ``build()`` on first use and
        then shared by every problem on this board (the ``subsets`` tables of :mod:`.subsets`:
        a second search on the same level, such as the tie-break, does not build them again).
        """
        if name not in self._derived:
            self._derived[name] = build()
        return self._derived[name]

    def manhattan(self, cell: int) -> list[int]:
        """The Manhattan distance from ``cell`` to every cell of the board (row and column
        steps, walls ignored): how the deadlock tables pick a pushed box's nearest others.
        O(size) on first use per cell, then shared.

        >>> from .levels import split_levels
        >>> board = Board(split_levels("#####\\n#@$.#\\n#####")[0])
        >>> board.manhattan(board.keeper)[board.goals[0]]
        2
        """
        table = self.derived("manhattan", dict)
        distances = table.get(cell)
        if distances is None:
            width = self.width
            r, c = divmod(cell, width)
            distances = table[cell] = [abs(x // width - r) + abs(x % width - c)
                                       for x in range(self.size)]
        return distances

    def has_derived(self, name: str) -> bool:
        """Whether :meth:`derived` has built ``name`` already."""
        return name in self._derived

    def cell(self, row: int, col: int) -> int:
        """The cell number of board row ``row``, column ``col`` (both 0-based, unpadded)."""
        return (row + 1) * self.width + col + 1

    def row_col(self, cell: int) -> tuple[int, int]:
        """The 0-based unpadded ``(row, column)`` of ``cell``."""
        r, c = divmod(cell, self.width)
        return r - 1, c - 1

    def _flood(self, start: int, walls: set[int]) -> set[int]:
        """Non-wall cells reachable from ``start``; error if the walk leaves the map."""
        seen = {start}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            r, c = self.row_col(cell)
            for off in self.offsets:
                nxt = cell + off
                nr, nc = self.row_col(nxt)
                if not (0 <= nr < self.rows and 0 <= nc < self.row_lengths[nr]):
                    raise PuzzleFormatError(
                        f"the level is not closed by walls: the keeper can walk off the map "
                        f"from column {c + 1}", self.lines[r])
                if nxt not in walls and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def _side_labels(self) -> list[bytes]:
        """``side[c][x]``: for a box on floor cell ``c``, which side of it cell ``x`` lies on.

        The label is the smallest direction ``d`` such that ``c + offsets[d]`` is in the same
        connected part of the floor without ``c`` as ``x`` (4 for walls and ``c`` itself).
        A keeper never changes side while the box stays put. O(floor^2) time and bytes.
        """
        labels: list[bytes] = [b""] * self.size
        for c in self.floor:
            side = bytearray([4]) * self.size
            for d, off in enumerate(self.offsets):
                start = c + off
                if not self.is_floor[start] or side[start] != 4:
                    continue
                side[start] = d
                queue = [start]
                for cell in queue:
                    for nxt in self.neighbours[cell]:
                        if nxt != c and side[nxt] == 4:
                            side[nxt] = d
                            queue.append(nxt)
            labels[c] = bytes(side)
        return labels

    def _keeper_aware_distances(self, goal: int) -> list[float]:
        """Push distances to ``goal`` that respect the keeper's side: index ``4 * cell + side``.

        Entry ``4c + s`` is the fewest pushes bringing a box alone from ``c`` to ``goal`` when the
        keeper is on side ``s`` of it (see :meth:`_side_labels`): to push the box in direction
        ``d`` the keeper must stand on its side ``-d`` and be able to walk there around the box.
        Computed backwards from the goal by breadth-first search over (cell, side) pairs.
        """
        dist: list[float] = [inf] * (4 * self.size)
        offsets, side, is_floor = self.offsets, self.side, self.is_floor
        queue = []
        for s in range(4):
            if is_floor[goal + offsets[s]]:
                label = side[goal][goal + offsets[s]]
                if dist[4 * goal + label] == inf:
                    dist[4 * goal + label] = 0
                    queue.append(4 * goal + label)
        for state in queue:
            box, label = divmod(state, 4)
            for off in offsets:
                before = box - off  # the box came from here, pushed along ``off``
                stand = before - off  # where the keeper stood for that push
                if not (is_floor[before] and is_floor[stand]):
                    continue
                if side[box][before] != label:  # after the push the keeper is on `before`
                    continue
                prev = 4 * before + side[before][stand]
                if dist[prev] == inf:
                    dist[prev] = dist[state] + 1
                    queue.append(prev)
        return dist

    def box_distances(self, cell: int, *, to_cell: bool = True) -> list[float]:
        """Box-alone pushes between ``cell`` and every cell (``inf``: never), breadth-first:
        from each cell *to* ``cell`` (``to_cell=True``, what :attr:`push_distance` holds per
        goal), or *from* ``cell`` to each (``to_cell=False``, from a box's starting cell)."""
        dist: list[float] = [inf] * self.size
        dist[cell] = 0
        queue = [cell]
        is_floor = self.is_floor
        for box in queue:
            for off in self.offsets:
                # backwards: the box stood on box - off, the keeper behind it; forwards: the
                # keeper stands on box - off and pushes the box onto box + off
                nxt, keeper = (box - off, box - 2 * off) if to_cell else (box + off, box - off)
                if is_floor[nxt] and is_floor[keeper] and dist[nxt] == inf:
                    dist[nxt] = dist[box] + 1
                    queue.append(nxt)
        return dist


def _count(n: int, one: str, many: str) -> str:
    """``n`` with its noun: ``1 box``, ``2 boxes``, ``0 goals``."""
    return f"{n} {one if n == 1 else many}"
