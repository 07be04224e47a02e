"""Independent oracles for explicit graphs: optimal costs and step counts by brute force.

:func:`brute_force_cost` (Bellman-Ford relaxation) and :func:`brute_force_steps` (breadth-first
layering) read a :class:`~searchkit.GraphProblem`'s edge list directly and share no code with the
search loops, so a property test can hold every strategy against them.

>>> from searchkit import GraphProblem
>>> g = GraphProblem({0: {1: 5, 2: 1}, 2: {1: 1}}, start=0, goals={1})
>>> brute_force_cost(g), brute_force_steps(g)
(2, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ..graph import GraphProblem
from ..result import at_least_zero

__all__ = ["brute_force_cost", "brute_force_steps", "distances_to_goals"]


def brute_force_cost(graph: GraphProblem) -> float:
    """The cheapest cost from the start to a goal by Bellman-Ford relaxation (``inf`` if none).

    O(V * E); independent of the search loops.
    """
    dist = _bellman_ford(graph, {graph.start}, reverse=False)
    return min((dist[g] for g in graph.goals if g in dist), default=math.inf)


def brute_force_steps(graph: GraphProblem) -> float:
    """The fewest actions from the start to a goal by breadth-first layering (``inf`` if none)."""
    layer, seen, depth = {graph.start}, {graph.start}, 0
    while layer:
        if layer & graph.goals:
            return depth
        layer = {v for u in layer for v in graph.edges.get(u, {})} - seen
        seen |= layer
        depth += 1
    return math.inf


def distances_to_goals(graph: GraphProblem) -> dict[Any, float]:
    """The exact cost from every node to its nearest goal (``inf`` when no goal is reachable)."""
    return _bellman_ford(graph, graph.goals, reverse=True)


def _bellman_ford(graph: GraphProblem, sources: Iterable[Any], reverse: bool) -> dict[Any, float]:
    """Cheapest cost from the nearest source to every node (to it, with ``reverse``); a cost that
    is not a number of at least 0 (NaN, negative: a cycle of those has no cheapest cost) is a
    :class:`ValueError`."""
    nodes = graph.nodes()
    dist = dict.fromkeys(nodes, math.inf)
    for source in sources:
        dist[source] = 0
    edges = [(v, u, c) if reverse else (u, v, c)
             for u, vs in graph.edges.items() for v, c in vs.items()]
    wrong = next(((u, v, c) for u, v, c in edges if not at_least_zero(c)), None)
    if wrong is not None:  # an oracle that answers on such a graph would vouch for nonsense
        u, v, c = wrong if not reverse else (wrong[1], wrong[0], wrong[2])
        raise ValueError(f"the oracles need costs of at least 0: edge {u!r} -> {v!r} costs {c!r}")
    for _ in range(len(nodes)):
        changed = False
        for u, v, c in edges:
            if dist[u] + c < dist[v]:
                dist[v] = dist[u] + c
                changed = True
        if not changed:
            break
    return dist
