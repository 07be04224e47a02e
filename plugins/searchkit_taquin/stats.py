"""State-space statistics of a sliding-tile puzzle size (the reference TP's questions 13, 14, 18).

:func:`distance_statistics` explores breadth-first from the goal: every position it reaches is
solvable and its layer is its optimal distance (moves are reversible, so distances to the goal
equal distances from it). On 3x3 this visits all 181,440 solvable positions in a couple of
seconds; beyond 3x4 the space is too large to enumerate (pass a ``budget`` or ``max_depth``).

>>> e = distance_statistics(2, 3)
>>> e.count, e.max_distance, e.histogram[:5]
(360, 21, [1, 2, 3, 5, 6])
"""

from __future__ import annotations

from typing import Any

from searchkit import Budget, Exploration, explore

from .board import Board, goal_board
from .problem import Taquin

__all__ = ["distance_statistics", "goal_problem"]


def goal_problem(height: int, width: int, goal: str = "blank-first") -> Taquin:
    """A problem whose initial state is the goal ``goal`` of a ``height x width`` board."""
    n = height * width
    board = Board(height, width, tuple(range(n)), tuple([""] + [str(t) for t in range(1, n)]))
    target = goal_board(board, goal)
    return Taquin(target, target, heuristic="zero")


def distance_statistics(height: int = 3, width: int = 3, goal: str = "blank-first", *,
                        budget: Budget | None = None, max_depth: int | None = None,
                        **options: Any) -> Exploration:
    """:func:`searchkit.explore` from the goal: ``count`` (reachable positions), ``max_distance``,
    ``mean_distance``, ``histogram`` (positions per optimal distance) and ``distances`` (state ->
    distance; decode states with :meth:`Taquin.tokens` of :func:`goal_problem`)."""
    return explore(goal_problem(height, width, goal), budget=budget, max_depth=max_depth,
                   **options)
