"""The incremental successor functions against the plain ones: :func:`assert_incremental_agrees`.

A problem may give ``successors_with_heuristic(state, h)``, which yields each child with its
heuristic value updated from the parent's ``h``, and ``successors_except_parent(state, h,
parent)``, which also leaves out the move back to ``parent`` (see :mod:`searchkit.problem`).
The informed searches call these instead of ``successors`` and ``heuristic``, so the checks of
:mod:`.heuristics`, which call ``heuristic``, do not see what A* and IDA* use. This checker
explores the problem breadth-first (at most ``max_states`` expansions, by keys, as the heuristic
checkers do) and, at every expanded state, holds both functions against ``successors`` and
``heuristic``:

* every child it yields is a child of ``successors`` (the same multiset of ``(key, cost)``), with
  ``next_h`` equal to ``heuristic(child)``;
* it leaves out only children whose heuristic is ``inf`` (dead ends the search would prune
  anyway) and, for ``successors_except_parent``, children equal to the parent (by key).

>>> from searchkit import GraphProblem
>>> g = GraphProblem({"a": {"b": 1}, "b": {"c": 1}}, start="a", goals={"c"},
...                  heuristic={"a": 2, "b": 1})
>>> g.successors_with_heuristic = lambda s, h: [(t, t, c, 0) for _a, t, c in g.successors(s)]
>>> assert_incremental_agrees(g)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: successors_with_heuristic gives a child the heuristic 0, but heuristic() says 1
...
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from ..problem import has_own
from .space import StateGraph, explore_graph, picture

__all__ = ["IncrementalReport", "assert_incremental_agrees"]


@dataclass(frozen=True)
class IncrementalReport:
    """``functions`` checked (their names), at ``states`` expanded states; ``complete`` when the
    whole reachable space was explored."""

    functions: tuple[str, ...]
    states: int
    complete: bool

    def __str__(self) -> str:
        if not self.functions:
            return "incremental: the problem has no successors_with_heuristic or " \
                   "successors_except_parent"
        scope = "the whole reachable space" if self.complete else "a bounded exploration"
        return f"incremental: {' and '.join(self.functions)} agree with successors and " \
               f"heuristic at {self.states} states ({scope})"


def assert_incremental_agrees(problem: Any, *, max_states: int = 2000) -> IncrementalReport:
    """Fail on the first explored state where ``successors_with_heuristic`` or
    ``successors_except_parent`` disagrees with ``successors`` and ``heuristic`` (see the module
    docstring). Returns an :class:`IncrementalReport`."""
    names = tuple(name for name in ("successors_with_heuristic", "successors_except_parent")
                  if has_own(problem, name))
    if not names:
        return IncrementalReport((), 0, True)
    graph = explore_graph(problem, max_states)
    heuristic: Callable[[Any], float] = getattr(problem, "heuristic", lambda _s: 0)
    for k in graph.edges:
        state = graph.states[k]
        h = heuristic(state)
        link = graph.parent[k]
        parent_key = None if link is None else link[0]
        for name in names:
            if name == "successors_with_heuristic":
                children = problem.successors_with_heuristic(state, h)
            else:
                parent = None if parent_key is None else graph.states[parent_key]
                children = problem.successors_except_parent(state, h, parent)
            _compare(graph, problem, heuristic, k, name, children,
                     parent_key if name == "successors_except_parent" else _NO_PARENT)
    return IncrementalReport(names, len(graph.edges), graph.complete)


_NO_PARENT = object()


def _compare(graph: StateGraph, problem: Any, heuristic: Callable[[Any], float], k: Hashable,
             name: str, children: Iterable[tuple[Any, ...]], parent_key: Any) -> None:
    expected = Counter((child_key, cost) for _a, child_key, cost in graph.edges[k])
    got: Counter[tuple[Hashable, float]] = Counter()
    for _action, child, cost, child_h in children:
        child_key = graph.key(child)
        got[(child_key, cost)] += 1
        true_h = heuristic(child)
        if not (child_h == true_h or math.isclose(child_h, true_h, abs_tol=1e-9)):
            raise AssertionError(
                f"{name} gives a child the heuristic {child_h:g}, but heuristic() says "
                f"{true_h:g}\nchild:\n{picture(problem, child)}\nparent: {graph.describe(k)}")
    extra = got - expected
    if extra:
        child_key, cost = next(iter(extra))
        raise AssertionError(
            f"{name} yields a child that successors does not (key {child_key!r}, cost {cost:g})"
            f"\nparent: {graph.describe(k)}")
    for child_key, cost in expected - got:
        if child_key == parent_key:
            continue
        if child_key in graph.states and heuristic(graph.states[child_key]) == math.inf:
            continue  # a dead end, pruned either way
        raise AssertionError(
            f"{name} leaves out a child that successors yields (key {child_key!r}, cost "
            f"{cost:g}), neither the parent nor a dead end\nparent: {graph.describe(k)}")
