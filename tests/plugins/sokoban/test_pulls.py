"""The backward (pull) search of ``mode="any"``: its plans, turned forwards, replay square by
square; its pruning loses no solvable level; it solves Microban levels the forward searches miss.

Independent facts: the exhaustive breadth-first search over single keeper steps of
``test_anyplan`` (no pruning) says whether a random level can be solved; every plan is replayed
on the level's characters (:func:`replay_lurd`), not through the plugin's successors.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from searchkit_sokoban import plan_to_lurd, replay_lurd, solve_level
from searchkit_sokoban.anyplan import AnyPlanProblem
from searchkit_sokoban.board import Board
from searchkit_sokoban.features import feature_search
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.pulls import PULL_RULES, PullProblem
from searchkit_sokoban.routes import PullMacro

from searchkit import Budget, search
from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.grids import level_text
from tests.plugins.sokoban.test_anyplan import _solvable
from tests.shared import DATA as SHARED
from tests.shared import needs_data

DATA = SHARED / "sokoban"


def _pull_search(text: str, strategy: str = "greedy"):
    board = Board(split_levels(text)[0])
    problem = PullProblem(board)
    return problem, search(problem, strategy)


@given(puzzle_instances("sokoban", rows=4, cols=5, boxes=2, walls=0.15))
@settings(max_examples=60, deadline=None)
def test_pulls_solve_exactly_the_solvable_levels(text: str) -> None:
    """Soundness of the backward rules (dead squares, matching) and of the keeper regions:
    the exhausted backward space means no plan, a plan replays forwards."""
    rows = text.splitlines()
    problem, result = _pull_search(text)
    assert result.solved == _solvable(rows)
    assert result.status in ("solved", "no_solution")
    if result.solved:
        replay = replay_lurd(rows, problem.forward_lurd(result.actions))
        assert replay.solved
        assert replay.pushes == result.cost  # one pull undone is one push


@st.composite
def _two_rooms_and_a_passage(draw: st.DrawFn) -> str:
    """Two 3 x 3 rooms joined by a one-wide passage of 2 to 4 cells, or by two (a loop: the
    keeper can come round behind a box in one), which random levels seldom have; 1 to 3
    boxes, goals and the keeper anywhere on the floor, passages included (half the time a box
    starts in one)."""
    length = draw(st.integers(min_value=2, max_value=4))
    row = draw(st.integers(min_value=1, max_value=3))
    rows = [row] if row == 2 or draw(st.booleans()) else [1, 3]  # two passages: a loop
    width = 8 + length
    floor = [(r, c) for r in range(1, 4) for c in (1, 2, 3)] + \
        [(r, c) for r in rows for c in range(4, 4 + length)] + \
        [(r, c) for r in range(1, 4) for c in range(4 + length, 7 + length)]
    boxes = draw(st.integers(min_value=1, max_value=3))
    cells = draw(st.permutations(floor))
    if draw(st.booleans()):  # a box starts in the passage, where tunnel pulls must stop
        inside = (row, draw(st.integers(min_value=4, max_value=3 + length)))
        cells.remove(inside)
        cells.insert(0, inside)
    goals = draw(st.permutations(floor))[:boxes]
    return level_text(width, floor, cells[:boxes], goals, cells[boxes:])


@given(_two_rooms_and_a_passage())
@settings(max_examples=80, deadline=None)
def test_tunnel_pulls_lose_no_solvable_level(text: str) -> None:
    """With tunnel pulls (on by default) the backward search still solves exactly the solvable
    levels, and its plans replay; without them, the same levels."""
    rows = text.splitlines()
    solvable = _solvable(rows)
    board = Board(split_levels(text)[0])
    for tunnels in (True, False):
        problem = PullProblem(board, tunnels=tunnels)
        result = search(problem, "greedy")
        assert result.solved == solvable
        if result.solved:
            replay = replay_lurd(rows, problem.forward_lurd(result.actions))
            assert replay.solved and replay.pushes == result.cost


def test_a_tunnel_pull_crosses_a_passage_in_one_step() -> None:
    # the box starts in the left room, its goal is in the right one: pulled back from the goal,
    # it enters the passage and is pulled on through it as one step (the keeper ahead of it
    # cannot get round it), out into the left room
    text = "###########\n#   ###   #\n#@$     . #\n#   ###   #\n###########"
    board = Board(split_levels(text)[0])
    problem = PullProblem(board)
    result = search(problem, "greedy")
    assert result.solved and problem.tunnel_pulls > 0
    assert any(isinstance(a, PullMacro) and len(a.steps) >= 3 for a in result.actions)
    assert replay_lurd(text.splitlines(), problem.forward_lurd(result.actions)).solved
    plain = PullProblem(board, tunnels=False)
    assert search(plain, "greedy").cost == result.cost and plain.tunnel_pulls == 0


@given(puzzle_instances("sokoban", rows=5, cols=5, boxes=3, walls=0.1))
@settings(max_examples=25, deadline=None)
def test_pull_plans_with_three_boxes_replay(text: str) -> None:
    rows = text.splitlines()
    problem, result = _pull_search(text)
    assert result.solved == _solvable(rows)
    if result.solved:
        assert replay_lurd(rows, problem.forward_lurd(result.actions)).solved


def test_the_backward_search_starts_in_every_keeper_region_of_the_solution() -> None:
    # solved, the box cuts the corridor in two: the plan ends with the keeper on the right,
    # the second region in cell order (from the first, left of the goal, no pull is possible)
    text = "#######\n# .$ @#\n#######"
    problem, result = _pull_search(text)
    assert result.solved
    starts = list(problem.successors(problem.initial()))
    assert len(starts) == 2 and all(action is None and cost == 0 for action, _, cost in starts)
    assert replay_lurd(text.splitlines(), problem.forward_lurd(result.actions)).solved


def test_pull_dead_squares_are_where_no_starting_box_can_be_pushed() -> None:
    # the box starts against the top wall: pushes only move it along the top row, so no pull
    # may bring a box down to the lower rows
    text = "#######\n#.@$  #\n#     #\n#     #\n#######"
    board = Board(split_levels(text)[0])
    problem = PullProblem(board)
    assert all(problem.dead[board.cell(r, c)] for r in (2, 3) for c in range(1, 6))
    assert not any(problem.dead[board.cell(1, c)] for c in range(1, 6))
    assert not board.dead[board.cell(2, 3)]  # forwards a box there could still be saved


def test_solve_level_runs_the_pull_search_alone_and_reports_its_rules() -> None:
    text = "#######\n#@ $ .#\n# $  .#\n#######"
    report = solve_level(text, mode="any", cost="pushes", strategy="pull", clock="cpu")
    assert report.solved and report.strategy == "pull" and not report.optimal
    assert replay_lurd(text.splitlines(), report.lurd).solved
    assert set(PULL_RULES) <= set(report.pruned)
    optimal = solve_level(text, cost="pushes")
    assert not set(PULL_RULES) & set(optimal.pruned)  # the exact mode's report is unchanged


def test_an_unsolvable_level_exhausts_the_pull_search() -> None:
    text = "######\n#@$ .#\n#$  .#\n######"  # the lower box sits in a corner off its goal
    report = solve_level(text, mode="any", cost="pushes", strategy="pull")
    assert report.status == "no_solution"


@needs_data
@pytest.mark.parametrize("number", [93, 139, 144])
def test_pulls_solve_microban_levels_the_forward_searches_miss(number: int) -> None:
    """The forward portfolio did not solve these in 10 s of CPU (2026-11-26); backwards their
    packed goals come apart in under a second each, and the plans replay."""
    text = (DATA / "microban.xsb").read_text()
    raw = select_level(split_levels(text), number)
    problem = PullProblem(Board(raw))
    result = search(problem, "greedy", budget=Budget(max_expansions=200_000))
    assert result.solved
    assert replay_lurd([row for _, row in raw.rows], problem.forward_lurd(result.actions)).solved


@given(st.one_of(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.2),
                 _two_rooms_and_a_passage()))
@settings(max_examples=60, deadline=None)
def test_the_local_region_test_agrees_with_a_flood(text: str) -> None:
    """Every child's keeper region (found from the parent's by a local test when it can be,
    after a single pull or a tunnel pull) is the smallest cell a full flood from the keeper
    reaches."""
    problem = PullProblem(Board(split_levels(text)[0]))
    board = problem.board
    queue = [child for _, child, _ in problem.successors(problem.initial())]
    seen = {problem.key(s) for s in queue}
    for state in queue[:300]:
        for _, child, _ in problem.successors(state):
            occupied = set(child.boxes)
            reach, todo = {child.keeper}, [child.keeper]
            for cell in todo:
                for nxt in board.neighbours[cell]:
                    if nxt not in reach and nxt not in occupied:
                        reach.add(nxt)
                        todo.append(nxt)
            assert child.region == min(reach)
            if problem.key(child) not in seen:
                seen.add(problem.key(child))
                queue.append(child)


@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.15),
       st.integers(min_value=1, max_value=40), st.sampled_from(["greedy", "features"]),
       st.sampled_from([0, 6]))
@settings(max_examples=60, deadline=None)
def test_a_forward_search_that_meets_the_backward_one_has_a_whole_plan(
        text: str, pulls: int, strategy: str, macro_depth: int) -> None:
    """Bidirectional meeting: the forward search stops at any position the backward search
    generated; its pushes, then the pulls to that position undone, replay to the solution.
    With macros (``macro_depth``), a position a macro reached is recorded with it, and its
    pulls are unrolled."""
    rows = text.splitlines()
    board = Board(split_levels(text)[0])
    puller = PullProblem(board, macro_depth=macro_depth)
    search(puller, "greedy", budget=Budget(max_expansions=pulls))
    forward = AnyPlanProblem(board, meet=puller.parents)
    result = feature_search(forward) if strategy == "features" else search(forward, strategy)
    assert result.solved == _solvable(rows)
    if result.solved:
        last = result.states[-1]
        lurd = plan_to_lurd(forward, result.actions)
        if last.boxes != board.goals:
            lurd += puller.forward_lurd(puller.pulls_to((last.boxes, last.region)), last.keeper)
        assert replay_lurd(rows, lurd).solved


@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.15),
       st.integers(min_value=1, max_value=40))
@settings(max_examples=50, deadline=None)
def test_a_backward_search_that_meets_a_forward_one_has_a_whole_plan(text: str,
                                                                     pushes: int) -> None:
    """The other way round: the backward search stops at any position a forward search
    generated (recorded in its tree); the forward pushes to it, then the pulls undone, replay."""
    rows = text.splitlines()
    board = Board(split_levels(text)[0])
    tree: dict = {}
    forward = AnyPlanProblem(board, tree=tree)
    search(forward, "greedy", budget=Budget(max_expansions=pushes))
    puller = PullProblem(board, meet=tree)
    result = search(puller, "greedy")
    assert result.solved == _solvable(rows)
    if result.solved:
        last = result.states[-1]
        pushed, keeper = forward.actions_to((last.boxes, last.region))
        lurd = plan_to_lurd(forward, pushed) + puller.forward_lurd(result.actions, keeper)
        assert replay_lurd(rows, lurd).solved


@needs_data
def test_the_portfolio_solves_a_packed_level_through_the_backward_search() -> None:
    """Microban 144: eight goals in a block in the middle; the forward searches did not solve
    it in 10 s of CPU (2026-11-26), the backward search (meeting the first greedy search's
    positions or not; or the compiled one, first with Numba installed) does, and the plan
    replays (solve_level checks it)."""
    text = (DATA / "microban.xsb").read_text()
    report = solve_level(text, 144, mode="any", cost="pushes", time_limit=10, clock="cpu")
    assert report.solved and report.strategy.startswith(("pull", "compiled pull")), report


@needs_data
@pytest.mark.parametrize("number", [7, 36])
def test_every_recorded_forward_path_replays(number: int) -> None:
    """A forward search's tree gives a walkable path to every position it generated, even when
    the search expanded a position with the keeper elsewhere in his region than on the path
    recorded (greedy search reopens a position reached more cheaply: on these two levels,
    within 300 expansions; a plan that walked from the expanded keeper cell failed replay)."""
    raw = select_level(split_levels((DATA / "microban.xsb").read_text()), number)
    rows = [row for _, row in raw.rows]
    tree: dict = {}
    forward = AnyPlanProblem(Board(raw), tree=tree)
    search(forward, "greedy", budget=Budget(max_expansions=300))
    for key in list(tree)[:400]:
        actions, _keeper = forward.actions_to(key)
        replay_lurd(rows, plan_to_lurd(forward, actions))  # raises PlanError on a bad step


@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.15),
       st.integers(min_value=1, max_value=30))
@settings(max_examples=40, deadline=None)
def test_meeting_positions_get_guide_zero_and_the_rest_keep_theirs(text: str,
                                                                    steps: int) -> None:
    """A position the other search reached is a goal: each side gives such a child guide 0
    (greedy search expands it next, and the loops test goals on expansion); every other child
    keeps the guide it has without a meeting set. Checked both ways, on the children of the
    first 30 positions breadth-first, against meeting sets of short greedy searches."""
    board = Board(split_levels(text)[0])
    tree: dict = {}
    search(AnyPlanProblem(board, tree=tree), "greedy", budget=Budget(max_expansions=steps))
    other_puller = PullProblem(board)
    search(other_puller, "greedy", budget=Budget(max_expansions=steps))
    for plain, meeting, meet in ((PullProblem(board), PullProblem(board, meet=tree), tree),
                                 (AnyPlanProblem(board),
                                  AnyPlanProblem(board, meet=other_puller.parents),
                                  other_puller.parents)):
        queue, seen = [plain.initial()], set()
        for state in queue[:30]:
            alone = list(plain.successors_with_heuristic(state, 0))
            met = list(meeting.successors_with_heuristic(state, 0))
            assert [child[:3] for child in alone] == [child[:3] for child in met]
            for (_action, child, _cost, h), (*_, h_met) in zip(alone, met):
                assert h_met == (0 if (child[0], child[1]) in meet else h)
                if plain.key(child) not in seen:
                    seen.add(plain.key(child))
                    queue.append(child)


@needs_data
def test_the_pull_subsets_rule_halves_the_backward_search_on_microban_143() -> None:
    """The pairs that could not be pulled back to the start (``pull_subsets``) are cut: Microban
    143, the slowest level of the default portfolio at 10 s, is solved backwards in 30,039
    expansions with the rule and 82,565 without (2026-11-27); the plan replays."""
    text = (DATA / "microban.xsb").read_text()
    rows = [row for _, row in select_level(split_levels(text), 143).rows]
    ruled = solve_level(text, 143, mode="any", cost="pushes", strategy="pull",
                        time_limit=None, max_nodes=40_000)
    assert ruled.solved and ruled.pruned["pull_subsets"] > 0
    assert replay_lurd(rows, ruled.lurd).solved
    plain = solve_level(text, 143, mode="any", cost="pushes", strategy="pull", subsets=False,
                        time_limit=None, max_nodes=40_000)
    assert plain.status == "budget_exhausted" and plain.pruned["pull_subsets"] == 0
