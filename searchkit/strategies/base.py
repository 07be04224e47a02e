"""The :class:`Strategy` object: a loop configuration plus the few facts that make it one algorithm.

A strategy is data, not code: its name, a one-line summary, the configuration of the generic loop
that runs it (:class:`~searchkit.loops.BestFirst`, :class:`~searchkit.loops.Deepening` or
:class:`~searchkit.loops.Bidirectional`: which frontier kind, which priority rule, which bound),
its options, and its guarantee. Adding a strategy means writing one small module that builds a
:class:`Strategy` and registering it.

>>> from searchkit.loops import BestFirst, Priority
>>> double = Strategy("astar2h", "A* with f = g + 2h",
...                   BestFirst("heap", Priority(g_weight=1, h_weight=2)),
...                   guarantee="cost at most twice the optimum with an admissible heuristic")
>>> double.frontier_kind, double.uses_heuristic, double.optimal_in
(<FrontierKind.PRIORITY: 'priority'>, True, None)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, runtime_checkable

from ..errors import OptionError, excerpt
from .legacy import LEGACY_FIELDS, legacy_attribute, translate_legacy

if TYPE_CHECKING:
    from ..frontiers.protocol import FrontierKind
    from ..result import Result

__all__ = ["Strategy", "StrategyOption", "LoopConfig", "Optimality"]

Optimality = Literal["cost", "steps"]
"""What an optimal strategy minimises: the plan's total cost, or its number of actions."""


@runtime_checkable
class LoopConfig(Protocol):
    """What :func:`~searchkit.search` needs of a strategy's loop configuration.

    Implemented by :class:`~searchkit.loops.BestFirst`, :class:`~searchkit.loops.Deepening` and
    :class:`~searchkit.loops.Bidirectional`; each runs its own generic loop.
    """

    frontier_kind: FrontierKind | None
    """The frontier kind the loop needs, or ``None`` when it keeps its own stack or layers."""
    own_frontier: str | None
    """What the loop keeps instead of a frontier (``"depth-first stack"``, named in the error
    for a frontier passed to it), or ``None`` when it takes one."""
    default_frontier: str | None
    default_visited: str
    allows_tree_search: bool
    """Whether ``visited="none"`` (no duplicate detection) makes sense for the loop."""
    needs: tuple[str, ...]
    """Optional problem methods the loop cannot run without (checked before it starts)."""

    @property
    def uses_heuristic(self) -> bool: ...

    def run(self, ctx: Any, run: Any) -> Result:
        """Search ``ctx`` (a :class:`~searchkit.loops.SearchContext`) under ``run`` (a
        :class:`~searchkit.loops.Run`)."""
        ...


@dataclass(frozen=True)
class StrategyOption:
    """One option of a strategy: its default, a validator and a one-line help text.

    ``check(name, value)`` returns the value to use (possibly converted) or raises
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
    """Validator: a finite number >= 1 (the suboptimality bound of weighted A*)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not 1 <= value <= sys.float_info.max:  # NaN and inf too
        raise OptionError(f"option {name!r} must be a finite number >= 1, not {excerpt(value)}")
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


@dataclass(frozen=True, init=False)
class Strategy:
    """A search strategy.

    Attributes
    ----------
    name, aliases:
        The registered name and alternative names.
    summary:
        One line saying what the strategy does.
    loop:
        The configuration of the generic loop that runs it (see :mod:`searchkit.loops`).
    optimal_in:
        The guarantee, stored once: ``"cost"`` (a minimum-cost plan -- with an admissible
        heuristic when the strategy uses one), ``"steps"`` (a plan with the fewest actions) or
        ``None``. :attr:`optimal` and :attr:`step_optimal` read it.
    guarantee:
        The guarantee in words: derived from ``optimal_in`` for optimal strategies, else what the
        strategy does promise (``"none"`` unless given).
    options:
        Strategy-specific options and their defaults.

    The keyword arguments of searchkit 0.1 (``loop=best_first, frontier_kind=...,
    g_weight=...``) still build the same strategy, with a :class:`DeprecationWarning`.
    """

    name: str
    summary: str
    loop: LoopConfig
    optimal_in: Optimality | None
    guarantee: str
    aliases: tuple[str, ...]
    options: Mapping[str, StrategyOption] = field(default_factory=dict)

    _GUARANTEES: ClassVar[dict[str, str]] = {"cost": "optimal in cost", "steps": "optimal in steps"}

    def __init__(self, name: str, summary: str, loop: Any, *, optimal_in: Optimality | None = None,
                 guarantee: str = "", aliases: tuple[str, ...] = (),
                 options: Mapping[str, StrategyOption] | None = None, **legacy: Any) -> None:
        is_legacy = bool(legacy) or callable(loop)
        if is_legacy:
            loop, optimal_in = translate_legacy(name, loop, optimal_in, legacy, options or {})
        if optimal_in not in (None, "cost", "steps"):
            raise ValueError(f"optimal_in must be 'cost', 'steps' or None, not {optimal_in!r}")
        if optimal_in is not None:
            derived = self._GUARANTEES[optimal_in]
            if optimal_in == "cost" and loop.uses_heuristic:
                derived += " with an admissible heuristic"
            if guarantee and guarantee != derived and not is_legacy:
                raise ValueError(f"strategy {name!r}: the guarantee of an optimal strategy is "
                                 f"derived from optimal_in ({derived!r}); give one, not both")
            guarantee = guarantee if is_legacy and guarantee else derived
        set_field = object.__setattr__
        set_field(self, "name", name)
        set_field(self, "summary", summary)
        set_field(self, "loop", loop)
        set_field(self, "optimal_in", optimal_in)
        set_field(self, "guarantee", guarantee or "none")
        set_field(self, "aliases", tuple(aliases))
        set_field(self, "options", dict(options or {}))

    @property
    def optimal(self) -> bool:
        """Whether the strategy promises a minimum-cost plan (with an admissible heuristic where
        it uses one)."""
        return self.optimal_in == "cost"

    @property
    def step_optimal(self) -> bool:
        """Whether the strategy promises a plan with the fewest actions."""
        return self.optimal_in == "steps"

    @property
    def uses_heuristic(self) -> bool:
        """Whether the strategy reads the problem's heuristic."""
        return self.loop.uses_heuristic

    @property
    def frontier_kind(self) -> FrontierKind | None:
        """The frontier kind the strategy needs (``None``: it takes no frontier)."""
        return self.loop.frontier_kind

    @property
    def default_frontier(self) -> str | None:
        """The frontier used when :func:`~searchkit.search` is not given one."""
        return self.loop.default_frontier

    @property
    def default_visited(self) -> str:
        """The visited backend used when :func:`~searchkit.search` is not given one."""
        return self.loop.default_visited

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Validate ``given`` against :attr:`options` and fill in defaults.

        Raises :class:`~searchkit.errors.OptionError` for an unknown option or a bad value.
        """
        for name in given:
            if name not in self.options:
                raise OptionError.unknown(name, self.options, f"strategy {self.name!r}")
        return {name: opt.check(name, given.get(name, opt.default))
                for name, opt in self.options.items()}

    def __getattr__(self, name: str) -> Any:
        """The fields of searchkit 0.1 (``g_weight``, ``unit_depth``, ...), deprecated."""
        if name in LEGACY_FIELDS:
            return legacy_attribute(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
