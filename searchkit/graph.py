""":class:`GraphProblem`: a problem given by an explicit weighted directed graph.

Handy for maps, small puzzles written out by hand, teaching, and the property tests of
:mod:`searchkit.testing`. Actions are the names of the nodes moved to.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from .errors import SearchkitError, excerpt
from .problem import ProblemBase
from .result import at_least_zero

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
    included. Arguments of the wrong shape (edges that are no mapping of mappings or of
    ``(v, cost)`` pairs, goals given as one string, a heuristic that is neither a mapping nor a
    function) and costs that are not numbers of at least 0 raise
    :class:`~searchkit.SearchkitError` naming them.

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
        self.edges = _checked_edges(edges)
        _check_goals_and_heuristic(goals, heuristic)
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


def _checked_edges(edges: Any) -> dict[Hashable, dict[Hashable, Any]]:
    """``edges`` as plain dicts (each node's edges a mapping or ``(v, cost)`` pairs), every
    cost a number of at least 0; else :class:`SearchkitError`."""
    if not isinstance(edges, Mapping):
        raise SearchkitError(f"GraphProblem: edges must be a mapping {{u: {{v: cost}}}}, not "
                             f"{excerpt(edges)}")
    checked = {}
    for u, vs in edges.items():
        try:
            checked[u] = dict(vs)
        except (TypeError, ValueError):
            raise SearchkitError(f"GraphProblem: the edges of {u!r} must be a mapping "
                                 f"{{v: cost}}, not {excerpt(vs)}") from None
        for v, cost in checked[u].items():
            if not at_least_zero(cost) or isinstance(cost, bool):
                raise SearchkitError(f"GraphProblem: edge {u!r} -> {v!r} costs {excerpt(cost)}: "
                                     "a cost is a number of at least 0")
    return checked


def _check_goals_and_heuristic(goals: Any, heuristic: Any) -> None:
    """Raise :class:`SearchkitError` for goals or a heuristic :class:`GraphProblem` cannot take."""
    if isinstance(goals, (str, bytes)):
        raise SearchkitError(f"GraphProblem: goals must be a collection of nodes, not the string "
                             f"{excerpt(goals)} (one goal: {{{goals!r}}})")
    if heuristic is not None and not (callable(heuristic) or isinstance(heuristic, Mapping)):
        raise SearchkitError(f"GraphProblem: heuristic must be a mapping {{node: estimate}} or a "
                             f"function, not {excerpt(heuristic)}")
