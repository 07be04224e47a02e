"""A bounded, explicit copy of a problem's state graph, for the heuristic and key checkers.

:func:`explore_graph` walks the problem breadth-first from its start, by keys, for at most
``max_states`` expansions, and keeps every edge it saw. :meth:`StateGraph.exact_costs` then gives
the exact remaining cost ``h*`` of every state by a backward Dijkstra from the goals -- exact only
when the exploration was ``complete`` (every reachable state expanded). :meth:`StateGraph.plan_to`
spells the fewest-steps path from the start to a state, and :meth:`StateGraph.describe` prints a
state the way failure messages do.

>>> from searchkit import GraphProblem
>>> g = GraphProblem({"a": {"b": 1, "c": 4}, "b": {"c": 1}}, start="a", goals={"c"})
>>> graph = explore_graph(g, max_states=10)
>>> graph.complete, len(graph.states), graph.edge_count, graph.exact_costs()
(True, 3, 3, {'a': 2, 'b': 1, 'c': 0})
>>> graph.plan_to("c")
['c']
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from itertools import count
from math import inf
from typing import Any

from ..problem import has_own

__all__ = ["StateGraph", "explore_graph", "picture"]

Edge = tuple[Any, Hashable, float]  # action, child key, cost


@dataclass
class StateGraph:
    """What :func:`explore_graph` saw of a problem's state graph.

    ``states``: the first state met with each key, in breadth-first order; ``edges``: the
    successors ``(action, child key, cost)`` of every *expanded* key; ``parent``: the
    breadth-first tree ``key -> (parent key, action)``; ``complete``: whether every reachable
    state was expanded.
    """

    problem: Any
    key: Callable[[Any], Hashable]
    states: dict[Hashable, Any] = field(default_factory=dict)
    edges: dict[Hashable, list[Edge]] = field(default_factory=dict)
    parent: dict[Hashable, tuple[Hashable, Any] | None] = field(default_factory=dict)
    complete: bool = False

    @property
    def edge_count(self) -> int:
        """The number of edges recorded."""
        return sum(len(out) for out in self.edges.values())

    def exact_costs(self) -> dict[Hashable, float]:
        """The cheapest cost from every known state to a goal over the recorded edges (``inf``
        when none is reachable): the exact ``h*`` when :attr:`complete`, an upper bound else."""
        reverse: dict[Hashable, list[tuple[Hashable, float]]] = {}
        for source, out in self.edges.items():
            for _action, target, cost in out:
                reverse.setdefault(target, []).append((source, cost))
        dist: dict[Hashable, float] = {}
        tie = count()
        heap = [(0, next(tie), k) for k, s in self.states.items() if self.problem.is_goal(s)]
        heapq.heapify(heap)
        while heap:
            d, _, k = heapq.heappop(heap)
            if k in dist:
                continue
            dist[k] = d
            for source, cost in reverse.get(k, ()):
                if source not in dist:
                    heapq.heappush(heap, (d + cost, next(tie), source))
        return {k: dist.get(k, inf) for k in self.states}

    def plan_to(self, key: Hashable) -> list[Any]:
        """The actions of the fewest-steps path from the start to the state with ``key``."""
        actions = []
        link = self.parent[key]
        while link is not None:
            key, action = link
            actions.append(action)
            link = self.parent[key]
        return actions[::-1]

    def describe(self, key: Hashable, limit: int = 20) -> str:
        """The state with ``key``: the path to it in the puzzle's notation and its picture."""
        fmt = getattr(self.problem, "format_action", str)
        plan = [fmt(a) for a in self.plan_to(key)]
        shown = " ".join(plan[:limit]) + (f" ... ({len(plan)} steps)" if len(plan) > limit else "")
        return f"reached from the start by: {shown or '(it is the start)'}\n" \
               f"{picture(self.problem, self.states[key])}"


def explore_graph(
    problem: Any,
    max_states: int = 2000,
    on_same_key: Callable[[Hashable, Any, Any], None] | None = None,
) -> StateGraph:
    """Explore ``problem`` breadth-first by keys, expanding at most ``max_states`` states.

    ``on_same_key(key, first, other)`` is called when a generated state ``other`` has the key of
    an already known, different state ``first`` (see :mod:`.keys`).
    """
    key = problem.key if has_own(problem, "key") else _identity
    graph = StateGraph(problem, key)
    start = problem.initial()
    start_key = key(start)
    graph.states[start_key] = start
    graph.parent[start_key] = None
    queue = [start_key]
    for head, state_key in enumerate(queue):
        if head >= max_states:
            return graph
        out = graph.edges[state_key] = []
        for action, child, cost in problem.successors(graph.states[state_key]):
            child_key = key(child)
            out.append((action, child_key, cost))
            first = graph.states.get(child_key, _ABSENT)
            if first is _ABSENT:
                graph.states[child_key] = child
                graph.parent[child_key] = (state_key, action)
                queue.append(child_key)
            elif on_same_key is not None and first is not child and first != child:
                on_same_key(child_key, first, child)
    graph.complete = True
    return graph


_ABSENT = object()


def picture(problem: Any, state: Any) -> str:
    """``state`` as the problem draws it (``render``, else ``repr``), each line indented by
    four spaces: how the checkers' messages show a state.

    >>> from searchkit import GraphProblem
    >>> picture(GraphProblem({"a": {}}, "a", {"a"}), "a")
    '    a'
    """
    render = getattr(problem, "render", repr)
    return "\n".join("    " + line for line in str(render(state)).splitlines())


def _identity(state: Any) -> Any:
    return state
