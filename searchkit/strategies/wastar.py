"""``wastar``: weighted A*, ``f = g + w * h`` (option ``weight``, default 1.5, at least 1).

Guarantee: **cost at most w times the optimum** with an admissible heuristic; usually expands far
fewer states than A*. ``weight=1`` is A*.
"""

from ..loops import BestFirst, Priority
from .base import Strategy, StrategyOption, weight_at_least_one

WASTAR = Strategy(
    "wastar",
    "weighted A*: expands states in order of g + w*h",
    BestFirst("heap", Priority(g_weight=1, h_weight_option="weight")),
    guarantee="cost at most w times optimal with an admissible heuristic",
    options={"weight": StrategyOption(1.5, "the heuristic's weight w >= 1", weight_at_least_one)},
)
