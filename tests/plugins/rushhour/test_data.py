"""Real data: optimal move counts from Fogleman's database sample and the challenge cards.

The counts in the files come from an independent breadth-first solver (see SOURCES.md beside
them); here every optimal strategy must reproduce them. Skipped when ../shared is absent.
"""

from __future__ import annotations

import pytest
from searchkit_rushhour import load_fogleman

from searchkit import get_puzzle, search, verify
from tests.shared import DATA as SHARED
from tests.shared import needs_data

PUZZLE = get_puzzle("rushhour")
DATA = SHARED / "rushhour"
HARDEST = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"  # 60 moves, with a wall
HARDEST_WITHOUT_WALLS = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"  # 51 moves

pytestmark = needs_data


def sample() -> list[tuple[str, int]]:
    return load_fogleman(DATA / "fogleman_sample.txt")


def spread(records: list[tuple[str, int]], per_count: int) -> list[tuple[str, int]]:
    """Up to ``per_count`` records of every move count (the file order within a count)."""
    chosen: dict[int, list[tuple[str, int]]] = {}
    for board, moves in records:
        if len(chosen.setdefault(moves, [])) < per_count:
            chosen[moves].append((board, moves))
    return [r for group in chosen.values() for r in group]


def test_the_sample_file_is_what_sources_md_describes() -> None:
    records = sample()
    assert len(records) == 2000
    assert {m for _, m in records} == set(range(1, 61)) - {56, 57, 59}
    assert sum(1 for _, m in records if m >= 45) == 113
    assert records[0] == (HARDEST, 60)


SUBSET = spread(sample(), 1) if DATA.is_dir() else []


@pytest.mark.parametrize("board,moves", SUBSET, ids=[f"{m}-{b}" for b, m in SUBSET])
def test_bfs_reproduces_the_database_count(board: str, moves: int) -> None:
    p = PUZZLE.parse(board)
    r = search(p, "bfs")
    assert r.cost == moves == len(r.actions)
    assert verify(p, r.actions) == moves


SMALL = [r for r in SUBSET if r[1] <= 24][::2]


@pytest.mark.parametrize("visited", ["dict", "hashtable"])
@pytest.mark.parametrize("strategy,heuristic", [
    ("astar", "blockers"), ("astar", "blocked-blockers"), ("dijkstra", "zero"), ("bibfs", "zero")])
def test_other_optimal_strategies_agree(strategy: str, heuristic: str, visited: str) -> None:
    for board, moves in SMALL:
        r = search(PUZZLE.parse(board, heuristic=heuristic), strategy, visited=visited)
        assert r.cost == moves, board


def test_idastar_on_short_database_positions() -> None:
    for board, moves in [r for r in SUBSET if r[1] <= 12]:
        r = search(PUZZLE.parse(board), "idastar", visited="hashtable")
        assert r.cost == moves, board


@pytest.mark.parametrize("board,moves", [(HARDEST, 60), (HARDEST_WITHOUT_WALLS, 51)])
@pytest.mark.parametrize("strategy,visited", [("bfs", "dict"), ("bfs", "hashtable"),
                                              ("astar", "dict"), ("bibfs", "dict")])
def test_hardest_positions(board: str, moves: int, strategy: str, visited: str) -> None:
    r = search(PUZZLE.parse(board), strategy, visited=visited)
    assert r.cost == moves


def test_hardest_plan_ends_with_the_target_at_the_exit() -> None:
    p = PUZZLE.parse(HARDEST)
    r = search(p, "bfs")
    assert p.format_action(r.actions[-1]).startswith("A+")
    assert "A A | --> exit" in p.render(r.states[-1])


def test_cluster_size_of_the_hardest_position() -> None:
    # the database's third field: the number of states reachable from the board
    from searchkit import explore
    assert explore(PUZZLE.parse(HARDEST)).count == 2332


def test_every_challenge_card() -> None:
    cards = load_fogleman(DATA / "cards.txt")
    assert len(cards) == 80
    for board, moves in cards:
        assert search(PUZZLE.parse(board), "bfs").cost == moves, board


def test_cards_with_the_strong_heuristic() -> None:
    for board, moves in load_fogleman(DATA / "cards.txt")[::8]:
        r = search(PUZZLE.parse(board, heuristic="blocked-blockers"), "astar")
        assert r.cost == moves, board
