"""FESS's packing advisor: one box pushed, by as many pushes as it takes, to the next goal of
the packing order, the other boxes staying put.

From a position whose first ``p`` goals of the packing order (:mod:`.packing`) hold boxes, the
advisor takes the :data:`CANDIDATES` boxes not on a goal that are nearest to goal ``p + 1``
(box-alone push distance) and looks for a route for each in turn, the first found winning
(:func:`~.routes.box_route`: best-first on that distance over (box cell, keeper cell) pairs, the
keeper walking round the box between pushes, never through a dead square or another box, at
most :data:`ROUTE_LIMIT` pairs a box). The route is one :class:`~.anyplan.Macro`, a child
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

from math import inf
from typing import Any

from .anyplan import Macro
from .routes import box_route

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
        route = box_route(board, boxes, box, state.keeper, goal, distance=distance,
                          limit=ROUTE_LIMIT)
        if route is None:
            continue
        directions, keeper = route
        stand = box - board.offsets[directions[0]]
        after = tuple(sorted((*(b for b in boxes if b != box), goal)))
        move = problem.macro_child(Macro(boxes, state.keeper, stand, directions), after,
                                   keeper, goal)
        if move is None:
            continue
        if problem.tree is not None:  # recorded like the problem's own children
            child = move[1]
            problem.tree.setdefault((child[0], child[1]), ((boxes, state[1]), move[0], keeper))
        return move
    return None

