"""The budget of ``view``, ``trace``, ``compare`` and ``stats`` covers building the problem, as
``solve``'s does (tests/cli/test_build_budget.py): run in-process, with the instance's build made
slow (a pattern database on a fresh cache, say: here a wait of a few seconds that only a stop
cuts short). A 0.3 s budget must end the command well before the build would, with a stop
reported as the command reports a search its budget stopped."""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from searchkit.cli import main
from searchkit.cli.instance import Instance

#: What the slow build takes unless stopped; a command stopped by a 0.3 s budget ends within
#: WELL_BEFORE.
SLOW = 5.0
WELL_BEFORE = 1.5
REASON = "time budget exhausted (0.3 s) while building the problem"


class Done:
    """A finished in-process run: ``returncode``, ``stdout``, ``stderr`` and ``seconds``."""

    def __init__(self, returncode: int, stdout: str, stderr: str, seconds: float) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.seconds = seconds


@pytest.fixture
def sk(capsys, monkeypatch) -> Callable[..., Done]:
    """``sk(*args)``: the command line run in-process, and how long it took."""

    def run(*args: str) -> Done:
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        monkeypatch.setenv("COLUMNS", "100")
        capsys.readouterr()
        start = time.perf_counter()
        code = main(list(args))
        seconds = time.perf_counter() - start
        out, err = capsys.readouterr()
        assert "Traceback" not in err, err
        return Done(code, out, err, seconds)

    return run


@pytest.fixture
def build_takes(monkeypatch) -> Callable[[float], list[dict[str, Any]]]:
    """``build_takes(seconds)``: from now on an instance's problem takes ``seconds`` to build
    (asleep, as a build in worker processes leaves the search's thread); the list returned
    records each build's puzzle options."""
    real = Instance.problem
    builds: list[dict[str, Any]] = []

    def slow(seconds: float) -> list[dict[str, Any]]:
        def problem(self: Instance, **overrides: Any) -> Any:
            builds.append(overrides)
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                time.sleep(0.01)
            return real(self, **overrides)

        monkeypatch.setattr(Instance, "problem", problem)
        return builds

    return slow


@pytest.fixture
def interrupted_build(monkeypatch) -> None:
    """An instance's build is interrupted by Ctrl-C."""

    def problem(self: Instance, **overrides: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(Instance, "problem", problem)


def stopped_in_time(done: Done) -> None:
    """A run the budget stopped while building: exit 1, well before the build's end."""
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.seconds < WELL_BEFORE


# -- trace ----------------------------------------------------------------------------------------

def read_records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_trace_stops_a_slow_build_and_writes_its_end(sk, build_takes, tmp_path):
    build_takes(SLOW)
    out = tmp_path / "t.jsonl"
    done = sk("trace", "nstar", "-e", "1-1000", "--max-seconds", "0.3", "--out", str(out))
    stopped_in_time(done)
    assert done.stdout.startswith(f"wrote {out}: 1 event, ")
    assert done.stdout.endswith(f"; budget exhausted: {REASON}\n")
    header, end = read_records(out)  # the search never started: no start, no state
    assert (header["kind"], header["instance"]) == ("trace", "1-1000")
    assert (end["kind"], end["status"], end["reason"]) == ("end", "budget_exhausted", REASON)
    assert end["stats"]["expanded"] == 0 and end["stats"]["seconds"] >= 0.3


def test_traces_search_gets_the_time_the_build_left(sk, build_takes, tmp_path):
    build_takes(0.3)
    out = tmp_path / "t.jsonl"
    done = sk("trace", "nstar", "-e", "3-1000000", "-s", "bfs", "--max-seconds", "0.6",
              "--out", str(out))
    assert done.returncode == 1 and done.seconds < WELL_BEFORE
    end = read_records(out)[-1]
    assert end["reason"] == "time budget exhausted (0.6 s)"
    assert end["stats"]["expanded"] > 0 and end["stats"]["seconds"] < 0.5


# -- view -----------------------------------------------------------------------------------------

def test_view_stops_a_slow_build_and_writes_no_page(sk, build_takes, tmp_path):
    """The page shows the start, which an unbuilt problem cannot draw: no page, one line."""
    build_takes(SLOW)
    page = tmp_path / "p.html"
    done = sk("view", "nstar", "-e", "1-1000", "--max-seconds", "0.3", "--out", str(page))
    stopped_in_time(done)
    assert done.stdout == f"wrote no page: budget_exhausted: {REASON}\n"
    assert not page.exists()


def test_view_to_standard_output_says_so_on_stderr(sk, build_takes):
    build_takes(SLOW)
    done = sk("view", "nstar", "-e", "1-1000", "--max-seconds", "0.3", "--out", "-")
    stopped_in_time(done)
    assert done.stdout == ""
    assert done.stderr == f"wrote no page: budget_exhausted: {REASON}\n"


# -- compare --------------------------------------------------------------------------------------

def test_compare_stops_a_slow_build_for_every_run(sk, build_takes):
    build_takes(SLOW)
    done = sk("compare", "nstar", "-e", "1-1000", "-s", "bfs,astar", "--max-seconds", "0.3",
              "--json")
    stopped_in_time(done)
    runs = json.loads(done.stdout)["runs"]
    assert [(r["strategy"], r["status"], r["reason"]) for r in runs] == [
        ("bfs", "budget_exhausted", REASON), ("astar", "budget_exhausted", REASON)]
    assert all(r["stats"]["expanded"] == 0 for r in runs)


def test_compare_says_why_under_the_table(sk, build_takes):
    build_takes(SLOW)
    done = sk("compare", "nstar", "-e", "1-1000", "-s", "bfs,astar", "--max-seconds", "0.3")
    stopped_in_time(done)
    assert done.stdout.endswith(f"\nbfs: {REASON}\nastar: {REASON}\n")


def test_compare_builds_each_heuristics_problem_under_a_budget_of_its_own(sk, build_takes):
    builds = build_takes(SLOW)
    done = sk("compare", "nstar", "-e", "1-1000", "-s", "bfs", "--heuristics", "log2,zero",
              "--max-seconds", "0.3", "--json")
    assert done.returncode == 1 and done.seconds < 2 * WELL_BEFORE
    assert builds == [{"heuristic": "log2"}, {"heuristic": "zero"}]
    runs = json.loads(done.stdout)["runs"]
    assert [(r["heuristic"], r["reason"]) for r in runs] == [("log2", REASON), ("zero", REASON)]


def test_compares_notes_name_the_heuristic_whose_build_stopped(sk, build_takes):
    build_takes(SLOW)
    done = sk("compare", "nstar", "-e", "1-1000", "-s", "bfs", "--heuristics", "log2,zero",
              "--max-seconds", "0.3")
    assert done.returncode == 1
    assert done.stdout.endswith(f"\nbfs h=log2: {REASON}\nbfs h=zero: {REASON}\n")


def test_each_compared_run_gets_the_whole_budget_after_the_build(sk, build_takes):
    """A 0.25 s build under a 0.4 s budget leaves each run its own 0.4 s, not 0.15 s: the runs
    are compared under the same budget."""
    build_takes(0.25)
    done = sk("compare", "nstar", "-e", "3-1000000", "-s", "bfs,dfs", "--visited", "none",
              "--max-seconds", "0.4", "--json")
    assert done.returncode == 1 and done.seconds < 2 * WELL_BEFORE
    runs = json.loads(done.stdout)["runs"]
    assert [r["reason"] for r in runs] == ["time budget exhausted (0.4 s)"] * 2
    assert all(r["stats"]["seconds"] >= 0.35 for r in runs)


def test_compare_interrupted_while_building_prints_the_table_so_far(sk, interrupted_build):
    done = sk("compare", "nstar", "-e", "1-1000", "-s", "bfs,astar")
    assert done.returncode == 130
    assert "\nbfs       interrupted " in done.stdout and "astar" not in done.stdout
    assert done.stdout.endswith("\nbfs: interrupted by the user while building the problem\n")


# -- stats ----------------------------------------------------------------------------------------

def test_stats_stops_a_slow_build(sk, build_takes):
    build_takes(SLOW)
    done = sk("stats", "nstar", "-e", "1-1000", "--max-seconds", "0.3", "--json")
    stopped_in_time(done)
    out = json.loads(done.stdout)
    assert (out["status"], out["reason"]) == ("budget_exhausted", REASON)
    assert (out["count"], out["max_distance"], out["mean_distance"], out["histogram"]) == (
        0, None, None, [])
    assert out["stats"]["expanded"] == 0 and out["stats"]["seconds"] >= 0.3


def test_stats_report_of_a_stopped_build(sk, build_takes):
    build_takes(SLOW)
    done = sk("stats", "nstar", "-e", "1-1000", "--max-seconds", "0.3")
    stopped_in_time(done)
    lines = done.stdout.splitlines()
    assert lines[1:4] == [f"states         0 (incomplete: {REASON})", "max distance   -",
                          "mean distance  -"]
    assert "distance  states" not in done.stdout  # no histogram of nothing


def test_stats_explores_for_the_time_the_build_left(sk, build_takes):
    build_takes(0.3)
    done = sk("stats", "nstar", "-e", "3-1000000", "--max-states", "0", "--max-seconds", "0.6",
              "--json")
    assert done.returncode == 1 and done.seconds < WELL_BEFORE
    out = json.loads(done.stdout)
    assert out["reason"] == "time budget exhausted (0.6 s)"
    assert out["count"] > 0 and out["stats"]["seconds"] < 0.5


def test_stats_interrupted_while_building(sk, interrupted_build):
    done = sk("stats", "nstar", "-e", "1-1000", "--json")
    assert done.returncode == 130
    out = json.loads(done.stdout)
    assert (out["status"], out["reason"]) == (
        "interrupted", "interrupted by the user while building the problem")


# -- a states budget on a search that stores no states --------------------------------------------

NO_STATES = ("searchkit: error: strategy 'iddfs' takes no states budget (max_visited, "
             "--max-states) with visited 'none', which stores no states to count: use "
             "max_expansions or max_bytes (--max-expansions, --max-memory), or a visited backend "
             "that stores states (dict, hashtable)\n")


@pytest.mark.parametrize("command", ["solve", "trace", "view"])
def test_a_states_budget_on_a_tree_search_is_refused_before_the_build(sk, build_takes, tmp_path,
                                                                     command):
    """iddfs keeps no visited set (by default): --max-states would never stop it. The command
    refuses it in one line, exit 2, before the (slow) build starts, and writes nothing."""
    builds = build_takes(SLOW)
    out = [] if command == "solve" else ["--out", str(tmp_path / "out")]
    done = sk(command, "nstar", "-e", "1-1000", "-s", "iddfs", "--max-states", "100", *out)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", NO_STATES)
    assert builds == [] and list(tmp_path.iterdir()) == []


def test_a_states_budget_applies_to_a_deepening_search_with_a_transposition_table(sk):
    done = sk("solve", "nstar", "-e", "3-1000000", "-s", "iddfs", "--visited", "dict",
              "--max-states", "100", "--json")
    assert done.returncode == 1, done.stderr
    out = json.loads(done.stdout)
    assert out["reason"] == "visited-states budget exhausted (100 states)"


def test_compare_skips_a_run_whose_search_stores_no_states_under_a_states_budget(sk):
    done = sk("compare", "nstar", "-e", "3-1000000", "-s", "bfs,iddfs", "--max-states", "100",
              "--json")
    runs = json.loads(done.stdout)["runs"]
    assert [(r["strategy"], r["status"]) for r in runs] == [
        ("bfs", "budget_exhausted"), ("iddfs", "skipped")], runs
