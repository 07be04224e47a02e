""":class:`GraphProblem`: a problem given by an explicit weighted directed graph.

Handy for maps, small puzzles written out by hand, teaching, and the property tests of
:mod:`searchkit.testing`. Actions are the names of the nodes moved to.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from .problem import ProblemBase

__all__ = ["GraphProblem"]


class GraphProblem(ProblemBase):
    """A search problem on the graph ``edges[u][v] = cost``.

    Parameters
    ----------
    edges:
        ``{u: {v: cost, ...}, ...}``; nodes that only appear as targets have no successors.
    start:
        The initial node.
    goals:
        The goal nodes.
    heuristic:
        Optional ``{node: estimate}`` or function; missing nodes estimate 0.

    Supports ``predecessors`` and ``goal_states``, so every strategy applies, ``bibfs``
    included.

    >>> g = GraphProblem({"s": {"a": 1, "b": 5}, "a": {"b": 1}}, start="s", goals=["b"])
    >>> list(g.successors("s"))
    [('a', 'a', 1), ('b', 'b', 5)]
    >>> list(g.predecessors("b"))
    [('b', 's', 5), ('b', 'a', 1)]
    """

    def __init__(
        self,
        edges: Mapping[Hashable, Mapping[Hashable, float]],
        start: Hashable,
        goals: Iterable[Hashable],
        heuristic: Mapping[Hashable, float] | Callable[[Hashable], float] | None = None,
    ) -> None:
        self.edges = {u: dict(vs) for u, vs in edges.items()}
        self.start = start
        self.goals = frozenset(goals)
        self._h = heuristic
        self._reverse: dict[Hashable, list[tuple[Hashable, float]]] = {}
        for u, vs in self.edges.items():
            for v, cost in vs.items():
                self._reverse.setdefault(v, []).append((u, cost))

    def initial(self) -> Hashable:
        return self.start

    def successors(self, node: Hashable) -> list[tuple[Any, Hashable, float]]:
        return [(v, v, cost) for v, cost in self.edges.get(node, {}).items()]

    def predecessors(self, node: Hashable) -> list[tuple[Any, Hashable, float]]:
        return [(node, u, cost) for u, cost in self._reverse.get(node, ())]

    def goal_states(self) -> list[Hashable]:
        return sorted(self.goals, key=repr)

    def is_goal(self, node: Hashable) -> bool:
        return node in self.goals

    def heuristic(self, node: Hashable) -> float:
        if self._h is None:
            return 0
        if callable(self._h):
            return self._h(node)
        return self._h.get(node, 0)

    def nodes(self) -> set[Hashable]:
        """Every node mentioned in the graph."""
        return set(self.edges) | set(self._reverse) | {self.start} | set(self.goals)

    def __repr__(self) -> str:
        return f"GraphProblem({len(self.nodes())} nodes, start={self.start!r})"
