"""State-space statistics: :func:`explore` runs a full breadth-first exploration.

It runs under the same :class:`~searchkit.loops.Run` as the search loops (counters, budget,
Ctrl-C, memory), with an :class:`Exploration` instead of a :class:`~searchkit.Result` at the end.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .budget import Budget, Clock, Progress
from .capabilities import Capabilities
from .errors import IncompatibleError, OptionError, UnknownNameError, excerpt
from .loops.diagnose import explaining
from .loops.run import Run
from .plugins import visited_backends
from .result import Stats
from .search import check_run_arguments

__all__ = ["explore", "Exploration"]


@dataclass
class Exploration:
    """What :func:`explore` found.

    ``status`` is ``"complete"`` when the whole reachable component was visited, else
    ``"depth_limit"`` (stopped at ``max_depth``), ``"budget_exhausted"`` or ``"interrupted"``
    (the numbers then describe the part seen, and the last layer may be incomplete).
    """

    status: str
    distances: Any  # key -> distance from the start (a dict, or the chosen visited backend)
    histogram: list[int] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    reason: str = ""

    @property
    def count(self) -> int:
        """Number of states reached."""
        return sum(self.histogram)

    @property
    def max_distance(self) -> int:
        """The largest distance from the start (the eccentricity of the start)."""
        return len(self.histogram) - 1

    @property
    def mean_distance(self) -> float:
        """The mean distance from the start over all states reached."""
        n = self.count
        return sum(d * c for d, c in enumerate(self.histogram)) / n if n else 0.0

    @property
    def complete(self) -> bool:
        """Whether the reachable component was exhausted."""
        return self.status == "complete"

    def farthest(self) -> list[Any]:
        """The keys at the maximum distance."""
        last = self.max_distance
        return [k for k, d in self.distances.items() if d == last]

    def summary(self) -> dict[str, Any]:
        """``count``, ``max_distance`` and ``mean_distance`` as a dict."""
        return {
            "count": self.count,
            "max_distance": self.max_distance,
            "mean_distance": self.mean_distance,
        }


def explore(
    problem: Any,
    *,
    budget: Budget | None = None,
    progress: Callable[[Progress], None] | None = None,
    visited: str = "dict",
    max_depth: int | None = None,
    since: Clock | None = None,
) -> Exploration:
    """Visit every state reachable from ``problem.initial()`` in breadth-first order.

    Distances count actions (costs are ignored). Goals are not tested. Time O(V + E), memory
    O(V) for the distance map.

    Parameters
    ----------
    budget:
        Stops the exploration early (``status="budget_exhausted"``).
    visited:
        The backend holding the distance map (``dict`` or ``hashtable``, or a plugin's that
        stores states): ``none`` is an :class:`~searchkit.IncompatibleError`.
    max_depth:
        Do not go beyond this distance: a whole number, ``0`` (the start alone) or more;
        ``None`` for no limit. Anything else is an :class:`~searchkit.OptionError`.
    since:
        A :class:`~searchkit.budget.Clock` read earlier in this thread: the time budgets count
        from it, as :func:`~searchkit.search`'s ``since`` (building ``problem`` under the same
        budget); ``stats.seconds`` still times this call.

    >>> from searchkit import GraphProblem, explore
    >>> e = explore(GraphProblem({1: {2: 1, 3: 1}, 2: {4: 1}, 3: {4: 1}}, start=1, goals=[]))
    >>> e.histogram, e.count, e.max_distance, e.mean_distance
    ([1, 2, 1], 4, 2, 1.0)
    """
    check_run_arguments(budget, progress, since)
    max_depth = _depth(max_depth)
    caps = Capabilities.of(problem)
    backend = _backend(visited)
    successors, key = caps.successors, caps.key
    dist = backend.make(caps.key_hash)
    histogram: list[int] = []
    layer: list[Any] = []
    pending: list[Any] = []  # the next layer while it is being built
    expanded = generated = max_frontier = 0
    run = Run(budget=budget, progress=progress, since=since)

    def sync(stats: Stats) -> None:
        stats.expanded, stats.generated, stats.visited = expanded, generated, len(dist)
        stats.duplicates = generated - max(0, len(dist) - 1)
        stats.max_frontier, stats.bound = max_frontier, max(0, len(histogram) - 1)

    def layers() -> Exploration:
        nonlocal layer, pending, expanded, generated, max_frontier
        start = caps.initial()  # under the budget and Ctrl-C too, as in search()
        dist[key(start) if key else start] = 0
        histogram.append(1)
        layer = [start]
        seen, expand, key_of = dist, successors, key  # locals: read once per child below
        next_check = run.next_check(0)
        while layer and (max_depth is None or len(histogram) <= max_depth):
            depth = len(histogram)
            append = pending.append
            for state in layer:
                expanded += 1
                for _action, child, _cost in expand(state):
                    generated += 1
                    k = key_of(child) if key_of else child
                    if k not in seen:
                        seen[k] = depth
                        append(child)
                if expanded >= next_check:
                    next_check = run.checkpoint(len(pending))
            if pending:
                histogram.append(len(pending))
            layer, pending = pending, []
            max_frontier = max(max_frontier, len(layer))
        if layer:
            return Exploration("depth_limit", dist, histogram, run.stats,
                               f"stopped at depth {max_depth}")
        return Exploration("complete", dist, histogram, run.stats)

    def stopped(status: str, reason: str) -> Exploration:
        if pending:  # the partial layer: its states are in ``dist`` too
            histogram.append(len(pending))
        return Exploration(status, dist, histogram, run.stats, reason)

    def explained_layers() -> Exploration:
        with explaining(caps):  # a move of the wrong shape: say which
            return layers()

    run.count(sync)
    run.track(maps=(dist,), backend=backend, lists=lambda: (layer, pending))
    return run.guard(explained_layers, stopped)


def _backend(name: str) -> Any:
    """The visited backend ``name``, which must store states: an unknown name lists those."""
    backends = visited_backends()
    storing = [n for n, b in backends.items() if not b.is_tree_search]
    backend = backends.get(name) if isinstance(name, str) else None
    if backend is None:
        raise UnknownNameError("visited backend", name, storing)
    if backend.is_tree_search:
        raise IncompatibleError(f"explore needs a visited backend that stores distances, not "
                                f"{name!r} (valid: {', '.join(sorted(storing))})")
    return backend


def _depth(max_depth: Any) -> int | None:
    """``max_depth`` as an ``int`` (a whole float too), or ``None``; else an OptionError."""
    if max_depth is None:
        return None
    if isinstance(max_depth, numbers.Integral) and not isinstance(max_depth, bool):
        whole = max_depth >= 0
    else:
        whole = (isinstance(max_depth, float) and math.isfinite(max_depth) and max_depth >= 0
                 and max_depth.is_integer())
    if whole:
        return int(max_depth)
    raise OptionError(f"max_depth must be a whole number of levels, 0 or more (or None for no "
                      f"limit), not {excerpt(max_depth)}")
