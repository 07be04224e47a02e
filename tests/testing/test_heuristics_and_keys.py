"""assert_admissible, assert_consistent and assert_keys_interchangeable: each catches its bug,
says where (the state as the puzzle draws it, the values, the plan to it) and reports how much it
checked; the exact remaining costs they use are checked against a plain breadth-first search."""

from __future__ import annotations

import itertools
import math
from collections import deque

import pytest

from searchkit import Budget, GraphProblem, ProblemBase, get_puzzle, search
from searchkit.testing import (
    assert_admissible,
    assert_consistent,
    assert_keys_interchangeable,
    assert_optimal_agreement,
    explore_graph,
)
from tests.testing.eight import (
    GOAL,
    CornerManhattan,
    DoubleManhattan,
    EightPuzzle,
    MergingKey,
    manhattan,
    moves,
)

WALK = "135\n4_6\n728"  # 8 moves from the goal


def test_double_manhattan_is_not_admissible_and_the_message_shows_where():
    problem = DoubleManhattan().parse(WALK)
    with pytest.raises(AssertionError) as caught:
        assert_admissible(problem)
    message = str(caught.value)
    assert "the heuristic is not admissible: h = 12 > 8, the cost of a known path to a goal" \
        in message
    assert "reached from the start by: (it is the start)" in message
    assert "    1 3 5\n    4 _ 6\n    7 2 8" in message  # rendered by the puzzle
    assert "a cheapest way on: D R U U L D R D" in message
    assert manhattan(problem.initial()) == 6


def test_a_complete_exploration_gives_exact_costs_and_counts():
    graph = GraphProblem({"a": {"b": 1, "c": 5}, "b": {"c": 1}, "c": {"d": 1}}, "a", {"d"},
                         heuristic={"a": 3, "b": 2, "c": 1})
    report = assert_admissible(graph)
    assert (report.states, report.complete, report.unchecked) == (4, True, 0)
    assert str(report) == "admissible: checked 4 states (the whole reachable space)"
    wrong = GraphProblem(graph.edges, "a", {"d"}, heuristic={"b": 3})
    with pytest.raises(AssertionError, match=r"h = 3 > h\* = 2, the exact remaining cost, at the "
                                             r"state reached from the start by: b"):
        assert_admissible(wrong)


def test_exact_costs_match_a_plain_breadth_first_search_on_the_2x3_puzzle():
    problem = get_puzzle("taquin").parse("1 2 3\n4 5 0", heuristic="manhattan")
    graph = explore_graph(problem, max_states=1000)
    assert graph.complete and len(graph.states) == 360
    goal = next(k for k, s in graph.states.items() if problem.is_goal(s))
    distance, queue = {goal: 0}, deque([goal])  # moves are reversible: BFS from the goal
    while queue:
        k = queue.popleft()
        for _action, child, _cost in graph.edges[k]:
            if child not in distance:
                distance[child] = distance[k] + 1
                queue.append(child)
    assert graph.exact_costs() == distance
    report = assert_admissible(problem)
    assert report.complete and report.states == 360


def test_sampled_exact_searches_reach_beyond_the_exploration():
    line = GraphProblem({i: {i + 1: 1} for i in range(3000)}, 0, {3000},
                        heuristic=lambda n: 10**6 if n == 20 else 0)
    with pytest.raises(AssertionError, match=r"h = 1e\+06 > h\* = 2980, the exact remaining cost"):
        assert_admissible(line, max_states=100, sample_budget=Budget(max_expansions=5000))
    with pytest.raises(AssertionError, match="admissibility not checked: no explored state has a "
                                             "known path to a goal"):
        assert_admissible(line, max_states=100)
    honest = GraphProblem(line.edges, 0, {3000})
    report = assert_admissible(honest, max_states=100, samples=5,
                               sample_budget=Budget(max_expansions=5000))
    assert (report.complete, report.states, report.unchecked) == (False, 5, 0)


def test_corner_manhattan_is_admissible_but_inconsistent_and_only_consistency_sees_it():
    problem = CornerManhattan().parse(WALK)
    assert assert_admissible(problem).states > 1000
    assert_optimal_agreement(problem, visited=("dict", "hashtable"))  # A* reopens: still optimal
    with pytest.raises(AssertionError) as caught:
        assert_consistent(problem)
    message = str(caught.value)
    assert message.startswith("the heuristic is not consistent: h(s) = ")
    assert "on the edge s --" in message and "\ns': \n    " in message
    report = assert_consistent(EightPuzzle().parse(WALK))
    assert report.edges > 4000 and "consistent: checked" in str(report)


def test_heuristic_values_must_be_numbers():
    graph = GraphProblem({"a": {"b": 1}}, "a", {"b"}, heuristic={"a": math.nan})
    with pytest.raises(AssertionError, match="the heuristic returned nan, not a number"):
        assert_consistent(graph)


def test_a_merging_key_is_caught():
    problem = MergingKey().parse(WALK)
    with pytest.raises(AssertionError) as caught:
        assert_keys_interchangeable(problem)
    message = str(caught.value)
    assert message.startswith("two states share the key (1, 3, 5, 4, 6, 7, 2, 8) but differ")
    assert "the engine keeps only one of them" in message
    report = assert_keys_interchangeable(EightPuzzle().parse(WALK))
    assert report.pairs == 0 and report.states > 1000


def test_a_key_whose_damage_shows_steps_later_is_caught():
    """Armed and unarmed walkers share a key; they differ only at the end of the walk (the goal
    needs the switch). Explored by keys, the armed walk is never generated: A* itself says
    there is no plan."""

    class Walk(ProblemBase):
        def initial(self):
            return (0, False)

        def successors(self, state):
            position, armed = state
            if position < 3:
                yield "step", (position + 1, armed), 1
            if position == 0:
                yield "arm", (0, True), 1

        def is_goal(self, state):
            return state == (3, True)

        def key(self, state):
            return state[0]  # forgets the switch

    assert search(Walk(), "astar").status == "no_solution"  # arm, step, step, step exists
    with pytest.raises(AssertionError, match="two states share the key 3 but differ: one is a "
                                             "goal and the other is not"):
        assert_keys_interchangeable(Walk())


def test_sokoban_push_states_share_keys_across_keeper_cells_and_stay_interchangeable():
    problem = get_puzzle("sokoban").parse("######\n#    #\n# $$ #\n# .. #\n#  @ #\n######",
                                          cost="pushes")
    report = assert_keys_interchangeable(problem)
    assert report.pairs > 0 and report.complete


def test_keys_must_be_hashable_and_stable():
    class Listy(ProblemBase):
        def initial(self):
            return 0

        def successors(self, n):
            return [("+1", n + 1, 1)] if n < 3 else []

        def is_goal(self, n):
            return n == 3

        def key(self, n):
            return [n]

    with pytest.raises(AssertionError, match="a key is not usable as a dict key"):
        assert_keys_interchangeable(Listy())
    counter = itertools.count()

    class Drifting(Listy):
        def key(self, n):
            return (n, next(counter) if n == 2 else 0)

    with pytest.raises(AssertionError, match="key\\(\\) is not stable"):
        assert_keys_interchangeable(Drifting())


def test_the_test_puzzle_is_the_8_puzzle():
    """The helper puzzle itself, against facts: the goal's neighbours and a known distance."""
    assert sorted(a for a, _ in moves(GOAL)) == ["L", "U"]
    assert EightPuzzle().parse("1 2 3\n4 5 6\n_ 7 8").initial() == (1, 2, 3, 4, 5, 6, 0, 7, 8)
    assert assert_optimal_agreement(EightPuzzle().parse(WALK)).cost == 8
