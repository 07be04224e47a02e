"""The compiled backward search (``strategy="compiled-pull"``, :mod:`searchkit_sokoban.compiled`):
its plans replay square by square, its ``no_solution`` is a proof; and what both compiled
searches share (the compiled feature-space search's own tests are in
``test_compiled_features``): their arrays grow without changing the search, they obey their
budgets and Ctrl-C, a missing Numba is named.

Independent facts: the exhaustive breadth-first search over single keeper steps of
``test_anyplan`` (no pruning) says whether a random level can be solved; the exact A* of the
optimal mode gives the fewest pushes, which no plan can beat; every plan is replayed on the
level's characters (:func:`replay_lurd`). Numba is part of the test extra: these tests run
wherever the README's test command ran (CI sets ``SEARCHKIT_REQUIRE_NUMBA``: a missing Numba
is then an error, never a skip).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

if not os.environ.get("SEARCHKIT_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

from hypothesis import given, settings
from searchkit_sokoban import compiled, jitcells, replay_lurd, solve_level
from searchkit_sokoban.board import Board
from searchkit_sokoban.compiledfeatures import CompiledFeatures
from searchkit_sokoban.compiledpulls import CompiledPulls
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.portfolio import check_plan
from searchkit_sokoban.pulls import PULL_RULES

from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.test_anyplan import _solvable
from tests.shared import DATA as SHARED
from tests.shared import needs_data
from tests.signals import default_ctrl_c

DATA = SHARED / "sokoban"
ROOT = Path(__file__).resolve().parents[3]
MICROBAN_2 = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########"


def _board(text: str, level: int | None = None) -> Board:
    return Board(select_level(split_levels(text), level))


PULL_CELLS = partial(CompiledPulls, features=("off_start", "regions"))


@pytest.mark.parametrize("search", [
    CompiledPulls, PULL_CELLS, partial(CompiledPulls, features=("regions",)),
    CompiledFeatures, partial(CompiledFeatures, advisor=False),
    partial(CompiledFeatures, freeze=False, subsets=False, pi_corral=False),
    partial(CompiledFeatures, features=("packing", "regions", "room_links", "out_of_plan"))],
    ids=["pulls", "pulls, features", "pulls, regions", "features", "features, no advisor",
         "features, rules off", "features, FESS's four"])
@given(puzzle_instances("sokoban", rows=5, cols=6, boxes=3, walls=0.2))
@settings(max_examples=60, deadline=None)
def test_compiled_searches_solve_exactly_the_solvable_levels(search: Callable, text: str
                                                             ) -> None:
    """Soundness of the rules and of the keeper regions: ``no_solution`` means no plan exists,
    a plan replays forwards and has no fewer pushes than the exact optimum."""
    rows = text.splitlines()
    search = search(_board(text))
    result = search.run()
    assert result.status in ("solved", "no_solution")
    assert result.solved == _solvable(rows)
    if result.solved:
        replay = replay_lurd(rows, search.forward_lurd(result.actions))
        assert replay.solved and replay.pushes == result.cost
        optimum = solve_level(text, cost="pushes", time_limit=None)
        assert optimum.solved and result.cost >= optimum.pushes


@needs_data
@pytest.mark.parametrize("search, collection, number, expansions", [
    *((CompiledPulls, "microban", n, 1_000_000) for n in (1, 50, 93, 139, 144, 155)),
    *((CompiledFeatures, "microban", n, 500_000) for n in (1, 50, 100, 144, 155)),
    (CompiledFeatures, "microban_iv", 57, 100_000),
    (partial(CompiledFeatures, advisor=False), "sasquatch", 17, 400_000),
    (PULL_CELLS, "sasquatch", 12, 400_000)])
def test_compiled_searches_solve_real_levels_and_the_plans_replay(
        search: Callable, collection: str, number: int, expansions: int) -> None:
    """Among them the three Microban levels whose packed goals defeat the forward searches (93,
    139, 144: the backward search; the compiled feature-space search solves 144 with its
    packing advisor), Microban IV 57, which that search solves with the advisor in under a
    quarter of the expansions, and Sasquatch 17, which no other search here solves (that search
    without the advisor, 330,320 expansions, 13 s of CPU)."""
    raw = select_level(split_levels((DATA / f"{collection}.xsb").read_text()), number)
    searching = search(Board(raw))
    result = searching.run(max_expansions=expansions)
    assert result.solved
    replay = replay_lurd([row for _, row in raw.rows], searching.forward_lurd(result.actions))
    assert replay.solved and replay.pushes == result.cost == len(result.actions)
    if isinstance(searching, CompiledFeatures) and searching.rules["advisor"]:
        assert searching.advised > 0  # the advisor's moves were among those stored


@pytest.mark.parametrize("search", [CompiledPulls, PULL_CELLS, CompiledFeatures])
def test_growing_the_arrays_changes_nothing(monkeypatch: pytest.MonkeyPatch, search: type) -> None:
    """From 16 positions (and 2 cells) the arrays double a dozen times; the search expands the
    same positions in the same order (the same counts and plan) as with room for all of them at
    once."""
    runs = []
    for capacity, cells in ((16, 2), (1 << 20, 1 << 10)):
        monkeypatch.setattr(compiled, "FIRST_CAPACITY", capacity)
        monkeypatch.setattr(jitcells, "FIRST_CELLS", cells)
        searching = search(_board(MICROBAN_2))
        result = searching.run()
        runs.append((result.status, result.actions, result.stats.expanded,
                     result.stats.visited, result.stats.duplicates, searching.pruned))
    assert runs[0] == runs[1]
    assert runs[0][0] == "solved" and runs[0][3] > 16


def test_an_unsolvable_level_is_proved_so() -> None:
    text = "######\n#@$ .#\n#$  .#\n######"  # the lower box sits in a corner off its goal
    result = CompiledPulls(_board(text)).run()
    assert result.status == "no_solution" and result.reason
    assert solve_level(text, cost="pushes").status == "no_solution"  # the exact search agrees


@pytest.mark.parametrize("search", [CompiledPulls, CompiledFeatures])
def test_a_level_already_solved_needs_no_push(search: type) -> None:
    searching = search(_board("#####\n#@* #\n#####"))
    result = searching.run()
    assert result.solved and result.actions == [] and searching.forward_lurd([]) == ""


@needs_data
@pytest.mark.parametrize("search, level", [(CompiledPulls, 18), (CompiledFeatures, 17)])
def test_budgets_stop_it_with_its_statistics(search: type, level: int) -> None:
    """On a level that takes either search hundreds of thousands of expansions."""
    board = _board((DATA / "sasquatch.xsb").read_text(), level)
    result = search(board).run(max_expansions=5000)
    assert result.status == "budget_exhausted" and result.reason == "expansion limit"
    assert result.stats.expanded == 5000 and result.stats.visited > 5000
    result = search(board).run(max_bytes=1)  # the tables, or the first doubling, pass it
    assert result.status == "budget_exhausted" and "memory budget" in result.reason
    assert result.stats.visited >= 1  # the first positions at least, stored before a look
    result = search(board).run(seconds=0)
    assert result.status == "budget_exhausted" and result.stats.expanded == 0
    seen = []
    result = search(board).run(seconds=1.2, progress=seen.append)
    assert result.status == "budget_exhausted" and "time" in result.reason
    assert seen and all(p.stats.expanded <= result.stats.expanded for p in seen)


CHILD = """
import sys
from searchkit_sokoban import solve_level
text = open(sys.argv[1]).read()
print("started", flush=True)
r = solve_level(text, int(sys.argv[2]), mode="any", strategy=sys.argv[3], time_limit=None)
print(r.status, r.nodes > 0, r.reason, flush=True)
"""


@needs_data
@pytest.mark.parametrize("strategy, level", [("compiled-pull", 18), ("compiled-features", 17)])
def test_ctrl_c_stops_it_and_keeps_what_it_did(strategy: str, level: int) -> None:
    """A real SIGINT to a process searching a level that takes either search about 10 s."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(DATA / "sasquatch.xsb"),
                              str(level), strategy],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=default_ctrl_c)
    try:
        assert child.stdout is not None and child.stdout.readline() == "started\n"
        time.sleep(4)  # past the kernels' loading and the tables
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 0, stderr
    assert stdout.split() == ["interrupted", "True", "interrupted", "by", "the", "user"]


@pytest.mark.parametrize("module, kernel", [("jit", "matching"), ("jitpulls", "expand"),
                                            ("jit", "rehash")])
def test_ctrl_c_never_lands_inside_a_kernel(monkeypatch: pytest.MonkeyPatch, module: str,
                                            kernel: str) -> None:
    """A ``KeyboardInterrupt`` raised in llvmlite's callbacks while Numba loads a kernel aborts
    the process (a stopped lane died so): every call into the kernels holds SIGINT, and the
    search stops ``interrupted`` right after the call. Here the kernel itself is interrupted
    (SIGINT to this process as it starts) and notes whether the interrupt reached it."""
    kernels = importlib.import_module(f"searchkit_sokoban.{module}")
    original, reached = getattr(kernels, kernel), []

    def interrupted_kernel(*args):
        try:
            os.kill(os.getpid(), signal.SIGINT)  # Python runs the handler as the call returns
            time.sleep(0.01)
        except KeyboardInterrupt:
            reached.append(True)
            raise
        return original(*args)

    monkeypatch.setattr(kernels, kernel, interrupted_kernel)
    monkeypatch.setattr(compiled, "FIRST_CAPACITY", 16)  # so that the arrays grow at once
    result = CompiledPulls(_board(MICROBAN_2)).run()
    assert result.status == "interrupted" and not reached


def test_warming_loads_every_kernel() -> None:
    """What the lanes of a parallel solve inherit from the process that forks them (a fresh
    process: in this one, earlier tests may have loaded them)."""
    code = ("from searchkit_sokoban import compiled, jit, jitcells, jitfeatures, jitpulls,"
            " jitrules\n"
            "called = [jit.flood, jit.matching, jit.add, jit.rehash, jit.heap_push,"
            " jitpulls.seed, jitpulls.pull_key, jitpulls.expand, jitcells.enqueue,"
            " jitfeatures.expand, jitrules.regions, jitrules.insert_all]\n"  # from Python
            # (the others are compiled into the kernels that call them)
            "assert not any(kernel.signatures for kernel in called)\n"
            "compiled.warm()\n"
            "assert all(kernel.signatures for kernel in called)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_solve_level_runs_it_and_reports_its_rules() -> None:
    text = "#######\n#@ $ .#\n# $  .#\n#######"
    report = solve_level(text, mode="any", cost="pushes", strategy="compiled-pull")
    assert report.solved and report.strategy == "compiled-pull" and not report.optimal
    assert replay_lurd(text.splitlines(), report.lurd).solved
    assert set(PULL_RULES) <= set(report.pruned) and report.nodes > 0


@pytest.mark.parametrize("member, message", [
    (("c", "optimal", "compiled-pull", 1.0, {}), "not proven optimal"),
    (("c", "any", "compiled-pull", 1.0, {"tunnels": True}), "unknown tuning 'tunnels'"),
    (("c", "any", "compiled-pull", 1.0, {"noise": -1}), "noise -1 must be a whole number"),
    (("c", "any", "compiled-pull", 1.0, {"seed": 1.5}), "seed 1.5 must be a whole number"),
    (("c", "any", "compiled-pull", 1.0, {"features": ("off_goal",)}),
     "unknown feature 'off_goal' (valid: off_start, regions)"),
    (("c", "any", "compiled-pull", 1.0, {"features": ("regions", "regions")}),
     "must be a tuple of distinct names"),
    (("c", "any", "compiled-pull", 1.0, {"features": ("regions",), "noise": 3}),
     "noise applies to the greedy search only"),
    (("c", "any", "compiled-features", 1.0, {"features": ("off_start",)}),
     "unknown feature 'off_start'"),
])
def test_bad_members_are_refused_before_any_search(member: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        check_plan([member], members=True)


@pytest.mark.parametrize("strategy", ["compiled-pull", "compiled-features"])
def test_without_numba_the_member_is_refused_naming_the_extra(
        monkeypatch: pytest.MonkeyPatch, strategy: str) -> None:
    import searchkit_sokoban.portfolio as portfolio

    monkeypatch.setattr(portfolio, "available", lambda: False)
    with pytest.raises(ValueError, match=rf"'{strategy}' needs Numba: pip install "
                                         r"'searchkit\[fast\]'"):
        check_plan([("c", "any", strategy, 1.0, {})], members=True)


def test_noise_changes_the_dive_and_the_plans_still_replay() -> None:
    text = MICROBAN_2
    rows = text.splitlines()
    expansions = set()
    for seed in range(4):
        search = CompiledPulls(_board(text), noise=3, seed=seed)
        result = search.run()
        assert result.solved and replay_lurd(rows, search.forward_lurd(result.actions)).solved
        expansions.add(result.stats.expanded)
    assert len(expansions) > 1


@needs_data
def test_the_restart_tool_runs_both_searches_and_refuses_bad_features() -> None:
    """``tools/compiled_pulls.py``, which the measurements of sokoban-unsolved.md name."""
    tool = [sys.executable, str(ROOT / "tools" / "compiled_pulls.py"), "microban", "1,2", "60"]
    for extra in ([], ["--noise", "3"], ["--features", "off_start,regions"]):
        done = subprocess.run([*tool, *extra], capture_output=True, text=True, check=True)
        lines = [json.loads(line) for line in done.stdout.splitlines()]
        assert [(line["level"], line["status"]) for line in lines] == [(1, "solved"),
                                                                       (2, "solved")]
    done = subprocess.run([*tool, "--features", "off_goal"], capture_output=True, text=True)
    assert done.returncode != 0 and done.stderr.strip() == (
        "compiled_pulls: unknown feature 'off_goal' (valid: off_start, regions)")
