"""Sokoban optima against independent facts: the seed levels' exhaustive-BFS optima, Microban's
table, a second strategy, and a square-by-square replay of every plan."""

from __future__ import annotations

import csv

import pytest
from hypothesis import given, settings
from searchkit_sokoban import plan_to_lurd, replay_lurd, select_level, solve_level, split_levels

from searchkit import PlanError, get_puzzle, search, verify
from searchkit.testing import puzzle_instances
from tests.shared import DATA as SHARED
from tests.shared import needs_data

SOKOBAN = get_puzzle("sokoban")
DATA = SHARED / "sokoban"


def _seed() -> tuple[str, dict[str, tuple[int, int]]]:
    text = (DATA / "seed_levels.xsb").read_text()
    with open(DATA / "seed_levels_optimal.csv", newline="") as f:
        optima = {row["level"]: (int(row["moves"]), int(row["pushes"]))
                  for row in csv.DictReader(f)}
    return text, optima


def _rows(text: str, level: str | int) -> list[str]:
    return [row for _, row in select_level(split_levels(text), level).rows]


def _check_plan(problem, result, rows: list[str], cost: str) -> None:
    """verify() replays through successors; replay_lurd replays the letters on the raw rows."""
    assert verify(problem, result.actions) == result.cost
    replay = replay_lurd(rows, plan_to_lurd(problem, result.actions))
    assert replay.solved
    assert (replay.moves if cost == "moves" else replay.pushes) == result.cost


SEED_LEVELS = ["lvl_test1", "lvl_test2", "lvl_mini", "lvl_micro1", "lvl_micro3", "lvl_cosmos1",
               "lvl_micro11", "lvl_micro16", "lvl_freebox"]


@needs_data
@pytest.mark.parametrize("name", SEED_LEVELS)
@pytest.mark.parametrize("cost", ["moves", "pushes"])
def test_seed_levels_reach_the_exhaustive_bfs_optima(name: str, cost: str) -> None:
    """The slowest, lvl_freebox, takes about 3 s of CPU for moves (4.3k expansions) and 1.7 s
    for pushes (0.6k), the subsets tables included: before them, the moves search took 540k
    expansions and 55 s."""
    text, optima = _seed()
    problem = SOKOBAN.parse(text, level=name, cost=cost)
    result = search(problem, "astar")
    assert result.solved
    assert result.cost == optima[name][0 if cost == "moves" else 1]
    _check_plan(problem, result, _rows(text, name), cost)


@needs_data
@pytest.mark.parametrize("name", ["lvl_test1", "lvl_test2", "lvl_mini", "lvl_micro1", "lvl_micro3",
                                  "lvl_micro11"])
def test_blind_strategies_agree_on_small_seed_levels(name: str) -> None:
    """Dijkstra without heuristic or pruning, and BFS for pushes (unit costs), match the table."""
    text, optima = _seed()
    bare = {"heuristic": "zero", "dead_squares": False, "freeze": False, "bipartite": False,
            "subsets": False}
    moves = SOKOBAN.parse(text, level=name, cost="moves", **bare)
    assert search(moves, "dijkstra").cost == optima[name][0]
    pushes = SOKOBAN.parse(text, level=name, cost="pushes", **bare)
    result = search(pushes, "bfs")
    assert result.cost == optima[name][1]
    _check_plan(pushes, result, _rows(text, name), "pushes")


@needs_data
def test_idastar_agrees_on_a_seed_level() -> None:
    text, optima = _seed()
    for cost, index in (("moves", 0), ("pushes", 1)):
        problem = SOKOBAN.parse(text, level="lvl_micro3", cost=cost)
        assert search(problem, "idastar").cost == optima["lvl_micro3"][index]


@needs_data
def test_first_microban_levels_match_the_published_table() -> None:
    text = (DATA / "microban.xsb").read_text()
    with open(DATA / "microban_optimal.csv", newline="") as f:
        table = {row["level"]: row for row in csv.DictReader(f)}
    for number in range(1, 11):
        expected = table[str(number)]
        for cost in ("moves", "pushes"):
            report = solve_level(text, number, cost=cost, time_limit=None)
            assert report.solved
            got = report.moves if cost == "moves" else report.pushes
            assert got == int(expected[cost]), (number, cost)


def test_examples_solve_and_replay() -> None:
    for name, text in SOKOBAN.examples().items():
        for cost in ("moves", "pushes"):
            problem = SOKOBAN.parse(text, cost=cost)
            result = search(problem)
            assert result.solved, name
            _check_plan(problem, result, text.splitlines(), cost)


def test_format_action_spells_lurd() -> None:
    problem = SOKOBAN.parse("####\n#. #\n#$ #\n# @#\n####")
    result = search(problem, "astar")
    assert [problem.format_action(a) for a in result.actions] == ["lU"]


def test_verify_rejects_a_wrong_push() -> None:
    problem = SOKOBAN.parse("####\n#. #\n#$ #\n# @#\n####")
    (boxes, keeper, stand, _up), = [a for a, _child, _cost in problem.successors(problem.initial())]
    with pytest.raises(PlanError, match="step 1: action 'lD' is not legal"):
        verify(problem, [(boxes, keeper, stand, 1)])  # push down from where the keeper pushes up


def test_replay_catches_illegal_steps() -> None:
    rows = ["#####", "#@$.#", "#####"]
    assert replay_lurd(rows, "R").solved
    with pytest.raises(PlanError, match="wall"):
        replay_lurd(rows, "u")
    with pytest.raises(PlanError, match="wall or a box"):
        replay_lurd(rows, "RR")
    assert not replay_lurd(["######", "#@$ .#", "######"], "R").solved


def test_cost_models_differ_where_they_should() -> None:
    """A level where the push-optimal plan walks more than the move-optimal one needs."""
    text = SOKOBAN.examples()["three"]
    moves = search(SOKOBAN.parse(text, cost="moves")).cost
    pushes = search(SOKOBAN.parse(text, cost="pushes")).cost
    assert pushes < moves


def test_solve_level_reports_pruning_and_budget() -> None:
    report = solve_level(SOKOBAN.examples()["three"], cost="moves", time_limit=30)
    assert report.solved and report.nodes > 0
    assert set(report.pruned) == {"dead_squares", "freeze", "bipartite", "subsets", "rooms",
                                  "pi_corral", "corral", "heuristic"}
    assert report.pruned["dead_squares"] > 0


def _lexicographic_optimum(rows: list[str]) -> tuple[int, int] | None:
    """(pushes, moves) lexicographic optimum by Dijkstra over single keeper steps on raw rows.

    Independent of the plugin: its own grid walk, its own goal test, no pruning.
    """
    import heapq

    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    goals = frozenset(p for p, ch in cells.items() if ch in ".+*")
    boxes = frozenset(p for p, ch in cells.items() if ch in "$*")
    keeper = next(p for p, ch in cells.items() if ch in "@+")
    start = (keeper, boxes)
    best = {start: (0, 0)}
    queue = [(0, 0, keeper, tuple(sorted(boxes)))]
    while queue:
        pushes, moves, keeper, box_tuple = heapq.heappop(queue)
        box_set = frozenset(box_tuple)
        if best.get((keeper, box_set)) != (pushes, moves):
            continue
        if box_set == goals:
            return pushes, moves
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            step = (keeper[0] + dr, keeper[1] + dc)
            if cells.get(step, "#") == "#":
                continue
            new_boxes, cost = box_set, (pushes, moves + 1)
            if step in box_set:
                beyond = (step[0] + dr, step[1] + dc)
                if cells.get(beyond, "#") == "#" or beyond in box_set:
                    continue
                new_boxes = (box_set - {step}) | {beyond}
                cost = (pushes + 1, moves + 1)
            if cost < best.get((step, new_boxes), (1 << 30, 0)):
                best[(step, new_boxes)] = cost
                heapq.heappush(queue, (*cost, step, tuple(sorted(new_boxes))))
    return None


@given(puzzle_instances("sokoban", boxes=2))
@settings(max_examples=40, deadline=None)
def test_pushes_tiebreak_finds_fewest_moves_among_push_optimal_plans(text: str) -> None:
    expected = _lexicographic_optimum(text.splitlines())
    report = solve_level(text, cost="pushes", tiebreak=True, time_limit=None)
    if expected is None:
        assert report.status == "no_solution"
    else:
        assert (report.pushes, report.moves) == expected


@needs_data
def test_pushes_tiebreak_on_seed_levels() -> None:
    text, optima = _seed()
    plain = solve_level(text, "lvl_micro16", cost="pushes", time_limit=None)
    tied = solve_level(text, "lvl_micro16", cost="pushes", tiebreak=True, time_limit=None)
    assert plain.pushes == tied.pushes == optima["lvl_micro16"][1]
    assert optima["lvl_micro16"][0] <= tied.moves <= plain.moves


@needs_data
@pytest.mark.parametrize("cost, strategies", [
    ("pushes", ["bfs", "iddfs", "dijkstra", "astar", "idastar"]),
    ("moves", ["dijkstra", "astar", "idastar"]),
])
def test_optimal_strategies_agree_on_lvl_mini(cost: str, strategies: list[str]) -> None:
    from searchkit.testing import assert_optimal_agreement

    text, optima = _seed()
    problem = SOKOBAN.parse(text, level="lvl_mini", cost=cost)
    assert_optimal_agreement(problem, strategies,
                             expected_cost=optima["lvl_mini"][0 if cost == "moves" else 1])
