"""``idastar``: iterative-deepening A*.

Guarantee: **optimal in cost with an admissible heuristic**, in memory O(depth): depth-first
searches bounded by ``f = g + h``, each bound the smallest ``f`` that exceeded the previous one.
Option ``cycle_check`` (``path``, ``parent``, ``none``) selects duplicate pruning.
"""

from ..loops import Deepening
from .base import CYCLE_CHECK, Strategy

IDASTAR = Strategy(
    "idastar",
    "iterative-deepening A*: depth-first searches bounded by g + h",
    Deepening(bound="f"),
    optimal_in="cost",
    options={"cycle_check": CYCLE_CHECK},
)
