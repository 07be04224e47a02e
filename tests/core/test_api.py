"""The public API: errors, budgets, interruption, verify, explore, results and the Problem
defaults."""

from __future__ import annotations

import math
import re

import pytest

import searchkit
from searchkit import (
    Budget,
    GraphProblem,
    IncompatibleError,
    OptionError,
    PlanError,
    ProblemBase,
    SearchkitError,
    UnknownNameError,
    explore,
    search,
    verify,
)


class Counter(ProblemBase):
    """An infinite line 0, 1, 2, ... with an unreachable goal (-1)."""

    def initial(self):
        return 0

    def successors(self, n):
        yield "+1", n + 1, 1
        yield "+2", n + 2, 1

    def is_goal(self, n):
        return n == -1


def test_public_names():
    for name in ("search", "Problem", "Result", "Budget", "verify", "explore"):
        assert hasattr(searchkit, name)


def test_unknown_names_list_the_valid_ones():
    g = GraphProblem({}, 0, {0})
    with pytest.raises(UnknownNameError, match=r"unknown strategy 'a\*' \(valid: .*astar.*bfs"):
        search(g, "a*")
    with pytest.raises(UnknownNameError, match="unknown frontier 'stack'"):
        search(g, "bfs", frontier="stack")
    with pytest.raises(UnknownNameError, match="unknown visited backend 'set'"):
        search(g, "bfs", visited="set")


def test_frontier_that_makes_no_sense_is_a_clear_error():
    g = GraphProblem({}, 0, {0})
    with pytest.raises(IncompatibleError,
                       match=r"frontier 'lifo' cannot be used with strategy 'dijkstra' "
                             r"\(valid: buckets, heap, indexed-heap\)"):
        search(g, "dijkstra", frontier="lifo")
    with pytest.raises(IncompatibleError, match="'heap' cannot be used with strategy 'bfs'"):
        search(g, "bfs", frontier="heap")
    with pytest.raises(IncompatibleError, match="own depth-first stack and takes no frontier"):
        search(g, "idastar", frontier="heap")
    with pytest.raises(IncompatibleError, match="own breadth-first layers, one per side"):
        search(g, "bibfs", frontier="heap")
    with pytest.raises(IncompatibleError, match="not 'none'"):
        search(g, "bibfs", visited="none")


def test_options_are_validated():
    g = GraphProblem({}, 0, {0})
    with pytest.raises(OptionError, match="needs the option depth"):
        search(g, "dls")
    with pytest.raises(OptionError, match=r"unknown option 'weight' for strategy 'astar'"):
        search(g, "astar", weight=2)
    with pytest.raises(OptionError, match=r"invalid value 'cycle' for option 'cycle_check' "
                                          r"\(valid: path, parent, none\)"):
        search(g, "idastar", cycle_check="cycle")
    with pytest.raises(OptionError, match="number >= 1"):
        search(g, "wastar", weight=0.5)


def test_bibfs_needs_predecessors():
    with pytest.raises(IncompatibleError, match="predecessors"):
        search(Counter(), "bibfs")


@pytest.mark.parametrize("strategy", ["bfs", "dijkstra", "astar", "idastar", "iddfs", "bibfs"])
@pytest.mark.parametrize("cost, shown", [(math.nan, "nan"), (-5, "-4")])
def test_a_plan_whose_costs_break_the_contract_is_an_error_not_a_plan(strategy, cost, shown):
    """Costs are numbers of at least 0: a plan that costs NaN or less than 0 can only
    come from successors outside that contract, where no guarantee holds."""
    graph = GraphProblem({0: {1: 1}, 1: {2: 1}}, 0, {2})  # which refuses such costs itself:
    graph.edges[0][1], graph._reverse[1] = cost, [(0, cost)]  # changed after the fact
    with pytest.raises(SearchkitError, match=rf"^the plan found costs {re.escape(shown)}: the "
                                             r"problem's successors gave costs that are not "
                                             r"numbers of at least 0$"):
        search(graph, strategy)


def test_not_a_problem():
    with pytest.raises(SearchkitError, match="missing successors\\(\\), is_goal\\(\\)"):
        search(object.__new__(type("Thing", (), {"initial": lambda self: 0})), "bfs")


@pytest.mark.parametrize("strategy",
                         ["bfs", "dfs", "dijkstra", "astar", "greedy", "iddfs", "idastar"])
def test_expansion_budget_is_exact_and_keeps_stats(strategy):
    result = search(Counter(), strategy, budget=Budget(max_expansions=300))
    assert result.status == "budget_exhausted"
    assert result.stats.expanded == 300
    assert result.stats.generated >= 300
    assert "expansion budget" in result.reason
    assert result.actions is None and not result.solved


def test_time_and_visited_budgets():
    timed = search(Counter(), "bfs", budget=Budget(max_seconds=0.05))
    assert timed.status == "budget_exhausted" and "time budget" in timed.reason
    assert timed.stats.seconds >= 0.05
    capped = search(Counter(), "bfs", budget=Budget(max_visited=5000))
    assert capped.status == "budget_exhausted" and capped.stats.visited < 5000 + 2 * 600
    memory = search(Counter(), "astar", budget=Budget(max_bytes=100_000))
    assert memory.status == "budget_exhausted" and "memory budget" in memory.reason
    assert "the structures hold" in memory.reason and memory.stats.peak_bytes > 0


def test_budget_rejects_nonsense():
    with pytest.raises(OptionError):
        Budget(max_expansions=-1)


@pytest.mark.parametrize("strategy", ["bfs", "astar", "idastar", "bibfs"])
def test_ctrl_c_returns_interrupted_with_stats(strategy):
    class Endless(Counter):
        def predecessors(self, n):
            yield "+1", n - 1, 1

        def goal_states(self):
            return [-1]

    def progress(_snapshot):
        raise KeyboardInterrupt

    result = search(Endless(), strategy, progress=progress)
    assert result.status == "interrupted"
    assert result.stats.expanded > 0


def test_progress_reports_arrive():
    seen = []
    search(Counter(), "bfs", budget=Budget(max_seconds=1.2), progress=seen.append)
    assert seen and seen[-1].stats.expanded > 0 and seen[-1].rate > 0


def test_result_fields():
    g = GraphProblem({"a": {"b": 2}, "b": {"c": 3}}, "a", {"c"})
    result = search(g, "dijkstra")
    assert result.status == "solved" and result.solved
    assert (result.cost, result.actions, result.states) == (5, ["b", "c"], ["a", "b", "c"])
    stats = result.stats.as_dict()
    for field in ("expanded", "generated", "duplicates", "reopened", "max_frontier", "visited",
                  "iterations", "seconds", "peak_bytes"):
        assert field in stats
    assert result.stats.peak_bytes > 0
    unsolvable = search(GraphProblem({"a": {}}, "a", {"z"}), "bfs")
    assert unsolvable.status == "no_solution" and unsolvable.cost is None and unsolvable.reason


def test_unsolvable_reason_short_circuits():
    class Hopeless(Counter):
        def unsolvable_reason(self):
            return "parity says no"

    result = search(Hopeless(), "astar")
    assert result.status == "no_solution" and result.reason == "parity says no"
    assert result.stats.expanded == 0


def test_verify_replays_and_reports_the_failing_step():
    g = GraphProblem({"a": {"b": 2}, "b": {"c": 3, "a": 1}}, "a", {"c"})
    assert verify(g, ["b", "c"]) == 5
    with pytest.raises(PlanError, match=r"step 2: action 'x' is not legal in state 'b' "
                                        r"\(legal: 'c', 'a'\)") as info:
        verify(g, ["b", "x"])
    assert info.value.step == 2
    with pytest.raises(PlanError, match="not a goal"):
        verify(g, ["b", "a"])


def test_key_identifies_duplicates():
    class Modular(ProblemBase):
        """States are integers; key folds them modulo 5, so the space has 5 keys."""

        def initial(self):
            return 0

        def successors(self, n):
            yield "+1", n + 1, 1

        def is_goal(self, n):
            return False

        def key(self, n):
            return n % 5

    result = search(Modular(), "bfs")
    assert result.status == "no_solution" and result.stats.visited == 5


def test_explore_histogram_and_summary():
    g = GraphProblem({0: {1: 1, 2: 1}, 1: {3: 1}, 2: {3: 1, 0: 1}, 3: {4: 1}}, 0, [])
    e = explore(g)
    assert e.complete and e.histogram == [1, 2, 1, 1]
    assert (e.count, e.max_distance) == (5, 3)
    assert e.mean_distance == pytest.approx((0 + 1 + 1 + 2 + 3) / 5)
    assert e.distances[4] == 3 and e.farthest() == [4]
    assert e.summary() == {"count": 5, "max_distance": 3, "mean_distance": e.mean_distance}
    assert explore(g, visited="hashtable").histogram == e.histogram


def test_explore_obeys_budget_and_depth():
    partial = explore(Counter(), budget=Budget(max_expansions=1000))
    assert partial.status == "budget_exhausted" and partial.count > 1000
    shallow = explore(Counter(), max_depth=3)
    assert shallow.status == "depth_limit" and shallow.histogram == [1, 2, 2, 2]


def test_explore_keeps_a_ctrl_c_in_initial_under_its_guard():
    # search() asks for the start inside its guard: so must explore, or a Ctrl-C (or a budget)
    # while a puzzle builds its start escapes as a traceback
    class Slow(ProblemBase):
        def initial(self):
            raise KeyboardInterrupt

        def successors(self, n):
            return iter(())

    stopped = explore(Slow())
    assert stopped.status == "interrupted" and stopped.count == 0
    assert stopped.stats.bound == 0 and stopped.stats.duplicates == 0
    assert search(Slow(), "bfs").status == "interrupted"


def test_default_key_and_heuristic_are_not_called():
    class Loud(ProblemBase):
        def initial(self):
            return 0

        def successors(self, n):
            if n < 10:
                yield "+1", n + 1, 1

        def is_goal(self, n):
            return n == 10

    result = search(Loud(), "astar")
    assert result.cost == 10 and math.isfinite(result.cost)


@pytest.mark.parametrize("args, message", [
    (([("a", "b")], "a", {"b"}), "edges must be a mapping {u: {v: cost}}, not [('a', 'b')]"),
    (({"a": 5}, "a", {"b"}), "the edges of 'a' must be a mapping {v: cost}, not 5"),
    (({"a": {"b": -1}}, "a", {"b"}), "edge 'a' -> 'b' costs -1: a cost is a number of at least 0"),
    (({"a": {"b": math.nan}}, "a", {"b"}), "edge 'a' -> 'b' costs nan: a cost is a number of at "
                                           "least 0"),
    (({"a": {"b": "1"}}, "a", {"b"}), "edge 'a' -> 'b' costs '1': a cost is a number of at "
                                      "least 0"),
    (({"a": {"bc": 1}}, "a", "bc"), "goals must be a collection of nodes, not the string 'bc' (one "
                                    "goal: {'bc'})"),
    (({"a": {"b": 1}}, "a", {"b"}, 5), "heuristic must be a mapping {node: estimate} or a "
                                       "function, not 5"),
])
def test_graph_problem_refuses_what_it_cannot_search(args, message):
    with pytest.raises(SearchkitError, match=f"^GraphProblem: {re.escape(message)}$"):
        GraphProblem(*args)
