"""``dfs``: depth-first graph search.

Guarantee: **none** (finds a plan if the reachable space is finite, usually a long one). Marks
states when generated, so each state is generated into the frontier at most once; memory O(V).
"""

from ..loops import BestFirst
from .base import Strategy

DFS = Strategy(
    "dfs",
    "depth-first search with a LIFO frontier",
    BestFirst("lifo"),
)
