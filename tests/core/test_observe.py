"""Observed and stepped searches: the events of every loop, checked against the statistics the
plain search reports, the step-through iterator's life cycle, and the plain loops' code."""

from __future__ import annotations

import gc
import math
import sys
import time
import weakref
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

import searchkit
from searchkit import Budget, GraphProblem, search, steps
from searchkit.events import KINDS, Bound, End, Expand, Generate, Solution, Start
from searchkit.loops import BudgetExhausted
from searchkit.loops.bounded_dfs import Flags, build
from searchkit.loops.specialise import source
from searchkit.loops.variants import OBSERVED, PLAIN, Stepping
from searchkit.testing import brute_force_cost, graphs

from .test_strategies import COMBINATIONS, GRAPHS

DEEPENING = {"dls", "iddfs", "idastar"}


def observed(problem, strategy, **kwargs):
    events = []
    result = search(problem, strategy, observer=events.append, **kwargs)
    return result, events


def check_events(events, result, plain, strategy):
    """The events agree with the result, with the plain run's, and with each other."""
    kinds = Counter(e.kind for e in events)
    assert set(kinds) <= set(KINDS)
    assert isinstance(events[0], Start) and isinstance(events[-1], End)
    assert events[-1].result is result and kinds["start"] == kinds["end"] == 1
    assert kinds["expand"] == result.stats.expanded == plain.stats.expanded
    assert kinds["generate"] == result.stats.generated == plain.stats.generated
    assert (result.status, result.cost, result.actions) == (plain.status, plain.cost,
                                                            plain.actions)
    if result.solved:
        assert isinstance(events[-2], Solution) and kinds["solution"] == 1
        assert (events[-2].actions, events[-2].cost) == (result.actions, result.cost)
    else:
        assert kinds["solution"] == 0
    bounds = [e for e in events if isinstance(e, Bound)]
    if strategy in DEEPENING:
        iterations = result.stats.iterations if result.stats.expanded else 0  # start-is-goal
        assert [b.iteration for b in bounds] == list(range(1, iterations + 1))
        assert all(a.bound < b.bound for a, b in zip(bounds, bounds[1:]))
    else:
        assert bounds == []
    g_of = {}  # the g of each state's latest expansion: its children's events come after it
    for event in events:
        if isinstance(event, Expand):
            g_of[event.state] = event.g
            assert event.frontier >= 1 and event.depth >= 0
        elif isinstance(event, Generate):
            assert event.fate in ("new", "improved", "reopened", "duplicate", "pruned", "cutoff")
            if strategy != "bibfs":  # which counts steps
                assert event.g == g_of[event.parent] + event.cost


@pytest.mark.parametrize("graph_name", sorted(GRAPHS))
@pytest.mark.parametrize("strategy,frontier,visited,options", COMBINATIONS,
                         ids=[f"{s}-{f}-{v}" for s, f, v, _ in COMBINATIONS])
def test_every_loop_reports_one_event_per_counted_expansion(strategy, frontier, visited, options,
                                                            graph_name):
    graph = GRAPHS[graph_name][0]
    kwargs = dict(frontier=frontier, visited=visited, budget=Budget(max_expansions=300),
                  **options)
    result, events = observed(graph, strategy, **kwargs)
    check_events(events, result, search(graph, strategy, **kwargs), strategy)
    assert [type(e) for e in steps(graph, strategy, **kwargs)] == [type(e) for e in events]


PUZZLES = [("taquin", "4 7 2 1 0 5 3 6 8", {}), ("nstar", "1 100", {}),
           ("rushhour", None, {})]


@pytest.mark.parametrize("puzzle,text,options", PUZZLES, ids=[p for p, _t, _o in PUZZLES])
def test_puzzles_observed_with_every_strategy(puzzle, text, options):
    plugin = searchkit.get_puzzle(puzzle)
    problem = plugin.parse(text or next(iter(plugin.examples().values())), **options)
    for strategy in ("bfs", "dfs", "dijkstra", "astar", "wastar", "greedy", "iddfs", "idastar",
                     "bibfs"):
        for visited in (None, "dict"):
            kwargs = dict(visited=visited, budget=Budget(max_expansions=3000))
            result, events = observed(problem, strategy, **kwargs)
            check_events(events, result, search(problem, strategy, **kwargs), strategy)
            stepped = list(steps(problem, strategy, **kwargs))
            assert [(type(e), getattr(e, "state", None)) for e in stepped] == \
                [(type(e), getattr(e, "state", None)) for e in events]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(max_nodes=7, heuristic="admissible"))
def test_random_graphs_events_match_the_statistics(graph):
    for strategy in ("astar", "idastar", "bfs", "bibfs", "dijkstra"):
        result, events = observed(graph, strategy)
        check_events(events, result, search(graph, strategy), strategy)
        if result.solved:
            assert result.cost == brute_force_cost(graph) or strategy in ("bfs", "bibfs")


def test_fates_new_improved_reopened_duplicate():
    # c is closed at g=4 through a, then reached at g=3 through b and reopened
    graph = GraphProblem({"s": {"a": 1, "b": 2}, "a": {"c": 3}, "b": {"c": 1}, "c": {"t": 2}},
                         "s", {"t"}, heuristic={"s": 0, "a": 0, "b": 3, "c": 0, "t": 0})
    result, events = observed(graph, "astar")
    fates = [(e.parent, e.child, e.fate) for e in events if isinstance(e, Generate)]
    assert ("b", "c", "reopened") in fates and result.stats.reopened == 1
    assert ("s", "a", "new") in fates
    roads = GraphProblem({"a": {"b": 4, "c": 1}, "c": {"b": 1, "a": 1}}, start="a", goals={"b"})
    fates = [(e.parent, e.child, e.fate) for e in observed(roads, "dijkstra")[1]
             if isinstance(e, Generate)]
    assert fates == [("a", "b", "new"), ("a", "c", "new"), ("c", "b", "improved"),
                     ("c", "a", "duplicate")]


def test_fates_pruned_and_cutoff_and_the_bounds_of_idastar():
    graph = GraphProblem({"s": {"dead": 1, "a": 1}, "a": {"b": 2}, "b": {"t": 2}}, "s", {"t"},
                         heuristic={"s": 3, "dead": math.inf, "a": 2, "b": 1, "t": 0})
    result, events = observed(graph, "idastar")
    assert [(e.bound, e.iteration) for e in events if isinstance(e, Bound)] == [(3, 1), (4, 2),
                                                                                (5, 3)]
    generated = [(e.child, e.fate) for e in events if isinstance(e, Generate)]
    assert ("dead", "pruned") in generated and ("b", "cutoff") in generated
    expands = [e for e in events if isinstance(e, Expand)]
    assert all(e.f == e.g + e.h for e in expands) and result.cost == 5
    _result, events = observed(graph, "astar")
    assert ("dead", "pruned") in [(e.child, e.fate) for e in events if isinstance(e, Generate)]


def test_bidirectional_events_say_which_side():
    edges = {0: {1: 1, 2: 1, 3: 1}, 1: {4: 1}, 2: {4: 1}, 3: {4: 1}, 4: {5: 1}, 5: {6: 1}}
    result, events = observed(GraphProblem(edges, start=0, goals={6}), "bibfs")
    sides = {(e.state, e.backward) for e in events if isinstance(e, Expand)}
    assert (0, False) in sides and (6, True) in sides and result.cost == 4
    backward = [e for e in events if isinstance(e, Generate) and e.backward]
    assert backward and all(e.parent in edges[e.child] for e in backward)


def test_a_budget_or_ctrl_c_still_ends_the_events():
    eight = searchkit.get_puzzle("taquin").parse("8 6 7 2 5 4 3 0 1")
    result, events = observed(eight, "astar", budget=Budget(max_expansions=700))
    assert result.status == "budget_exhausted" and events[-1].result is result
    assert sum(isinstance(e, Expand) for e in events) == result.stats.expanded == 700

    def interrupt(event):
        if isinstance(event, Expand) and event.depth == 3:
            raise KeyboardInterrupt

    result = search(eight, "idastar", observer=interrupt)  # the states at depths 0, 1 and 2:
    assert result.status == "interrupted" and result.stats.expanded == 3  # not the 4th, stopped


def test_an_observer_error_is_raised_not_reported_as_a_result():
    def broken(event):
        if isinstance(event, Generate):
            raise ValueError("observer bug")

    with pytest.raises(ValueError, match="observer bug"):
        search(GraphProblem({"a": {"b": 1}}, start="a", goals={"b"}), "bfs", observer=broken)


def test_steps_is_resumable_and_returns_the_result():
    eight = searchkit.get_puzzle("taquin").parse("4 7 2 1 0 5 3 6 8")
    stepper = steps(eight, "idastar")
    first = [next(stepper) for _ in range(5)]
    assert [e.kind for e in first[:3]] == ["start", "bound", "expand"]
    rest = []
    while True:
        try:
            rest.append(next(stepper))
        except StopIteration as stop:
            final = stop.value
            break
    plain = search(eight, "idastar")
    assert isinstance(rest[-1], End) and rest[-1].result is final
    assert (final.cost, final.stats.expanded) == (plain.cost, plain.stats.expanded)
    assert sum(isinstance(e, Expand) for e in first + rest) == plain.stats.expanded


def test_steps_checks_its_arguments_at_once():
    with pytest.raises(searchkit.UnknownNameError):
        steps(GraphProblem({}, start=0, goals={1}), "no-such-strategy")
    with pytest.raises(searchkit.OptionError):
        steps(GraphProblem({}, start=0, goals={1}), "idastar", cycle_check="sometimes")


def test_an_abandoned_stepper_holds_nothing_and_restores_the_recursion_limit():
    limit = sys.getrecursionlimit()
    fifteen = searchkit.get_puzzle("taquin").parse(
        searchkit.get_puzzle("taquin").examples()["korf-79"])
    alive = weakref.ref(fifteen)
    stepper = steps(fifteen, "idastar")
    for _ in range(2000):  # deep inside the recursion
        next(stepper)
    del fifteen, stepper
    gc.collect()
    assert alive() is None and sys.getrecursionlimit() == limit


def test_throwing_budget_exhausted_ends_a_stepper_like_a_budget():
    eight = searchkit.get_puzzle("taquin").parse("8 6 7 2 5 4 3 0 1")
    stepper = steps(eight, "astar")
    for _ in range(100):
        next(stepper)
    rest = [stepper.throw(BudgetExhausted("enough events"))] + list(stepper)
    end = rest[-1]
    assert isinstance(end, End) and end.result.status == "budget_exhausted"
    assert end.result.reason == "enough events" and end.result.stats.expanded > 0


def test_ctrl_c_inside_a_step_ends_the_stepper_interrupted():
    calls = [0]
    base = GraphProblem({i: {i + 1: 1} for i in range(50)}, start=0, goals={50})

    class Interrupting(GraphProblem):
        def successors(self, state):
            calls[0] += 1
            if calls[0] == 10:
                raise KeyboardInterrupt
            return base.successors(state)

    events = list(steps(Interrupting(base.edges, start=0, goals={50}), "bfs"))
    assert events[-1].result.status == "interrupted" and events[-1].result.stats.expanded == 10


def test_the_consumers_time_is_not_the_searchs():
    line = GraphProblem({i: {i + 1: 1} for i in range(5)}, start=0, goals={5})
    stepper = steps(line, "bfs", budget=Budget(max_seconds=0.05))
    events = []
    for event in stepper:
        events.append(event)
        time.sleep(0.02)  # a reader looking at each event: 0.2 s in all, over the budget
    assert events[-1].result.solved and events[-1].result.stats.seconds < 0.05


def test_the_consumers_cpu_time_is_not_the_searchs() -> None:
    # the consumer runs in the search's thread: its CPU time must not count against a CPU
    # budget either (it did: a 0.2 s budget ran out after 16 of 200 expansions)
    chain = GraphProblem({i: {i + 1: 1} for i in range(200)}, start=0, goals={200})
    events = []
    for event in steps(chain, "bfs", budget=Budget(max_cpu_seconds=0.2)):
        events.append(event)
        if len(events) == 1:
            busy = time.thread_time() + 0.3
            while time.thread_time() < busy:  # a reader working hard on the first event
                pass
    assert events[-1].result.solved and events[-1].result.stats.expanded == 200


def test_the_plain_loops_are_compiled_without_their_events():
    from searchkit.loops.best_first import plain_graph_search
    from searchkit.loops.bidirectional import bidirectional
    from searchkit.loops.deepening import deepening
    from searchkit.loops.priority import priority_graph_search
    from searchkit.loops.tree import tree_search

    for loop in (plain_graph_search, priority_graph_search, tree_search, deepening,
                 bidirectional):
        observed_code = source(loop.__wrapped__, OBSERVED)
        plain_code = source(loop.__wrapped__, PLAIN)
        assert "emit(" in observed_code and "emit(" not in plain_code, loop.__name__
    flags = dict(key=True, cycle_check="path", table=False, unit=False, except_parent=False)
    assert "emit(" in source(build, Flags(**flags, observe=True))
    assert "emit(" not in source(build, Flags(**flags))
    stepped = source(build, Flags(**flags, observe=True, steps=True), [Stepping(["dfs"])])
    assert "yield Generate(" in stepped and "yield from dfs(" in stepped


def test_a_stepped_search_too_deep_to_follow_is_a_clear_error(monkeypatch):
    # Stepping costs O(depth) per event, so the test keeps the recursion limit where it is
    # (about 1,000) rather than going 6,000 levels deep.
    monkeypatch.setattr(sys, "setrecursionlimit", lambda limit: None)
    line = GraphProblem({i: {i + 1: 1} for i in range(3000)}, start=0, goals={3000})
    with pytest.raises(searchkit.SearchkitError, match="deeper than step-through follows"):
        list(steps(line, "dls", depth=sys.getrecursionlimit() + 100))


def test_check_budget_stops_a_slow_step_on_time():
    class SlowStart(GraphProblem):
        def heuristic(self, state):
            until = time.perf_counter() + 5
            while time.perf_counter() < until:  # a table build that checks its budget
                searchkit.check_budget()
            return 0

    slow = SlowStart({0: {1: 1}}, start=0, goals={1})
    started = time.perf_counter()
    events = list(steps(slow, "astar", budget=Budget(max_seconds=0.2)))
    assert time.perf_counter() - started < 3
    assert events[-1].result.status == "budget_exhausted"
