"""State-space statistics: :func:`explore` runs a full breadth-first exploration."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .budget import Budget, Control, Progress
from .plugins import get_visited_backend
from .problem import has_own
from .result import Stats
from .search import check_problem

__all__ = ["explore", "Exploration"]


@dataclass
class Exploration:
    """What :func:`explore` found.

    ``status`` is ``"complete"`` when the whole reachable component was visited, else
    ``"depth_limit"`` (stopped at ``max_depth``), ``"budget_exhausted"`` or ``"interrupted"`` (the numbers then describe the part seen, and the
    last layer may be incomplete).
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
) -> Exploration:
    """Visit every state reachable from ``problem.initial()`` in breadth-first order.

    Distances count actions (costs are ignored). Goals are not tested. Time O(V + E), memory
    O(V) for the distance map.

    Parameters
    ----------
    budget:
        Stops the exploration early (``status="budget_exhausted"``).
    visited:
        The backend holding the distance map (``dict`` or ``hashtable``).
    max_depth:
        Do not go beyond this distance.

    >>> from searchkit import GraphProblem, explore
    >>> e = explore(GraphProblem({1: {2: 1, 3: 1}, 2: {4: 1}, 3: {4: 1}}, start=1, goals=[]))
    >>> e.histogram, e.count, e.max_distance, e.mean_distance
    ([1, 2, 1], 4, 2, 1.0)
    """
    check_problem(problem)
    backend = get_visited_backend(visited)
    if backend.make is None:
        raise ValueError("explore needs a visited backend that stores distances, not 'none'")
    control = Control(budget, progress)
    stats = control.stats
    successors = problem.successors
    key = problem.key if has_own(problem, "key") else None
    start = problem.initial()
    dist = backend.make(getattr(problem, "key_hash", None))
    dist[key(start) if key else start] = 0
    histogram = [1]
    layer = [start]
    depth = expanded = generated = 0
    next_check = control.next_check(0)
    status, reason = "complete", ""
    try:
        while layer and (max_depth is None or depth < max_depth):
            depth += 1
            nxt: list[Any] = []
            append = nxt.append
            for state in layer:
                expanded += 1
                for _action, child, _cost in successors(state):
                    generated += 1
                    k = key(child) if key else child
                    if k not in dist:
                        dist[k] = depth
                        append(child)
                if expanded >= next_check:
                    stats.expanded, stats.generated, stats.visited = expanded, generated, len(dist)
                    stats.bound = depth
                    reason = control.check(len(nxt), backend.nbytes(dist)) or ""
                    if reason:
                        status = "budget_exhausted"
                        break
                    next_check = control.next_check(expanded)
            if nxt:
                histogram.append(len(nxt))
            if status != "complete":
                break
            layer = nxt
            stats.max_frontier = max(stats.max_frontier, len(layer))
    except KeyboardInterrupt:
        status, reason = "interrupted", "interrupted by the user"
    if status == "complete" and layer and max_depth is not None and depth >= max_depth:
        status, reason = "depth_limit", f"stopped at depth {max_depth}"
    stats.expanded, stats.generated, stats.visited = expanded, generated, len(dist)
    stats.duplicates = generated - (len(dist) - 1)
    stats.bound = len(histogram) - 1
    control.finish(backend.nbytes(dist))
    return Exploration(status, dist, histogram, stats, reason)
