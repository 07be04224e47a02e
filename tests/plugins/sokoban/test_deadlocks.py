"""Soundness of the Sokoban pruning rules and heuristics on small random levels.

Each rule may only cut positions from which no solution exists: on random levels, a search with
the rule must find exactly the optimum of a blind search without any rule (Dijkstra, zero
heuristic), for both cost models. Heuristics must never exceed that optimum (admissibility).
"""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st
from searchkit_sokoban.assignment import Assignment, has_perfect_matching, min_cost_assignment

from searchkit import get_puzzle, search
from searchkit.testing import puzzle_instances

SOKOBAN = get_puzzle("sokoban")
NO_RULES = {"dead_squares": False, "freeze": False, "bipartite": False, "subsets": False,
            "rooms": False, "pi_corral": False, "corral": False}


def _optimum(text: str, cost: str, strategy: str = "dijkstra", **options) -> float | None:
    result = search(SOKOBAN.parse(text, cost=cost, **options), strategy)
    assert result.status in ("solved", "no_solution")
    return result.cost


@given(puzzle_instances("sokoban"), st.sampled_from(["moves", "pushes"]))
@settings(max_examples=60, deadline=None)
def test_each_rule_keeps_the_optimum(text: str, cost: str) -> None:
    reference = _optimum(text, cost, heuristic="zero", **NO_RULES)
    for rule in NO_RULES:
        only = {**NO_RULES, rule: True}
        assert _optimum(text, cost, heuristic="zero", **only) == reference, rule
    assert _optimum(text, cost, heuristic="simple", corral=True, rooms=True) == reference
    assert _optimum(text, cost, heuristic="zero", keeper_aware=False) == reference


@given(puzzle_instances("sokoban", boxes=2), st.sampled_from(["moves", "pushes"]),
       st.sampled_from(["matching", "simple"]), st.booleans())
@settings(max_examples=60, deadline=None)
def test_heuristics_are_admissible_and_astar_is_optimal(text: str, cost: str, heuristic: str,
                                                        keeper_aware: bool) -> None:
    reference = _optimum(text, cost, heuristic="zero", **NO_RULES)
    problem = SOKOBAN.parse(text, cost=cost, heuristic=heuristic, keeper_aware=keeper_aware,
                            **NO_RULES)
    h0 = problem.heuristic(problem.initial())
    if reference is None:
        return
    assert h0 <= reference
    result = search(problem, "astar")
    assert result.cost == reference
    # consistency along the optimal plan: h(s) <= cost(s, s') + h(s')
    for state, child, action in zip(result.states, result.states[1:], result.actions):
        step = next(c for a, s, c in problem.successors(state) if a == action)
        assert problem.heuristic(state) <= step + problem.heuristic(child)


@given(st.integers(1, 5).flatmap(
    lambda n: st.lists(st.lists(st.one_of(st.integers(0, 9), st.just(math.inf)),
                                min_size=n, max_size=n), min_size=n, max_size=n)))
@settings(max_examples=200, deadline=None)
def test_hungarian_matches_brute_force(matrix: list[list[float]]) -> None:
    n = len(matrix)
    brute = min(sum(matrix[i][p[i]] for i in range(n)) for p in itertools.permutations(range(n)))
    assert min_cost_assignment(matrix) == brute
    adjacent = [[j for j in range(n) if matrix[i][j] != math.inf] for i in range(n)]
    assert has_perfect_matching(adjacent, n) == (brute != math.inf)


def _brute_assignment(matrix: list[list[float]]) -> float:
    n = len(matrix)
    return min(sum(matrix[i][p[i]] for i in range(n)) for p in itertools.permutations(range(n)))


@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.one_of(st.integers(0, 9), st.just(math.inf)), min_size=n, max_size=n),
             min_size=n, max_size=n),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1),
                       st.lists(st.one_of(st.integers(0, 9), st.just(math.inf)),
                                min_size=n, max_size=n)), max_size=4))))
@settings(max_examples=200, deadline=None)
def test_assignment_row_updates_stay_optimal(case) -> None:
    """replace_row + move_row (what a push does to a box's row) agree with brute force."""
    matrix, updates = case
    current = Assignment.solve(matrix, big=10 * (len(matrix) + 1))
    assert current.value == _brute_assignment(matrix)
    for index, to, row in updates:
        current = current.replace_row(index, row).move_row(index, to)
        matrix = [r for k, r in enumerate(matrix) if k != index]
        matrix.insert(to, row)
        assert current.value == _brute_assignment(matrix)


@given(puzzle_instances("sokoban", rows=5, cols=5, boxes=3, walls=0.1),
       st.sampled_from(["moves", "pushes"]), st.booleans())
@settings(max_examples=30, deadline=None)
def test_incremental_push_bound_equals_a_fresh_one(text: str, cost: str,
                                                   keeper_aware: bool) -> None:
    """Children's bounds (re-solving one row of the parent's assignment) equal a fresh solve."""
    problem = SOKOBAN.parse(text, cost=cost, keeper_aware=keeper_aware)
    frontier, seen = [problem.initial()], set()
    while frontier and len(seen) < 200:
        state = frontier.pop()
        for _action, child, _cost, h in problem.successors_with_heuristic(state, 0):
            fresh = SOKOBAN.parse(text, cost=cost, keeper_aware=keeper_aware)
            assert h == fresh.heuristic(child)
            if problem.key(child) not in seen:
                seen.add(problem.key(child))
                frontier.append(child)


@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=4, walls=0.15))
@settings(max_examples=40, deadline=None)
def test_pi_corral_keeps_the_push_optimum_on_crowded_levels(text: str) -> None:
    """More boxes than the default instances, so that corrals are common (the rule fired on
    115 of 300 such levels when this test was written)."""
    reference = _optimum(text, "pushes", "bfs", heuristic="zero", **NO_RULES)
    assert _optimum(text, "pushes", "bfs", heuristic="zero",
                    **{**NO_RULES, "pi_corral": True}) == reference


PI_CORRAL_LEVEL = """\
########
#  . * #
#@     #
#  $####
#  $ . #
########"""


def test_pi_corral_searches_only_the_push_into_the_corral() -> None:
    """The three cells right of the lower '$' are sealed; a goal there needs a box, and that '$'
    can only go right: the two pushes of the '*' are cut, and the optimum (4, checked by BFS
    without rules) stays."""
    problem = SOKOBAN.parse(PI_CORRAL_LEVEL, cost="pushes", **{**NO_RULES, "pi_corral": True})
    first = [problem.format_action(a) for a, _child, _cost in problem.successors(problem.initial())]
    assert first == ["ddrR"]
    assert problem.pruned["pi_corral"] == 2
    reference = _optimum(PI_CORRAL_LEVEL, "pushes", "bfs", heuristic="zero", **NO_RULES)
    assert reference == 4
    assert search(problem, "bfs").cost == reference


def test_pi_corral_is_ignored_for_moves() -> None:
    """Pushing into a corral first can lengthen the walks: the moves model never uses the rule."""
    problem = SOKOBAN.parse(PI_CORRAL_LEVEL, cost="moves", **{**NO_RULES, "pi_corral": True})
    assert not problem.rules["pi_corral"]
    first = [problem.format_action(a) for a, _child, _cost in problem.successors(problem.initial())]
    # the lower '$' right, the '*' right and left, each after a shortest walk (3, 4 and 6 steps)
    assert sorted((len(word), word[-1]) for word in first) == [(4, "R"), (5, "R"), (7, "L")]


def test_rules_prune_something_on_a_real_level() -> None:
    """Each rule fires (measured counts) on a level where it applies, and the optimum stays."""
    text = SOKOBAN.examples()["three"]
    counts = {}
    for rule in NO_RULES:
        problem = SOKOBAN.parse(text, cost="pushes", heuristic="zero", **{**NO_RULES, rule: True})
        assert search(problem, "dijkstra").cost == 8
        counts[rule] = problem.pruned[rule]
    assert all(counts[rule] > 0 for rule in ("dead_squares", "freeze", "subsets", "pi_corral"))


@given(puzzle_instances("sokoban", rows=5, cols=5, boxes=3, walls=0.1))
@settings(max_examples=40, deadline=None)
def test_pushes_keys_name_the_true_keeper_region(text: str) -> None:
    """The shortcut that derives a child's region from its parent's agrees with a full walk."""
    problem = SOKOBAN.parse(text, cost="pushes", **NO_RULES)
    frontier, seen = [problem.initial()], set()
    while frontier and len(seen) < 300:
        state = frontier.pop()
        for _action, child, _cost in problem.successors(state):
            boxes, root, keeper = child
            assert root == problem.region_root(boxes, keeper)
            if problem.key(child) not in seen:
                seen.add(problem.key(child))
                frontier.append(child)
