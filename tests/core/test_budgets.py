"""Budgets that hold: memory measured against the real process, setup under the time budget and
Ctrl-C, and limits that mean something (the same in ``Budget(...)`` and on the command line)."""

from __future__ import annotations

import gc
import json
import signal
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from searchkit import (
    Budget,
    GraphProblem,
    OptionError,
    check_budget,
    cpu_budgeted,
    explore,
    memory_budgeted,
    search,
)
from searchkit.budget import Clock
from searchkit.cli import main
from searchkit.loops import BudgetExhausted
from tests.core.test_api import Counter
from tests.signals import default_ctrl_c

ROOT = Path(__file__).resolve().parents[2]

# -- the memory budget, measured in a fresh process ----------------------------------------------

# case -> budget in MB. Sokoban grows slower (its own caches grow beside the search): a smaller
# budget keeps the test short; the check is the same.
MEMORY_CASES = {
    "taquin-bfs": 60, "taquin-astar": 60, "taquin-bibfs": 60, "taquin-explore": 60,
    "nstar-tree-bfs": 60, "nstar-tree-astar": 60, "sokoban-bfs": 20, "sokoban-astar": 20,
    "wide-tree": 60, "setup": 30,
}
# Cases whose process grows by the search's structures alone: the estimate must match it.
CALIBRATED = {"taquin-bfs", "taquin-astar", "taquin-bibfs", "taquin-explore", "nstar-tree-bfs",
              "wide-tree"}


def _run_case(case: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.core.memory_cases", case,
                           str(MEMORY_CASES[case])], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def measured() -> dict[str, dict]:
    """Every case, two processes at a time (each measures its own RSS)."""
    with ThreadPoolExecutor(2) as pool:
        return dict(zip(MEMORY_CASES, pool.map(_run_case, MEMORY_CASES)))


@pytest.mark.parametrize("case", MEMORY_CASES)
def test_memory_budget_holds_against_rss_growth(measured, case):
    m = measured[case]
    assert m["status"] == "budget_exhausted" and "memory budget" in m["reason"], m
    # The process never grows more than 10% past the budget, and the search used at least
    # half of it (it stops early only before a table resize that the budget could not hold).
    assert m["growth"] <= 1.10 * m["budget"], m
    assert m["growth"] >= 0.5 * m["budget"], m


@pytest.mark.parametrize("case", sorted(CALIBRATED))
def test_memory_estimate_is_calibrated_against_rss(measured, case):
    m = measured[case]
    assert abs(m["estimate"] - m["growth"]) <= 0.10 * m["budget"], m


# -- time budgets and Ctrl-C cover the setup -----------------------------------------------------

class SlowStart(Counter):
    """A line 0, 1, 2, ... whose heuristic's first call takes ``setup`` seconds: sleeping, or
    busy in Python (``busy``), optionally calling :func:`check_budget` as it goes."""

    def __init__(self, setup: float = 30, busy: bool = False, cooperative: bool = False):
        self.setup, self.busy, self.cooperative = setup, busy, cooperative
        self.ready = False

    def heuristic(self, n):
        if not self.ready:
            end = time.perf_counter() + self.setup
            while time.perf_counter() < end:
                if self.cooperative:
                    check_budget()
                if not self.busy:
                    time.sleep(0.01 if self.cooperative else self.setup)
            self.ready = True
        return 0


def _timed(call):
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


@pytest.mark.parametrize("busy", [False, True], ids=["sleeping", "busy"])
def test_time_budget_covers_a_heuristic_that_builds_tables(busy):
    budget = Budget(max_expansions=1, max_seconds=0.2)
    result, seconds = _timed(lambda: search(SlowStart(busy=busy), "astar", budget=budget))
    assert result.status == "budget_exhausted" and "time budget" in result.reason
    assert result.stats.expanded == 0
    assert seconds < 1.0
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL  # the timer is put back
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_deadline_passed_at_once_leaves_no_timer_behind():
    for _ in range(20):  # the timer may fire before search() has finished setting it
        result = search(SlowStart(setup=0), "astar", budget=Budget(max_seconds=1e-9))
        assert result.status == "budget_exhausted"
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


class _IgnoredThere(SlowStart):
    """A heuristic whose 2 s of setup first runs 0.3 s of code where Python ignores exceptions
    (a finaliser, or a garbage-collector callback: hypothesis installs one), so that a 0.2 s
    deadline lands there."""

    def __init__(self, where):
        super().__init__(setup=0)
        self.where = where

    def heuristic(self, n):
        if not self.ready:
            end = time.perf_counter() + 2.0
            if self.where == "finaliser":
                _SlowToDie()
                # the finaliser ran at once (no reference left)
            else:
                gc.callbacks.append(_slow_once)
                try:
                    gc.collect()
                finally:
                    gc.callbacks.remove(_slow_once)
            while time.perf_counter() < end:
                pass
            self.ready = True
        return 0


class _SlowToDie:
    def __del__(self):
        _busy(0.3)


def _slow_once(phase, info):
    if phase == "start":
        _busy(0.3)


def _busy(seconds):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


@pytest.mark.parametrize("where", ["finaliser", "gc callback"])
def test_a_deadline_that_lands_where_python_ignores_exceptions_comes_again(where, monkeypatch):
    lost = []
    monkeypatch.setattr(sys, "unraisablehook", lost.append)
    result = search(_IgnoredThere(where), "astar", budget=Budget(max_seconds=0.2))
    assert result.status == "budget_exhausted" and "time budget" in result.reason
    assert lost and all(isinstance(hook.exc_value, BudgetExhausted) for hook in lost)
    assert result.stats.seconds < 1.0  # not the setup's 2 s
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_check_budget_stops_setup_in_a_thread():
    """Outside the main thread there is no timer: cooperative setup code still stops on time."""
    out = {}

    def run():
        out["result"], out["seconds"] = _timed(lambda: search(
            SlowStart(cooperative=True), "astar", budget=Budget(max_seconds=0.2)))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(10)
    assert out["result"].status == "budget_exhausted" and out["seconds"] < 0.5


def test_slow_expansions_are_checked_often():
    """Each expansion takes 5 ms: the check interval shrinks (512 of them would be 2.6 s)."""

    class Slow(SlowStart):
        def successors(self, n):
            time.sleep(0.005)
            yield from super().successors(n)

    out = {}
    thread = threading.Thread(target=lambda: out.update(result=_timed(lambda: search(
        Slow(setup=0), "bfs", budget=Budget(max_seconds=0.3)))))
    thread.start()
    thread.join(10)
    result, seconds = out["result"]
    assert result.status == "budget_exhausted" and 0.3 <= seconds < 0.45


def test_a_users_sigalrm_handler_is_left_alone():
    def handler(signum, frame):
        raise AssertionError("the user's alarm")

    previous = signal.signal(signal.SIGALRM, handler)
    try:
        result = search(SlowStart(cooperative=True), "astar", budget=Budget(max_seconds=0.2))
        assert result.status == "budget_exhausted"
        assert signal.getsignal(signal.SIGALRM) is handler
    finally:
        signal.signal(signal.SIGALRM, previous)


def test_check_budget_outside_a_search_does_nothing():
    check_budget()


class _CleansUp(SlowStart):
    """A heuristic whose setup, stopped, cleans up for 0.2 s on the way out (worker processes
    to kill, say): ``cleaned`` says whether the cleanup ran to its end."""

    def __init__(self):
        super().__init__(setup=30)
        self.cleaned = False

    def heuristic(self, n):
        try:
            return super().heuristic(n)
        finally:
            _busy(0.2)
            self.cleaned = True


def test_the_timer_does_not_interrupt_the_cleanup_of_its_own_stop():
    problem = _CleansUp()
    result, seconds = _timed(lambda: search(problem, "astar", budget=Budget(max_seconds=0.1)))
    assert result.status == "budget_exhausted" and "time budget" in result.reason
    assert problem.cleaned  # the timer came again every 10 ms, but let the cleanup finish
    assert seconds < 1.0
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_an_alarm_pending_as_the_timer_is_stopped_sets_no_new_timer(monkeypatch):
    # The timer fires; Python runs its handler at the next bytecode boundary, which may be just
    # after the run stopped the timer (CI once died of "Alarm clock": the handler set the timer
    # again for 10 ms, then the default handler went back, and the alarm killed the process).
    # The timer is emulated so that a failure fails the test instead of killing it.
    from searchkit.loops import watch

    timer, stops = [0.0], []

    def setitimer(which, seconds, interval=0.0):
        assert which == signal.ITIMER_REAL
        timer[0] = seconds
        if seconds == 0:
            stops.append(True)
            watch._on_alarm(signal.SIGALRM, None)  # the alarm that arrived just before

    monkeypatch.setattr(watch.signal, "setitimer", setitimer)
    # the loop's own check stops it: the handler then runs amid the stop's cleanup
    result = search(Busy(each=0.002), "bfs", budget=Budget(max_seconds=0.05))
    assert result.status == "budget_exhausted" and "time budget" in result.reason
    assert stops and timer[0] == 0  # stopped, and not set again
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
    # a run that ends normally, the alarm pending as it leaves: still no timer behind
    result = search(GraphProblem({}, 0, {0}), "bfs", budget=Budget(max_seconds=30))
    assert result.status == "solved" and timer[0] == 0


# -- the CPU time budget -------------------------------------------------------------------------

class Busy(SlowStart):
    """Each expansion burns ``each`` seconds of CPU in Python (or sleeps them: ``sleeping``)."""

    def __init__(self, each: float = 0.002, sleeping: bool = False):
        super().__init__(setup=0)
        self.each, self.sleeping = each, sleeping

    def successors(self, n):
        time.sleep(self.each) if self.sleeping else _busy(self.each)
        yield from super().successors(n)


def _cpu_timed(call):
    start = time.thread_time()
    result = call()
    return result, time.thread_time() - start


def test_a_cpu_budget_stops_the_search_on_its_cpu_time():
    budget = Budget(max_cpu_seconds=0.3, max_expansions=1000)  # 2 s: a backstop
    result, cpu = _cpu_timed(lambda: search(Busy(), "bfs", budget=budget))
    assert result.status == "budget_exhausted"
    assert result.reason == "CPU time budget exhausted (0.3 s)"
    assert 0.3 <= cpu < 0.4  # checked about every 50 ms
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # no timer for CPU time


def test_a_cpu_budget_does_not_count_time_spent_waiting():
    """60 expansions that sleep 5 ms each: 0.3 s of wall-clock time, little CPU time."""
    budget = Budget(max_cpu_seconds=0.1, max_expansions=60)
    result, seconds = _timed(lambda: search(Busy(0.005, sleeping=True), "bfs", budget=budget))
    assert result.reason == "expansion budget exhausted (60 expansions)" and seconds >= 0.3


def test_a_cpu_budget_counts_its_own_thread_only():
    """Another thread of the process busy meanwhile (a worker running two tasks) takes half the
    interpreter's time: the search's 0.3 s of CPU take about 0.6 s, not the 0.3 s they would if
    the process's CPU time counted."""
    done = threading.Event()

    def other():
        while not done.is_set():
            _busy(0.01)

    out = {}

    def run():
        out["result"], out["seconds"] = _timed(lambda: search(
            Busy(), "bfs", budget=Budget(max_cpu_seconds=0.3, max_expansions=1000)))
        done.set()

    threads = [threading.Thread(target=other), threading.Thread(target=run)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert out["result"].reason == "CPU time budget exhausted (0.3 s)"
    assert out["seconds"] >= 0.45


def test_check_budget_stops_setup_on_cpu_time():
    budget = Budget(max_cpu_seconds=0.2)
    problem = SlowStart(setup=2, busy=True, cooperative=True)
    result, seconds = _timed(lambda: search(problem, "astar", budget=budget))
    assert result.status == "budget_exhausted" and result.stats.expanded == 0
    assert "CPU time budget" in result.reason and seconds < 0.5



class _Asks(Counter):
    """A line whose heuristic records what ``ask()`` (:func:`cpu_budgeted`,
    :func:`memory_budgeted`) says."""

    def __init__(self, ask):
        self.ask, self.seen = ask, []

    def heuristic(self, n):
        self.seen.append(self.ask())
        return 0


@pytest.mark.parametrize("budget, expected", [
    (Budget(max_cpu_seconds=5, max_expansions=2), True),
    (Budget(max_seconds=5, max_expansions=2), False),
    (Budget(max_expansions=2), False),
], ids=["cpu", "wall-clock", "no time"])
def test_cpu_budgeted_says_whether_the_running_search_counts_cpu_time(budget, expected):
    problem = _Asks(cpu_budgeted)
    search(problem, "astar", budget=budget)
    assert problem.seen and set(problem.seen) == {expected}
    assert cpu_budgeted() is False  # the search is over


def test_cpu_budgeted_sees_the_cpu_budget_of_a_search_around_the_running_one():
    """Work of an inner search without a CPU budget still counts on the outer one's CPU clock."""
    inner = _Asks(cpu_budgeted)

    class Outer(Counter):
        def heuristic(self, n):
            if n == 0:
                search(inner, "astar", budget=Budget(max_expansions=1))
            return 0

    search(Outer(), "astar", budget=Budget(max_cpu_seconds=5, max_expansions=1))
    assert inner.seen and set(inner.seen) == {True}


@pytest.mark.parametrize("budget, expected", [
    (Budget(max_bytes=2**30, max_expansions=2), True),
    (Budget(max_cpu_seconds=5, max_expansions=2), False),
    (Budget(max_expansions=2), False),
], ids=["memory", "cpu", "no memory"])
def test_memory_budgeted_says_whether_the_running_search_counts_this_processs_memory(budget,
                                                                                    expected):
    problem = _Asks(memory_budgeted)
    search(problem, "astar", budget=budget)
    assert problem.seen and set(problem.seen) == {expected}
    assert memory_budgeted() is False  # the search is over


CHILD = textwrap.dedent("""
    import sys, time
    from searchkit import Budget, ProblemBase, search

    class SlowStart(ProblemBase):
        def initial(self): return 0
        def successors(self, n): yield "+1", n + 1, 1
        def is_goal(self, n): return False
        def heuristic(self, n):
            print("setup", flush=True)
            time.sleep(30)  # a table build, stopped only by Ctrl-C
            return 0

    start = time.perf_counter()
    result = search(SlowStart(), "astar", budget=Budget(max_seconds=60))
    print(result.status, result.stats.expanded, round(time.perf_counter() - start, 1))
""")


def test_ctrl_c_during_setup_returns_interrupted():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                             cwd=ROOT, preexec_fn=default_ctrl_c)
    try:
        assert child.stdout.readline() == "setup\n"
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=10)
    finally:
        child.kill()
    assert child.returncode == 0
    status, expanded, _seconds = out.split()
    assert (status, expanded) == ("interrupted", "0")


# -- time budgets counted from before the search (since=) -----------------------------------------

def test_time_budgets_count_from_since():
    """0.3 s spent before the search (building its problem, say) leave it 0.3 s of a 0.6 s
    budget; its own time is what it took."""
    since = Clock.now()
    time.sleep(0.3)
    result, seconds = _timed(lambda: search(Counter(), "bfs", budget=Budget(max_seconds=0.6),
                                            since=since))
    assert result.reason == "time budget exhausted (0.6 s)"
    assert seconds < 0.5 and result.stats.seconds < 0.5


def test_an_explorations_time_budget_counts_from_since():
    since = Clock.now()
    time.sleep(0.3)
    exploration, seconds = _timed(lambda: explore(Counter(), budget=Budget(max_seconds=0.6),
                                                  since=since))
    assert exploration.reason == "time budget exhausted (0.6 s)" and exploration.count > 1
    assert seconds < 0.5 and exploration.stats.seconds < 0.5


def test_a_cpu_budget_counts_from_since():
    since = Clock.now()
    _busy(0.3)
    budget = Budget(max_cpu_seconds=0.5, max_expansions=1000)  # 2 s: a backstop
    result, cpu = _cpu_timed(lambda: search(Busy(), "bfs", budget=budget, since=since))
    assert result.reason == "CPU time budget exhausted (0.5 s)"
    assert cpu < 0.4


def test_a_budget_spent_before_the_search_stops_it_at_once():
    since = Clock.now()
    time.sleep(0.2)
    result, seconds = _timed(lambda: search(SlowStart(), "astar", budget=Budget(max_seconds=0.1),
                                            since=since))
    assert result.status == "budget_exhausted" and result.stats.expanded == 0
    assert seconds < 0.5  # not the heuristic's 30 s of setup
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_budget_left_after_spending_part_of_it():
    now = Clock.now()
    budget = Budget(max_seconds=10, max_cpu_seconds=10, max_expansions=5)
    left = budget.left(Clock(now.wall - 4, now.cpu - 3))
    assert 5.9 < left.max_seconds <= 6 and 6.9 < left.max_cpu_seconds <= 7
    assert left.max_expansions == 5
    spent = budget.left(Clock(now.wall - 20, now.cpu - 20))  # still a valid budget, spent
    assert 0 < spent.max_seconds <= 1e-9 and 0 < spent.max_cpu_seconds <= 1e-9
    assert Budget(max_expansions=5).left(now) == Budget(max_expansions=5)


# -- limits that mean something ----------------------------------------------------------------

@pytest.mark.parametrize("limits", [
    {"max_seconds": 0}, {"max_seconds": -1}, {"max_seconds": float("nan")},
    {"max_seconds": float("inf")}, {"max_seconds": "10"}, {"max_expansions": -1},
    {"max_expansions": 1.5}, {"max_expansions": True}, {"max_visited": 0},
    {"max_bytes": 0}, {"max_bytes": -2**30}, {"max_bytes": float("inf")},
    {"max_cpu_seconds": 0}, {"max_cpu_seconds": float("nan")}, {"max_cpu_seconds": "1"},
])
def test_budget_rejects_values_that_mean_nothing(limits):
    (name, value), = limits.items()
    with pytest.raises(OptionError, match=f"budget {name} must be .*, not "):
        Budget(**limits)


def test_budget_accepts_sensible_values():
    Budget(max_expansions=0, max_seconds=1e-3, max_visited=1, max_bytes=2e9, max_cpu_seconds=1e-3)


LINE = GraphProblem({"a": {"b": 1}, "b": {"c": 1}}, start="a", goals={"c"})


@pytest.mark.parametrize("strategy", ["bfs", "dfs", "astar", "dijkstra", "greedy", "iddfs",
                                      "idastar", "bibfs"])
def test_zero_expansions_tests_the_start_only(strategy):
    none = Budget(max_expansions=0)
    result = search(LINE, strategy, budget=none)
    assert result.status == "budget_exhausted" and result.stats.expanded == 0
    assert result.stats.generated == 0
    at_goal = GraphProblem({"a": {"b": 1}}, start="a", goals={"a"})
    assert search(at_goal, strategy, budget=none).states == ["a"]


def test_zero_expansions_explores_the_start_only():
    exploration = explore(LINE, budget=Budget(max_expansions=0))
    assert exploration.status == "budget_exhausted" and exploration.histogram == [1]


@pytest.mark.parametrize("flag, value, message", [
    ("--max-seconds", "0", "must be a positive, finite number of seconds, got '0'"),
    ("--max-seconds", "nan", "must be a positive, finite number of seconds, got 'nan'"),
    ("--max-seconds", "-1", "must be a positive, finite number of seconds, got '-1'"),
    ("--max-cpu-seconds", "0", "must be a positive, finite number of seconds, got '0'"),
    ("--max-cpu-seconds", "inf", "must be a positive, finite number of seconds, got 'inf'"),
    ("--max-expansions", "-3", "must be a whole number of expansions, 0 or more, got '-3'"),
    ("--max-expansions", "1.5", "expected a whole number, got '1.5'"),
    ("--max-states", "0", "must be a whole number of states, 1 or more, got '0'"),
    ("--max-memory", "-1G", "expected a non-negative size, got '-1G'"),
    ("--max-memory", "0", "must be a whole number of bytes, 1 or more, got '0'"),
    ("--max-memory", "1e400", "expected a size like 512M or 2G, got '1e400'"),
])
def test_cli_rejects_budgets_that_mean_nothing(capsys, flag, value, message):
    assert main(["solve", "nstar", "-e", "1-42", flag, value]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert f"argument {flag}: {message}" in captured.err


def test_cli_cpu_budget_stops_the_search(capsys):
    assert main(["solve", "nstar", "-e", "3-1000000", "-s", "bfs", "--visited", "none",
                 "--max-cpu-seconds", "0.2", "--max-expansions", "10000000"]) == 1
    assert "CPU time budget exhausted (0.2 s)" in capsys.readouterr().out


def test_cli_zero_expansions_tests_the_start(capsys):
    assert main(["solve", "nstar", "-e", "1-42", "-s", "bfs", "--max-expansions", "0"]) == 1
    out = capsys.readouterr().out
    assert "expansion budget exhausted (0 expansions)" in out and "expanded 0" in out


def test_stats_rejects_budgets_that_mean_nothing(capsys):
    assert main(["stats", "nstar", "-e", "1-42", "--max-seconds", "nan"]) == 2
    assert "argument --max-seconds: must be a positive" in capsys.readouterr().err
    assert main(["stats", "nstar", "-e", "1-42", "--max-states", "0"]) == 0  # 0: no limit



@pytest.mark.parametrize("strategy", ["bfs", "astar", "dfs"])
@pytest.mark.parametrize("cap", [5, 100, 5000])
def test_a_states_budget_stops_the_search_near_its_cap(strategy, cap):
    # the checks come as often as the states stored since the last one say they must: the
    # first check came after 512 expansions, so --max-states 5 stored 687 states on N*
    result = search(Counter(), strategy, budget=Budget(max_visited=cap))
    assert result.status == "budget_exhausted" and "visited-states budget" in result.reason
    assert cap < result.stats.visited <= cap + 2  # one expansion past it: a Counter has 2 children
    stats = main(["solve", "nstar", "-e", "1-1000", "-s", "bfs", "--max-states", "5"])
    assert stats == 1


class _NeverBuilt(Counter):
    """A problem that must not be touched: its start raises."""

    def initial(self):
        raise AssertionError("the search started")


@pytest.mark.parametrize("strategy, visited, options", [
    ("bfs", "none", {}), ("dfs", "none", {}), ("astar", "none", {}), ("iddfs", None, {}),
    ("iddfs", "none", {}), ("dls", None, {"depth": 5}), ("idastar", None, {}),
    ("idastar", "none", {})])
def test_a_states_budget_on_a_search_that_stores_no_states_is_refused_up_front(strategy, visited,
                                                                              options):
    """A tree search (and a deepening loop without a transposition table) keeps no visited
    set: Stats.visited stays 0 and max_visited would never stop it. search() refuses it before
    anything runs, naming the strategy and the budgets that do apply."""
    from searchkit import IncompatibleError
    from searchkit.search import check_parts

    budget = Budget(max_visited=100, max_seconds=5)
    with pytest.raises(IncompatibleError) as refused:
        search(_NeverBuilt(), strategy, visited=visited, budget=budget, **options)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"strategy {strategy!r} takes no states budget (max_visited, "
                              f"--max-states) with visited 'none', which stores no states")
    assert "--max-expansions, --max-memory" in message and "(dict, hashtable)" in message
    with pytest.raises(IncompatibleError, match="takes no states budget"):
        check_parts(strategy, visited=visited, budget=budget)
    # the other budgets still apply to it
    result = search(Counter(), strategy, visited=visited, budget=Budget(max_expansions=50),
                    **options)
    assert result.status in ("budget_exhausted", "no_solution")


@pytest.mark.parametrize("strategy", ["iddfs", "idastar"])
def test_a_states_budget_stops_a_deepening_search_with_a_transposition_table(strategy):
    """With visited dict a deepening loop counts the keys of its table: the budget applies."""
    result = search(Counter(), strategy, visited="dict", budget=Budget(max_visited=100))
    assert result.status == "budget_exhausted"
    assert result.reason == "visited-states budget exhausted (100 states)"
    assert 100 < result.stats.visited <= 102


@pytest.mark.parametrize("strategy, visited", [
    ("astar", "dict"), ("dijkstra", "dict"), ("greedy", "dict"), ("wastar", "dict"),
    ("bfs", "dict"), ("dfs", "dict"), ("bibfs", "dict"), ("astar", "none"), ("bfs", "none"),
    ("iddfs", "none"), ("idastar", "none"), ("iddfs", "dict"), ("idastar", "dict")])
def test_a_search_that_needs_n_expansions_succeeds_under_a_budget_of_n(strategy, visited):
    # the budget counts expansions: a goal popped (or a layer that meets) after the N-th costs
    # none, so the check comes before an expansion, not after it
    roads = GraphProblem({"a": {"b": 1, "x": 3}, "b": {"c": 1}, "x": {"c": 1}, "c": {"d": 1}},
                         start="a", goals={"d"})
    needed = search(roads, strategy, visited=visited).stats.expanded
    exact = search(roads, strategy, visited=visited, budget=Budget(max_expansions=needed))
    assert exact.solved and exact.stats.expanded == needed
    if needed:
        short = search(roads, strategy, visited=visited,
                       budget=Budget(max_expansions=needed - 1))
        assert short.status == "budget_exhausted" and short.stats.expanded == needed - 1
