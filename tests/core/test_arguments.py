"""Bad arguments to the public functions are one clear line, before anything runs: search's,
steps' and explore's budget, since, progress and observer; a problem class for a problem; a
time budget too long for the system's timer; explore's visited and max_depth; verify's plan."""

from __future__ import annotations

import re
import signal
import time

import pytest

from searchkit import (
    Budget,
    GraphProblem,
    IncompatibleError,
    OptionError,
    PlanError,
    SearchkitError,
    UnknownNameError,
    explore,
    search,
    steps,
    verify,
)
from searchkit.budget import Clock
from tests.core.test_api import Counter


def _graph():
    return GraphProblem({"s": {"t": 1}}, "s", {"t"})


class _Watched(GraphProblem):
    """The graph of :func:`_graph`, noting every call of ``initial`` (a run that started)."""

    def __init__(self) -> None:
        super().__init__({"s": {"t": 1}}, "s", {"t"})
        self.started = 0

    def initial(self):
        self.started += 1
        return super().initial()


def _run(call, problem, name, value):
    """``call`` with the keyword ``name=value``: search, steps (made, not stepped) or explore."""
    if call == "search":
        return search(problem, "bfs", **{name: value})
    if call == "steps":
        return steps(problem, "bfs", **{name: value})
    return explore(problem, **{name: value})


BAD = [
    ("budget", 5, "budget must be a Budget or None, not 5"),
    ("budget", {"max_seconds": 5}, "budget must be a Budget or None, not {'max_seconds': 5}"),
    ("since", 5, "since must be a Clock (searchkit.budget.Clock.now()) or None, not 5"),
    ("since", 12.5, "since must be a Clock (searchkit.budget.Clock.now()) or None, not 12.5"),
    ("progress", 5, "progress must be a callable or None, not 5"),
    ("observer", "x" * 100, "observer must be a callable or None, not 'xxxxxxxxxxxxxxxxxxxxxxxxx"
                            "xxxxx'... (100 characters)"),
]
TAKES = {"search": {"budget", "since", "progress", "observer"},  # steps() takes no since and,
         "steps": {"budget", "progress"}, "explore": {"budget", "since", "progress"}}  # with
# explore(), no observer


@pytest.mark.parametrize(("call", "name", "value", "message"),
                         [(call, *bad) for call in TAKES for bad in BAD if bad[0] in TAKES[call]])
def test_bad_run_arguments_are_one_line_before_the_run(call, name, value, message):
    problem = _Watched()
    with pytest.raises(OptionError, match=f"^{re.escape(message)}$"):
        _run(call, problem, name, value)
    assert problem.started == 0  # refused before the run began


def test_since_without_a_time_budget_is_still_checked():
    with pytest.raises(OptionError, match="^since must be a Clock"):
        search(_graph(), "bfs", budget=Budget(max_expansions=10), since=5)
    with pytest.raises(OptionError, match="^since must be a Clock"):
        search(_graph(), "bfs", budget=Budget(max_seconds=10), since=5)


def test_good_run_arguments_still_work():
    seen = []
    result = search(_graph(), "bfs", budget=Budget(max_seconds=10), since=Clock.now(),
                    progress=seen.append, observer=seen.append)
    assert result.cost == 1 and seen
    assert explore(_graph(), budget=None, since=Clock.now(), progress=print).count == 2
    assert list(steps(_graph(), "bfs", budget=Budget(max_expansions=5)))[-1].result.cost == 1


def test_a_task_with_a_budget_that_is_no_budget():
    from searchkit.experiments import Task

    with pytest.raises(OptionError, match=r"^task budget must be a Budget or None, not 5$"):
        Task("nstar", "a", "1 42", "bfs", budget=5)


@pytest.mark.parametrize("call", [search, explore, verify])
def test_a_problem_class_is_not_a_problem(call):
    args = {search: ("bfs",), explore: (), verify: ([],)}[call]
    with pytest.raises(SearchkitError, match=r"^GraphProblem is a class, not a problem: pass an "
                                             r"instance, GraphProblem\(\.\.\.\)$"):
        call(GraphProblem, *args)


# -- a time budget longer than the timer can be set for ------------------------------------------

@pytest.mark.parametrize("seconds", [1e10, 1e300])
def test_a_huge_time_budget_never_fires(seconds):
    result = search(_graph(), "bfs", budget=Budget(max_seconds=seconds))
    assert result.status == "solved"
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL


class _SlowSetup(Counter):
    """A heuristic whose first call sleeps 2 s, reaching no check: only the timer stops it."""

    def heuristic(self, n):
        time.sleep(2)
        return 0


def test_a_timer_armed_short_of_a_long_deadline_is_armed_again_not_fired(monkeypatch):
    from searchkit.loops import watch

    monkeypatch.setattr(watch, "LONGEST_TIMER", 0.05)  # as if 0.3 s were beyond the timer
    start = time.perf_counter()
    result = search(_SlowSetup(), "astar", budget=Budget(max_seconds=0.3))
    seconds = time.perf_counter() - start
    assert result.status == "budget_exhausted" and "time budget" in result.reason
    assert 0.3 <= seconds < 1.9  # at the deadline: not at the first 50 ms timer, nor after the 2 s
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


# -- explore's own arguments ---------------------------------------------------------------------

def test_explore_refuses_a_tree_search_backend_as_search_does():
    with pytest.raises(IncompatibleError, match=r"^explore needs a visited backend that stores "
                                                r"distances, not 'none' \(valid: dict, "
                                                r"hashtable\)$"):
        explore(_graph(), visited="none")


def test_explore_lists_only_the_backends_it_can_use():
    with pytest.raises(UnknownNameError, match=r"^unknown visited backend 'zz' \(valid: dict, "
                                               r"hashtable\)$"):
        explore(_graph(), visited="zz")


@pytest.mark.parametrize("depth", [-1, 1.5, True, "2", float("inf"), float("nan")])
def test_explore_max_depth_is_a_whole_number(depth):
    with pytest.raises(OptionError, match=r"^max_depth must be a whole number of levels, 0 or "
                                          rf"more \(or None for no limit\), not "
                                          rf"{re.escape(repr(depth))}$"):
        explore(_graph(), max_depth=depth)


def test_explore_max_depth_zero_and_whole_floats():
    assert explore(Counter(), max_depth=0).histogram == [1]
    assert explore(Counter(), max_depth=2.0).histogram == [1, 2, 2]


# -- verify --------------------------------------------------------------------------------------

def test_verify_needs_a_plan():
    with pytest.raises(SearchkitError, match=r"^the plan must be an iterable of actions, not "
                                             r"None$"):
        verify(_graph(), None)
    with pytest.raises(SearchkitError, match=r"^the plan must be an iterable of actions, not 5$"):
        verify(_graph(), 5)


def test_a_plan_error_lists_a_few_legal_actions_and_cuts_a_long_one():
    big = GraphProblem({"a": {f"n{i}": 1 for i in range(100_000)}}, "a", {"n5"})
    with pytest.raises(PlanError) as info:
        verify(big, ["z" * 5000])
    message = str(info.value)
    shown = ", ".join(f"'n{i}'" for i in range(20))
    assert message == (f"step 1: action 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'... (5,000 characters) "
                       f"is not legal in state 'a' (legal: {shown} and 99,980 more)")
    assert verify(big, ["n5"]) == 1


def test_the_plan_readers_of_the_command_line_and_the_viewer_list_a_few_legal_actions_too():
    from searchkit.plans import read_plan
    from searchkit.visual import Replay

    big = GraphProblem({"a": {f"n{i}": 1 for i in range(100_000)}}, "a", {"n5"})
    with pytest.raises(PlanError) as info:
        list(read_plan(big, ["zz"]))
    assert str(info.value) == ("step 1: 'zz' is not a legal action here (legal: "
                               + ", ".join(f"n{i}" for i in range(20)) + " and 99,980 more)")
    with pytest.raises(PlanError) as info:
        Replay.of_moves(big, ["z" * 5000])
    assert str(info.value) == ("step 1: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'... (5,000 characters) "
                               "is not a legal move here (legal: "
                               + ", ".join(f"'n{i}'" for i in range(20)) + " and 99,980 more)")
