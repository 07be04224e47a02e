"""``dijkstra`` (alias ``ucs``): Dijkstra's algorithm / uniform-cost search.

Guarantee: **optimal in cost** for non-negative action costs. Expands states in order of ``g``
(ties: the order of generation); goals are tested on expansion. O(E log V) with a heap.
"""

from ..loops import BestFirst, Priority
from .base import Strategy

DIJKSTRA = Strategy(
    "dijkstra",
    "Dijkstra's algorithm (uniform-cost search): expands states in order of cost",
    BestFirst("heap", Priority(g_weight=1, h_weight=0)),
    optimal_in="cost",
    aliases=("ucs",),
)
