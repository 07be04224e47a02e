"""Levels known unsolvable before any search (a goal or a box sealed off from the keeper) stay
coherent problems: every tool that walks their state space works, and none crashes.

``search`` answers ``no_solution`` from ``unsolvable_reason`` without looking; ``explore``,
``successors``, ``heuristic``, ``render``, the ``stats`` and ``solve`` commands do look, and once
crashed (``min()`` of an empty sequence, or an ``IndexError`` in the assignment with two boxes:
a level with fewer reachable goals than boxes has no square distance matrix).
"""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from searchkit_sokoban import solve_level
from searchkit_sokoban.pulls import PullProblem

from searchkit import explore, get_puzzle, search

SOKOBAN = get_puzzle("sokoban")

SEALED = {
    "goal sealed, one box": "#####\n#@$ #\n#####\n#.#\n###",
    "goal sealed, two boxes": "######\n#@$$ #\n######\n#..#\n####",
    "box sealed": "######\n#@ . #\n######\n#$#\n###",
    "one of two goals sealed": "#######\n#@$$. #\n#######\n#.#\n###",
    # one box with the keeper, two goals: the backward search's matching once crashed on it
    "box sealed, counts differ": "#######\n#@$ ..#\n#######\n#$   #\n######",
}
NO_RULES = {"dead_squares": False, "freeze": False, "bipartite": False, "subsets": False,
            "pi_corral": False}


@pytest.mark.parametrize("text", SEALED.values(), ids=SEALED.keys())
@pytest.mark.parametrize("cost", ["moves", "pushes"])
@pytest.mark.parametrize("options", [{}, NO_RULES, {"heuristic": "simple"},
                                     {"heuristic": "zero", **NO_RULES},
                                     {"keeper_aware": False}, {"mode": "any"}],
                         ids=["default", "no rules", "simple", "blind", "box-alone", "any"])
def test_every_tool_copes_with_a_sealed_level(text: str, cost: str, options: dict) -> None:
    problem = SOKOBAN.parse(text, cost=cost, **options)
    assert "sealed off" in problem.unsolvable_reason()
    start = problem.initial()
    assert problem.render(start)
    h = problem.heuristic(start)
    assert h == math.inf or h >= 0
    for action, child, step in problem.successors(start):
        assert step > 0 and problem.format_action(action)
        assert not problem.is_goal(child)
    exploration = explore(problem)
    assert exploration.status == "complete" and exploration.count >= 1
    for strategy in ("astar", "bfs", "greedy", "idastar"):
        assert search(problem, strategy).status == "no_solution"


@pytest.mark.parametrize("text", SEALED.values(), ids=SEALED.keys())
@pytest.mark.parametrize("strategy", [None, "pull", "features", "greedy"])
def test_the_fast_mode_says_why_a_sealed_level_has_no_plan(text: str, strategy: str) -> None:
    report = solve_level(text, mode="any", strategy=strategy, time_limit=10)
    assert report.status == "no_solution" and "sealed off" in report.reason
    board = SOKOBAN.parse(text).board
    assert search(PullProblem(board), "greedy").status == "no_solution"


@pytest.mark.parametrize("command", [["stats"], ["solve"], ["solve", "-o", "mode=any"]])
@pytest.mark.parametrize("level", ["goal sealed, two boxes", "box sealed, counts differ"])
def test_the_commands_answer_without_a_traceback(tmp_path, command: list, level: str) -> None:
    path = tmp_path / "sealed.xsb"
    path.write_text(SEALED[level] + "\n")
    done = subprocess.run([sys.executable, "-m", "searchkit", command[0], "sokoban", str(path),
                           *command[1:]], check=False, capture_output=True, text=True,
                          timeout=60)
    assert "Traceback" not in done.stderr
    assert done.returncode == (0 if command == ["stats"] else 1), done.stderr
    if command[0] == "solve":
        assert "no_solution" in done.stdout and "sealed off" in done.stdout, done
