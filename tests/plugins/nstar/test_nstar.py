"""The N* game (issue 3): known optima, every strategy, and tree- versus graph-search growth."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchkit import Budget, PuzzleFormatError, get_puzzle, search, verify
from searchkit.testing import assert_optimal_agreement, puzzle_instances


def optimal_from_one(target: int) -> int:
    """Independent fact: from 1, reading target's binary digits after the leading 1, each digit
    costs a doubling and each 1 digit an extra +1, and nothing shorter exists."""
    return target.bit_length() - 1 + bin(target).count("1") - 1


def parse(text: str, **options):
    return get_puzzle("nstar").parse(text, **options)


def test_one_to_42_in_seven_moves_with_the_reference_path():
    result = search(parse("1 42"), "bfs")
    assert result.cost == 7 == optimal_from_one(42)
    assert result.states == [1, 2, 4, 5, 10, 20, 21, 42]
    assert verify(parse("1 42"), result.actions) == 7


@pytest.mark.parametrize("strategy", ["bfs", "iddfs", "astar", "idastar", "bibfs", "dijkstra"])
@pytest.mark.parametrize("visited", [None, "dict", "hashtable"])
def test_every_optimal_strategy_finds_seven(strategy, visited):
    result = search(parse("1 42"), strategy, visited=visited)
    assert result.cost == 7 and len(result.actions) == 7


def test_log2_heuristic_and_dead_ends():
    problem = parse("1 42")
    assert [problem.heuristic(n) for n in (1, 2, 5, 21, 22, 42)] == [6, 5, 4, 1, 1, 0]
    assert problem.heuristic(43) == float("inf")
    unpruned = parse("1 42", prune=False)
    result = search(unpruned, "astar")
    assert result.cost == 7 and result.stats.pruned > 0


def test_start_above_target_is_unsolvable_at_once():
    result = search(parse("50 42"), "bfs")
    assert result.status == "no_solution" and "above the target" in result.reason


def test_single_number_means_start_one():
    assert parse("42").initial() == 1


@pytest.mark.parametrize("text,message", [
    ("", "expected 'START TARGET', got no numbers"),
    ("1 2 3", "line 1: expected 'START TARGET': too many numbers"),
    ("1\n-4", "line 2: numbers must be positive, got -4"),
    ("one 42", "line 1: expected an integer, got 'one'"),
])
def test_bad_text(text, message):
    with pytest.raises(PuzzleFormatError) as info:
        parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize("target,depth", [(42, 7), (100, 8), (1000, 14)])
def test_tree_search_grows_exponentially_graph_search_does_not(target, depth):
    tree = search(parse(f"1 {target}"), "bfs", visited="none")
    graph = search(parse(f"1 {target}"), "bfs")
    assert tree.cost == graph.cost == depth == optimal_from_one(target)
    # Tree search: each layer is at least 3/2 times the previous one (reference document, Q3).
    assert tree.stats.generated >= 1.5 ** (depth - 1)
    # Graph search: every state n <= target is expanded at most once, with 2 successors.
    assert graph.stats.expanded <= target and graph.stats.generated <= 2 * target
    assert tree.stats.generated > graph.stats.generated


def test_growth_ratio_increases_with_depth():
    ratios = []
    for target in (42, 100, 1000):
        tree = search(parse(f"1 {target}"), "bfs", visited="none").stats.generated
        graph = search(parse(f"1 {target}"), "bfs").stats.generated
        ratios.append(tree / graph)
    assert ratios == sorted(ratios) and ratios[-1] > 5 * ratios[0]  # 3.0, 3.6, 16.7


@given(st.integers(1, 5000))
@settings(max_examples=40, deadline=None)
def test_optimum_matches_the_binary_formula(target):
    assert_optimal_agreement(parse(f"1 {target}"), ["bfs", "astar", "idastar", "bibfs"],
                             expected_cost=optimal_from_one(target),
                             expected_steps=optimal_from_one(target))


@given(puzzle_instances("nstar", max_target=400))
@settings(max_examples=30, deadline=None)
def test_random_instances_agree_across_strategies(text):
    assert_optimal_agreement(parse(text), visited=("dict", "hashtable"))


def test_examples_solve():
    puzzle = get_puzzle("nstar")
    for name, text in puzzle.examples().items():
        assert search(puzzle.parse(text), puzzle.default_strategy).solved, name


def distances_to(target: int) -> dict[int, int]:
    """Independent fact: the fewest moves from every n <= target, by a breadth-first search
    backwards from the target over the predecessors (n - 1 and, for even n, n / 2)."""
    dist, layer = {target: 0}, [target]
    while layer:
        nxt = []
        for n in layer:
            for m in (n - 1, n // 2 if n % 2 == 0 else 0):
                if m >= 1 and m not in dist:
                    dist[m] = dist[n] + 1
                    nxt.append(m)
        layer = nxt
    return dist


@given(st.integers(1, 3000))
@settings(max_examples=40, deadline=None)
def test_the_exact_heuristic_is_the_true_distance_from_every_state(target):
    problem = parse(f"1 {target}", heuristic="exact")
    dist = distances_to(target)
    assert all(problem.heuristic(n) == d for n, d in dist.items())
    assert problem.heuristic(target + 1) == float("inf")


def test_a_star_with_the_exact_heuristic_solves_a_thousand_digit_target():
    target = int("9" * 1000)  # 3,322 bits: far beyond what log2 guidance reaches
    result = search(parse(f"1 {target}", heuristic="exact"), "astar")
    assert result.cost == optimal_from_one(target)
    assert result.stats.expanded == result.cost  # only the path: every other child has f > C*
    # from another start too: one whose plan is short (from target // 3 it is ~target / 6
    # moves: the remainder after one doubling must be added one by one)
    start = target >> 1000
    problem = parse(f"{start} {target}", heuristic="exact")
    assert problem.heuristic(start) == 2000  # 1,000 doublings, and the low 1,000 bits all 1s
    result = search(problem, "astar", budget=Budget(max_expansions=5000))
    assert result.solved and result.stats.expanded == result.cost == problem.heuristic(start)
    assert verify(parse(f"{start} {target}"), result.actions) == result.cost
