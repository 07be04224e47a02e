"""``bibfs``: bidirectional breadth-first search.

Guarantee: **optimal in steps**. Needs ``predecessors`` and ``goal_states`` on the problem;
stores about 2 b^(d/2) states instead of the b^d of BFS.
"""

from ..loops import Bidirectional
from .base import Strategy

BIBFS = Strategy(
    "bibfs",
    "bidirectional breadth-first search (needs predecessors and goal_states)",
    Bidirectional(),
    optimal_in="steps",
)
