"""``bfs``: breadth-first search.

Guarantee: **optimal in steps** (fewest actions); optimal in cost only when every action costs
the same. Goals are tested when generated. Time and memory O(b^d) for branching b, depth d.
"""

from ..loops import best_first
from .base import Strategy

BFS = Strategy(
    name="bfs",
    summary="breadth-first search: expands states in order of depth",
    guarantee="optimal in steps",
    loop=best_first,
    frontier_kind="plain",
    default_frontier="fifo",
    step_optimal=True,
)
