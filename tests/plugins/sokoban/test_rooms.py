"""The ``rooms`` rule (:mod:`searchkit_sokoban.rooms`): its rooms, its tables against a forward
search of a room's boxes alone, its soundness, and what it does on Microban 153."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from searchkit_sokoban.board import Board
from searchkit_sokoban.features import feature_search
from searchkit_sokoban.levels import split_levels
from searchkit_sokoban.rooms import RoomTables, articulation_cells, goal_free_rooms

from searchkit import get_puzzle, search
from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.alone import pushes_reach
from tests.plugins.sokoban.grids import level_text
from tests.shared import DATA as SHARED
from tests.shared import needs_data

SOKOBAN = get_puzzle("sokoban")


def _board(text: str) -> Board:
    return Board(split_levels(text)[0])


@st.composite
def _storeroom(draw: st.DrawFn) -> str:
    """A storeroom (3 x 3 or 3 x 4) joined by a one-wide passage of 1 to 3 cells to a goal room
    (3 x 3) that holds every goal: the storeroom and the passage hold none, so they are a room
    of the rule. 2 to 4 boxes anywhere, the keeper anywhere."""
    store = draw(st.integers(min_value=3, max_value=4))
    length = draw(st.integers(min_value=1, max_value=3))
    row = draw(st.integers(min_value=1, max_value=3))
    start = 1 + store + length
    width = start + 4
    stored = [(r, c) for r in range(1, 4) for c in range(1, 1 + store)]
    passage = [(row, c) for c in range(1 + store, start)]
    goal_room = [(r, c) for r in range(1, 4) for c in range(start, start + 3)]
    floor = stored + passage + goal_room
    boxes = draw(st.integers(min_value=2, max_value=4))
    cells = draw(st.permutations(floor))
    goals = draw(st.permutations(goal_room))[:boxes]
    return level_text(width, floor, cells[:boxes], goals, cells[boxes:])


def _emptiable_forward(board: Board, room: frozenset[int], boxes: frozenset[int],
                       keeper: int) -> bool:
    """Whether ``boxes`` alone can all be pushed out of ``room`` (a box pushed out vanishes)."""
    return pushes_reach(board, boxes, keeper, lambda placed: not placed, inside=room)


@given(puzzle_instances("sokoban", rows=4, cols=5, walls=0.3))
@settings(max_examples=60, deadline=None)
def test_articulation_cells_are_the_cells_that_cut_the_floor(text: str) -> None:
    board = _board(text)
    floor = set(board.floor)

    def parts(without: int) -> int:
        left, count = floor - {without}, 0
        while left:
            count += 1
            queue = [left.pop()]
            for cell in queue:
                for nxt in board.neighbours[cell]:
                    if nxt in left:
                        left.remove(nxt)
                        queue.append(nxt)
        return count

    assert articulation_cells(board) == {cell for cell in floor if parts(cell) > 1}


@given(_storeroom(), st.data())
@settings(max_examples=40, deadline=None)
def test_the_tables_agree_with_a_search_of_the_rooms_boxes_alone(text: str,
                                                                 data: st.DataObject) -> None:
    """A position of a room's boxes is in its table exactly when they can all be pushed out of
    the room alone; the storeroom (with its passage, or part of it) is a room."""
    board = _board(text)
    tables = RoomTables(board)
    goals = set(board.goals)
    assert tables.rooms and all(goals.isdisjoint(cells) for cells, *_ in tables.rooms)
    for cells, table, k, full in tables.rooms:
        for size in range(1, min(k, len(cells)) + 1):
            for _ in range(4):
                boxes = data.draw(st.lists(st.sampled_from(sorted(cells)), min_size=size,
                                           max_size=size, unique=True))
                keeper = data.draw(st.sampled_from([c for c in board.floor if c not in boxes]))
                claimed = bool(table.get(sum(1 << c for c in boxes), 0) >> keeper & 1)
                assert claimed == _emptiable_forward(board, cells, frozenset(boxes), keeper)
        if full:  # no position of one box more can be emptied
            for boxes in itertools.islice(itertools.combinations(sorted(cells), k + 1), 30):
                keeper = next(c for c in board.floor if c not in boxes)
                assert not _emptiable_forward(board, cells, frozenset(boxes), keeper)


def test_nested_rooms_and_corridor_cells() -> None:
    """A storeroom behind a corridor: the rooms cut off by the corridor's cells differ only by
    corridor cells, and the smallest is kept; the goal side is never a room."""
    level = "\n".join(["##########",
                       "#@  #    #",
                       "# $    . #",
                       "#   #    #",
                       "##########"])
    board = _board(level)
    corridor = [board.cell(2, col) for col in (3, 4, 5)]  # cut cells: the doorway and its ends
    assert articulation_cells(board) == set(corridor)
    assert [len(cells) for cells in goal_free_rooms(board)] == [9, 10, 11]
    assert [len(cells) for cells, *_ in RoomTables(board).rooms] == [9]


@given(_storeroom(), st.sampled_from(["moves", "pushes"]))
@settings(max_examples=60, deadline=None)
def test_the_rule_keeps_the_optimum(text: str, cost: str) -> None:
    """Blind search with the rule alone finds the optimum of blind search with no rule, and the
    fast mode's greedy search solves exactly the solvable levels."""
    bare = {"dead_squares": False, "freeze": False, "bipartite": False, "subsets": False,
            "pi_corral": False}
    reference = search(SOKOBAN.parse(text, cost=cost, heuristic="zero", rooms=False, **bare),
                       "dijkstra")
    with_rule = SOKOBAN.parse(text, cost=cost, heuristic="zero", rooms=True, **bare)
    assert search(with_rule, "dijkstra").cost == reference.cost
    fast = search(SOKOBAN.parse(text, cost="pushes", mode="any"), "greedy")
    assert fast.solved == reference.solved


@needs_data
def test_the_rule_lets_the_feature_space_search_solve_microban_153() -> None:
    """Microban 153's dead ends are boxes of its two right-hand corridors that can no longer all
    get out through the gap (docs/puzzles/sokoban.md): with the rule the feature-space search
    solves it within 11,000 expansions (9,689 when measured), without it it does not."""
    text = (SHARED / "sokoban" / "microban.xsb").read_text()
    with_rule = SOKOBAN.parse(text, level=153, cost="pushes", mode="any")
    assert with_rule.rules["rooms"]
    result = feature_search(with_rule, max_expansions=11_000)
    assert result.solved and with_rule.pruned["rooms"] > 0
    without = SOKOBAN.parse(text, level=153, cost="pushes", mode="any", rooms=False)
    assert feature_search(without, max_expansions=11_000).status == "budget_exhausted"
