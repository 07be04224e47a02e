"""Tests of the jugs puzzle: a known answer, the heuristic checkers, random instances across
strategies, and searchkit's conformance battery."""

import pytest
from hypothesis import given, settings

from searchkit import get_puzzle, search
from searchkit.testing import (
    ConformanceSuite,
    assert_admissible,
    assert_consistent,
    assert_optimal_agreement,
    puzzle_instances,
)


def test_die_hard_takes_six_steps():
    problem = get_puzzle("jugs").parse("3 5 -> 4")
    assert search(problem, "bfs").cost == 6


def test_heuristic_is_admissible_and_consistent():
    problem = get_puzzle("jugs").parse("8 5 3 -> 4")
    assert assert_admissible(problem).complete
    assert assert_consistent(problem).edges > 0


@given(puzzle_instances("jugs", jugs=3, max_capacity=6))
@settings(max_examples=30, deadline=None)
def test_strategies_agree(text):
    assert_optimal_agreement(get_puzzle("jugs").parse(text), ["bfs", "dijkstra", "astar"])


@pytest.mark.searchkit_puzzle("jugs")
class TestJugsConformance(ConformanceSuite):
    """Round trip, options, examples, random instances across every optimal strategy and
    visited backend, admissibility, consistency, incremental successors, keys, action notation,
    bad text."""
