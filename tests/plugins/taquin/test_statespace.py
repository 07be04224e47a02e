"""The whole 3x3 state space: distance histogram, and parity solvability against brute force."""

from __future__ import annotations

from itertools import permutations

import pytest
from searchkit_taquin.board import Board, goal_board, unsolvable_reason
from searchkit_taquin.stats import distance_statistics, goal_problem

from searchkit import get_puzzle, search

# The histogram of optimal distances 0..31 over the 181,440 solvable 3x3 positions.
HISTOGRAM_3X3 = [1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485,
                 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910,
                 760, 221, 2]


@pytest.fixture(scope="module")
def exploration():
    return distance_statistics(3, 3, "blank-first")


def test_histogram_max_and_mean(exploration) -> None:
    assert exploration.complete
    assert exploration.histogram == HISTOGRAM_3X3
    assert exploration.count == 181_440 == len(exploration.distances)
    assert exploration.max_distance == 31
    assert round(exploration.mean_distance, 2) == 21.97


def test_the_two_hardest_positions_for_goal_blank_last() -> None:
    stats = distance_statistics(3, 3, "blank-last")
    assert stats.histogram == HISTOGRAM_3X3  # the goals are mirror images: same histogram
    p = goal_problem(3, 3, "blank-last")
    far = sorted("".join(t if t != "_" else "0" for t in p.tokens(s)) for s in stats.farthest())
    assert far == ["647850321", "867254301"]


def test_parity_rule_agrees_with_brute_force_on_all_9_factorial_positions(exploration) -> None:
    p = goal_problem(3, 3, "blank-first")
    reached = {p.decode(state) for state in exploration.distances}
    labels = tuple([""] + [str(t) for t in range(1, 9)])
    goal = goal_board(Board(3, 3, tuple(range(9)), labels), "blank-first")
    reachable = unreachable = 0
    for cells in permutations(range(9)):
        reason = unsolvable_reason(Board(3, 3, cells, labels), goal)
        if cells in reached:
            reachable += 1
            assert reason is None, cells
        else:
            unreachable += 1
            assert reason is not None, cells
    assert reachable == unreachable == 181_440


def test_unsolvable_instances_stop_at_once_with_the_reason() -> None:
    taquin = get_puzzle("taquin")
    solvable = taquin.parse("123 45678", goal=" 12345678")
    assert search(solvable, "bfs").cost == search(solvable, "astar").cost == 13
    result = search(taquin.parse("213 45678", goal=" 12345678"), "bfs")
    assert result.status == "no_solution"
    assert "permutation" in result.reason and result.stats.expanded == 0
    # even width: the blank's row matters (swap two tiles, or move the blank one row: unsolvable)
    result = search(taquin.parse("2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0", goal="blank-last"),
                    "idastar")
    assert result.status == "no_solution"
    # a single column: tiles cannot pass each other
    assert search(taquin.parse("2\n0\n1", goal="0\n1\n2"), "bfs").status == "no_solution"
    assert search(taquin.parse("1\n0\n2", goal="1\n2\n0"), "bfs").actions == ["D"]


def test_small_rectangles_parity_matches_exploration() -> None:
    """On 2x3 and 3x2 every one of the 6! arrangements is classified like brute force does."""
    for h, w in ((2, 3), (3, 2)):
        stats = distance_statistics(h, w)
        p = goal_problem(h, w)
        labels = tuple([""] + [str(t) for t in range(1, 6)])
        goal = goal_board(Board(h, w, tuple(range(6)), labels), "blank-first")
        for cells in permutations(range(6)):
            solvable = unsolvable_reason(Board(h, w, cells, labels), goal) is None
            assert solvable == (p.encode(cells) in stats.distances)
