"""The backward search's macros (``PullProblem(..., macro_depth=N)``): one box dragged onto a
free starting cell by several pulls as one step; with ``plateau_macros``, only from positions
none of whose single pulls lowers the guide.

Independent facts: every macro child is replayed pull by pull here, the keeper's walks checked
by a flood of this file's own; the exhaustive breadth-first search over single keeper steps of
``test_anyplan`` says whether a random level can be solved; plans are replayed on the level's
characters (:func:`replay_lurd`).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from searchkit_sokoban import replay_lurd, solve_level
from searchkit_sokoban.board import Board
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.pulls import PullMacro, PullProblem

from searchkit import Budget, search
from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.test_anyplan import _solvable
from tests.shared import DATA as SHARED
from tests.shared import needs_data

DATA = SHARED / "sokoban"


#: a level where the backward search makes a tunnel pull (spelled as a :class:`PullMacro`, but
#: one step of the search, not a macro) and where that pull lowers the guide
_TUNNEL_PULL = "########\n# ######\n### *  #\n#   .  #\n####$ ##\n#. $@###\n########"


def _reach(board: Board, boxes: set[int], keeper: int) -> set[int]:
    """The cells the keeper walks to, the boxes fixed."""
    reach, todo = {keeper}, [keeper]
    for cell in todo:
        for nxt in board.neighbours[cell]:
            if nxt not in reach and nxt not in boxes:
                reach.add(nxt)
                todo.append(nxt)
    return reach


def test_a_macro_is_the_shortest_drag_onto_a_free_starting_cell() -> None:
    # solved, the box stands on the goal; it started two cells left of it: from the solved
    # position, one macro drags it there (the keeper steps left twice), beside the single pull
    # (tunnel pulls off: this one-wide corridor is a passage, which they would cross too)
    text = "#######\n#@ $ .#\n#######"
    problem = PullProblem(Board(split_levels(text)[0]), macro_depth=4, tunnels=False)
    board = problem.board
    (_, solved, _), = problem.successors(problem.initial())
    macros = [(action, child) for action, child, _ in problem.successors(solved)
              if isinstance(action, PullMacro)]
    assert len(macros) == 1
    action, child = macros[0]
    left = 2  # Board.offsets: up, down, left, right
    assert action.steps == ((board.cell(1, 4), left), (board.cell(1, 3), left))
    assert child.boxes == board.initial_boxes and child.keeper == board.cell(1, 2)
    assert problem.is_goal(child)
    assert problem.format_action(action) == "rrrLL"  # from the region's first cell: a walk
    assert not [a for a, *_ in PullProblem(board, tunnels=False).successors(solved)
                if isinstance(a, PullMacro)]


@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.15),
       st.integers(min_value=2, max_value=6))
@example(_TUNNEL_PULL, 2)
@settings(max_examples=40, deadline=None)
def test_every_macro_is_a_legal_run_of_pulls_onto_a_free_starting_cell(text: str,
                                                                       depth: int) -> None:
    """On the first 200 positions breadth-first: each macro child drags one box, by 2 to
    ``depth`` pulls the keeper can walk to, onto a starting cell no box held, and its state
    (boxes, keeper, region) is where those pulls end. (Tunnel pulls are single steps, the
    children of the problem without macros too: ``test_pulls`` checks them.)"""
    problem = PullProblem(Board(split_levels(text)[0]), macro_depth=depth)
    without = PullProblem(problem.board)
    board = problem.board
    queue = [child for _, child, _ in problem.successors(problem.initial())]
    seen = {problem.key(state) for state in queue}
    for state in queue[:200]:
        single = list(without.successors(state))
        for action, child, cost in problem.successors(state):
            if (action, child, cost) not in single:
                assert isinstance(action, PullMacro)
                assert 2 <= len(action.steps) == cost <= depth
                assert action.boxes == state.boxes and action.box in state.boxes
                boxes, keeper, box = set(state.boxes), state.keeper, action.box
                for stand, direction in action.steps:
                    off = board.offsets[direction]
                    assert stand == box + off and stand + off not in boxes
                    assert board.is_floor[stand + off] and stand in _reach(board, boxes, keeper)
                    boxes = (boxes - {box}) | {stand}
                    box, keeper = stand, stand + off
                assert box in board.initial_boxes and box not in state.boxes
                assert tuple(sorted(boxes)) == child.boxes and keeper == child.keeper
                assert child.region == min(_reach(board, boxes, keeper))
            if problem.key(child) not in seen:
                seen.add(problem.key(child))
                queue.append(child)


def test_plateau_macros_only_where_every_single_pull_leaves_the_guide_as_high() -> None:
    # the box starts on (2, 2) and its goal is (3, 4): 3 pushes apart. Solved, with the keeper
    # in the big region two single pulls lower the guide to 2, so no macro is offered; with
    # him in the pocket on the right his one pull (right, away from the start) raises it to 4,
    # so the macro that goes on round the box to the start is offered there, as everywhere
    text = "########\n#     ##\n#@$  # #\n#   .  #\n#  #   #\n########"
    board = Board(split_levels(text)[0])
    everywhere = PullProblem(board, macro_depth=6)
    plateau = PullProblem(board, macro_depth=6, plateau_macros=True)
    solved = {board.row_col(state.region): state
              for _, state, _ in plateau.successors(plateau.initial())}
    big, pocket = solved[1, 1], solved[2, 6]
    children = list(plateau.successors(big))
    assert [plateau.heuristic(child) for _, child, _ in children] == [2, 2]
    assert not [a for a, *_ in children if isinstance(a, PullMacro)]
    assert [a for a, *_ in everywhere.successors(big) if isinstance(a, PullMacro)]
    children = list(plateau.successors(pocket))
    assert children == list(everywhere.successors(pocket))
    (pull, child, _), (macro, end, cost) = children
    assert not isinstance(pull, PullMacro) and plateau.heuristic(child) == 4
    assert isinstance(macro, PullMacro)
    assert end.boxes == board.initial_boxes and cost == 5


@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.15),
       st.integers(min_value=2, max_value=6))
# a tunnel pull (spelled as a PullMacro, one step of the search) lowers the guide there, so no
# macro may be offered: single steps are told from macros by the problem without macros
@example(_TUNNEL_PULL, 2)
@settings(max_examples=40, deadline=None)
def test_plateau_macros_are_the_macros_of_the_positions_no_single_pull_improves(
        text: str, depth: int) -> None:
    """On the first 200 positions breadth-first: with ``plateau_macros`` a position's children
    are its single steps (single pulls and tunnel pulls: the children of the problem without
    macros), plus all the macros that the problem offering them everywhere gives, exactly when
    none of those steps leads to a lower matching than the position's own (each matching
    computed here by :meth:`~PullProblem.heuristic`), whichever way they are asked for
    (``successors``, or ``successors_with_heuristic`` as the search loops do)."""
    board = Board(split_levels(text)[0])
    without = PullProblem(board)
    everywhere = PullProblem(board, macro_depth=depth)
    plateau = PullProblem(board, macro_depth=depth, plateau_macros=True)
    queue = [child for _, child, _ in plateau.successors(plateau.initial())]
    seen = {plateau.key(state) for state in queue}
    for state in queue[:200]:
        every = list(everywhere.successors(state))
        single = list(without.successors(state))
        assert every[:len(single)] == single  # the macros come after the single steps
        h = plateau.heuristic(state)
        stuck = all(plateau.heuristic(child) >= h for _, child, _ in single)
        children = list(plateau.successors(state))
        assert children == (every if stuck else single)
        assert [step[:3] for step in plateau.successors_with_heuristic(state, h)] == children
        for _, child, _ in children:
            if plateau.key(child) not in seen:
                seen.add(plateau.key(child))
                queue.append(child)


@given(puzzle_instances("sokoban", rows=4, cols=5, boxes=2, walls=0.15),
       st.integers(min_value=2, max_value=8), st.booleans())
@settings(max_examples=60, deadline=None)
def test_with_macros_the_pulls_solve_exactly_the_solvable_levels(text: str, depth: int,
                                                                  plateau: bool) -> None:
    """Macros are extra children, every single pull is still there: nothing solvable is lost,
    and a plan with macros, undone, replays forwards, one push per pull."""
    rows = text.splitlines()
    problem = PullProblem(Board(split_levels(text)[0]), macro_depth=depth,
                          plateau_macros=plateau)
    result = search(problem, "greedy")
    assert result.solved == _solvable(rows)
    if result.solved:
        replay = replay_lurd(rows, problem.forward_lurd(result.actions))
        assert replay.solved and replay.pushes == result.cost


@needs_data
def test_macros_solve_a_level_the_single_pulls_do_not() -> None:
    """Sasquatch 23 (14 boxes, four rooms round a hub): greedy search on single pulls does
    not reach the start in 30,000 expansions (nor in 20 s of CPU, 2026-11-27); with macros of
    up to 8 pulls it does (24,933 expansions), with them only on plateaus sooner (2,750), and
    the plans replay."""
    raw = select_level(split_levels((DATA / "sasquatch.xsb").read_text()), 23)
    rows = [row for _, row in raw.rows]
    results = {}
    for depth, plateau in ((0, False), (8, False), (8, True)):
        problem = PullProblem(Board(raw), macro_depth=depth, plateau_macros=plateau)
        results[depth, plateau] = result = search(problem, "greedy",
                                                  budget=Budget(max_expansions=30_000))
        if result.solved:
            assert replay_lurd(rows, problem.forward_lurd(result.actions)).solved
    assert not results[0, False].solved
    assert results[8, False].solved and results[8, True].solved
    assert results[8, True].stats.expanded < results[8, False].stats.expanded


def test_a_portfolio_member_takes_the_macro_depth_as_its_tuning() -> None:
    text = "#######\n#@ $ .#\n# $  .#\n#######"
    member = ("pull, macros", "any", "pull", 1.0, {"macro_depth": 4})
    report = solve_level(text, mode="any", cost="pushes", portfolio=(member,))
    assert report.solved and report.strategy == "pull, macros"
    with pytest.raises(ValueError, match=r"unknown tuning 'tunnels' \(valid: macro_depth, "
                                         r"plateau_macros\)"):
        solve_level(text, mode="any", portfolio=(member[:4] + ({"tunnels": False},),))
    with pytest.raises(ValueError, match="unknown tuning 'macro_depth'"):
        solve_level(text, mode="any", portfolio=(("g", "any", "greedy", 1.0,
                                                  {"macro_depth": 4}),))


@pytest.mark.parametrize(("tuning", "message"), [
    ({"macro_depth": -1}, "macro_depth must be a whole number, 0 (no macros) or more, not -1"),
    ({"macro_depth": 2.5}, "macro_depth must be a whole number, 0 (no macros) or more, not 2.5"),
    ({"macro_depth": True}, ("macro_depth must be a whole number, 0 (no macros) or more, not "
                             "True")),
    ({"macro_depth": 8, "plateau_macros": "yes"}, ("plateau_macros must be True or False, not "
                                                   "'yes'")),
    ({"plateau_macros": True}, "plateau_macros needs macros: give macro_depth 2 or more"),
])
def test_bad_macro_tuning_is_refused_before_any_search_runs(tuning, message) -> None:
    # the first member is fine and would solve the level: the bad second one must stop the
    # solve before it starts, naming the member, and the problem itself refuses the values
    text = "#######\n#@ $ .#\n#######"
    portfolio = (("pull", "any", "pull", 0.5, {}), ("bad", "any", "pull", 1.0, tuning))
    with pytest.raises(ValueError, match=f"^portfolio member 'bad': {re.escape(message)}$"):
        solve_level(text, mode="any", portfolio=portfolio)
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        PullProblem(Board(split_levels(text)[0]), **tuning)
