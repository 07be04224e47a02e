"""``searchkit solve``'s budget covers building the problem: a throw-away plugin whose problem
takes as many seconds to build as its instance says (a pattern database on a fresh cache, say),
run for real in a subprocess. The limits are checked with generous margins: a 1 s budget must
end the run well before the build would (30 s), not to the millisecond."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

import pytest

from tests.plugin_site import install_plugin
from tests.signals import ctrl_c_after

PLUGIN = '''
"""A line 0, 1, 2, ... without a goal, whose problem takes SECONDS (the instance's text) to
build: asleep, or busy in Python (option busy), calling check_budget as it goes (option check).
Option by=solver: a solver of its own, which says what time budget it was given."""
import time

import searchkit
from searchkit import ProblemBase, Puzzle, PuzzleOption, Result, Stats


class Line(ProblemBase):
    def initial(self):
        return 0

    def successors(self, n):
        time.sleep(0.001)
        yield "+1", n + 1, 1

    def is_goal(self, n):
        return False

    def format_action(self, step):
        return step

    def render(self, n):
        return str(n)


class Given:
    name = "given"

    def __call__(self, problem, budget, progress):
        return Result("budget_exhausted", stats=Stats(), strategy="given",
                      reason=f"given {budget.max_seconds!r} s")


class SlowPuzzle(Puzzle):
    name = "slow"
    description = "a line whose problem is slow to build"
    formats = ("SECONDS",)
    default_strategy = "bfs"
    options = {
        "busy": PuzzleOption(False, "busy in Python, not asleep", convert=searchkit.to_bool),
        "check": PuzzleOption(False, "call check_budget while building",
                              convert=searchkit.to_bool),
        "by": PuzzleOption("search", "how to solve", choices=("search", "solver")),
    }

    def build(self, text, busy, check, by):
        end = time.perf_counter() + float(text)
        while time.perf_counter() < end:
            if check:
                searchkit.check_budget()
            if not busy:
                time.sleep(0.01)
        return Line()

    def solver(self, options):
        return Given() if options["by"] == "solver" else None

    def examples(self):
        return {"thirty": "30\\n"}


@searchkit.hookimpl
def searchkit_puzzles():
    return [SlowPuzzle()]
'''

#: A run stopped by a budget of a second or so ends within this (the build takes 30 s).
WELL_BEFORE = 10.0


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:
    return install_plugin(tmp_path_factory.mktemp("site"), "slow", PLUGIN,
                          base=dict(os.environ, COLUMNS="100"))


def solve(env: dict[str, str], *args: str, stdin: str | None = None
          ) -> tuple[subprocess.CompletedProcess[str], float]:
    """``searchkit solve slow ARGS`` and how long it took, in seconds."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "searchkit", "solve", "slow", *args],
                          input=stdin, capture_output=True, text=True, env=env, timeout=120)
    return done, time.perf_counter() - start


def stopped_json(done: subprocess.CompletedProcess[str]) -> dict:
    """The JSON of a run that a budget stopped: exit 1, no traceback."""
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    out = json.loads(done.stdout)
    assert out["status"] == "budget_exhausted"
    return out


@pytest.mark.parametrize("busy", ["false", "true"], ids=["asleep", "busy"])
def test_a_time_budget_stops_a_slow_build(env, busy):
    done, seconds = solve(env, "-o", f"busy={busy}", "--max-seconds", "1", "--json")
    out = stopped_json(done)
    assert out["reason"] == "time budget exhausted (1 s) while building the problem"
    assert out["stats"]["expanded"] == 0 and 1 <= out["stats"]["seconds"] < WELL_BEFORE
    assert seconds < WELL_BEFORE


def test_the_text_report_says_the_build_ran_out_of_time(env):
    done, _ = solve(env, "--max-seconds", "1")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert ("status    budget_exhausted: time budget exhausted (1 s) while building the "
            "problem\n") in done.stdout
    assert re.search(r"^stats     expanded 0 · ", done.stdout, re.MULTILINE)


def test_a_cpu_budget_stops_a_build_that_checks_it(env):
    done, seconds = solve(env, "-o", "busy=true", "-o", "check=true", "--max-cpu-seconds",
                          "0.5", "--json")
    out = stopped_json(done)
    assert out["reason"] == "CPU time budget exhausted (0.5 s) while building the problem"
    assert seconds < WELL_BEFORE


def test_a_cpu_budget_spent_by_a_build_that_never_checks_ends_with_it(env):
    """No timer for CPU time: a build that calls no check runs to its end (2 s), then stops."""
    done, _ = solve(env, "-", "-o", "busy=true", "--max-cpu-seconds", "0.5", "--json",
                    stdin="2\n")
    out = stopped_json(done)
    assert out["reason"] == "CPU time budget exhausted (0.5 s) while building the problem"
    assert out["stats"]["expanded"] == 0


def test_the_search_gets_the_time_the_build_left(env):
    """A 2 s build under a 3 s budget leaves the search about 1 s (its own time, as shown)."""
    done, seconds = solve(env, "-", "--max-seconds", "3", "--json", stdin="2\n")
    out = stopped_json(done)
    assert out["reason"] == "time budget exhausted (3 s)"  # the limit as the user gave it
    assert out["stats"]["expanded"] > 0
    assert out["stats"]["seconds"] < 2.0  # not 3 s more after the build
    assert seconds < WELL_BEFORE


def test_a_puzzles_own_solver_gets_the_time_the_build_left(env):
    done, _ = solve(env, "-", "-o", "by=solver", "--max-seconds", "3", "--json", stdin="2\n")
    given = float(re.fullmatch(r"given (\S+) s", stopped_json(done)["reason"]).group(1))
    assert 0 < given <= 1.0


def test_ctrl_c_during_the_build_prints_the_statistics(env):
    done = ctrl_c_after([sys.executable, "-m", "searchkit", "solve", "slow"], 4.0, env=env)
    assert done.returncode == 130 and "Traceback" not in done.stderr, done.stderr
    assert "status    interrupted: interrupted by the user while building the problem" in \
        done.stdout
