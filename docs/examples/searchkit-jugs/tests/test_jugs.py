"""Property test: every optimal strategy agrees on every random jugs instance."""

from hypothesis import given, settings

from searchkit import get_puzzle, search
from searchkit.testing import assert_optimal_agreement, puzzle_instances


def test_die_hard_takes_six_steps():
    problem = get_puzzle("jugs").parse("3 5 -> 4")
    assert search(problem, "bfs").cost == 6


@given(puzzle_instances("jugs", jugs=2, max_capacity=7))
@settings(max_examples=30, deadline=None)
def test_strategies_agree(text):
    problem = get_puzzle("jugs").parse(text)
    assert_optimal_agreement(problem, ["bfs", "iddfs", "dijkstra", "astar", "idastar"])
