"""``dijkstra`` (alias ``ucs``): Dijkstra's algorithm / uniform-cost search.

Guarantee: **optimal in cost** for non-negative action costs. Expands states in order of ``g``
(ties: the order of generation); goals are tested on expansion. O(E log V) with a heap.
"""

from ..loops import best_first
from .base import Strategy

DIJKSTRA = Strategy(
    name="dijkstra",
    aliases=("ucs",),
    summary="Dijkstra's algorithm (uniform-cost search): expands states in order of cost",
    guarantee="optimal in cost",
    loop=best_first,
    frontier_kind="priority",
    default_frontier="heap",
    optimal=True,
    g_weight=1,
    h_weight=0,
)
