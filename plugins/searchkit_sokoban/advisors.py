"""FESS's packing advisor: one box pushed, by as many pushes as it takes, to the next goal of
the packing order, the other boxes staying put.

From a position whose first ``p`` goals of the packing order (:mod:`.packing`) hold boxes, the
advisor takes the :data:`CANDIDATES` boxes not on a goal that are nearest to goal ``p + 1``
(box-alone push distance) and looks for a route for each in turn, the first found winning:
best-first on that distance over (box cell, keeper cell) pairs, the keeper walking round the box
between pushes, never through a dead square or another box, at most :data:`ROUTE_LIMIT` pairs a
box. The route is one :class:`~.anyplan.Macro`, a child
that :mod:`.features` adds beside the position's own pushes (a move no search of single pushes
makes at once: the keeper may walk round the box many times). Its end position is checked like
a goal macro's (frozen boxes, the matching bound) and, when the problem records the positions it
generates (:attr:`~.anyplan.AnyPlanProblem.tree`), recorded like its other children.

>>> from .levels import split_levels
>>> from .board import Board
>>> from .anyplan import AnyPlanProblem
>>> board = Board(split_levels("#######\\n#.    #\\n# $ @ #\\n#     #\\n#######")[0])
>>> problem = AnyPlanProblem(board)
>>> macro, child, cost, guide = packing_move(problem, problem.initial())
>>> cost, child.boxes == problem.board.goals, guide
(2, True, 0.0)
"""

from __future__ import annotations

from heapq import heappop, heappush
from math import inf
from typing import Any

from .anyplan import Macro
from .deadlocks import freeze_deadlock
from .floods import WALLS, WalkRound
from .problem import PushState
from .pushes import region_root

__all__ = ["CANDIDATES", "ROUTE_LIMIT", "packing_move"]

#: the most (box cell, keeper cell) pairs the advisor looks at for one box
ROUTE_LIMIT = 300
#: how many boxes, nearest first, the advisor tries
CANDIDATES = 2


def packing_move(problem: Any, state: Any) -> tuple[Macro, Any, int, float] | None:
    """The packing advisor's move from ``state`` as ``(macro, child, cost, guide)``, or
    ``None`` (all goals packed, no route found, or its end is a deadlock)."""
    board = problem.board
    boxes = state.boxes
    goal = problem._next_goal(boxes)
    if goal < 0:
        return None
    distance = board.push_distance[board.goals.index(goal)]
    is_goal = board.is_goal
    candidates = sorted((distance[b], b) for b in boxes if not is_goal[b] and distance[b] < inf)
    for _, box in candidates[:CANDIDATES]:
        route = _route(board, boxes, box, state.keeper, goal, distance)
        if route is None:
            continue
        stand, directions, keeper = route
        after = tuple(sorted((*(b for b in boxes if b != box), goal)))
        has_box = bytearray(board.size)
        for cell in after:
            has_box[cell] = 1
        if freeze_deadlock(board, has_box, goal):
            continue
        bound = problem.push_bound.value(after, keeper)
        if bound == inf:
            continue
        macro = Macro(boxes, state.keeper, stand, directions)
        child = PushState(after, region_root(board, after, keeper), keeper)
        cost = len(directions) if problem.cost_model == "pushes" else \
            len(problem.format_action(macro))
        if problem.tree is not None:  # recorded like the problem's own children
            problem.tree.setdefault((child[0], child[1]), ((boxes, state[1]), macro, keeper))
        return macro, child, cost, problem._guide(after, bound)
    return None


def _route(board: Any, boxes: tuple[int, ...], box: int, keeper: int, goal: int,
           distance: list[float]) -> tuple[int, tuple[int, ...], int] | None:
    """The pushes that bring ``box`` to ``goal``, the other boxes fixed: ``(stand, directions,
    keeper after)``, or ``None`` (no route within :data:`ROUTE_LIMIT` pairs)."""
    offsets, is_floor, dead = board.offsets, board.is_floor, board.dead
    others = set(boxes)
    others.discard(box)
    blocked = board.is_floor.translate(WALLS)  # walls and the other boxes
    for cell in others:
        blocked[cell] = 1
    linked = WalkRound(board, blocked).linked
    previous: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {(box, keeper): None}
    heap = [(distance[box], 0, box, keeper)]
    count = 0
    while heap and count < ROUTE_LIMIT:
        _, depth, cell, at = heappop(heap)
        count += 1
        if cell == goal:
            directions = []
            step = previous[(cell, at)]
            while step is not None:
                (cell, _), direction = step
                directions.append(direction)
                step = previous[step[0]]
            directions.reverse()
            return cell - offsets[directions[0]], tuple(directions), at
        for direction, off in enumerate(offsets):
            target = cell + off
            if not is_floor[target] or dead[target] or target in others or \
                    not linked(cell, at, cell - off):
                continue
            pair = (target, cell)
            if pair not in previous:
                previous[pair] = ((cell, at), direction)
                heappush(heap, (distance[target], depth + 1, target, cell))
    return None
