"""``astar``: A* search, ``f = g + h``.

Guarantee: **optimal in cost with an admissible heuristic** (never overestimating). With a
consistent heuristic no state is expanded twice; with an admissible but inconsistent one, states
are reopened when a cheaper path appears, so optimality still holds. Ties on ``f`` go to the
larger ``g`` (the deeper state), then to the earlier generated state.
"""

from ..loops import BestFirst, Priority
from .base import Strategy

ASTAR = Strategy(
    "astar",
    "A*: expands states in order of g + h",
    BestFirst("heap", Priority(g_weight=1, h_weight=1)),
    optimal_in="cost",
)
