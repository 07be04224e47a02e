"""``dls``: depth-limited depth-first search (option ``depth``, required).

Guarantee: **none on optimality**; finds a plan of at most ``depth`` actions if one exists (with
``cycle_check="path"`` or ``"none"``). Memory O(depth).
"""

from ..errors import OptionError
from ..loops import Deepening
from .base import CYCLE_CHECK, Strategy, StrategyOption, non_negative_int


def _required_depth(name: str, value: object) -> int:
    if value is None:
        raise OptionError("strategy 'dls' needs the option depth (a non-negative integer)")
    return non_negative_int(name, value)  # type: ignore[return-value]


DLS = Strategy(
    "dls",
    "depth-limited depth-first search",
    Deepening(bound="depth", limit_option="depth", once=True),
    guarantee="none (finds a plan within the depth limit if there is one)",
    options={
        "depth": StrategyOption(None, "the depth limit (number of actions)", _required_depth),
        "cycle_check": CYCLE_CHECK,
    },
)
