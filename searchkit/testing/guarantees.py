"""What each strategy promises, read from the strategy's own flags, in one place.

Every part of the kit that needs to know whether a strategy is optimal asks :func:`promise_of`,
so a strategy added by a plugin is checked like a built-in, and a change to how strategies store
their guarantee is a change to this one function.

>>> promise_of("astar")
Promise(optimal_in='cost', needs_admissible=True)
>>> promise_of("bfs"), promise_of("greedy").optimal_in
(Promise(optimal_in='steps', needs_admissible=False), None)
>>> "dijkstra" in optimal_strategies() and "greedy" not in optimal_strategies()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import searchkit

__all__ = ["Promise", "promise_of", "optimal_strategies", "reference_strategy", "default_visited"]


@dataclass(frozen=True)
class Promise:
    """What a strategy guarantees about the plans it returns.

    ``optimal_in``: ``"cost"`` (minimum total cost), ``"steps"`` (fewest actions) or ``None``
    (no optimality promise). ``needs_admissible``: the promise holds only when the problem's
    heuristic is admissible.
    """

    optimal_in: Literal["cost", "steps"] | None
    needs_admissible: bool


def promise_of(strategy: str | Any) -> Promise:
    """The :class:`Promise` of ``strategy`` (a registered name or a Strategy object)."""
    s = searchkit.get_strategy(strategy) if isinstance(strategy, str) else strategy
    return Promise(s.optimal_in, bool(s.uses_heuristic))


def optimal_strategies() -> tuple[str, ...]:
    """The registered strategies that promise an optimal plan (in cost or in steps)."""
    return tuple(name for name, s in searchkit.strategies().items()
                 if promise_of(s).optimal_in is not None)


def reference_strategy() -> str:
    """A registered strategy optimal in cost without any heuristic (Dijkstra's algorithm)."""
    for name, s in searchkit.strategies().items():
        promise = promise_of(s)
        if promise.optimal_in == "cost" and not promise.needs_admissible:
            return name
    raise LookupError("no registered strategy is optimal in cost without a heuristic")


def default_visited(strategy: str | Any) -> str:
    """The visited backend ``strategy`` uses when given none (``none`` for IDA*: tree search)."""
    s = searchkit.get_strategy(strategy) if isinstance(strategy, str) else strategy
    return str(s.default_visited)
