"""A puzzle's own solver (:meth:`searchkit.Puzzle.solver`): ``searchkit solve`` runs it when no
strategy, frontier, visited backend or strategy option is named, and the named strategy
otherwise; and its replay options (:meth:`searchkit.Puzzle.replay_options`): ``verify`` and
``view --plan`` replay a plan without the pruning an option asks of the search. A throw-away
plugin installed into a temporary directory: its solver counts by dynamic programming, which
the test checks against arithmetic of its own."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from tests.plugin_site import install_plugin

PLUGIN = '''
"""Reach TARGET from 0 with +1 (cost 1) and +5 (cost 3); option by=dp: the puzzle's own solver."""
import searchkit
from searchkit import ProblemBase, Puzzle, PuzzleOption, Result, SearchkitError, Stats


class Steps(ProblemBase):
    def __init__(self, target, prune):
        self.target, self.prune = target, prune

    def initial(self):
        return 0

    def successors(self, n):
        for step, cost in ((1, 1), (5, 3)):
            # prune: +1 only where +5 no longer fits (keeps the cheapest plan, not every plan)
            if n + step <= self.target and not (self.prune and step == 1 and
                                                n + 5 <= self.target):
                yield step, n + step, cost

    def is_goal(self, n):
        return n == self.target

    def format_action(self, step):
        return f"+{step}"

    def render(self, n):
        return f"[{n}]"


class DynamicProgramming:
    """The cheapest plan by dynamic programming over 0..TARGET (one expansion a number)."""

    name = "dp"

    def __call__(self, problem, budget, progress):
        if budget is not None and budget.max_visited is not None:
            raise SearchkitError("dp takes no --max-states")
        limit = None if budget is None else budget.max_expansions
        best, step = {0: 0}, {}
        for n in range(1, problem.target + 1):
            if limit is not None and n > limit:
                return Result("budget_exhausted", stats=Stats(expanded=n - 1),
                              strategy="dp", reason="expansion limit")
            options = [(best[n - s] + c, s) for s, c in ((1, 1), (5, 3)) if n - s >= 0]
            best[n], step[n] = min(options)
        actions, states, n = [], [problem.target], problem.target
        while n:
            actions.append(step[n])
            n -= step[n]
            states.append(n)
        return Result("solved", best[problem.target], actions[::-1], states[::-1],
                      Stats(expanded=problem.target), "dp")


class StepsPuzzle(Puzzle):
    name = "steps"
    description = "reach TARGET from 0 with +1 and +5"
    formats = ("TARGET",)
    default_strategy = "dijkstra"
    options = {"by": PuzzleOption("search", "how to solve", choices=("search", "dp")),
               "prune": PuzzleOption(False, "+1 only where +5 no longer fits",
                                     convert=searchkit.to_bool)}

    def build(self, text, by, prune):
        return Steps(int(text.split()[0]), prune)

    def solver(self, options):
        return DynamicProgramming() if options["by"] == "dp" else None

    def replay_options(self, options):
        return {**options, "prune": False}

    def examples(self):
        return {"twelve": "12\\n"}


@searchkit.hookimpl
def searchkit_puzzles():
    return [StepsPuzzle()]
'''


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:
    return install_plugin(tmp_path_factory.mktemp("site"), "steps", PLUGIN,
                          base=dict(os.environ, COLUMNS="100"))


def sk(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "searchkit", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def cheapest(target: int) -> int:
    """+5 costs 3 < 5 x (+1): as many +5 as fit, then +1s."""
    return target // 5 * 3 + target % 5


@pytest.mark.parametrize("target", [12, 23])
def test_the_puzzles_solver_runs_when_no_strategy_is_named(env, target) -> None:
    done = subprocess.run([sys.executable, "-m", "searchkit", "solve", "steps", "-", "-o",
                           "by=dp", "--json"], input=f"{target}\n", capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["strategy"] == "dp" and out["cost"] == cheapest(target)
    assert sum(int(a) for a in out["actions"]) == target
    assert out["stats"]["expanded"] == target  # the solver's own count, not a search's
    text = sk(env, "solve", "steps", "-o", "by=dp", "--show", "final").stdout
    assert text.splitlines()[0].endswith("· dp") and "final state:\n  [12]" in text


@pytest.mark.parametrize("flags", [["-s", "astar"], ["--frontier", "indexed-heap"],
                                   ["-o", "by=search"]])
def test_a_named_strategy_or_part_runs_a_search_instead(env, flags) -> None:
    done = sk(env, "solve", "steps", "-o", "by=dp", *flags, "--json") if flags[0] != "-o" \
        else sk(env, "solve", "steps", *flags, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["strategy"] != "dp" and out["cost"] == cheapest(12)


def test_the_budget_reaches_the_solver_and_its_refusal_is_one_line(env) -> None:
    spent = sk(env, "solve", "steps", "-o", "by=dp", "--max-expansions", "5", "--json")
    assert spent.returncode == 1
    assert json.loads(spent.stdout)["status"] == "budget_exhausted"
    refused = sk(env, "solve", "steps", "-o", "by=dp", "--max-states", "5")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == "searchkit: error: dp takes no --max-states\n"


def test_batch_runs_the_solver_where_the_options_have_one(env, tmp_path) -> None:
    """A real SQLite store: ``by=dp`` tasks run the puzzle's solver, ``by=search`` ones its
    default strategy; naming a strategy runs that strategy everywhere."""
    collection = tmp_path / "targets.txt"
    collection.write_text("12\n")
    store = tmp_path / "runs.sqlite"
    done = sk(env, "batch", "steps", str(collection), "-o", "by=dp,search", "-j", "1",
              "--plans", "--out", str(store))
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT strategy, options, status, cost, plan FROM results").fetchall()
    by = {json.loads(options)["by"]: (strategy, status, cost, json.loads(plan))
          for strategy, options, status, cost, plan in rows}
    assert set(by) == {"dp", "search"}
    assert by["dp"][:3] == ("dp", "solved", cheapest(12))
    assert sum(int(a) for a in by["dp"][3]) == 12
    assert by["search"][:3] == ("dijkstra", "solved", cheapest(12))
    named = tmp_path / "named.sqlite"
    done = sk(env, "batch", "steps", str(collection), "-o", "by=dp", "-s", "astar", "-j", "1",
              "--out", str(named))
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(named) as db:
        assert db.execute("SELECT strategy FROM results").fetchall() == [("astar",)]


def test_a_plan_replays_without_the_pruning_its_options_ask_of_a_search(env, tmp_path) -> None:
    """``prune`` leaves out +1 where +5 still fits: a search with it finds +5 +5 +1 +1 for 12,
    but +1 first is just as legal, and verify and the viewer say so."""
    found = json.loads(sk(env, "solve", "steps", "-o", "prune=yes", "--json").stdout)
    assert found["actions"] == ["+5", "+5", "+1", "+1"] and found["cost"] == cheapest(12)
    other = sk(env, "verify", "steps", "twelve", "+1 +1 +5 +5", "-o", "prune=yes")
    assert other.returncode == 0, other.stdout
    assert "status    valid" in other.stdout and "cost      8" in other.stdout
    wrong = sk(env, "verify", "steps", "twelve", "+1 +5 +5", "-o", "prune=yes")
    assert wrong.returncode == 1 and "does not end in a goal" in wrong.stdout
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({**found, "actions": ["+1", "+1", "+5", "+5"]}))
    page = sk(env, "view", "steps", "-e", "twelve", "-o", "prune=yes", "--plan", str(plan),
              "--out", str(tmp_path / "page.html"))
    assert page.returncode == 0, page.stderr
    assert "solved, 4 steps, cost 8" in page.stdout


def test_view_plays_the_solvers_plan_and_traces_a_search(env, tmp_path) -> None:
    page = sk(env, "view", "steps", "-o", "by=dp", "--out", str(tmp_path / "dp.html"))
    assert page.returncode == 0, page.stderr
    assert "solved, 4 steps, cost 8" in page.stdout  # +5 +5 +1 +1
    assert '"strategy":"dp"' in (tmp_path / "dp.html").read_text()
    traced = sk(env, "view", "steps", "-o", "by=dp", "--trace", "--out",
                str(tmp_path / "traced.html"))
    assert traced.returncode == 0, traced.stderr  # a search: the solver has no events
    assert '"strategy":"dijkstra"' in (tmp_path / "traced.html").read_text()
