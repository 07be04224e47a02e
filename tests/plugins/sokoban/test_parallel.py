"""The fast mode on several cores (``solve_level(..., workers=2)``, ``parallel.py``): real
processes, each running a lane; the first lane to end the solve wins and stops the others."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from searchkit_sokoban import parallel, replay_lurd, solve_level
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.parallel import solve_lanes

from searchkit import PlanError
from tests.shared import DATA, needs_data

MICROBAN = DATA / "sokoban" / "microban.xsb"
SASQUATCH = DATA / "sokoban" / "sasquatch.xsb"
SMALL = "#######\n#@ $ .#\n# $  .#\n#######"
ROOT = Path(__file__).resolve().parents[3]

BFS = ("bfs", "optimal", "bfs", 1.0, {})
PULL = ("pull", "any", "pull", 1.0, {})


def _rows(text: str, level: str) -> list[str]:
    return [row for _, row in select_level(split_levels(text), level).rows]


def test_two_lanes_solve_and_the_plan_replays() -> None:
    report = solve_level(SMALL, cost="pushes", mode="any", workers=2)
    assert report.solved and not report.optimal
    assert report.strategy.endswith(("[lane 1]", "[lane 2]"))
    assert replay_lurd(SMALL.splitlines(), report.lurd).solved
    assert report.pushes == replay_lurd(SMALL.splitlines(), report.lurd).pushes


@needs_data
def test_the_lane_that_solves_stops_the_other() -> None:
    # breadth-first search does not solve Microban 144 in a minute (nor does the push-optimal
    # A* in 30 s); the backward search does at once, and the first lane must then stop
    # instead of running its minute
    text = MICROBAN.read_text()
    started = time.perf_counter()
    report = solve_lanes(text, "144", [[BFS], [PULL]], cost="pushes", time_limit=60.0,
                         clock="cpu")
    assert time.perf_counter() - started < 30.0
    assert report.solved and report.strategy == "pull [lane 2]"
    assert replay_lurd(_rows(text, "144"), report.lurd).solved
    alone = solve_level(text, "144", cost="pushes", mode="any", strategy="pull")
    # the first lane's expansions are counted too (none if it was still building its tables;
    # the budget test below sees both lanes' counts add up)
    assert report.nodes >= alone.nodes
    assert report.cpu_seconds > 0 and report.seconds > 0


@needs_data
def test_the_expansion_budget_is_split_among_the_lanes() -> None:
    text = SASQUATCH.read_text()
    report = solve_level(text, "5", cost="pushes", mode="any", time_limit=None,
                         max_nodes=600, workers=2)
    assert report.status == "budget_exhausted"
    assert "expansion budget exhausted (300 expansions)" in report.reason
    assert 300 < report.nodes <= 600 + 64  # each lane at most its half, to within a check
    # a budget smaller than the lanes: split, not rounded up to an expansion each
    for budget in (0, 1):
        report = solve_level(text, "5", cost="pushes", mode="any", time_limit=None,
                             max_nodes=budget, workers=2)
        assert report.status == "budget_exhausted" and report.nodes == budget


def test_a_lane_that_fails_raises_in_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    # lanes are forked: the patched solve runs in them
    def broken(*args: object, **kwargs: object) -> None:
        raise PlanError("the plan does not solve it on replay")

    monkeypatch.setattr(parallel, "solve_level", broken)
    with pytest.raises(PlanError, match="does not solve it on replay"):
        solve_lanes(SMALL, None, [[PULL], [PULL]], cost="pushes")


def test_a_lane_that_dies_is_an_error_not_an_unsolved_level(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "solve_level", lambda *args, **kwargs: os._exit(3))
    with pytest.raises(RuntimeError, match=r"lane \d of the solve died \(exit code 3\)"):
        solve_lanes(SMALL, None, [[PULL], [PULL]], cost="pushes")


@pytest.mark.parametrize("workers", [0, 3, 1.5, True, "2"])
def test_bad_workers_are_refused(workers: object) -> None:
    with pytest.raises(ValueError, match=r"expected a whole number from 1 to 2"):
        solve_level(SMALL, mode="any", workers=workers)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{"mode": "optimal"}, {"mode": "any", "strategy": "pull"}])
def test_several_workers_run_only_the_portfolio(options: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="several workers run the fast mode's portfolio"):
        solve_level(SMALL, workers=2, **options)


def test_bad_input_is_refused_before_any_lane_starts() -> None:
    with pytest.raises(ValueError, match="portfolio member 'mine': share 2"):
        solve_lanes(SMALL, None, [[PULL], [("mine", "any", "greedy", 2, {})]])


def _wait_until_lanes_ran(pid: int, cpu_seconds: float, timeout: float = 120.0) -> None:
    """Wait until the two child processes of ``pid`` have each used ``cpu_seconds`` of CPU
    (``/proc``: a loaded machine may take long to get there, a fixed sleep would not know)."""
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        used = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == pid:  # the parent's pid, then utime and stime in ticks
                    used.append((int(fields[11]) + int(fields[12])) / tick)
        if len(used) == 2 and min(used) >= cpu_seconds:
            return
        time.sleep(0.1)
    raise AssertionError(f"the lanes of process {pid} did not get {cpu_seconds} s of CPU")


SCRIPT = """
import json, sys
from searchkit_sokoban import solve_level
report = solve_level(open(sys.argv[1]).read(), "5", cost="pushes", mode="any",
                     time_limit=120.0, clock="cpu", workers=2)
print(json.dumps(report.as_dict()), flush=True)
"""


@needs_data
@pytest.mark.parametrize("group", [False, True], ids=["caller", "terminal"])
def test_ctrl_c_stops_every_lane_and_keeps_their_counts(group: bool) -> None:
    # Sasquatch 5 is not solved in 120 s: Ctrl-C must end the solve at once, as
    # ``interrupted`` with both lanes' expansions, and leave no process behind. ``terminal``:
    # SIGINT to the whole process group, as a terminal sends it; ``caller``: to the caller only
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "plugins"), str(ROOT)])}
    child = subprocess.Popen([sys.executable, "-c", SCRIPT, str(SASQUATCH)], env=env,
                             stdout=subprocess.PIPE, text=True, start_new_session=True)
    _wait_until_lanes_ran(child.pid, cpu_seconds=1.5)  # past the tables: both lanes search
    if group:
        os.killpg(child.pid, signal.SIGINT)
    else:
        child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    report = json.loads(out)
    assert child.returncode == 0
    assert report["status"] == "interrupted" and report["reason"] == "interrupted (Ctrl-C)"
    assert report["nodes"] > 0 and report["lurd"] is None
    with pytest.raises(ProcessLookupError):  # no lane left running
        os.killpg(child.pid, 0)


def test_the_collect_command_runs_the_lanes(tmp_path, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    levels = tmp_path / "mine.xsb"
    levels.write_text("#######\n#@ $ .#\n#######\n\n########\n#@ $$..#\n########\n")
    out = tmp_path / "runs.jsonl"
    assert main([str(levels), "--limit", "5", "--workers", "2", "--jsonl", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["status"], r["pushes"]) for r in lines] == [("solved", 2), ("no_solution", None)]
    assert lines[0]["strategy"].endswith("]")
    assert "mode=any, 2 workers, 5 s of CPU a level" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--workers", "3"], "workers=3: expected a whole number from 1 to 2"),
    (["--workers", "2", "--mode", "optimal"], "several workers run the fast mode's portfolio"),
])
def test_the_collect_command_refuses_bad_workers(tmp_path, args, message, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    levels = tmp_path / "mine.xsb"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    with pytest.raises(SystemExit) as stopped:
        main([str(levels), *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_stop_that_comes_as_a_lane_returns_is_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # the race a collection run met: the winner's stop (SIGINT) handled in the other lane just
    # after that lane's own solve returned, in the lane's own code (Python runs a signal's
    # handler in whatever frame is current), must neither kill the lane nor lose its report
    solve = parallel.solve_level

    def stopped_as_it_returns(*args: object, **kwargs: object) -> object:
        report = solve(*args, **kwargs)
        lane = sys._getframe(1)  # the lane's own frame, where the handler would run next
        signal.getsignal(signal.SIGINT)(signal.SIGINT, lane)  # type: ignore[operator]
        return report

    monkeypatch.setattr(parallel, "solve_level", stopped_as_it_returns)
    report = solve_lanes(SMALL, None, [[PULL], [PULL]], cost="pushes")
    assert report.solved and report.nodes > 0


@needs_data
def test_a_stop_swallowed_in_a_lane_is_sent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # Python ignores an exception raised where a garbage-collector callback runs (hypothesis
    # installs one, and forked lanes inherit it): a lane whose first KeyboardInterrupt is lost
    # there must still stop at the next SIGINT the caller sends, not run out its minute
    solve = parallel.solve_level

    def swallowing(*args: object, portfolio: tuple[Any, ...], **kwargs: object) -> object:
        if portfolio[0][2] == "bfs":
            try:
                signal.getsignal(signal.SIGINT)(signal.SIGINT, sys._getframe())  # type: ignore[operator]
            except KeyboardInterrupt:
                pass  # lost, as in a gc callback
        return solve(*args, portfolio=portfolio, **kwargs)

    monkeypatch.setattr(parallel, "solve_level", swallowing)
    started = time.perf_counter()
    report = solve_lanes(MICROBAN.read_text(), "144", [[BFS], [PULL]], cost="pushes",
                         time_limit=60.0, clock="cpu")
    assert time.perf_counter() - started < 20.0  # not the 30 s grace: the resend stopped it
    assert report.solved and report.strategy == "pull [lane 2]"
