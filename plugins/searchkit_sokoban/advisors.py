"""Two of FESS's advisors that need more than a child's features: the *packing advisor*, one box
pushed, by as many pushes as it takes, to the next goal of the packing order, the other boxes
staying put; and the *opener*, which clears the way to that goal when nothing fills it.

**Packing.** From a position whose first ``p`` goals of the packing order (:mod:`.packing`) hold
boxes, the advisor takes the :data:`CANDIDATES` boxes not on a goal that are nearest to goal
``p + 1`` (box-alone push distance) and looks for a route for each in turn, the first found
winning (:func:`~.routes.box_route`: best-first on that distance over (box cell, keeper cell)
pairs, the keeper walking round the box between pushes, never through a dead square or another
box, at most :data:`ROUTE_LIMIT` pairs a box). The route is one :class:`~.anyplan.Macro`, a
child that :mod:`.features` adds beside the position's own pushes (a move no search of single
pushes makes at once: the keeper may walk round the box many times). Its end position is checked
like a goal macro's (frozen boxes, the matching bound) and, when the problem records the
positions it generates (:attr:`~.anyplan.AnyPlanProblem.tree`), recorded like its other
children.

**Opener** (:func:`opener_move`; the feature-space search's ``opener=True``). When the packing
advisor finds no route to the next goal of the order and no child of the position fills more
goals of it, the opener proposes the push that takes the box nearest that goal (the keeper's
walking distance from the goal, boxes ignored) no nearer to it, among the pushes that keep the
goals filled and add neither a region of the free floor nor an obstructed link between rooms
(ties: the push that takes it farthest, then the lower guide). The box nearest a goal that
nothing can fill yet is likely in the way of the box that will. On Microban 153, where ten boxes
must be shifted through one-cell gaps before the first one enters the goal column, the
feature-space search expands a third as many positions with it; it costs on other levels, and
it is off by default (docs/puzzles/sokoban.md).

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

from collections.abc import Sequence
from math import inf
from typing import Any

from .anyplan import Macro
from .routes import box_route

__all__ = ["CANDIDATES", "ROUTE_LIMIT", "opener_move", "packing_move", "walk_distances"]

#: the most (box cell, keeper cell) pairs the advisor looks at for one box
ROUTE_LIMIT = 300
#: how many boxes, nearest first, the advisor tries
CANDIDATES = 2


def packing_move(problem: Any, state: Any) -> tuple[Macro, Any, int, float] | None:
    """The packing advisor's move from ``state`` as ``(macro, child, cost, guide)``, or
    ``None`` (all goals packed, no route found, or its end is a deadlock)."""
    board = problem.board
    boxes = state.boxes
    goal = problem.next_goal(boxes)
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
        move = problem.carry_child(Macro(boxes, state.keeper, stand, directions), goal, keeper)
        if move is None:
            continue
        if problem.tree is not None:  # recorded like the problem's own children
            problem.record((boxes, state[1]), move)
        return move
    return None


def walk_distances(board: Any, goal: int) -> list[int]:
    """The keeper's steps from ``goal`` to every cell over the floor, boxes ignored (a large
    number where he never gets); built once per goal and level (:meth:`~.board.Board.derived`).
    """
    table = board.derived("walk_distances", dict)
    distance = table.get(goal)
    if distance is None:
        distance = table[goal] = [_FAR] * board.size
        distance[goal] = 0
        queue = [goal]
        neighbours = board.neighbours
        for cell in queue:
            for nxt in neighbours[cell]:
                if distance[nxt] == _FAR:
                    distance[nxt] = distance[cell] + 1
                    queue.append(nxt)
    return distance


def opener_move(distance: Sequence[int], features: tuple[int, ...],
                children: Sequence[tuple[tuple[int, ...], float, Any, tuple[int, int]]]
                ) -> Any | None:
    """The opener's child of a position (module docstring): its key, or ``None``.

    ``features``: the position's (packing, regions, links cut, out of plan); ``children``:
    ``(features, guide, key, (box cell before, after))`` per child; ``distance``: walking
    distances from the next goal of the packing order (:func:`walk_distances`).

    >>> children = [((0, 1, 0, 0), 5.0, "a", (12, 13)), ((0, 1, 0, 0), 4.0, "b", (20, 19)),
    ...             ((0, 2, 0, 0), 3.0, "c", (12, 11))]
    >>> opener_move(list(range(30)), (0, 1, 0, 0), children)  # 12 is nearest; c adds a region
    'a'
    """
    packed, regions, cut = features[0], features[1], features[2]
    best: tuple[tuple[int, int, float], Any] | None = None
    for child_features, guide, key, (before, after) in children:
        if child_features[0] > packed:  # a child fills a goal: nothing to open
            return None
        if child_features[0] < packed or child_features[1] > regions or \
                child_features[2] > cut:
            continue
        near, far = distance[before], distance[after]
        if far < near:
            continue
        rank = (near, -far, guide)
        if best is None or rank < best[0]:
            best = (rank, key)
    return None if best is None else best[1]


#: :func:`walk_distances` where the keeper never gets
_FAR = 1 << 30
