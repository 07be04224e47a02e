"""solve_level's expansion and memory budgets: for the whole solve, shared by every search of the
portfolio, the memory measured on the real process's resident memory (``max_nodes`` and
``max_memory``, the collect command's ``--max-nodes`` and ``--max-memory``)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from searchkit_sokoban import solve_level

from tests.shared import DATA, needs_data

SASQUATCH = DATA / "sokoban" / "sasquatch.xsb"


@needs_data
@pytest.mark.parametrize("strategy", [None, "features", "pull", "greedy"])
def test_a_spent_memory_budget_stops_the_solve_and_says_so(strategy) -> None:
    report = solve_level(SASQUATCH.read_text(), 5, cost="pushes", mode="any", strategy=strategy,
                         time_limit=60, clock="cpu", max_memory=1)
    assert report.status == "budget_exhausted" and report.lurd is None
    assert report.reason.startswith("memory budget exhausted (1 bytes: the solve grew the process")
    assert report.as_dict()["reason"] == report.reason


@needs_data
def test_the_portfolio_shares_an_expansion_budget_exactly() -> None:
    # no time limit: every search gets its share of the expansions left and spends it all on a
    # level none of them solves so soon, so the solve is deterministic and exact
    report = solve_level(SASQUATCH.read_text(), 5, cost="pushes", mode="any", time_limit=None,
                         max_nodes=5000)
    assert report.status == "budget_exhausted" and report.nodes == 5000
    assert report.reason == "expansion budget exhausted (5000 expansions)"
    assert report.strategy == "exact astar"  # the last member ran, on what the others left


@needs_data
@pytest.mark.parametrize("clock", ["cpu", "wall"])
def test_a_spent_time_limit_is_the_solves_not_its_last_searchs_share(clock) -> None:
    report = solve_level(SASQUATCH.read_text(), 5, cost="pushes", mode="any", time_limit=1,
                         clock=clock)
    # (the searches' table building may spend the time before the last ones start)
    assert report.status == "budget_exhausted" and report.cpu_seconds < 30
    kind = {"cpu": "CPU", "wall": "wall-clock"}[clock]
    assert report.reason == f"time limit exhausted (1 s of {kind} time)"


def test_a_solved_level_has_no_reason_and_a_bad_budget_is_refused() -> None:
    report = solve_level("#######\n#@ $ .#\n#######", mode="any", max_memory=2**30)
    assert report.solved and report.reason == ""
    # a budget spent at once still lets a search (and the tie-break) run to its first check
    tied = solve_level("#######\n#@ $ .#\n#######", cost="pushes", tiebreak=True, max_memory=1)
    assert tied.solved and tied.lurd == "rRR" and tied.optimal
    for bad in (0, -5, 1.5, float("nan")):
        with pytest.raises(ValueError, match="max_memory=.*must be a whole number of bytes"):
            solve_level("#######\n#@ $ .#\n#######", mode="any", max_memory=bad)
    with pytest.raises(ValueError, match="max_nodes=-1: must be a whole number of expansions"):
        solve_level("#######\n#@ $ .#\n#######", mode="any", max_nodes=-1)
    for bad in (0, -1, float("inf"), float("nan")):  # before any search, one lane or two
        for workers in (1, 2):
            with pytest.raises(ValueError, match=r"time_limit=.*: must be a positive, finite "
                                                 r"number of seconds \(None: no limit\)"):
                solve_level("#######\n#@ $ .#\n#######", mode="any", time_limit=bad,
                            workers=workers)


_MEASURE = """
import json, resource, sys
from searchkit_sokoban import solve_level
text = open(sys.argv[1]).read()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
report = solve_level(text, 17, cost="pushes", mode="any", time_limit=300, clock="cpu",
                     max_memory=int(sys.argv[2]))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"status": report.status, "reason": report.reason, "grown": after - before,
                  "cpu": report.cpu_seconds, "strategy": report.strategy}))
"""


@needs_data
def test_the_portfolio_keeps_the_real_process_within_its_memory_budget() -> None:
    # Sasquatch 17 is not solved in 300 s (its searches grow the process by about 10 MB a
    # second); with 60 MB the solve must stop for memory, the peak within the budget plus a
    # check interval's worth
    limit = 60 * 2**20
    run = subprocess.run([sys.executable, "-c", _MEASURE, str(SASQUATCH), str(limit)],
                         capture_output=True, text=True, timeout=300, check=True)
    found = json.loads(run.stdout)
    assert found["status"] == "budget_exhausted", found
    assert found["reason"].startswith(f"memory budget exhausted ({limit} bytes: "), found
    assert found["grown"] <= limit + 20 * 2**20, found


@needs_data
def test_the_collect_command_passes_its_budgets_on(tmp_path, monkeypatch, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    monkeypatch.setenv("SEARCHKIT_DATA", str(DATA))
    out = tmp_path / "runs.jsonl"
    assert main(["sasquatch", "--levels", "5,6", "--limit", "60", "--max-memory", "1",
                 "--jsonl", str(out)]) == 0
    assert main(["sasquatch", "--levels", "5", "--limit", "60", "--max-nodes", "2000",
                 "--jsonl", str(out)]) == 0
    memory, memory_too, nodes = [json.loads(text) for text in out.read_text().splitlines()]
    assert memory["status"] == memory_too["status"] == nodes["status"] == "budget_exhausted"
    assert memory["reason"].startswith("memory budget exhausted (1 bytes")
    assert memory_too["reason"].startswith("memory budget exhausted (1 bytes")
    assert nodes["reason"] == "expansion budget exhausted (2000 expansions)"
    assert nodes["nodes"] == 2000


@needs_data
def test_a_member_that_extends_the_subsets_tables_builds_them_within_the_time(monkeypatch) -> None:
    # subset_sets makes a member build the level's table before its search, outside any
    # search's budget: that build must stop at the solve's time too (Sasquatch 10's takes
    # about a second, the limit here is 0.05 s), not only the extension after it
    from searchkit_sokoban import subsets

    stops: list[object] = []
    built = subsets.SubsetTable.__init__

    def spy(self, *args: object, expired: object = None, **kwargs: object) -> None:
        stops.append(expired)
        built(self, *args, expired=expired, **kwargs)

    monkeypatch.setattr(subsets.SubsetTable, "__init__", spy)
    report = solve_level(SASQUATCH.read_text(), 10, cost="pushes", mode="any", time_limit=0.05,
                         portfolio=(("g", "any", "greedy", 1.0, {"subset_sets": 100_001}),))
    assert report.status == "budget_exhausted"
    assert stops and all(callable(stop) and stop() for stop in stops)  # the time is spent
