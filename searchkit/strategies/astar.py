"""``astar``: A* search, ``f = g + h``.

Guarantee: **optimal in cost with an admissible heuristic** (never overestimating). With a
consistent heuristic no state is expanded twice; with an admissible but inconsistent one, states
are reopened when a cheaper path appears, so optimality still holds. Ties on ``f`` go to the
larger ``g`` (the deeper state), then to the earlier generated state.
"""

from ..loops import best_first
from .base import Strategy

ASTAR = Strategy(
    name="astar",
    summary="A*: expands states in order of g + h",
    guarantee="optimal in cost with an admissible heuristic",
    loop=best_first,
    frontier_kind="priority",
    default_frontier="heap",
    optimal=True,
    uses_heuristic=True,
    g_weight=1,
    h_weight=1,
)
