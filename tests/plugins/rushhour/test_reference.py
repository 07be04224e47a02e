"""The reference TD's examples and the proven answers of issue 4.

Every strategy promising optimality must reach the published optima, with both visited
backends; the published plans are checked with :func:`searchkit.verify` (independent of any
search).
"""

from __future__ import annotations

import pytest

from searchkit import get_puzzle, search, verify
from searchkit.testing import assert_optimal_agreement

PUZZLE = get_puzzle("rushhour")
TD = PUZZLE.examples()["td"]
# the TD's two BFS-versus-Dijkstra boards as vehicle lists, index 0 the target
TRUCK = ('{"vehicules": [{"i": 2, "j": 0, "longueur": 2, "direction": "H"},'
         ' {"i": 0, "j": 3, "longueur": 3, "direction": "V"},'
         ' {"i": 3, "j": 3, "longueur": 2, "direction": "H"}]}')
DETOUR = ('{"vehicles": [{"row": 2, "col": 0, "length": 2, "orientation": "H"},'
          ' {"row": 4, "col": 3, "length": 3, "orientation": "H"},'
          ' {"row": 1, "col": 5, "length": 3, "orientation": "V"},'
          ' {"row": 0, "col": 2, "length": 2, "orientation": "H"},'
          ' {"row": 2, "col": 2, "length": 2, "orientation": "V"}]}')
BOTH = ("dict", "hashtable")
STEP_AND_COST = ["bfs", "iddfs", "bibfs", "dijkstra", "astar", "idastar"]
COST_ONLY = ["dijkstra", "astar", "idastar"]
HEURISTICS = ["zero", "blockers", "blocked-blockers"]


def plan(problem, text: str) -> list:
    """Actions from the issue's ``vehicle:delta`` notation."""
    return [problem.action(int(v), int(d)) for v, d in (step.split(":") for step in text.split())]


def test_first_moves_follow_the_td_order() -> None:
    p = PUZZLE.parse(TD)
    moves = [p.format_action(a) for a, _, _ in p.successors(p.initial())]
    assert moves == ["1-1", "3+1", "3+2", "4-1", "4-2"]


def test_td_hash_of_the_start() -> None:
    p = PUZZLE.parse(TD)
    assert p.key_hash(p.initial()) == 100200544287258357


def test_td_hash_matches_the_formula_on_every_reachable_state() -> None:
    p = PUZZLE.parse(TD)
    m = p.size
    seen, todo = {p.initial()}, [p.initial()]
    while todo:
        state = todo.pop()
        d = [[0] * m for _ in range(m)]
        for v, pos in zip(p.vehicles, p.positions(state)):
            for r, c in v.cells(pos):
                d[r][c] = 1 if v.horizontal else 2
        assert p.key_hash(state) == sum(d[i][j] * 3 ** (i * m + j)
                                        for i in range(m) for j in range(m))
        for _, child, _ in p.successors(state):
            if child not in seen:
                seen.add(child)
                todo.append(child)
    hashes = {p.key_hash(s) for s in seen}
    assert len(hashes) == len(seen)  # the TD's question 2: injective on reachable states


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_td_moves_optimum_is_9(heuristic: str) -> None:
    p = PUZZLE.parse(TD, cost="moves", heuristic=heuristic)
    assert_optimal_agreement(p, STEP_AND_COST, expected_cost=9, expected_steps=9, visited=BOTH)


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_td_cells_optimum_is_21(heuristic: str) -> None:
    p = PUZZLE.parse(TD, cost="cells", heuristic=heuristic)
    assert_optimal_agreement(p, COST_ONLY, expected_cost=21, visited=BOTH)


def test_td_published_plan_costs_9_moves_and_21_cells() -> None:
    published = "1:-1 4:-3 3:+3 2:+3 0:+3 2:-3 3:-1 4:+3 0:+1"
    for cost, expected in (("moves", 9), ("cells", 21)):
        p = PUZZLE.parse(TD, cost=cost)
        assert verify(p, plan(p, published)) == expected


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_truck_board(heuristic: str) -> None:
    moves = PUZZLE.parse(TRUCK, cost="moves", heuristic=heuristic)
    assert_optimal_agreement(moves, STEP_AND_COST, expected_cost=3, expected_steps=3,
                             visited=BOTH)
    weighted = PUZZLE.parse(TRUCK, cost="length-cells", heuristic=heuristic)
    assert_optimal_agreement(weighted, COST_ONLY, expected_cost=19, visited=BOTH)
    assert verify(weighted, plan(weighted, "2:-2 1:+3 0:+4")) == 21
    assert verify(weighted, plan(weighted, "2:+1 1:+3 0:+4")) == 19
    assert verify(moves, plan(moves, "2:-2 1:+3 0:+4")) == 3


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_detour_board(heuristic: str) -> None:
    moves = PUZZLE.parse(DETOUR, cost="moves", heuristic=heuristic)
    assert_optimal_agreement(moves, STEP_AND_COST, expected_cost=5, expected_steps=5,
                             visited=BOTH)
    weighted = PUZZLE.parse(DETOUR, cost="length-cells", heuristic=heuristic)
    results = assert_optimal_agreement(weighted, COST_ONLY, expected_cost=21, visited=BOTH)
    assert verify(weighted, plan(weighted, "1:-1 2:+2 3:-2 4:-2 0:+4")) == 25
    assert verify(weighted, plan(weighted, "4:+1 0:+3 4:-1 1:-1 2:+2 0:+1")) == 21
    # fewer moves cannot reach 21: the cheapest plan is longer than the shortest one
    assert all(len(r.actions) >= 6 for r in results.values())


def test_grid_drawings_of_the_td_boards_give_the_same_answers() -> None:
    examples = PUZZLE.examples()
    assert search(PUZZLE.parse(examples["td-truck"], cost="length-cells"), "dijkstra").cost == 19
    assert search(PUZZLE.parse(examples["td-detour"]), "bfs").cost == 5
    assert search(PUZZLE.parse(examples["td-detour"], cost="length-cells"), "astar").cost == 21


def test_render_draws_the_td_board_with_the_exit() -> None:
    p = PUZZLE.parse(TD)
    assert p.render(p.initial()) == "\n".join([
        "    0 1 2 3 4 5",
        "  +-------------+",
        "0 | . . 2 . 1 1 |",
        "1 | . . 2 . . . |",
        "2 | G G 2 . . . | --> exit",
        "3 | 3 3 3 . . 4 |",
        "4 | . . . . . 4 |",
        "5 | . . . . . 4 |",
        "  +-------------+",
    ])
    final = search(p, "bfs").states[-1]
    assert "2 | . . 2 . G G | --> exit" in p.render(final)


def test_actions_print_with_labels() -> None:
    p = PUZZLE.parse(PUZZLE.examples()["card-01"])
    r = search(p, "bfs")
    printed = [p.format_action(a) for a in r.actions]
    assert printed[-1].startswith("A+")
    assert [p.parse_action(s) for s in printed] == r.actions
    td = PUZZLE.parse(TD)
    assert td.format_action(td.action(4, -3)) == "4-3"
