"""``greedy``: greedy best-first search, ``f = h``.

Guarantee: **none** (fast, often far from optimal). Ties on ``h`` go to the larger ``g``.
"""

from ..loops import best_first
from .base import Strategy

GREEDY = Strategy(
    name="greedy",
    summary="greedy best-first search: expands states in order of h",
    guarantee="none",
    loop=best_first,
    frontier_kind="priority",
    default_frontier="heap",
    uses_heuristic=True,
    g_weight=0,
    h_weight=1,
)
