"""Heuristics: reference values, incremental updates equal full recomputation, admissibility
against the true 3x3 distances, and every optimal strategy finding 24 moves for '87 135462'."""

from __future__ import annotations

import random

import pytest
from searchkit_taquin import HEURISTICS
from searchkit_taquin.problem import Taquin
from searchkit_taquin.stats import distance_statistics

from searchkit import get_puzzle, search, verify

PUZZLE = get_puzzle("taquin")
TP = "87 135462"
TP_GOAL = " 12345678"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "pdb-cache"))


def test_reference_values() -> None:
    values = {h: (p := PUZZLE.parse(TP, goal=TP_GOAL, heuristic=h)).heuristic(p.initial())
              for h in HEURISTICS}
    assert values["zero"] == 0
    assert values["misplaced"] == 7
    assert values["manhattan"] == 14
    assert values["linear-conflict"] == 16
    assert 16 <= values["pdb"] <= 24


def _random_walk(p, steps: int, rng: random.Random):
    state, h = p.initial(), p.heuristic(p.initial())
    for _ in range(steps):
        children = p.successors_with_heuristic(state, h)
        assert [(a, c) for a, c, _, _ in children] == [(a, c) for a, c, _ in p.successors(state)]
        for _action, child, cost, child_h in children:
            assert cost == 1
            assert child_h == p.heuristic(child)
        _action, state, _cost, h = rng.choice(children)
    return state


@pytest.mark.parametrize("heuristic", HEURISTICS)
@pytest.mark.parametrize("text, goal", [
    (TP, "blank-first"),
    (TP, "blank-last"),
    (TP, "1 2 3\n4 _ 5\n6 7 8"),                     # blank goal in the middle
    ("1 2 3 4\n5 6 0 7\n9 10 11 8", "blank-last"),      # 3x4
    ("0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", "blank-first"),
])
def test_incremental_updates_agree_with_full_computation(heuristic: str, text: str,
                                                         goal: str) -> None:
    if heuristic == "pdb" and text.count(" ") > 9:
        p = PUZZLE.parse(text, goal=goal, heuristic="manhattan")
        tiles = list(range(1, p.cells))  # beyond 3x3, groups of 4 keep the build fast in CI
        p = Taquin(p.board, p.goal, heuristic="pdb",
                   partition=[tiles[i:i + 4] for i in range(0, len(tiles), 4)])
    else:
        p = PUZZLE.parse(text, goal=goal, heuristic=heuristic)
    rng = random.Random(heuristic + goal)
    _random_walk(p, 400, rng)


def test_admissible_on_every_fifth_3x3_position() -> None:
    stats = distance_statistics(3, 3, "blank-first")
    problems = {h: PUZZLE.parse(TP, heuristic=h) for h in HEURISTICS}
    for i, (state, distance) in enumerate(stats.distances.items()):
        if i % 5:
            continue
        values = [problems[h].heuristic(state) for h in HEURISTICS]
        zero, misplaced, manhattan, conflict, pdb = values
        assert zero <= misplaced <= manhattan <= conflict <= distance
        assert pdb <= distance
        # linear conflict is consistent (a move changes Manhattan by 1 and one line's conflicts
        # by 0 or 2 in the compensating direction); the pdb, minimised over the blank's cell, is
        # only admissible: a move may lower it by more than 1.
        problem = problems["linear-conflict"]
        h = problem.heuristic(state)
        for _a, _child, cost, child_h in problem.successors_with_heuristic(state, h):
            assert h <= cost + child_h


# Blind IDA* without a transposition table takes ~10 s here: the zero heuristic runs IDA* with
# one (``visited="dict"``), the informed ones both ways.
@pytest.mark.parametrize("heuristic, strategy, options", [
    (heuristic, strategy, options)
    for heuristic in HEURISTICS
    for strategy, options in [("astar", {}), ("idastar", {"visited": "dict"}),
                              ("idastar", {"cycle_check": "parent"})]
    if not (heuristic == "zero" and options.get("cycle_check") == "parent")
])
def test_informed_strategies_find_24_moves_with_every_heuristic(heuristic, strategy, options):
    p = PUZZLE.parse(TP, goal=TP_GOAL, heuristic=heuristic)
    result = search(p, strategy, **options)
    assert result.status == "solved" and result.cost == 24
    assert verify(p, result.actions) == 24


@pytest.mark.parametrize("strategy, options", [
    ("bfs", {}), ("dijkstra", {}), ("bibfs", {}),
    ("iddfs", {"visited": "dict", "cycle_check": "parent"}),
])
def test_uninformed_strategies_find_24_moves(strategy, options) -> None:
    p = PUZZLE.parse(TP, goal=TP_GOAL)
    result = search(p, strategy, **options)
    assert result.cost == 24 and len(result.actions) == 24
    assert verify(p, result.actions) == 24


def test_strategies_agree_on_random_3x3_and_2x4_instances() -> None:
    rng = random.Random(2024)
    for size in ((3, 3), (2, 4)):
        for _ in range(6):
            p = PUZZLE.parse(PUZZLE.random_instance(rng, *size), heuristic="linear-conflict")
            if p.unsolvable_reason():
                assert search(p, "astar").status == "no_solution"
                continue
            costs = {search(p, "bibfs").cost, search(p, "astar").cost,
                     search(p, "idastar", cycle_check="parent").cost}
            assert len(costs) == 1
