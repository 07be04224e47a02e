"""``idastar``: iterative-deepening A*.

Guarantee: **optimal in cost with an admissible heuristic**, in memory O(depth): depth-first
searches bounded by ``f = g + h``, each bound the smallest ``f`` that exceeded the previous one.
Option ``cycle_check`` (``path``, ``parent``, ``none``) selects duplicate pruning.
"""

from ..loops import deepening
from .base import CYCLE_CHECK, Strategy

IDASTAR = Strategy(
    name="idastar",
    summary="iterative-deepening A*: depth-first searches bounded by g + h",
    guarantee="optimal in cost with an admissible heuristic",
    loop=deepening,
    frontier_kind=None,
    default_frontier=None,
    default_visited="none",
    optimal=True,
    uses_heuristic=True,
    options={"cycle_check": CYCLE_CHECK},
)
