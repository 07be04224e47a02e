"""The :class:`Strategy` object: a generic loop plus the few facts that make it one algorithm.

A strategy is data, not code: which loop runs it (best-first, iterative deepening or
bidirectional), which frontier family it needs and which frontier it uses by default, its
priority rule ``f = g_weight * g + h_weight * h``, its options, and its guarantee. Adding a
strategy means writing one small module that builds a :class:`Strategy` and registering it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import OptionError

__all__ = ["Strategy", "StrategyOption"]


@dataclass(frozen=True)
class StrategyOption:
    """One option of a strategy: its default, a validator and a one-line help text.

    ``check(value)`` returns the value to use (possibly converted) or raises
    :class:`~searchkit.errors.OptionError`.
    """

    default: Any
    help: str
    check: Callable[[str, Any], Any]


def non_negative_int(name: str, value: Any) -> int | None:
    """Validator: ``None`` or an integer >= 0."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionError(f"option {name!r} must be a non-negative integer, not {value!r}")
    return value


def weight_at_least_one(name: str, value: Any) -> float:
    """Validator: a number >= 1 (the suboptimality bound of weighted A*)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 1:
        raise OptionError(f"option {name!r} must be a number >= 1, not {value!r}")
    return float(value)


def one_of(*choices: str) -> Callable[[str, Any], str]:
    """Validator factory: one of the given strings."""

    def check(name: str, value: Any) -> str:
        if value not in choices:
            raise OptionError.bad_value(name, value, choices)
        return value

    return check


CYCLE_CHECK = StrategyOption(
    "path",
    "duplicate pruning of depth-first loops: 'path' (no state twice on the current path), "
    "'parent' (never straight back to the parent), 'none'",
    one_of("path", "parent", "none"),
)


@dataclass(frozen=True)
class Strategy:
    """A search strategy.

    Attributes
    ----------
    name, aliases:
        The registered name and alternative names.
    summary:
        One line saying what the strategy does.
    guarantee:
        What it promises: ``"optimal in steps"``, ``"optimal in cost"``, ``"optimal in cost with
        an admissible heuristic"``, ``"cost at most w times optimal with an admissible
        heuristic"`` or ``"none"``.
    optimal:
        Whether the strategy promises a minimum-cost plan (with an admissible heuristic where it
        uses one). Step-optimal strategies set ``step_optimal`` instead.
    loop:
        The generic loop that runs it: a function ``loop(context) -> Result``
        (see :mod:`searchkit.loops`).
    frontier_kind:
        ``"plain"``, ``"priority"`` or ``None`` for loops that keep their own stack.
    default_frontier, default_visited:
        Used when :func:`~searchkit.search` is not told otherwise.
    g_weight, h_weight:
        The priority rule of best-first loops, ``f = g_weight * g + h_weight * h`` (an option
        named in ``h_weight_option`` overrides ``h_weight``).
    unit_depth:
        Depth-first loops: bound the number of actions rather than the cost.
    tree_search:
        Whether ``visited="none"`` (no duplicate detection) makes sense for it.
    options:
        Strategy-specific options and their defaults.
    """

    name: str
    summary: str
    guarantee: str
    loop: Callable[[Any], Any]
    frontier_kind: str | None
    default_frontier: str | None
    default_visited: str = "dict"
    optimal: bool = False
    step_optimal: bool = False
    uses_heuristic: bool = False
    g_weight: float = 1
    h_weight: float = 0
    h_weight_option: str | None = None
    unit_depth: bool = False
    tree_search: bool = True
    aliases: tuple[str, ...] = ()
    options: Mapping[str, StrategyOption] = field(default_factory=dict)

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Validate ``given`` against :attr:`options` and fill in defaults.

        Raises :class:`~searchkit.errors.OptionError` for an unknown option or a bad value.
        """
        for name in given:
            if name not in self.options:
                raise OptionError.unknown(name, self.options, f"strategy {self.name!r}")
        return {
            name: opt.check(name, given.get(name, opt.default)) for name, opt in self.options.items()
        }

    def weights(self, options: Mapping[str, Any]) -> tuple[float, float]:
        """The ``(g_weight, h_weight)`` of the priority rule under ``options``."""
        if self.h_weight_option is not None:
            return self.g_weight, options[self.h_weight_option]
        return self.g_weight, self.h_weight

    def with_defaults(self, **changes: Any) -> Strategy:
        """A copy with some fields changed (e.g. ``ASTAR.with_defaults(default_frontier="buckets")``)."""
        return replace(self, **changes)
