"""The compiled feature-space search (``strategy="compiled-features"``,
:mod:`searchkit_sokoban.compiledfeatures`): its plans replay square by square, its ``no_solution``
is a proof, its rules' kernels answer as the Python rules do, its arrays grow without changing
the search, and it obeys its budgets and Ctrl-C.

Independent facts: the exhaustive breadth-first search over single keeper steps of
``test_anyplan`` (no pruning) says whether a random level can be solved; the exact A* of the
optimal mode gives the fewest pushes, which no plan can beat; the Python rules of
:mod:`searchkit_sokoban.deadlocks` and :mod:`searchkit_sokoban.subsets` (tested against searches
of their own) judge the positions the kernels judge; every plan is replayed on the level's
characters (:func:`replay_lurd`). Numba is part of the test extra (CI sets
``SEARCHKIT_REQUIRE_NUMBA``: a missing Numba is then an error, never a skip).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

if not os.environ.get("SEARCHKIT_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from searchkit_sokoban import compiled, compiledfeatures, replay_lurd, solve_level
from searchkit_sokoban.board import Board
from searchkit_sokoban.compiledfeatures import CompiledFeatures
from searchkit_sokoban.deadlocks import freeze_deadlock, pi_corral_pushes
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.portfolio import check_plan
from searchkit_sokoban.pushes import PushGenerator
from searchkit_sokoban.subsets import level_table

from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.test_anyplan import _solvable
from tests.shared import DATA as SHARED
from tests.shared import needs_data
from tests.signals import default_ctrl_c

DATA = SHARED / "sokoban"
MICROBAN_2 = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########"
RULES_OFF = {"freeze": False, "subsets": False, "pi_corral": False}


def _board(text: str, level: int | None = None) -> Board:
    return Board(select_level(split_levels(text), level))


@pytest.mark.parametrize("rules", [{}, RULES_OFF], ids=["rules on", "rules off"])
@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.2))
@settings(max_examples=60, deadline=None)
def test_it_solves_exactly_the_solvable_levels(rules: dict[str, bool], text: str) -> None:
    """Soundness of the rules and of the keeper regions: ``no_solution`` means no plan exists,
    a plan replays and has no fewer pushes than the exact optimum."""
    rows = text.splitlines()
    search = CompiledFeatures(_board(text), **rules)
    result = search.run()
    assert result.status in ("solved", "no_solution")
    assert result.solved == _solvable(rows)
    if result.solved:
        replay = replay_lurd(rows, search.forward_lurd(result.actions))
        assert replay.solved and replay.pushes == result.cost
        optimum = solve_level(text, cost="pushes", time_limit=None)
        assert optimum.solved and result.cost >= optimum.pushes


def _reached_positions(board: Board, expansions: int) -> tuple[object, np.ndarray, list]:
    """The search's arrays and counters after ``expansions`` expansions (the kernels' scratch
    arrays hold stamps below ``ctx``'s), and the positions it stored."""
    from searchkit_sokoban import jit, jitfeatures

    arrays = compiledfeatures._Arrays(board, 1 << 10, jit, jitfeatures,
                                      {"freeze": True, "subsets": True, "pi_corral": True},
                                      (0, 1), lambda: False)
    ctx = np.zeros(jit.CTX_SLOTS, np.int64)
    arrays.start(ctx)
    while ctx[jit.EXPANDED] < expansions and ctx[jit.STATUS] in (jit.RUNNING, jit.FULL):
        if ctx[jit.STATUS] == jit.FULL:
            arrays.grow(int(ctx[jit.N_STATES]))
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
                                   fence, queue, barrier, pushes, best, ctx, jit.STAMP)
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


@needs_data
@pytest.mark.parametrize("number", [1, 50, 100, 155])
def test_it_solves_microban_levels_and_the_plans_replay(number: int) -> None:
    raw = select_level(split_levels((DATA / "microban.xsb").read_text()), number)
    search = CompiledFeatures(Board(raw))
    result = search.run(max_expansions=500_000)
    assert result.solved
    replay = replay_lurd([row for _, row in raw.rows], search.forward_lurd(result.actions))
    assert replay.solved and replay.pushes == result.cost == len(result.actions)


@needs_data
def test_it_solves_sasquatch_17_which_no_other_search_here_solves() -> None:
    """330,320 expansions (13 s of CPU here): its two features are what does it."""
    raw = select_level(split_levels((DATA / "sasquatch.xsb").read_text()), 17)
    search = CompiledFeatures(Board(raw))
    result = search.run(max_expansions=400_000)
    assert result.solved
    replay = replay_lurd([row for _, row in raw.rows], search.forward_lurd(result.actions))
    assert replay.solved and replay.pushes == result.cost


def test_growing_the_arrays_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """From 16 positions and 2 cells the arrays double again and again; the search expands the
    same positions in the same order as with room for all of them at once."""
    runs = []
    for capacity, cells in ((16, 2), (1 << 20, 1 << 10)):
        monkeypatch.setattr(compiled, "FIRST_CAPACITY", capacity)
        monkeypatch.setattr(compiledfeatures, "FIRST_CELLS", cells)
        search = CompiledFeatures(_board(MICROBAN_2))
        result = search.run()
        runs.append((result.status, result.actions, result.stats.expanded,
                     result.stats.visited, result.stats.duplicates, search.pruned))
    assert runs[0] == runs[1]
    assert runs[0][0] == "solved" and runs[0][3] > 16


@pytest.mark.parametrize("text, reason", [
    ("########\n#. $ $.#\n###@####\n  ###", "every position reachable by pushes was expanded"),
    ("######\n#@$ .#\n#$  .#\n######", "the start is a deadlock"),  # a box in a corner
])
def test_an_unsolvable_level_is_proved_so(text: str, reason: str) -> None:
    result = CompiledFeatures(_board(text)).run()
    assert result.status == "no_solution" and result.reason.startswith(reason)
    assert solve_level(text, cost="pushes").status == "no_solution"  # the exact search agrees


def test_a_level_already_solved_needs_no_push() -> None:
    search = CompiledFeatures(_board("#####\n#@* #\n#####"))
    result = search.run()
    assert result.solved and result.actions == [] and search.forward_lurd([]) == ""


@needs_data
def test_budgets_stop_it_with_its_statistics() -> None:
    board = _board((DATA / "sasquatch.xsb").read_text(), 17)  # 330,000 expansions to solve
    result = CompiledFeatures(board).run(max_expansions=5000)
    assert result.status == "budget_exhausted" and result.reason == "expansion limit"
    assert result.stats.expanded == 5000 and result.stats.visited > 5000
    result = CompiledFeatures(board).run(max_bytes=1)  # the tables, or the first doubling
    assert result.status == "budget_exhausted" and "memory budget" in result.reason
    assert result.stats.visited >= 1  # the start at least, stored before the first look
    result = CompiledFeatures(board).run(seconds=0)
    assert result.status == "budget_exhausted" and result.stats.expanded == 0
    seen = []
    result = CompiledFeatures(board).run(seconds=1.2, progress=seen.append)
    assert result.status == "budget_exhausted" and "time" in result.reason
    assert seen and all(p.stats.expanded <= result.stats.expanded for p in seen)


CHILD = """
import sys
from searchkit_sokoban import solve_level
text = open(sys.argv[1]).read()
print("started", flush=True)
r = solve_level(text, 17, mode="any", strategy="compiled-features", time_limit=None)
print(r.status, r.nodes > 0, r.reason, flush=True)
"""


@needs_data
def test_ctrl_c_stops_it_and_keeps_what_it_did() -> None:
    """A real SIGINT to a process searching a level that takes seconds (Sasquatch 17)."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(DATA / "sasquatch.xsb")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=default_ctrl_c)
    try:
        assert child.stdout is not None and child.stdout.readline() == "started\n"
        time.sleep(4)  # past the kernels' loading and the tables; the search needs 13 s
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 0, stderr
    assert stdout.split() == ["interrupted", "True", "interrupted", "by", "the", "user"]


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
                                                           r"features\)"),
    (("c", "any", "compiled-features", 1.0, {"features": ("regions", "regions")}),
     "must be a tuple of distinct feature names"),
    (("c", "any", "compiled-features", 1.0, {"features": ("packng",)}),
     r"member 'c': unknown feature 'packng' \(valid: off_goal, regions, packing, room_links, "
     r"out_of_plan\)"),
])
def test_bad_members_are_refused_before_any_search(member: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_plan([member], members=True)


def test_without_numba_the_member_is_refused_naming_the_extra(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import searchkit_sokoban.portfolio as portfolio

    monkeypatch.setattr(portfolio, "available", lambda: False)
    with pytest.raises(ValueError, match=r"'compiled-features' needs Numba: pip install "
                                         r"'searchkit\[fast\]'"):
        check_plan([("c", "any", "compiled-features", 1.0, {})], members=True)
