"""assert_optimal_agreement never passes silently: issue 14's two failing cases (the 6-node graph
and the pancake 3x-gap heuristic) now fail loudly, and every comparison rule is pinned down.

Independent facts: the optima of hand-made graphs, a plain breadth-first search over pancake
stacks written here, and the brute-force oracles of explicit graphs."""

from __future__ import annotations

import math
import random
from collections import deque

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from searchkit import Budget, GraphProblem, ProblemBase, search
from searchkit.testing import (
    OPTIMAL_STRATEGIES,
    assert_optimal_agreement,
    brute_force_cost,
    graphs,
    optimal_strategies,
    oracles,
    promise_of,
)

# issue 14: unit costs, 0->1->2->3->8->4 (5 steps) and 0->5->4 (2 steps); h(5) = 50 is inadmissible
TRAP = {0: {1: 1, 5: 1}, 1: {2: 1}, 2: {3: 1}, 3: {8: 1}, 8: {4: 1}, 5: {4: 1}}


def trap() -> GraphProblem:
    return GraphProblem(TRAP, start=0, goals={4}, heuristic={5: 50})


def test_the_issue_snippet_fails_loudly():
    problem = trap()
    assert search(problem, "bfs").cost == 2 and search(problem, "astar").cost == 5
    with pytest.raises(AssertionError) as caught:
        assert_optimal_agreement(problem, ["bfs", "astar"])
    message = str(caught.value)
    assert message.startswith("astar promises the minimum cost but returned 5, while dijkstra "
                              "(reference, heuristic ignored) found a plan costing 2: 5 4")
    assert "astar's plan: 1 2 3 8 4" in message
    assert "assert_admissible" in message


def test_without_the_reference_unit_costs_hold_steps_against_costs():
    with pytest.raises(AssertionError, match=r"astar promises the minimum cost but returned 5, "
                                             r"while bfs found a plan costing 2(.|\n)*unit costs"):
        assert_optimal_agreement(trap(), ["bfs", "astar"], reference=False)


def test_idastar_agreeing_with_astar_is_caught_by_the_reference():
    with pytest.raises(AssertionError,
                       match="astar, idastar promise the minimum cost but returned 5"):
        assert_optimal_agreement(trap(), ["astar", "idastar"])
    # opting out of the reference leaves two wrong answers that agree: the caller's choice
    agreement = assert_optimal_agreement(trap(), ["astar", "idastar"], reference=False)
    assert agreement.cost == 5 and agreement.comparisons


def test_nothing_to_compare_is_a_failure():
    with pytest.raises(AssertionError, match="nothing to compare: only astar promises an optimum"):
        assert_optimal_agreement(trap(), ["astar"], reference=False)
    weighted = GraphProblem({"s": {"t": 10, "a": 1}, "a": {"t": 1}}, "s", {"t"})
    with pytest.raises(AssertionError, match=r"nothing to compare: dijkstra \(reference, heuristic "
                                             r"ignored\) promise the minimum cost and bfs the "
                                             r"fewest steps, and the costs are not unit"):
        assert_optimal_agreement(weighted, ["bfs"])
    with pytest.raises(AssertionError, match="nothing to compare: only dfs promises nothing|"
                                             "only no run promises an optimum"):
        assert_optimal_agreement(weighted, ["dfs"], reference=False)


def test_expected_values_count_as_comparisons():
    agreement = assert_optimal_agreement(trap(), ["bfs"], reference=False, expected_steps=2)
    assert agreement.steps == 2 and agreement.comparisons == ["fewest steps: 2 as expected"]
    with pytest.raises(AssertionError, match="the optimal cost is 2, not the expected 3"):
        assert_optimal_agreement(GraphProblem(TRAP, 0, {4}), expected_cost=3)


def test_non_unit_costs_are_compared_within_each_family():
    weighted = GraphProblem({"s": {"t": 10, "a": 1}, "a": {"b": 1}, "b": {"t": 1}}, "s", {"t"},
                            heuristic={"a": 2, "b": 1})
    agreement = assert_optimal_agreement(weighted, visited=("dict", "hashtable"))
    assert (agreement.cost, agreement.steps, agreement.unit_costs) == (3, 1, False)
    assert agreement.reference is not None and agreement.reference.cost == 3
    assert any(line.startswith("cost: ") for line in agreement.comparisons)
    assert any(line.startswith("steps: ") for line in agreement.comparisons)
    assert agreement.skipped == []  # GraphProblem has predecessors: bibfs ran


def test_declared_unit_costs_are_checked():
    class Declared(GraphProblem):
        unit_costs = True

    problem = Declared({"s": {"a": 1}, "a": {"t": 2}}, "s", {"t"})
    with pytest.raises(AssertionError, match="declares unit costs, but bfs's plan costs 3 over 2"):
        assert_optimal_agreement(problem, ["bfs", "dijkstra"])


def test_a_wrongly_pruned_path_is_a_disagreement_on_solvability():
    pruned = GraphProblem({"s": {"a": 1}, "a": {"t": 1}}, "s", {"t"}, heuristic={"a": math.inf})
    with pytest.raises(AssertionError, match=r"disagree on whether the instance is solvable"
                                             r"(.|\n)*astar: no_solution(.|\n)*reference"
                                             r".*: solved"):
        assert_optimal_agreement(pruned, ["astar"])


def test_a_budget_that_runs_out_fails():
    line = GraphProblem({i: {i + 1: 1} for i in range(100)}, 0, {100})
    with pytest.raises(AssertionError, match="bfs ended with budget_exhausted"):
        assert_optimal_agreement(line, ["bfs"], budget=Budget(max_expansions=10))


def test_a_plan_that_does_not_replay_to_its_cost_fails():
    class Drifting(ProblemBase):  # every call to successors makes moves dearer
        calls = 0

        def initial(self):
            return 0

        def successors(self, n):
            self.calls += 1
            return [("+1", n + 1, self.calls)] if n < 3 else []

        def is_goal(self, n):
            return n == 3

    with pytest.raises(AssertionError, match=r"bfs reported cost \d+ but its plan costs \d+"):
        assert_optimal_agreement(Drifting(), ["bfs", "dijkstra"])


def test_default_strategies_skip_what_does_not_apply():
    class Line(ProblemBase):  # no predecessors: bibfs cannot run
        def initial(self):
            return 0

        def successors(self, n):
            return [("+1", n + 1, 1), ("+2", n + 2, 1)] if n < 10 else []

        def is_goal(self, n):
            return n == 10

    agreement = assert_optimal_agreement(Line())
    assert agreement.skipped == ["bibfs"]
    assert {name for name, _ in agreement} == set(OPTIMAL_STRATEGIES) - {"bibfs"}
    assert agreement.cost == agreement.steps == 5 and agreement.unit_costs


def test_the_optimal_strategies_come_from_their_flags():
    assert set(optimal_strategies()) == {"bfs", "iddfs", "bibfs", "dijkstra", "astar", "idastar"}
    assert OPTIMAL_STRATEGIES == optimal_strategies()
    assert promise_of("astar").optimal_in == "cost" and promise_of("astar").needs_admissible
    assert promise_of("iddfs").optimal_in == "steps" and not promise_of("iddfs").needs_admissible
    assert all(promise_of(name).optimal_in is None for name in ("dfs", "dls", "greedy", "wastar"))


@given(graphs(max_nodes=7, heuristic="admissible"))
@settings(max_examples=60, deadline=None)
def test_random_graphs_agree_with_the_brute_force_optimum(graph):
    agreement = assert_optimal_agreement(graph, visited=("dict", "hashtable"))
    assert (agreement.cost if agreement.cost is not None else math.inf) == brute_force_cost(graph)


# -- the pancake case of issue 14 ------------------------------------------------------------

class Pancakes(ProblemBase):
    """Sort a stack (top first) by flipping its top k pancakes; h = weight x the gap heuristic
    (the number of neighbours, the plate included, that are not consecutive sizes)."""

    def __init__(self, stack: tuple[int, ...], weight: int = 1) -> None:
        self.stack, self.weight = tuple(stack), weight

    def initial(self):
        return self.stack

    def successors(self, stack):
        return [(f"flip{k}", stack[:k][::-1] + stack[k:], 1) for k in range(2, len(stack) + 1)]

    def is_goal(self, stack):
        return list(stack) == sorted(stack)

    def heuristic(self, stack):
        below = (*stack[1:], len(stack) + 1)
        return self.weight * sum(abs(a - b) > 1 for a, b in zip(stack, below, strict=True))


def fewest_flips(stack: tuple[int, ...]) -> int:
    """Plain breadth-first search over the stacks: the independent optimum."""
    seen, queue = {stack: 0}, deque([stack])
    while queue:
        s = queue.popleft()
        if list(s) == sorted(s):
            return seen[s]
        for k in range(2, len(s) + 1):
            t = s[:k][::-1] + s[k:]
            if t not in seen:
                seen[t] = seen[s] + 1
                queue.append(t)
    raise AssertionError("unreachable: every stack can be sorted")


def test_the_pancake_3x_gap_heuristic_fails_within_the_first_examples():
    """The guide's recipe with the kit of issue 14 passed 30 examples; now it fails at once."""

    @given(st.permutations(range(1, 8)))
    @settings(max_examples=30, deadline=None, derandomize=True, database=None,
              phases=[Phase.generate])
    def strategies_agree(stack):
        assert_optimal_agreement(Pancakes(stack, weight=3), ["bfs", "astar", "idastar"])

    with pytest.raises(AssertionError, match="promises the minimum cost but returned"):
        strategies_agree()


def test_the_kit_flags_exactly_the_pancake_stacks_where_a_star_or_ida_star_is_wrong():
    rng = random.Random(14)
    flagged = wrong = 0
    for _ in range(12):
        stack = tuple(rng.sample(range(1, 8), 7))
        problem = Pancakes(stack, weight=3)
        optimum = fewest_flips(stack)
        is_wrong = any(search(problem, name).cost != optimum for name in ("astar", "idastar"))
        try:
            assert_optimal_agreement(problem, ["bfs", "astar", "idastar"])
            caught = False
        except AssertionError:
            caught = True
        assert caught == is_wrong, stack
        flagged += caught
        wrong += is_wrong
    assert flagged > 0  # the 3x gap heuristic is wrong on a good share of 7-stacks
    assert_optimal_agreement(Pancakes((3, 1, 2, 5, 4, 7, 6)), expected_steps=fewest_flips(
        (3, 1, 2, 5, 4, 7, 6)))  # the plain gap heuristic is admissible


@pytest.mark.parametrize("cost", [-1, math.nan])
def test_the_oracles_refuse_costs_below_zero_rather_than_answer(cost):
    """Bellman-Ford on a negative cycle returned a cost below every plan's (-4 here)."""
    graph = GraphProblem({0: {1: 1}, 1: {0: 1, 2: 1}}, 0, {2})  # which refuses such costs:
    graph.edges[0][1] = graph.edges[1][0] = cost               # changed after the fact
    with pytest.raises(ValueError, match=r"^the oracles need costs of at least 0: edge 0 -> 1 "):
        brute_force_cost(graph)
    with pytest.raises(ValueError, match=r"^the oracles need costs of at least 0: edge 0 -> 1 "):
        oracles.distances_to_goals(graph)
