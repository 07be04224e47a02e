"""The pushes that carry one box to a goal, the other boxes staying put: the search behind
the goal macros (:mod:`.anyplan`) and the packing advisor (:mod:`.advisors`).

The search runs over (box cell, keeper cell) pairs: the keeper stands where the box was after
each push, and between two pushes in different directions he must walk round the box
(:class:`~.floods.WalkRound`: floods grown only as far as a question needs). The box never
enters a dead square, a wall or another box.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#######\\n#.    #\\n# $ @ #\\n#     #\\n#######")[0])
>>> directions, keeper = box_route(board, board.initial_boxes, board.initial_boxes[0],
...                                board.keeper, board.goals[0])
>>> len(directions), keeper == board.cell(1, 2)  # up, then left: the keeper walks round
(2, True)
"""

from __future__ import annotations

from heapq import heappop, heappush

from .board import Board
from .floods import WALLS, WalkRound

__all__ = ["box_route"]


def box_route(board: Board, boxes: tuple[int, ...], box: int, keeper: int, goal: int, *,
              area: bytearray | None = None, distance: list[float] | None = None,
              limit: int | None = None) -> tuple[tuple[int, ...], int] | None:
    """The directions of the pushes that bring the box on ``box`` to ``goal`` (the keeper on
    ``keeper``, the other ``boxes`` fixed) and the keeper's cell after them, or ``None``.

    Without ``distance``, breadth-first: the fewest pushes. With ``distance`` (pushes from each
    cell to ``goal``, e.g. a row of :attr:`Board.push_distance`), best-first on it, ties to
    the fewer pushes, at most ``limit`` pairs expanded. ``area`` (1 on the cells allowed)
    keeps the box inside a part of the floor. O(pairs x floor) at worst.
    """
    offsets, is_floor, dead = board.offsets, board.is_floor, board.dead
    others = set(boxes)
    others.discard(box)
    blocked = is_floor.translate(WALLS)  # walls and the other boxes
    for cell in others:
        blocked[cell] = 1
    linked = WalkRound(board, blocked).linked
    previous: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {(box, keeper): None}
    # (priority, pushes, box cell, keeper cell); breadth-first: the priority is the order found
    heap = [(0.0 if distance is None else distance[box], 0, box, keeper)]
    found = expanded = 0
    while heap and (limit is None or expanded < limit):
        _, depth, cell, at = heappop(heap)
        expanded += 1
        if cell == goal:
            directions = []
            step = previous[(cell, at)]
            while step is not None:
                pair, direction = step
                directions.append(direction)
                step = previous[pair]
            directions.reverse()
            return tuple(directions), at
        for direction, off in enumerate(offsets):
            target = cell + off
            if area is not None and not area[target] or not is_floor[target] or \
                    dead[target] or target in others or not linked(cell, at, cell - off):
                continue
            pair = (target, cell)
            if pair not in previous:
                previous[pair] = ((cell, at), direction)
                found += 1
                heappush(heap, (found if distance is None else distance[target], depth + 1,
                                target, cell))
    return None
