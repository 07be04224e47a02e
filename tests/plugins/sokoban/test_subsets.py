"""The few-boxes tables (:mod:`searchkit_sokoban.subsets`, the moves bound of
:mod:`searchkit_sokoban.subsetmoves`) against forward searches.

The table is built backwards (pulls from the solved positions); here every claim it makes is
checked forwards, by a plain breadth-first search over keeper steps and pushes of the few boxes
alone: the two must agree on every position, solvable or not. The backward search's twin table
(built forwards, by pushes from the starting cells) is checked the other way round, by a
breadth-first search over keeper steps and pulls.
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from searchkit_sokoban import subsets
from searchkit_sokoban.board import Board
from searchkit_sokoban.deadlocks import bipartite_deadlock, freeze_deadlock
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.subsetmoves import SubsetMoveBound
from searchkit_sokoban.subsets import SubsetTable

from searchkit import get_puzzle, search
from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.alone import pushes_reach
from tests.shared import DATA as SHARED
from tests.shared import needs_data

SOKOBAN = get_puzzle("sokoban")
SEED_LEVELS = SHARED / "sokoban" / "seed_levels.xsb"


def _board(text: str) -> Board:
    return SOKOBAN.parse(text).board


def _solvable_forward(board: Board, boxes: frozenset[int], keeper: int) -> bool:
    """Whether ``boxes`` alone (no other box) can all reach goals."""
    goals = set(board.goals)
    return pushes_reach(board, boxes, keeper, lambda placed: placed <= goals)


def _pullable_backward(board: Board, boxes: frozenset[int], keeper: int) -> bool:
    """Whether ``boxes`` alone can all be pulled onto the level's starting cells, the keeper
    ending on his own: breadth-first over keeper steps and pulls (he steps away from a box
    beside him, which follows)."""
    starts = set(board.initial_boxes)
    start = (boxes, keeper)
    seen = {start}
    queue = [start]
    for placed, at in queue:
        if placed <= starts and at == board.keeper:
            return True
        for off in board.offsets:
            step = at + off
            if not board.is_floor[step] or step in placed:
                continue
            children = [(placed, step)]
            if at - off in placed:
                children.append((placed - {at - off} | {at}, step))
            for child in children:
                if child not in seen:
                    seen.add(child)
                    queue.append(child)
    return False


@pytest.mark.parametrize("backward", [False, True], ids=["forward", "backward"])
@given(puzzle_instances("sokoban", rows=4, cols=5, boxes=3, walls=0.15), st.data())
@settings(max_examples=40, deadline=None)
def test_the_table_agrees_with_a_search_of_the_boxes_alone(backward: bool, text: str,
                                                           data: st.DataObject) -> None:
    """A position is in the table exactly when its boxes alone can be pushed onto goals; with
    ``backward=True`` (the backward search's twin), when they can be pulled back onto starting
    cells with the keeper back on his."""
    board = _board(text)
    table = SubsetTable(board, max_boxes=3, backward=backward)
    search_alone = _pullable_backward if backward else _solvable_forward
    for k, positions in table.tables.items():
        for _ in range(6):
            boxes = data.draw(st.lists(st.sampled_from(board.floor), min_size=k, max_size=k,
                                       unique=True))
            free = [c for c in board.floor if c not in boxes]
            keeper = data.draw(st.sampled_from(free))
            mask = sum(1 << c for c in boxes)
            claimed = bool(positions.get(mask, 0) >> keeper & 1)
            assert claimed == search_alone(board, frozenset(boxes), keeper), (k, boxes, keeper)


def test_the_table_holds_every_solvable_pair_of_a_small_level() -> None:
    """Exhaustive on one level: every pair of cells and keeper cell, both directions."""
    board = _board(SOKOBAN.examples()["two-boxes"])
    pairs = SubsetTable(board).tables[2]
    for boxes in itertools.combinations(board.floor, 2):
        mask = sum(1 << c for c in boxes)
        for keeper in board.floor:
            if keeper not in boxes:
                assert bool(pairs.get(mask, 0) >> keeper & 1) == \
                    _solvable_forward(board, frozenset(boxes), keeper)


@given(puzzle_instances("sokoban", rows=4, cols=5, walls=0.15))
@settings(max_examples=40, deadline=None)
def test_the_move_bound_with_every_box_is_the_optimum(text: str) -> None:
    """With as many boxes as the table's size, the "subset" is the whole level: the bound must
    be exactly the fewest moves, found by Dijkstra with no heuristic and no pruning."""
    board = _board(text)
    bound = SubsetMoveBound(board).bound(board.initial_boxes, board.keeper)
    optimum = search(SOKOBAN.parse(text, heuristic="zero", dead_squares=False, freeze=False,
                                   bipartite=False, subsets=False), "dijkstra").cost
    if len(board.goals) in (2, 3):
        assert bound == (math.inf if optimum is None else optimum)
    else:
        assert bound == 0  # no table for a single box (its bound is the push bound's job)


def test_the_move_bound_size_follows_the_box_count() -> None:
    """Triples when their table fits, else pairs, else nothing."""
    three = _board(SOKOBAN.examples()["three"])
    triples, pairs = SubsetMoveBound(three), SubsetMoveBound(three, max_boxes=2)
    assert (triples.k, pairs.k) == (3, 2)
    assert len(pairs.distances) < len(triples.distances)
    assert SubsetMoveBound(three, max_sets=len(pairs.distances)).k == 2
    assert SubsetMoveBound(three, max_groups=0).k == 0
    assert SubsetMoveBound(three, max_sets=1).k == 0
    known = {k: len(table) for k, table in SubsetTable(three).tables.items()}
    assert known == {2: len(pairs.distances), 3: len(triples.distances)}
    assert SubsetMoveBound(three, sizes=known).k == 3
    assert SubsetMoveBound(three, sizes={2: known[2]}).k == 2  # 3 unknown: not tried


PAIR_LEVEL = """\
#######
#.$  .#
#$    #
#  @  #
#######"""


def test_alive_sees_a_pair_deadlock_that_the_local_rules_miss() -> None:
    """The top box can only slide left onto the left goal (nobody can stand left of it to send
    it right) and the left box can only go up onto that same goal: dead, with the keeper
    anywhere but the top-left corner. Neither box is on a dead square, nothing is frozen and
    the box-alone matching exists (top box to the right goal)."""
    board = _board(PAIR_LEVEL)
    top, left = board.cell(1, 2), board.cell(2, 1)
    table = SubsetTable(board)
    assert not table.alive((left,), top, board.keeper)
    assert not table.alive((top,), left, board.keeper)
    assert table.alive((left,), top, board.cell(1, 1))  # from the corner he can push it right
    assert not board.dead[top] and not board.dead[left]
    has_box = bytearray(board.size)
    has_box[top] = has_box[left] = 1
    assert not freeze_deadlock(board, has_box, top)
    assert not bipartite_deadlock(board, (top, left))
    problem = SOKOBAN.parse(PAIR_LEVEL, cost="pushes")
    assert search(problem, "astar").status == "no_solution"


def test_a_small_cap_drops_the_larger_tables() -> None:
    board = _board(SOKOBAN.examples()["three"])
    full = SubsetTable(board)
    assert sorted(full.tables) == [2, 3]
    assert full.states[2] == sum(mask.bit_count() for mask in full.tables[2].values())
    capped = SubsetTable(board, max_sets=len(full.tables[2]))
    assert sorted(capped.tables) == [2]
    assert SubsetTable(board, max_boxes=2).tables.keys() == {2}
    empty = SubsetTable(board, max_sets=3)
    assert empty.tables == {}
    assert empty.alive((board.cell(2, 2),), board.cell(2, 3), board.keeper)  # nothing is cut


@needs_data
@pytest.mark.parametrize("number, fits", [(27, True), (42, True), (39, False)])
def test_triples_are_not_tried_only_where_they_would_not_fit(
        monkeypatch: pytest.MonkeyPatch, number: int, fits: bool) -> None:
    """The pairs predict the triples (``_triples_would_not_fit``). Sasquatch 27 and 42: their
    triples fit within 2 % of the cap (98,337 and 97,746 box sets) and are built; 39: the
    smallest prediction among the levels of Microban I-IV and Sasquatch whose triples pass
    the cap, which is not tried, and a search of its triples does pass the cap."""
    board = Board(select_level(split_levels((SHARED / "sokoban" / "sasquatch.xsb").read_text()),
                               number))
    search_of = subsets._solvable_positions
    sizes: list[int] = []

    def recorded(board: Board, k: int, *args: object) -> dict[int, int] | None:
        sizes.append(k)
        return search_of(board, k, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(subsets, "_solvable_positions", recorded)
    table = SubsetTable(board)
    assert (3 in sizes) == fits
    assert (3 in table.tables) == fits
    if not fits:
        assert search_of(board, 3, 100_000) is None


@needs_data
def test_the_rule_keeps_the_freebox_push_optimum_with_fewer_expansions() -> None:
    """lvl_freebox: almost every position a search without the rule expands cannot be solved
    (measured: 1,099 of the 123,632 reachable box sets can). With the rule, the same push
    optimum (28, seed_levels_optimal.csv) in fewer expansions. (The moves optimum with the
    rule is checked with the other seed levels; without it that search takes about a minute.)"""
    text = SEED_LEVELS.read_text()
    with_rule = SOKOBAN.parse(text, level="lvl_freebox", cost="pushes")
    without = SOKOBAN.parse(text, level="lvl_freebox", cost="pushes", subsets=False)
    result, reference = search(with_rule, "astar"), search(without, "astar")
    assert result.cost == reference.cost == 28
    assert with_rule.pruned["subsets"] > 0
    assert result.stats.expanded < reference.stats.expanded


@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=4, walls=0.15, pulls=300),
       st.sampled_from(["moves", "pushes"]))
@settings(max_examples=100, deadline=None)
def test_rule_and_bound_keep_the_optimum_on_crowded_levels(text: str, cost: str) -> None:
    """Four boxes: tables of 2, 3 and 4 boxes and the move bound up to 4 (the exact optimum
    there). Blind search with the rule alone, then A* with everything, against blind search
    with no rule."""
    bare = {"dead_squares": False, "freeze": False, "bipartite": False, "pi_corral": False}
    reference = search(SOKOBAN.parse(text, cost=cost, heuristic="zero", subsets=False, **bare),
                       "dijkstra").cost
    with_rule = search(SOKOBAN.parse(text, cost=cost, heuristic="zero", **bare), "dijkstra")
    assert with_rule.cost == reference
    assert search(SOKOBAN.parse(text, cost=cost), "astar").cost == reference


def test_extend_adds_the_sizes_a_larger_cap_fits_and_the_test_uses_them() -> None:
    """A table built under a small cap and extended is the table built under the larger cap,
    and :meth:`SubsetTable.alive` then tests the larger size, not an answer it remembered: a
    position the triples pass and the quadruples flag is dead for a search of its boxes alone."""
    board = _board("#######\n#.. @ #\n# $$$ #\n#.. $ #\n#     #\n#######")
    full = SubsetTable(board)
    capped = SubsetTable(board, max_sets=200)  # the triples fit, the quadruples would not
    assert sorted(full.tables) == [2, 3, 4] and sorted(capped.tables) == [2, 3]
    cells = [cell for cell in board.floor if not board.dead[cell]]
    flagged = [(boxes, keeper) for boxes in itertools.combinations(cells, 4)
               for keeper in board.floor if keeper not in boxes
               and capped.alive(boxes[1:], boxes[0], keeper)  # remembered: alive
               and not full.alive(boxes[1:], boxes[0], keeper)]
    assert flagged
    assert capped.extend(100_000)
    assert capped.tables == full.tables and capped.states == full.states
    for boxes, keeper in flagged[:20]:
        assert not capped.alive(boxes[1:], boxes[0], keeper)
        assert not _solvable_forward(board, frozenset(boxes), keeper)
    assert not capped.extend(1_000_000)  # nothing larger: four boxes


def test_an_extension_that_runs_out_of_time_is_dropped() -> None:
    """``expired`` stops a size's search (asked every 1,024 box sets: this room has 2,024
    triples); the table keeps what it had, and a later extension builds the size."""
    board = _board("##########\n#@       #\n#        #\n#  $ $ $ #\n#        #\n#  . . . #\n"
                   "#        #\n##########")
    table = SubsetTable(board, max_sets=300)
    assert sorted(table.tables) == [2]
    assert not table.extend(100_000, expired=lambda: True)
    assert sorted(table.tables) == [2]
    assert table.extend(100_000)
    assert len(table.tables[3]) == 2_024
