"""The compiled feature-space search (``strategy="compiled-features"``,
:mod:`searchkit_sokoban.compiledfeatures`): its plans replay square by square, its ``no_solution``
is a proof, its rules' kernels answer as the Python rules do (what it shares with the compiled
backward search, budgets, Ctrl-C, arrays that grow, is tested in ``test_compiled``).

Independent facts (``test_compiled`` checks its plans on random and real levels against an
exhaustive search, the exact A* and a replay): the Python rules of
:mod:`searchkit_sokoban.deadlocks` and :mod:`searchkit_sokoban.subsets` (tested against searches
of their own) judge the positions the kernels judge; every plan is replayed on the level's
characters (:func:`replay_lurd`). Numba is part of the test extra (CI sets
``SEARCHKIT_REQUIRE_NUMBA``: a missing Numba is then an error, never a skip).
"""

from __future__ import annotations

import os

import pytest

if not os.environ.get("SEARCHKIT_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from searchkit_sokoban import compiledfeatures, replay_lurd, solve_level
from searchkit_sokoban.board import Board
from searchkit_sokoban.compiledfeatures import CompiledFeatures
from searchkit_sokoban.deadlocks import freeze_deadlock, pi_corral_pushes
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.portfolio import check_plan
from searchkit_sokoban.pushes import PushGenerator
from searchkit_sokoban.routes import box_route
from searchkit_sokoban.subsets import level_table

from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.test_pull_macros import _reach
from tests.shared import DATA as SHARED
from tests.shared import needs_data

DATA = SHARED / "sokoban"
MICROBAN_2 = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########"
RULES_OFF = {"freeze": False, "subsets": False, "pi_corral": False}


def _board(text: str, level: int | None = None) -> Board:
    return Board(select_level(split_levels(text), level))


def _reached_positions(board: Board, expansions: int) -> tuple[object, np.ndarray, list]:
    """The search's arrays and counters after ``expansions`` expansions, or once it ends (the
    kernels' scratch arrays hold stamps below ``ctx``'s), and the positions it stored."""
    from searchkit_sokoban import jit, jitfeatures

    arrays = compiledfeatures._Arrays(board, 1 << 10, jit, jitfeatures,
                                      {"freeze": True, "subsets": True, "pi_corral": True,
                                       "advisor": True},
                                      (0, 1), lambda: False)
    ctx = np.zeros(jit.CTX_SLOTS, np.int64)
    arrays.start(ctx)
    while ctx[jit.EXPANDED] < expansions and ctx[jit.STATUS] in (jit.RUNNING, jit.FULL):
        if ctx[jit.STATUS] == jit.FULL:
            arrays.grow(ctx)
            ctx[jit.STATUS] = jit.RUNNING
        arrays.expand(expansions - int(ctx[jit.EXPANDED]), ctx)
    stored = [(tuple(int(c) for c in arrays.states[s]), int(arrays.roots[s]))
              for s in range(int(ctx[jit.N_STATES]))]
    return arrays, ctx, stored


@needs_data
@pytest.mark.parametrize("collection, number", [("sasquatch", 17), ("sasquatch", 3),
                                                ("microban", 153)])
def test_the_rules_kernels_answer_as_the_python_rules(collection: str, number: int) -> None:
    """On positions the search reaches (levels with a triples table: the pairs and the triples
    are both looked up), the PI-corral's pushes, and for every push off a dead square the
    freeze and ``subsets`` tests: the kernels of :mod:`.jitrules` against
    :func:`pi_corral_pushes`, :func:`freeze_deadlock` and :meth:`SubsetTable.alive`."""
    from searchkit_sokoban import jit, jitrules

    board = _board((DATA / f"{collection}.xsb").read_text(), number)
    table = level_table(board)
    assert max(table.tables) == 3
    arrays, ctx, stored = _reached_positions(board, 3000)
    (occ, mark, _, area, fence, member, _, queue, group, barrier, pushes, best, nearest,
     chosen, combo, cells, packed, *_) = arrays.scratch
    floor, dead, is_goal, off, *_, floor_cells, fidx, row, col = arrays.level[:11]
    generator = PushGenerator(board, {}, None)
    answers: dict[str, set] = {"pi": set(), "subsets": set(), "freeze": set()}
    for boxes, keeper in stored[::max(1, len(stored) // 300)]:
        occ[:] = 0
        occ[list(boxes)] = 1
        ctx[jit.STAMP] += 1
        stamp = ctx[jit.STAMP]
        jit.flood(keeper, floor, occ, off, mark, stamp, queue)
        count = jitrules.pi_corral(floor_cells, floor, is_goal, occ, mark, stamp, off, area,
                                   fence, queue, barrier, pushes, best, ctx)
        expected_pushes = pi_corral_pushes(board, generator._walk(boxes, keeper)[2])
        found = None if count < 0 else sorted(divmod(int(p), 4) for p in best[:count])
        assert found == (None if expected_pushes is None else sorted(expected_pushes))
        answers["pi"].add(found is None)
        for box in boxes:  # every push the search would test
            others = tuple(c for c in boxes if c != box)
            for o in board.offsets:
                target = box + o
                if mark[box - o] != stamp or not floor[target] or occ[target] or dead[target]:
                    continue
                child = tuple(sorted((*others, target)))
                occ[box], occ[target] = 0, 1
                ctx[jit.STAMP] += 1
                expected = freeze_deadlock(board, bytearray(occ.tobytes()), target)
                assert jitrules.frozen(target, floor, dead, is_goal, occ, board.width, group,
                                       member, ctx[jit.STAMP]) == expected
                occ[box], occ[target] = 1, 0
                answers["freeze"].add(expected)
                expected = table.alive(others, target, box)
                assert jitrules.subsets_alive(
                    np.array(child, np.int16), target, box, fidx, row, col, *arrays.subsets,
                    nearest, chosen, combo, cells, packed) == expected
                answers["subsets"].add(expected)
    assert all(seen == {True, False} for seen in answers.values())  # both answers were tested


@given(puzzle_instances("sokoban", rows=6, cols=6, boxes=3, walls=0.2))
@settings(max_examples=200, deadline=None)
def test_the_route_kernel_finds_a_route_exactly_when_one_exists(text: str) -> None:
    """The advisor's route (:func:`.jitroutes.box_route`) against the Python route search
    (:func:`.routes.box_route`, unlimited: on these boards the kernel's 300 pairs are more
    than there are), for every box and goal of a random level: a route found replays push by
    push (the keeper walks to the cell behind the box, the cell ahead is free) and ends on the
    goal, and one is found whenever the Python search finds one."""
    from searchkit_sokoban import jit, jitroutes

    board = _board(text)
    size, boxes = board.size, board.initial_boxes
    floor = np.frombuffer(bytes(board.is_floor), np.uint8).copy()
    occ = np.zeros(size, np.uint8)
    occ[list(boxes)] = 1
    off = np.array(board.offsets, np.int64)
    ctx = np.zeros(jit.CTX_SLOTS, np.int64)
    region, walk, queue = (np.zeros(size, np.int64) for _ in range(3))
    seen, prev = np.zeros(4 * size, np.int64), np.zeros(4 * size, np.int64)
    heap = np.zeros(4 * jitroutes.ROUTE_LIMIT + 4, np.int64)
    out = np.zeros(jitroutes.ROUTE_LIMIT + 1, np.int64)
    ctx[jit.STAMP] += 1
    stamp = ctx[jit.STAMP]
    jit.flood(board.keeper, floor, occ, off, region, stamp, queue)
    for index, goal in enumerate(board.goals):
        row = board.push_distance[index]
        distance = np.array([jit.BIG if d == float("inf") else d for d in row], np.int64)
        for box in boxes:
            if box == goal:
                continue
            pushes = jitroutes.box_route(box, goal, distance, region, stamp, floor, occ, off,
                                         walk, seen, prev, heap, queue, out, ctx)
            expected = box_route(board, boxes, box, board.keeper, goal, distance=row)
            assert (pushes > 0) == (expected is not None), (box, goal)
            others, keeper, at = set(boxes) - {box}, board.keeper, box
            for d in out[:pushes]:
                stand, target = at - board.offsets[d], at + board.offsets[d]
                assert stand in _reach(board, others | {at}, keeper)
                assert board.is_floor[target] and target not in others
                keeper, at = at, target
            assert pushes == 0 or at == goal
            assert occ.sum() == len(boxes)  # the kernel put the box back


@needs_data
def test_the_advisors_moves_are_spelled_push_by_push_in_the_plan() -> None:
    """On Microban 144 the plan's path goes through moves of the packing advisor, each several
    pushes of one box in one step of the search: the plan lists every push, and replays."""
    from searchkit_sokoban import jit

    raw = select_level(split_levels((DATA / "microban.xsb").read_text()), 144)
    board = Board(raw)
    arrays, ctx, _ = _reached_positions(board, 100_000)  # the run stops once solved
    assert ctx[jit.STATUS] == jit.SOLVED
    steps, advised, s = 0, 0, int(ctx[jit.SOLVED_AT])
    while arrays.parent[s] >= 0:
        steps, advised, s = steps + 1, advised + (arrays.move[s] < 0), int(arrays.parent[s])
    pushes = arrays.pushes(int(ctx[jit.SOLVED_AT]))
    assert advised > 0 and len(pushes) > steps  # some steps were several pushes
    search = CompiledFeatures(board)
    replay = replay_lurd([row for _, row in raw.rows], search.forward_lurd(pushes))
    assert replay.solved and replay.pushes == len(pushes)


@pytest.mark.parametrize("text, reason", [
    ("########\n#. $ $.#\n###@####\n  ###", "every position reachable by pushes was expanded"),
    ("######\n#@$ .#\n#$  .#\n######", "the start is a deadlock"),  # a box in a corner
])
def test_an_unsolvable_level_is_proved_so(text: str, reason: str) -> None:
    result = CompiledFeatures(_board(text)).run()
    assert result.status == "no_solution" and result.reason.startswith(reason)
    assert solve_level(text, cost="pushes").status == "no_solution"  # the exact search agrees


def test_solve_level_runs_it_with_the_puzzle_rules() -> None:
    text = "#######\n#@ $ .#\n# $  .#\n#######"
    report = solve_level(text, mode="any", cost="pushes", strategy="compiled-features")
    assert report.solved and report.strategy == "compiled-features" and not report.optimal
    assert replay_lurd(text.splitlines(), report.lurd).solved and report.nodes > 0
    assert report.pruned["dead_squares"] > 0
    plain = solve_level(text, mode="any", cost="pushes", strategy="compiled-features",
                        dead_squares=True, **RULES_OFF)
    assert plain.solved and plain.pruned["subsets"] == plain.pruned["freeze"] == 0


@given(st.sampled_from(sorted(RULES_OFF)))
def test_the_rules_switched_off_cut_nothing(rule: str) -> None:
    search = CompiledFeatures(_board(MICROBAN_2), **{rule: False})
    assert search.run().solved and search.pruned[rule] == 0


@pytest.mark.parametrize("member, message", [
    (("c", "optimal", "compiled-features", 1.0, {}), "not proven optimal"),
    (("c", "any", "compiled-features", 1.0, {"noise": 3}), r"unknown tuning 'noise' \(valid: "
                                                           r"features, advisor\)"),
    (("c", "any", "compiled-features", 1.0, {"advisor": 1}), "switch 'advisor' takes True or "
                                                             "False, not 1"),
    (("c", "any", "compiled-features", 1.0, {"features": ("regions", "regions")}),
     "must be a tuple of distinct feature names"),
    (("c", "any", "compiled-features", 1.0, {"features": ("packng",)}),
     r"member 'c': unknown feature 'packng' \(valid: off_goal, regions, packing, room_links, "
     r"out_of_plan\)"),
])
def test_bad_members_are_refused_before_any_search(member: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_plan([member], members=True)
