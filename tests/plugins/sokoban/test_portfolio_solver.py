"""``searchkit solve sokoban -o mode=any`` (and ``batch``, ``view``) runs the fast mode's
portfolio, not one strategy; its plans verify and view under the options that found them.

Independent facts: every printed plan is replayed square by square on the level's characters
(:func:`replay_lurd`); where each step pushes from is read off a grid walk of the test's own.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys

import pytest
from hypothesis import given, settings
from searchkit_sokoban import replay_lurd, solve_level
from searchkit_sokoban.anyplan import AnyPlanProblem
from searchkit_sokoban.board import Board
from searchkit_sokoban.levels import split_levels
from searchkit_sokoban.portfolio_solver import lurd_pushes
from searchkit_sokoban.pulls import PULL_RULES

from searchkit.testing import puzzle_instances
from tests.shared import DATA, needs_data
from tests.signals import ctrl_c_after

ENV = dict(os.environ, COLUMNS="100")
LEVEL = "#######\n#@    #\n# $$  #\n#   ..#\n#######"


def sk(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "searchkit", *args], capture_output=True,
                          text=True, env=ENV, timeout=300)


def _pushed(rows: list[str], lurd: str) -> list[tuple[int, int]]:
    """The cell each push of ``lurd`` takes its box from (its own grid walk)."""
    keeper = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
                  if ch in "@+")
    moves = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
    cells = []
    for letter in lurd:
        dr, dc = moves[letter.lower()]
        keeper = (keeper[0] + dr, keeper[1] + dc)
        if letter.isupper():
            cells.append(keeper)
    return cells


@given(puzzle_instances("sokoban", rows=4, cols=5, boxes=2, walls=0.15))
@settings(max_examples=40, deadline=None)
def test_the_steps_of_a_plan_are_its_pushes_and_replay(text) -> None:
    report = solve_level(text, mode="any", time_limit=10)
    if report.lurd is None:
        return
    board = Board(split_levels(text)[0])
    problem = AnyPlanProblem(board)
    actions, states = lurd_pushes(board, problem.initial(), report.lurd)
    rows = text.splitlines()
    words = [problem.format_action(a) for a in actions]
    replay = replay_lurd(rows, "".join(words))
    assert replay.solved and replay.pushes == report.pushes == len(actions)
    assert all(re.fullmatch("[udlr]*[UDLR]", word) for word in words)  # a walk, one push
    assert len(states) == len(actions) + 1 and states[-1].boxes == board.goals
    # each step pushes the box the plan pushes, from where the plan pushes it
    assert [board.row_col(a.box_cells(board.offsets)[0]) for a in actions] == \
        _pushed(rows, report.lurd)


def test_the_command_runs_the_portfolio_and_its_plan_replays(tmp_path) -> None:
    path = tmp_path / "level.xsb"
    path.write_text(LEVEL + "\n")
    done = sk("solve", "sokoban", str(path), "-o", "mode=any", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["status"] == "solved" and out["strategy"].startswith("portfolio: ")
    replay = replay_lurd(LEVEL.splitlines(), "".join(out["actions"]))
    assert replay.solved and out["cost"] == replay.moves
    text = sk("solve", "sokoban", str(path), "-o", "mode=any", "-o", "cost=pushes").stdout
    assert "· portfolio: " in text.splitlines()[0]
    assert f"cost      {replay.pushes} (not proven optimal)" in text
    # a named strategy runs that strategy, and the exact mode keeps A*
    named = json.loads(sk("solve", "sokoban", str(path), "-o", "mode=any", "-s", "greedy",
                          "--json").stdout)
    assert named["strategy"] == "greedy"
    exact = json.loads(sk("solve", "sokoban", str(path), "--json").stdout)
    assert exact["strategy"] == "astar" and exact["cost"] <= out["cost"]


def test_budgets_the_portfolio_cannot_honour_are_one_line_errors(tmp_path) -> None:
    path = tmp_path / "level.xsb"
    path.write_text(LEVEL + "\n")
    for flags, words in ((["--max-states", "10"], "takes no --max-states"),
                         (["--max-seconds", "5", "--max-cpu-seconds", "5"], "not both")):
        done = sk("solve", "sokoban", str(path), "-o", "mode=any", *flags)
        assert done.returncode == 2 and done.stdout == "", done
        assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
    spent = json.loads(sk("solve", "sokoban", str(path), "-o", "mode=any", "--max-expansions",
                          "0", "--json").stdout)
    assert spent["status"] == "budget_exhausted" and "expansion" in spent["reason"]


@needs_data
def test_the_command_solves_a_level_one_strategy_misses() -> None:
    """Sasquatch 3: A* on the fast mode's guide does not solve it in 10 s (it expanded 32,127
    positions on this machine, 2026-11-28); the portfolio's backward search does in about 6 s,
    and the compiled one, first in the portfolio with Numba installed, in a fraction of it."""
    level = str(DATA / "sokoban" / "sasquatch.xsb")
    done = sk("solve", "sokoban", level, "--level", "3", "-o", "mode=any",
              "--max-cpu-seconds", "60", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["strategy"] in ("portfolio: compiled pull", "portfolio: pull")
    stats = out["stats"]  # the solve's, not zeros: it stores positions and grows the process
    assert stats["visited"] > 0 and stats["duplicates"] > 0 and stats["max_frontier"] > 0
    assert stats["peak_bytes"] > 0
    rules = out["pruned_by_rule"]  # the backward search's rules too, the guide's apart
    assert set(PULL_RULES) <= set(rules) and "heuristic" not in rules
    rows = _level_rows(DATA / "sokoban" / "sasquatch.xsb", 3)
    assert replay_lurd(rows, "".join(out["actions"])).solved


def _level_rows(path, number: int) -> list[str]:
    raw = split_levels(path.read_text())[number - 1]
    return [row for _, row in raw.rows]


@needs_data
@pytest.mark.parametrize("strategy", ["features", "pull", "greedy"])
def test_every_search_of_a_solve_reports_progress(strategy) -> None:
    """Microban 153: none of these solves it in 1.5 s without the ``rooms`` rule, whose
    tables would take most of that time (see docs/puzzles/sokoban.md)."""
    text = (DATA / "sokoban" / "microban.xsb").read_text()
    expanded: list[int] = []  # read when called: the snapshot's counters go on
    report = solve_level(text, 153, cost="pushes", mode="any", strategy=strategy,
                         time_limit=1.5, clock="cpu", rooms=False,
                         progress=lambda p: expanded.append(p.stats.expanded))
    assert report.status == "budget_exhausted"
    assert len(expanded) >= 2
    assert expanded == sorted(set(expanded)) and 0 < expanded[-1] <= report.nodes


def test_batch_in_the_fast_mode_runs_the_portfolio_and_stores_plans_that_replay(tmp_path):
    levels = [LEVEL, "#####\n#@$.#\n#####", "######\n#.   #\n#$## #\n#@   #\n######"]
    collection = tmp_path / "levels.xsb"
    collection.write_text("\n\n".join(levels) + "\n")
    store = tmp_path / "runs.sqlite"
    done = sk("batch", "sokoban", str(collection), "-o", "mode=any", "--cost", "pushes",
              "--max-seconds", "20", "-j", "2", "--plans", "--out", str(store))
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT instance, strategy, status, cost, plan FROM results "
                          "ORDER BY instance").fetchall()
    assert [row[1:3] for row in rows] == [("portfolio", "solved")] * 3
    for (_, _, _, cost, plan), level in zip(rows, levels):
        replay = replay_lurd(level.splitlines(), "".join(json.loads(plan)))
        assert replay.solved and replay.pushes == cost


@needs_data
def test_ctrl_c_ends_the_commands_portfolio_with_its_statistics() -> None:
    """Microban 153: no search of the portfolio solves it in the 4 s before Ctrl-C."""
    level = str(DATA / "sokoban" / "microban.xsb")
    done = ctrl_c_after([sys.executable, "-m", "searchkit", "solve", "sokoban", level,
                         "--level", "153", "-o", "mode=any", "--json"], 4.0, env=ENV)
    assert done.returncode == 130, done.stderr
    out = json.loads(done.stdout)
    assert out["status"] == "interrupted" and out["actions"] is None
    assert out["stats"]["expanded"] > 0


@needs_data
def test_the_commands_plan_verifies_and_views_under_the_options_that_found_it(tmp_path) -> None:
    """Microban 100: the portfolio's plan takes pushes that the fast mode's successors and
    PI-corral pruning (cost=pushes) leave out (its 20th, when this test was written); verify
    and view replay every legal push (SokobanPuzzle.replay_options)."""
    level = str(DATA / "sokoban" / "microban.xsb")
    rows = _level_rows(DATA / "sokoban" / "microban.xsb", 100)
    done = sk("solve", "sokoban", level, "--level", "100", "-o", "mode=any", "--json")
    out = json.loads(done.stdout)
    plan = " ".join(out["actions"])
    replay = replay_lurd(rows, plan.replace(" ", ""))
    assert replay.solved and out["cost"] == replay.moves
    for options, cost in ((["-o", "mode=any"], replay.moves),
                          (["-o", "cost=pushes"], replay.pushes),
                          (["-o", "mode=any", "-o", "cost=pushes"], replay.pushes)):
        checked = sk("verify", "sokoban", level, "--level", "100", *options, plan)
        assert checked.returncode == 0, checked.stdout
        assert f"cost      {cost}\n" in checked.stdout
    saved = tmp_path / "plan.json"
    saved.write_text(done.stdout)
    page = sk("view", "sokoban", level, "--level", "100", "-o", "mode=any", "--plan", str(saved),
              "--out", str(tmp_path / "page.html"))
    assert page.returncode == 0, page.stderr
    assert f"solved, {replay.pushes} steps, cost {replay.moves}" in page.stdout


@needs_data
def test_view_runs_the_portfolio_and_plays_its_plan(tmp_path) -> None:
    """Sasquatch 3, which A* on the fast mode's guide does not solve in 10 s (see above)."""
    level = str(DATA / "sokoban" / "sasquatch.xsb")
    page = tmp_path / "page.html"
    done = sk("view", "sokoban", level, "--level", "3", "-o", "mode=any", "--max-cpu-seconds",
              "60", "--out", str(page))
    assert done.returncode == 0, done.stderr
    solved = json.loads(sk("solve", "sokoban", level, "--level", "3", "-o", "mode=any",
                           "--max-cpu-seconds", "60", "--json").stdout)
    assert done.stdout.startswith(f"wrote {page}: solved, {solved['length']} steps, cost "
                                  f"{solved['cost']}, ")
    assert page.stat().st_size > 10_000
