"""FESS's features and packing advisor (:mod:`searchkit_sokoban.projection`,
:mod:`searchkit_sokoban.advisors`) on small boards counted by hand, and the advisor's moves
replayed square by square."""

from __future__ import annotations

from searchkit_sokoban import plan_to_lurd, replay_lurd
from searchkit_sokoban.advisors import packing_move
from searchkit_sokoban.anyplan import AnyPlanProblem
from searchkit_sokoban.projection import Projection

from searchkit import get_puzzle

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
