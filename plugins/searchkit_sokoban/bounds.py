"""Lower bounds on what a position still needs: pushes (:class:`PushBound`), moves
(:class:`MoveBound`).

**Push bounds** (the ``heuristic`` option): ``zero``, ``simple`` (sum over boxes of the push
distance to the nearest goal) and ``matching`` (minimum-cost perfect matching of boxes to goals
on push distances, :class:`~.assignment.Assignment`). All three are admissible and consistent
for both cost models: a push moves one box one cell, which changes a box-alone push distance by
at most 1, and costs at least 1. With ``keeper_aware`` the push distances respect the keeper's
side of each box (:meth:`Board._keeper_aware_distances`). A level whose boxes and reachable
goals differ in number (a goal or a box sealed off) has no perfect matching: ``matching`` is
then ``inf`` everywhere.

**The moves bound** adds the keeper's walk to his nearest possible push, or takes the most
moves some few boxes need alone (:class:`~.subsetmoves.SubsetMoveBound`) when that is more.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#######\\n#@ $ .#\\n#######")[0])
>>> PushBound(board).value(board.initial_boxes, board.keeper)
2
>>> MoveBound(PushBound(board)).value(board.initial_boxes, board.keeper)  # walk 1 + 2 pushes
3
"""

from __future__ import annotations

from math import inf
from typing import Any

from .assignment import Assignment
from .board import Board
from .subsetmoves import SubsetMoveBound
from .subsets import level_table

__all__ = ["HEURISTICS", "MoveBound", "PushBound"]

#: The push bounds, by option value.
HEURISTICS = ("matching", "simple", "zero")


class PushBound:
    """A lower bound on the pushes a position needs (see the module docstring), cached.

    Values are cached per box set and, with keeper-aware distances, the keeper's side of every
    box (the only keeper data they depend on).
    """

    def __init__(self, board: Board, heuristic: str = "matching",
                 keeper_aware: bool = True) -> None:
        if heuristic not in HEURISTICS:
            raise ValueError(f"unknown heuristic {heuristic!r} (valid: {', '.join(HEURISTICS)})")
        self.board = board
        self.name = heuristic
        #: whether :meth:`child` and :meth:`parent` work on assignments (and ``inf`` means
        #: no perfect matching: the ``bipartite`` rule can read it)
        self.is_matching = heuristic == "matching"
        self.keeper_aware = keeper_aware
        self._cache: dict[Any, float] = {}
        self._assignments: dict[Any, Assignment] = {}
        self._row_cache: dict[int, list[float]] = {}  # see _row
        #: stands for a missing edge in the assignments: more than any matching of finite edges
        #: (a finite distance is below the 4 x floor (cell, side) pairs; the tables wait for use)
        self._big = (4 * len(board.floor) + 1) * (len(board.goals) + 1)
        #: a perfect matching needs as many reachable goals as boxes
        self._square = len(board.goals) == len(board.initial_boxes)

    def value(self, boxes: tuple[int, ...], keeper: int) -> float:
        """The bound of ``boxes`` with the keeper on ``keeper``."""
        key = self._key(boxes, keeper)
        value = self._cache.get(key)
        if value is None:
            if self.is_matching:
                found = self.parent(boxes, keeper)
                value = inf if found is None else found.value
            elif self.name == "zero":
                value = 0
            else:
                value = sum(min(row, default=inf) for row in self._rows(boxes, keeper))
            self._cache[key] = value
        return value

    def parent(self, boxes: tuple[int, ...], keeper: int) -> Assignment | None:
        """What :meth:`child` reuses of a parent position: with ``matching``, its optimal
        box-to-goal assignment (solved in full on a cache miss, O(n^3)); else ``None``."""
        if not self.is_matching or not self._square:
            return None
        key = self._key(boxes, keeper)
        found = self._assignments.get(key)
        if found is None:
            found = self._assignments[key] = Assignment.solve(self._rows(boxes, keeper),
                                                              self._big)
        return found

    def child(self, boxes: tuple[int, ...], keeper: int, parent: Assignment | None,
              index: int, cell: int) -> float:
        """:meth:`value` of a child: the parent's box ``index`` moved to ``cell``, the keeper
        on ``keeper``; ``parent`` is :meth:`parent` of the parent position.

        With the ``matching`` heuristic a cache miss re-solves only the moved box's row, in
        O(n^2): the other boxes' rows are the parent's, because the keeper walked to the push
        without crossing their cells, so he is on the same side of each of them as before.
        """
        key = self._key(boxes, keeper)
        value = self._cache.get(key)
        if value is None:
            if parent is None:
                return self.value(boxes, keeper)
            row = self._row(cell, keeper)
            child = parent.replace_row(index, row).move_row(index, boxes.index(cell))
            self._assignments[key] = child
            value = self._cache[key] = child.value
        return value

    def _key(self, boxes: tuple[int, ...], keeper: int) -> Any:
        """What the bound depends on: the boxes, and the keeper's side of each of them."""
        if self.keeper_aware:
            side = self.board.side
            return boxes, tuple([side[c][keeper] for c in boxes])
        return boxes

    def _row(self, cell: int, keeper: int) -> list[float]:
        """The push distance from a box on ``cell`` to each goal, cached per cell and keeper
        side (do not modify it)."""
        side = self.board.side[cell][keeper] if self.keeper_aware else 0
        found = self._row_cache.get(5 * cell + side)
        if found is None:
            found = self._row_cache[5 * cell + side] = self._rows((cell,), keeper)[0]
        return found

    def _rows(self, boxes: tuple[int, ...], keeper: int) -> list[list[float]]:
        """The push distance from each box to each goal (one row per box)."""
        board = self.board
        if self.keeper_aware:
            side = board.side
            return [[d[4 * c + side[c][keeper]] for d in board.keeper_distance] for c in boxes]
        return [[d[c] for d in board.push_distance] for c in boxes]


class MoveBound:
    """A lower bound on the moves a position needs, from its :class:`PushBound`.

    The push bound plus the keeper's walk to the nearest push he can make, or, with
    ``few_boxes``, the most moves some few boxes need alone (:class:`SubsetMoveBound`) if that
    is more. Before his next push the keeper walks at least to a square beside a box that he can
    push onto a free, live square; no push bound counts these steps. Consistent: that walk is
    part of the cost of every push leaving the position; the maximum of consistent bounds is
    consistent. With the ``zero`` push bound it is 0.
    """

    def __init__(self, pushes: PushBound, *, few_boxes: bool = True,
                 subsets: bool = False) -> None:
        self.pushes = pushes
        self.board = pushes.board
        self.few_boxes = few_boxes and pushes.name != "zero"
        #: whether the ``subsets`` rule's table is built anyway: it tells which sizes fit
        self._subsets = subsets

    def value(self, boxes: tuple[int, ...], keeper: int) -> float:
        """The bound of the position."""
        return self.with_push_bound(boxes, keeper, self.pushes.value(boxes, keeper))

    def with_push_bound(self, boxes: tuple[int, ...], keeper: int, bound: float) -> float:
        """The bound of the position whose push bound is ``bound``.

        The walk is O(1) when the keeper stands beside a box he can push (the usual case: after
        a push he stands behind the box he pushed), else a breadth-first walk that stops at the
        first such square.
        """
        value = bound
        board = self.board
        if self.pushes.name == "zero" or value == inf or boxes == board.goals:
            return value
        is_floor, dead = board.is_floor, board.dead
        for off in board.offsets:
            nxt = keeper + off
            if nxt in boxes:
                beyond = nxt + off
                if is_floor[beyond] and not dead[beyond] and beyond not in boxes:
                    break
        else:
            value += self._walk_to_push(boxes, keeper)
        if self.few_boxes:
            alone = self.few_boxes_table().bound(boxes, keeper)
            if alone > value:
                return alone
        return value

    def few_boxes_table(self) -> SubsetMoveBound:
        """The table of ``few_boxes``, built on first use and shared through
        :meth:`Board.derived`."""
        return self.board.derived("move_bound", self._build_table)

    def _build_table(self) -> SubsetMoveBound:
        sizes = None  # which sizes fit: the subsets table knows, if there is one
        board = self.board
        if self._subsets or board.has_derived("subsets"):
            table = level_table(board)
            sizes = {k: len(found) for k, found in table.tables.items()}
        return SubsetMoveBound(board, sizes=sizes)

    def _walk_to_push(self, boxes: tuple[int, ...], keeper: int) -> float:
        """The keeper's walk to the nearest square from which he can push a box onto a free,
        live square (``inf`` when there is none). Breadth-first, O(floor)."""
        board = self.board
        is_floor, dead, neighbours, offsets = board.is_floor, board.dead, board.neighbours, \
            board.offsets
        box_set = set(boxes)
        seen = {keeper}
        layer = [keeper]
        distance = 0
        while layer:
            for cell in layer:
                for off in offsets:
                    nxt = cell + off
                    if nxt in box_set:
                        beyond = nxt + off
                        if is_floor[beyond] and not dead[beyond] and beyond not in box_set:
                            return distance
            distance += 1
            following = []
            for cell in layer:
                for nxt in neighbours[cell]:
                    if nxt not in seen and nxt not in box_set:
                        seen.add(nxt)
                        following.append(nxt)
            layer = following
        return inf  # no push is possible any more: a dead end
