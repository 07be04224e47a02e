"""Helpers for property tests of puzzles and strategies (needs ``hypothesis`` and ``pytest``).

Three tools make "check optimality across strategies" a few lines:

* :func:`graphs` -- a hypothesis strategy for random explicit graphs (:class:`GraphProblem`) with
  integer costs (zero costs and cycles included), optionally with an admissible heuristic;
* :func:`puzzle_instances` -- a hypothesis strategy for random instance texts of any installed
  puzzle, through its ``random_instance``;
* :func:`assert_optimal_agreement` -- runs several strategies on one problem, checks that the
  cost-optimal ones agree on the cost (and the step-optimal ones on the length), that every plan
  passes :func:`~searchkit.verify` with the cost the search reported, and optionally that the
  optimum equals a known value.

:func:`brute_force_cost` and :func:`brute_force_steps` are independent oracles for explicit graphs
(Bellman-Ford relaxation and breadth-first layering over the edge list, sharing no code with the
search loops).

Example (a property test of a plugin)::

    from hypothesis import given, settings
    from searchkit import get_puzzle
    from searchkit.testing import assert_optimal_agreement, puzzle_instances

    @given(puzzle_instances("nstar", max_target=300))
    @settings(max_examples=25, deadline=None)
    def test_nstar_strategies_agree(text):
        assert_optimal_agreement(get_puzzle("nstar").parse(text), ["bfs", "astar", "idastar"])
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from hypothesis import strategies as st

from .budget import Budget
from .graph import GraphProblem
from .plugins import get_puzzle, get_strategy
from .result import Result
from .search import search
from .verify import verify

__all__ = [
    "graphs",
    "puzzle_instances",
    "assert_optimal_agreement",
    "brute_force_cost",
    "brute_force_steps",
    "OPTIMAL_STRATEGIES",
]

#: Strategies that promise an optimal plan (in cost, or in steps for unit costs).
OPTIMAL_STRATEGIES = ("bfs", "iddfs", "bibfs", "dijkstra", "astar", "idastar")


def brute_force_cost(graph: GraphProblem) -> float:
    """The cheapest cost from the start to a goal by Bellman-Ford relaxation (``inf`` if none).

    O(V * E); independent of the search loops.
    """
    dist = _bellman_ford(graph, {graph.start}, reverse=False)
    return min((dist[g] for g in graph.goals if g in dist), default=math.inf)


def _bellman_ford(graph: GraphProblem, sources: Iterable[Any], reverse: bool) -> dict[Any, float]:
    """Cheapest cost from the nearest source to every node (to it, with ``reverse``)."""
    nodes = graph.nodes()
    dist = dict.fromkeys(nodes, math.inf)
    for source in sources:
        dist[source] = 0
    edges = [(v, u, c) if reverse else (u, v, c)
             for u, vs in graph.edges.items() for v, c in vs.items()]
    for _ in range(len(nodes)):
        changed = False
        for u, v, c in edges:
            if dist[u] + c < dist[v]:
                dist[v] = dist[u] + c
                changed = True
        if not changed:
            break
    return dist


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


@st.composite
def graphs(
    draw: Any,
    min_nodes: int = 1,
    max_nodes: int = 9,
    max_cost: int = 9,
    unit_costs: bool = False,
    heuristic: str | None = None,
) -> GraphProblem:
    """A hypothesis strategy for random :class:`GraphProblem` instances.

    Nodes are ``0 .. n-1``, the start is 0, one to three goals; edges are random (self-loops and
    cycles included), costs are integers in ``0 .. max_cost`` (1 with ``unit_costs``).
    ``heuristic``: ``None`` (no heuristic), ``"consistent"`` (the true distance times a fraction;
    ``inf`` on nodes that reach no goal, unless the fraction is 0) or ``"admissible"`` (a random
    fraction of the true distance per node: admissible, usually inconsistent).
    """
    n = draw(st.integers(min_nodes, max_nodes))
    costs = st.just(1) if unit_costs else st.integers(0, max_cost)
    edges: dict[int, dict[int, int]] = {}
    for u in range(n):
        targets = draw(st.lists(st.integers(0, n - 1), max_size=min(n, 4), unique=True))
        edges[u] = {v: draw(costs) for v in targets}
    goals = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=min(3, n)))
    graph = GraphProblem(edges, start=0, goals=goals)
    if heuristic is None:
        return graph
    exact = _distances_to_goals(graph)
    if heuristic == "consistent":
        # A node that reaches no goal gets inf (its true distance; a dead end): 0 there would
        # break consistency on the edges into it.
        scale = draw(st.sampled_from([0, 0.5, 1]))
        h = {u: d * scale if scale else 0 for u, d in exact.items()}
    elif heuristic == "admissible":
        h = {
            u: (d * draw(st.sampled_from([0, 0.25, 0.5, 1])) if d < math.inf else 0)
            for u, d in exact.items()
        }
    else:
        raise ValueError(f"heuristic must be None, 'consistent' or 'admissible', not {heuristic!r}")
    return GraphProblem(edges, start=0, goals=goals, heuristic=h)


def _distances_to_goals(graph: GraphProblem) -> dict[Any, float]:
    """Exact cost from every node to the nearest goal (Bellman-Ford on reversed edges)."""
    return _bellman_ford(graph, graph.goals, reverse=True)


def puzzle_instances(puzzle: str, **size: Any) -> st.SearchStrategy[str]:
    """A hypothesis strategy for instance texts of the installed puzzle ``puzzle``.

    ``size`` is passed to the puzzle's ``random_instance(rng, **size)``; the random generator is
    drawn by hypothesis, so failures shrink and replay.
    """
    maker = get_puzzle(puzzle)
    return st.randoms(use_true_random=False).map(lambda rng: maker.random_instance(rng, **size))


def assert_optimal_agreement(
    problem: Any,
    strategies: Sequence[str] | None = None,
    *,
    expected_cost: float | None = None,
    expected_steps: int | None = None,
    visited: Iterable[str | None] = (None,),
    budget: Budget | None = None,
    rel_tol: float = 1e-9,
) -> dict[tuple[str, str | None], Result]:
    """Run ``strategies`` (default :data:`OPTIMAL_STRATEGIES` that apply) and check them.

    For each strategy and each backend in ``visited`` (``None`` = the strategy's default):

    * every result is ``solved`` or every one is ``no_solution`` -- they must agree;
    * every plan passes :func:`~searchkit.verify`, which must return the reported cost;
    * strategies promising cost-optimality agree on the cost, equal to ``expected_cost`` if given;
    * step-optimal strategies agree on the plan length, equal to ``expected_steps`` if given.

    A strategy that runs out of ``budget`` fails the assertion (give budgets that suffice).
    Returns the results by ``(strategy, visited)``. Raises ``AssertionError`` with a message
    naming the disagreeing strategies.
    """
    names = list(strategies) if strategies is not None else [
        s for s in OPTIMAL_STRATEGIES
        if s != "bibfs" or (hasattr(problem, "predecessors") and hasattr(problem, "goal_states"))
    ]
    results: dict[tuple[str, str | None], Result] = {}
    for name in names:
        for backend in visited:
            result = search(problem, name, visited=backend, budget=budget)
            results[(name, backend)] = result
            assert result.status in ("solved", "no_solution"), (
                f"{name} (visited={backend}) ended with {result.status}: {result.reason}"
            )
            if result.solved:
                replayed = verify(problem, result.actions)  # type: ignore[arg-type]
                assert math.isclose(replayed, result.cost, rel_tol=rel_tol, abs_tol=1e-9), (
                    f"{name}: reported cost {result.cost} but the plan costs {replayed}"
                )
    statuses = {key: r.status for key, r in results.items()}
    assert len(set(statuses.values())) <= 1, f"strategies disagree on solvability: {statuses}"
    costs = {k: r.cost for k, r in results.items() if r.solved and get_strategy(k[0]).optimal}
    steps = {
        k: len(r.actions)  # type: ignore[arg-type]
        for k, r in results.items()
        if r.solved and get_strategy(k[0]).step_optimal
    }
    if costs:
        first = next(iter(costs.values()))
        assert all(math.isclose(c, first, rel_tol=rel_tol, abs_tol=1e-9) for c in costs.values()), (
            f"cost-optimal strategies disagree: {costs}"
        )
        if expected_cost is not None:
            assert math.isclose(first, expected_cost, rel_tol=rel_tol, abs_tol=1e-9), (
                f"optimal cost {first} != expected {expected_cost}: {costs}"
            )
    if steps:
        assert len(set(steps.values())) == 1, f"step-optimal strategies disagree: {steps}"
        if expected_steps is not None:
            assert next(iter(steps.values())) == expected_steps, (
                f"fewest steps {next(iter(steps.values()))} != expected {expected_steps}"
            )
    return results
