"""FESS's features and packing advisor (:mod:`searchkit_sokoban.projection`,
:mod:`searchkit_sokoban.advisors`) on small boards counted by hand, the advisor's moves
replayed square by square, and the routes it is built on
(:func:`searchkit_sokoban.routes.box_route`) against a breadth-first search of the box and the
keeper written here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from searchkit_sokoban import plan_to_lurd, replay_lurd, routes
from searchkit_sokoban.advisors import packing_move
from searchkit_sokoban.anyplan import AnyPlanProblem
from searchkit_sokoban.projection import Projection

from searchkit import get_puzzle
from searchkit.testing import puzzle_instances

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


def _reachable(board, boxes, box, keeper, goal) -> bool:
    """Whether the box on ``box`` can be pushed onto ``goal``, the keeper on ``keeper`` and the
    other boxes fixed, never onto a dead square: breadth-first over (box cell, keeper cell)."""
    others = set(boxes) - {box}

    def free(cell: int) -> bool:
        return bool(board.is_floor[cell]) and cell not in others

    seen = {(box, keeper)}
    queue = [(box, keeper)]
    for at_box, at_keeper in queue:
        if at_box == goal:
            return True
        for off in board.offsets:
            step = at_keeper + off
            if not free(step):
                continue
            if step == at_box:  # a push
                target = at_box + off
                if not free(target) or board.dead[target]:
                    continue
                state = (target, at_box)
            else:
                state = (at_box, step)
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return False


@given(puzzle_instances("sokoban", rows=5, cols=5, boxes=3, walls=0.2))
@settings(max_examples=60, deadline=None)
def test_box_routes_exist_exactly_where_a_search_of_box_and_keeper_finds_one(text: str) -> None:
    board = SOKOBAN.parse(text).board
    boxes, keeper = board.initial_boxes, board.keeper
    for box in boxes:
        for index, goal in enumerate(board.goals):
            expected = _reachable(board, boxes, box, keeper, goal)
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
