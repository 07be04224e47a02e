"""``iddfs``: iterative-deepening depth-first search.

Guarantee: **optimal in steps**, with memory O(depth): depth-limited searches with limits 0, 1,
2, ... until a goal is found. Option ``max_depth`` stops it with ``no_solution`` beyond a depth.
"""

from ..loops import Deepening
from .base import CYCLE_CHECK, Strategy, StrategyOption, non_negative_int

IDDFS = Strategy(
    "iddfs",
    "iterative-deepening depth-first search",
    Deepening(bound="depth", limit_option="max_depth"),
    optimal_in="steps",
    options={
        "max_depth": StrategyOption(None, "give up beyond this depth (default: never)",
                                    non_negative_int),
        "cycle_check": CYCLE_CHECK,
    },
)
