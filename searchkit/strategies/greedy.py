"""``greedy``: greedy best-first search, ``f = h``.

Guarantee: **none** (fast, often far from optimal). Ties on ``h`` go to the larger ``g``.
"""

from ..loops import BestFirst, Priority
from .base import Strategy

GREEDY = Strategy(
    "greedy",
    "greedy best-first search: expands states in order of h",
    BestFirst("heap", Priority(g_weight=0, h_weight=1)),
)
