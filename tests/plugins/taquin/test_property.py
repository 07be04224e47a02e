"""Property tests with the plugin author's kit: on random boards, every optimal strategy agrees
with every heuristic, plans replay, and unsolvable boards are reported by all of them."""

from __future__ import annotations

from hypothesis import given, settings

from searchkit import Budget, get_puzzle, search
from searchkit.testing import assert_optimal_agreement, puzzle_instances

HEURISTICS = ("zero", "misplaced", "manhattan", "linear-conflict")


@given(puzzle_instances("taquin", height=2, width=3))
@settings(max_examples=30, deadline=None)
def test_2x3_every_strategy_and_heuristic_agree(text):
    costs = set()
    for heuristic in HEURISTICS:
        problem = get_puzzle("taquin").parse(text, heuristic=heuristic)
        results = assert_optimal_agreement(problem,
                                           ["bfs", "dijkstra", "astar", "idastar", "bibfs"])
        costs |= {r.cost for r in results.values()}
    assert len(costs) == 1  # the same optimum (or None for an unsolvable board) for every heuristic


@given(puzzle_instances("taquin", height=3, width=3))
@settings(max_examples=15, deadline=None)
def test_3x3_astar_heuristics_agree_with_bibfs(text):
    reference = search(get_puzzle("taquin").parse(text, heuristic="zero"), "bibfs")
    for heuristic in ("manhattan", "linear-conflict"):
        problem = get_puzzle("taquin").parse(text, heuristic=heuristic)
        result = search(problem, "astar", budget=Budget(max_expansions=200_000))
        assert result.status == reference.status
        assert result.cost == reference.cost
