"""``bfs``: breadth-first search.

Guarantee: **optimal in steps** (fewest actions); optimal in cost only when every action costs
the same. Goals are tested when generated. Time and memory O(b^d) for branching b, depth d.
"""

from ..loops import BestFirst
from .base import Strategy

BFS = Strategy(
    "bfs",
    "breadth-first search: expands states in order of depth",
    BestFirst("fifo"),
    optimal_in="steps",
)
