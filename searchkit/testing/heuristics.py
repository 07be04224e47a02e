"""Heuristic checkers: :func:`assert_admissible` and :func:`assert_consistent`.

Both explore the problem breadth-first from its start (at most ``max_states`` expansions, see
:func:`~searchkit.testing.space.explore_graph`), fail on the first state or edge that breaks the
property -- printing the state as the puzzle draws it, the values involved and the plan that
reaches it -- and otherwise return a :class:`HeuristicReport` saying how much was checked.

*Admissible*: ``h(s) <= h*(s)``, the exact cheapest remaining cost. When the exploration covered
the whole reachable space, ``h*`` of every state comes from a backward Dijkstra over the explored
graph. When the space is too big, every explored state with a known path to a goal is held against
that path's cost (``h*`` is at most that: exceeding it is a proven violation), and ``samples``
states spread over the explored part are each solved exactly by a forward uninformed search
(Dijkstra without the heuristic, under ``sample_budget``).
*Consistent*: ``h(s) <= c(s, s') + h(s')`` on every explored edge (edges out of a state whose
``h`` is ``inf`` -- a declared dead end -- are left out). A consistent heuristic is admissible
when ``h`` is 0 on goals; an admissible one need not be consistent.

>>> from searchkit import GraphProblem
>>> g = GraphProblem({"a": {"b": 1}, "b": {"c": 1}}, start="a", goals={"c"},
...                  heuristic={"a": 2, "b": 0})
>>> print(assert_admissible(g))
admissible: checked 3 states (the whole reachable space)
>>> assert_consistent(g)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: the heuristic is not consistent: h(s) = 2 > cost 1 + h(s') = 1 + 0 on the edge ...
...
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from ..budget import Budget
from ..search import search
from .guarantees import reference_strategy
from .space import StateGraph, explore_graph, picture
from .views import uninformed

__all__ = ["HeuristicReport", "assert_admissible", "assert_consistent"]


@dataclass(frozen=True)
class HeuristicReport:
    """How much a checker verified: ``states`` whose ``h`` was checked, ``edges`` checked
    (consistency), whether the exploration was ``complete``, and ``unchecked`` sampled states
    whose exact cost did not fit the budget."""

    property: str
    states: int
    edges: int = 0
    complete: bool = True
    unchecked: int = 0

    def __str__(self) -> str:
        scope = "the whole reachable space" if self.complete else "a bounded exploration"
        edges = f" and {self.edges} edges" if self.property == "consistent" else ""
        skipped = f"; {self.unchecked} sampled states over budget" if self.unchecked else ""
        return f"{self.property}: checked {self.states} states{edges} ({scope}){skipped}"


def assert_admissible(
    problem: Any,
    *,
    max_states: int = 2000,
    samples: int = 40,
    sample_budget: Budget | None = None,
) -> HeuristicReport:
    """Fail on the first explored state where ``h > h*`` (see the module docstring).

    ``max_states`` bounds the exploration. When it does not cover the reachable space, every
    explored state with a known path to a goal is held against that path's cost (an upper bound
    of ``h*``: exceeding it is a proven violation), and ``samples`` states spread over the
    exploration are solved exactly, each within ``sample_budget`` (default: as many expansions
    as ``max_states``). Returns a :class:`HeuristicReport`.
    """
    graph = explore_graph(problem, max_states)
    h = _heuristic(problem)
    bound = graph.exact_costs()  # exact when complete, else the cost of the best known path
    known = 0
    for k in graph.states:
        if bound[k] != math.inf or graph.complete:
            known += 1
            _check_admissible(graph, k, h(graph, k), bound[k], graph.complete,
                              lambda k=k: _way_on(graph, bound, k))
    if graph.complete:
        return HeuristicReport("admissible", len(graph.states))
    budget = sample_budget or Budget(max_expansions=max_states)
    keys = list(graph.states)
    chosen = keys[:: max(1, len(keys) // samples)][:samples]
    unchecked = 0
    for k in chosen:
        result = search(uninformed(problem, start=graph.states[k]), reference_strategy(),
                        budget=budget)
        if result.status not in ("solved", "no_solution"):
            unchecked += 1
            continue
        exact_cost = result.cost if result.solved else math.inf
        _check_admissible(graph, k, h(graph, k), exact_cost, True,
                          lambda result=result: _spell(problem, result.actions or []))
    if known == 0 and unchecked == len(chosen):
        raise AssertionError(f"admissibility not checked: no explored state has a known path to "
                             f"a goal, and none of the {len(chosen)} sampled states could be "
                             f"solved within {budget}; give a larger max_states or sample_budget, "
                             "or a smaller instance")
    return HeuristicReport("admissible", known + len(chosen) - unchecked, complete=False,
                           unchecked=unchecked)


def assert_consistent(problem: Any, *, max_states: int = 2000) -> HeuristicReport:
    """Fail on the first explored edge ``s -> s'`` where ``h(s) > c(s, s') + h(s')``.

    Returns a :class:`HeuristicReport` with the numbers of states and edges checked.
    """
    graph = explore_graph(problem, max_states)
    h = _heuristic(problem)
    checked = 0
    for k, out in graph.edges.items():
        hs = h(graph, k)
        if hs == math.inf:
            continue
        for action, child, cost in out:
            hc = h(graph, child)
            if hs > cost + hc + 1e-9:
                fmt = getattr(problem, "format_action", str)
                raise AssertionError(
                    f"the heuristic is not consistent: h(s) = {hs:g} > cost {cost:g} + h(s') = "
                    f"{cost:g} + {hc:g} on the edge s --{fmt(action)}--> s' (after {checked} "
                    f"edges checked)\ns: {graph.describe(k)}\n"
                    f"s': \n{picture(problem, graph.states[child])}")
            checked += 1
    return HeuristicReport("consistent", len(graph.edges), checked, graph.complete)


def _heuristic(problem: Any) -> Any:
    """``h(graph, key)``: the problem's heuristic of a known state, checked to be a number."""
    heuristic = getattr(problem, "heuristic", None)
    cache: dict[Hashable, float] = {}

    def h(graph: StateGraph, k: Hashable) -> float:
        if k not in cache:
            value = heuristic(graph.states[k]) if heuristic is not None else 0
            if not isinstance(value, numbers.Real) or math.isnan(value) or value < 0:
                raise AssertionError(f"the heuristic returned {value!r}, not a number >= 0 or "
                                     f"inf, for the state {graph.describe(k)}")
            cache[k] = value
        return cache[k]

    return h


def _check_admissible(graph: StateGraph, k: Hashable, h: float, bound: float, exact: bool,
                      way: Callable[[], str]) -> None:
    if h > bound + 1e-9:
        if exact:
            shown = "inf (no goal reachable)" if bound == math.inf else f"{bound:g}"
            what = f"h* = {shown}, the exact remaining cost,"
        else:
            what = f"{bound:g}, the cost of a known path to a goal (so h* <= {bound:g}),"
        raise AssertionError(
            f"the heuristic is not admissible: h = {h:g} > {what} at the state "
            f"{graph.describe(k)}\n  a cheapest way on: {way()}")


def _way_on(graph: StateGraph, exact: dict[Hashable, float], k: Hashable) -> str:
    """A cheapest path from ``k`` to a goal, following the exact costs."""
    actions: list[Any] = []
    while exact[k] not in (0, math.inf) and len(actions) < 30:
        for action, child, cost in graph.edges.get(k, ()):
            if math.isclose(cost + exact[child], exact[k], abs_tol=1e-9):
                actions.append(action)
                k = child
                break
        else:
            break
    return _spell(graph.problem, actions) if exact[k] != math.inf else "none"


def _spell(problem: Any, actions: list[Any]) -> str:
    fmt = getattr(problem, "format_action", str)
    return " ".join(fmt(a) for a in actions) or "(none: it is a goal)"
