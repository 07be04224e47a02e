"""FESS's features, packing advisor and opener (:mod:`searchkit_sokoban.projection`,
:mod:`searchkit_sokoban.advisors`) on small boards counted by hand, the packing advisor's moves
replayed square by square, and the routes it is built on
(:func:`searchkit_sokoban.routes.box_route`) against a breadth-first search of the box and the
keeper written here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from searchkit_sokoban import plan_to_lurd, replay_lurd, routes
from searchkit_sokoban.advisors import opener_move, packing_move, walk_distances
from searchkit_sokoban.anyplan import AnyPlanProblem
from searchkit_sokoban.projection import Projection

from searchkit import get_puzzle
from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.alone import pushes_reach

SOKOBAN = get_puzzle("sokoban")

# goals (1,1) (1,2) (1,7) (3,4); boxes (2,3) (2,7) (3,6) and one on the goal (3,4)
ROOMS = """\
#########
#..    .#
###$###$#
#@  * $ #
#########"""


def test_the_four_features_of_a_hand_counted_board() -> None:
    board = SOKOBAN.parse(ROOMS).board
    order = tuple(board.cell(r, c) for r, c in ((3, 4), (1, 7), (1, 2), (1, 1)))
    projection = Projection(board, order)
    _, regions = projection.labels(board.initial_boxes)
    # packing 1: (3,4) is filled, (1,7) is not.  Regions 4: the top row, (3,1)-(3,3), (3,5)
    # alone, (3,7) alone.  Links: the passages (1,4)-(1,6), (2,3), (2,7), (3,4)-(3,6) (the runs
    # (1,1)-(1,2) and (3,1)-(3,2) are dead ends); boxes off goals sit on three of them.  Out of
    # plan: filling (1,7) next cuts (1,7), (2,7), (3,5)-(3,7) off from (1,1) and (1,2); two
    # boxes are there, one of them may fill (1,7).
    assert projection.of(board.initial_boxes, regions) == (1, 4, 3, 1)
    # every goal full: packed 4; two regions, left of (3,4) and right of it; no box off a goal
    solved = board.goals
    assert projection.of(solved, projection.labels(solved)[1]) == (4, 2, 0, 0)


def test_the_packing_advisor_walks_round_the_box_and_its_move_replays() -> None:
    text = "#######\n#.    #\n# $ @ #\n#     #\n#######"
    problem = SOKOBAN.parse(text, mode="any", cost="moves")
    assert isinstance(problem, AnyPlanProblem)
    macro, child, cost, _guide = packing_move(problem, problem.initial())
    assert child.boxes == problem.board.goals and len(macro.directions) == 2
    lurd = plan_to_lurd(problem, [macro])
    replay = replay_lurd(text.splitlines(), lurd)
    assert replay.solved and replay.pushes == 2 and replay.moves == cost


def test_the_packing_advisor_proposes_nothing_without_a_route() -> None:
    # the box can only be pushed along the bottom wall: the goal above is out of its reach
    problem = SOKOBAN.parse("######\n#  . #\n#    #\n# $ @#\n######", mode="any")
    assert packing_move(problem, problem.initial()) is None


def test_walking_distances_from_a_goal_ignore_boxes() -> None:
    board = SOKOBAN.parse(ROOMS).board
    distance = walk_distances(board, board.cell(1, 7))
    # down the right-hand column and along the bottom row, or along the top row and down the
    # gap at (2,3) (the boxes on (2,3), (2,7) and (3,6) do not count)
    expected = {(1, 7): 0, (2, 7): 1, (3, 7): 2, (3, 4): 5, (1, 3): 4, (2, 3): 5, (3, 3): 6,
                (1, 1): 6, (3, 1): 8}
    assert {rc: distance[board.cell(*rc)] for rc in expected} == expected
    assert distance[0] > board.size  # a wall: never reached
    assert walk_distances(board, board.cell(1, 7)) is distance  # built once per goal


def _child(features, guide, key, before, after):
    return (features, guide, key, (before, after))


def test_the_opener_moves_the_box_nearest_the_next_goal_away_from_it() -> None:
    distance = list(range(100))  # a cell's distance is its number
    now = (2, 1, 1, 0)  # packing, regions, links cut, out of plan
    children = [_child(now, 9.0, "far box", 40, 41),
                _child(now, 9.0, "near box, one step away", 10, 11),
                _child(now, 9.0, "near box, two steps away", 10, 12),
                _child(now, 1.0, "near box, nearer the goal", 10, 9),
                _child((1, 1, 1, 0), 0.0, "unpacks a goal", 5, 6),
                _child((2, 2, 1, 0), 0.0, "splits the floor", 5, 7),
                _child((2, 1, 2, 0), 0.0, "cuts a link", 5, 8)]
    assert opener_move(distance, now, children) == "near box, two steps away"
    # ties on both distances: the lower guide
    tied = [_child(now, 3.0, "a", 10, 12), _child(now, 2.0, "b", 10, 12)]
    assert opener_move(distance, now, tied) == "b"
    # a push that keeps its distance (round a corner) opens the way too
    assert opener_move(distance, now, [_child(now, 0.0, "sideways", 10, 10)]) == "sideways"


def test_the_opener_is_silent_when_a_goal_can_be_filled_or_nothing_qualifies() -> None:
    distance = list(range(100))
    now = (2, 1, 1, 0)
    fills = [_child(now, 9.0, "away", 10, 12), _child((3, 1, 1, 0), 9.0, "fills", 30, 31)]
    assert opener_move(distance, now, fills) is None
    assert opener_move(distance, now, [_child(now, 1.0, "towards", 10, 9)]) is None
    assert opener_move(distance, now, []) is None


@given(puzzle_instances("sokoban", rows=5, cols=5, boxes=3, walls=0.2))
@settings(max_examples=60, deadline=None)
def test_box_routes_exist_exactly_where_a_search_of_box_and_keeper_finds_one(text: str) -> None:
    board = SOKOBAN.parse(text).board
    boxes, keeper = board.initial_boxes, board.keeper
    for box in boxes:
        for index, goal in enumerate(board.goals):
            # the box alone, the other boxes fixed: breadth-first over (box cell, keeper cell)
            expected = pushes_reach(board, frozenset({box}), keeper,
                                    lambda placed, goal=goal: goal in placed,
                                    walls=set(boxes) - {box})
            for distance in (None, board.push_distance[index]):  # breadth- and best-first
                route = routes.box_route(board, boxes, box, keeper, goal, distance=distance)
                assert (route is not None) == expected, (text, box, goal)


def test_a_goal_walled_off_by_boxes_needs_no_search_of_box_and_keeper(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the box at (3,3) cannot move, whatever the keeper does: boxes left, right and above it,
    # the one above also where the keeper would stand to push it down to the goal at (4,3)
    board = SOKOBAN.parse("#######\n#@   .#\n#  $ .#\n# $$$.#\n#  .  #\n#######").board
    box, goal = board.cell(3, 3), board.cell(4, 3)
    monkeypatch.setattr(routes, "WalkRound", None)  # the pair search would call it
    assert routes.box_route(board, board.initial_boxes, box, board.keeper, goal) is None
