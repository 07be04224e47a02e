"""A lower bound on the moves still needed, from the moves that a few boxes alone need.

The abstraction of :mod:`.subsets` (``k`` of the boxes, all others removed; the walls, goals
and keeper stay), measured in moves rather than solvability: for ``cost="moves"``, the fewest
moves some ``k`` boxes need alone bound the moves the whole position needs, and a breadth-first
search backwards from the solved ``k``-box positions gives them exactly, for every box set and
keeper cell at once (bit masks: :mod:`.boxsets`).
"""

from __future__ import annotations

from itertools import combinations
from math import comb, inf

from searchkit import check_budget

from .board import Board
from .boxsets import floor_mask, mask_pulls

__all__ = ["UNSOLVABLE", "SubsetMoveBound"]

UNSOLVABLE = 255  #: a move distance of :class:`SubsetMoveBound` for an unsolvable position


class SubsetMoveBound:
    """A lower bound on the moves still needed: the most moves any ``k`` boxes alone need.

    Projecting a plan onto ``k`` of its boxes (the others removed) keeps the keeper's path step
    for step, so it is a plan of as many moves for those boxes alone: the fewest moves of that
    smaller problem bound the real ones, and so does their maximum over the ``k``-box subsets.
    Each is an exact distance in a relaxed problem, so the bound is consistent, and it is
    :data:`inf` when some subset cannot be solved.

    ``k`` is the largest size, at most ``max_boxes``, with at most ``max_groups`` subsets of the
    level's boxes and at most ``max_sets`` box sets in its table (0 when none fits: the bound is
    then 0). ``sizes``, when given, is the number of solvable box sets per size (the lengths of
    :attr:`.subsets.SubsetTable.tables`): sizes it lacks or that exceed ``max_sets`` are not
    tried, which spares building a table only to drop it. ``distances`` maps a box set (bit
    mask) to the fewest moves per keeper cell, capped at 254 (still a lower bound),
    :data:`UNSOLVABLE` when it cannot be solved. Built by one breadth-first search backwards
    from the solved positions, a layer of keeper cells at a time; :meth:`bound` costs
    C(boxes, k) lookups.

    >>> from .levels import split_levels
    >>> from .board import Board
    >>> board = Board(split_levels("#######\\n#@    #\\n# $$  #\\n#   ..#\\n#######")[0])
    >>> bound = SubsetMoveBound(board)
    >>> bound.k, bound.bound(board.initial_boxes, board.keeper)  # two boxes: exact
    (2, 13)
    """

    def __init__(self, board: Board, max_boxes: int = 4, max_groups: int = 60,
                 max_sets: int = 30_000, sizes: dict[int, int] | None = None) -> None:
        self.k = 0
        self.distances: dict[int, bytearray] = {}
        boxes = len(board.goals)
        for k in range(min(max_boxes, boxes), 1, -1):
            if comb(boxes, k) > max_groups or sizes is not None and \
                    sizes.get(k, max_sets + 1) > max_sets:
                continue
            found = _move_distances(board, k, max_sets)
            if found is not None:
                self.k, self.distances = k, found
                break

    def bound(self, boxes: tuple[int, ...], keeper: int) -> float:
        """The largest number of moves some ``k`` of ``boxes`` need alone, the keeper on
        ``keeper`` (:data:`inf` when some cannot be solved)."""
        if not self.k:
            return 0
        distances = self.distances
        best = 0
        for group in combinations([1 << cell for cell in boxes], self.k):
            row = distances.get(sum(group))
            if row is None:
                return inf
            moves = row[keeper]
            if moves > best:
                if moves == UNSOLVABLE:
                    return inf
                best = moves
        return best


def _move_distances(board: Board, k: int, max_sets: int) -> dict[int, bytearray] | None:
    """Box set -> fewest moves per keeper cell (:data:`UNSOLVABLE` if none) of every ``k``-box
    position, or None when more than ``max_sets`` box sets are solvable.

    Breadth-first backwards from the solved positions, one distance layer at a time: each box
    set carries the mask of keeper cells first reached at that distance; the next layer is their
    keeper steps (shifts and masks) and their pulls, minus what was reached before.
    """
    width, offsets, size = board.width, board.offsets, board.size
    floor = floor_mask(board)
    distances: dict[int, bytearray] = {}
    seen: dict[int, int] = {}
    layer: dict[int, int] = {}
    for goals in combinations(board.goals, k):
        boxes = sum(1 << goal for goal in goals)
        layer[boxes] = floor & ~boxes
    moves = 0
    while layer:
        check_budget()  # a long build runs under the budget of the search that needs it
        for boxes, reached in layer.items():
            seen[boxes] = seen.get(boxes, 0) | reached
            row = distances.get(boxes)
            if row is None:
                row = distances[boxes] = bytearray([UNSOLVABLE]) * size
            value = min(moves, UNSOLVABLE - 1)
            while reached:
                low = reached & -reached
                reached ^= low
                row[low.bit_length() - 1] = value
        if len(distances) > max_sets:
            return None
        following: dict[int, int] = {}
        for boxes, reached in layer.items():
            free = floor & ~boxes
            walked = (reached << 1 | reached >> 1 | reached << width | reached >> width) \
                & free & ~seen[boxes]
            if walked:
                following[boxes] = following.get(boxes, 0) | walked
            for pulled, step in mask_pulls(boxes, reached, free, offsets):
                if not seen.get(pulled, 0) >> step & 1:
                    following[pulled] = following.get(pulled, 0) | 1 << step
        layer = following
        moves += 1
    return distances
