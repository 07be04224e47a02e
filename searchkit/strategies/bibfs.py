"""``bibfs``: bidirectional breadth-first search.

Guarantee: **optimal in steps**. Needs ``predecessors`` and ``goal_states`` on the problem;
stores about 2 b^(d/2) states instead of the b^d of BFS.
"""

from ..loops import bidirectional
from .base import Strategy

BIBFS = Strategy(
    name="bibfs",
    summary="bidirectional breadth-first search (needs predecessors and goal_states)",
    guarantee="optimal in steps",
    loop=bidirectional,
    frontier_kind=None,
    default_frontier=None,
    step_optimal=True,
    tree_search=False,
)
