"""``astar2h``: A* counting the heuristic twice, ``f = g + 2h``.

With an admissible heuristic the plan costs at most twice the optimum, and far fewer states are
usually expanded than by A*. The whole strategy is data run by the best-first loop.
"""

from searchkit import Strategy
from searchkit.loops import BestFirst, Priority

ASTAR_2H = Strategy(
    "astar2h",
    "A* with f = g + 2h",
    BestFirst("heap", Priority(g_weight=1, h_weight=2)),
    guarantee="cost at most twice the optimum with an admissible heuristic",
)
