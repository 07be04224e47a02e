"""The :class:`~searchkit.Strategy` keywords and fields of searchkit 0.1, kept working with a
:class:`DeprecationWarning`.

0.1 described a strategy with seventeen flat fields (``loop=best_first, frontier_kind="priority",
default_frontier="heap", g_weight=1, h_weight=2, unit_depth=..., optimal=...``). They now live in
the loop configuration (:class:`~searchkit.loops.BestFirst`, :class:`~searchkit.loops.Deepening`,
:class:`~searchkit.loops.Bidirectional`) and in ``optimal_in``; this module translates the old
keywords into those and answers reads of the old fields.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

__all__ = ["LEGACY_FIELDS", "translate_legacy", "legacy_attribute"]

#: Old keyword arguments of ``Strategy(...)``, translated by :func:`translate_legacy`.
LEGACY_KEYWORDS = frozenset({
    "frontier_kind", "default_frontier", "default_visited", "optimal", "step_optimal",
    "uses_heuristic", "g_weight", "h_weight", "h_weight_option", "unit_depth", "tree_search",
})

#: Old attributes without a property of the same name, answered by :func:`legacy_attribute`.
LEGACY_FIELDS = frozenset({"g_weight", "h_weight", "h_weight_option", "unit_depth", "tree_search",
                           "weights"})

_ADVICE = ("pass the loop configuration instead, e.g. loop=BestFirst('heap', Priority(1, 1)) "
           "and optimal_in='cost' (see docs/strategies.md)")


def translate_legacy(name: str, loop: Any, optimal_in: Any, legacy: Mapping[str, Any],
                     options: Mapping[str, Any]) -> tuple[Any, Any]:
    """``(loop configuration, optimal_in)`` for the 0.1 keywords of strategy ``name``."""
    from ..loops import (
        BestFirst,
        Bidirectional,
        Deepening,
        Priority,
        best_first,
        bidirectional,
        deepening,
    )

    unknown = set(legacy) - LEGACY_KEYWORDS
    if unknown:
        raise TypeError("Strategy() got unexpected keyword arguments: "
                        + ", ".join(sorted(unknown)))
    warnings.warn(f"strategy {name!r}: Strategy(loop=<function>, {', '.join(sorted(legacy))}) is "
                  f"deprecated; {_ADVICE}", DeprecationWarning, stacklevel=3)
    if legacy.get("optimal"):
        optimal_in = "cost"
    elif legacy.get("step_optimal"):
        optimal_in = "steps"
    visited = {"default_visited": legacy["default_visited"]} if "default_visited" in legacy else {}
    if loop is best_first:
        priority = None
        if legacy.get("frontier_kind") == "priority":
            priority = Priority(legacy.get("g_weight", 1), legacy.get("h_weight", 0),
                                legacy.get("h_weight_option"))
        return BestFirst(legacy["default_frontier"], priority, **visited), optimal_in
    if loop is deepening:
        bound = "depth" if legacy.get("unit_depth") else "f"
        if "depth" in options:  # 0.1's deepening loop recognised depth-limited search so
            return Deepening(bound, "depth", once=True, **visited), optimal_in
        limit = "max_depth" if "max_depth" in options else None
        return Deepening(bound, limit, **visited), optimal_in
    if loop is bidirectional:
        return Bidirectional(**visited), optimal_in
    raise TypeError(f"strategy {name!r}: loop must be a BestFirst, Deepening or Bidirectional "
                    f"configuration, not {loop!r}")


def legacy_attribute(strategy: Any, name: str) -> Any:
    """The value of 0.1's field ``name`` on ``strategy``."""
    from ..loops import BestFirst, Deepening, Priority

    warnings.warn(f"Strategy.{name} is deprecated; read strategy.loop (a loop configuration) "
                  "instead", DeprecationWarning, stacklevel=3)
    config = strategy.loop
    order = config.priority if isinstance(config, BestFirst) else None
    order = order or Priority(1, 0)
    if name == "unit_depth":
        return isinstance(config, Deepening) and config.bound == "depth"
    if name == "tree_search":
        return config.allows_tree_search
    if name == "weights":
        return order.weights
    return getattr(order, name)
