"""Every valid strategy x frontier x visited combination on explicit graphs with known answers,
checked against brute-force oracles, plus hypothesis property tests on random graphs."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings

from searchkit import Budget, GraphProblem, OptionError, SearchkitError, search, verify
from searchkit.testing import brute_force_cost, brute_force_steps, graphs

PRIORITY_FRONTIERS = ("heap", "indexed-heap", "buckets")
BACKENDS = ("dict", "hashtable", "none")


def combinations():
    """All (strategy, frontier, visited, options) combinations that make sense."""
    for visited in BACKENDS:
        yield "bfs", "fifo", visited, {}
        yield "dfs", "lifo", visited, {}
        yield "dls", None, visited, {"depth": 6}
        yield "iddfs", None, visited, {}
        yield "idastar", None, visited, {}
        for frontier in PRIORITY_FRONTIERS:
            for name in ("dijkstra", "astar", "wastar", "greedy"):
                # buckets need integer priorities: weighted A* with weight 1.5 has none
                options = {"weight": 2} if (name, frontier) == ("wastar", "buckets") else {}
                yield name, frontier, visited, options
    for visited in ("dict", "hashtable"):
        yield "bibfs", None, visited, {}


COMBINATIONS = list(combinations())
COST_OPTIMAL = {"dijkstra", "astar", "idastar"}
STEP_OPTIMAL = {"bfs", "iddfs", "bibfs"}

# name -> (graph, optimal cost, fewest steps, has zero-cost or other cycles)
GRAPHS = {
    "unit-diamond": (
        GraphProblem({"s": {"a": 1, "b": 1}, "a": {"t": 1}, "b": {"a": 1, "t": 1}, "t": {}},
                     "s", {"t"}), 2, 2),
    "cheap-detour": (
        GraphProblem({"s": {"t": 10, "a": 1}, "a": {"b": 1}, "b": {"t": 1}}, "s", {"t"},
                     heuristic={"s": 3, "a": 2, "b": 1}), 3, 1),
    "unreachable": (GraphProblem({"s": {"a": 1}, "a": {"s": 1}, "t": {}}, "s", {"t"}), math.inf,
                    math.inf),
    "zero-costs": (
        GraphProblem({"s": {"a": 0, "t": 2}, "a": {"b": 0, "s": 0}, "b": {"t": 1}}, "s", {"t"}),
        1, 1),
    "start-is-goal": (GraphProblem({"s": {"a": 1}, "a": {"s": 1}}, "s", {"s"}), 0, 0),
    "cycles": (
        GraphProblem({1: {2: 2, 3: 5}, 2: {1: 1, 3: 2, 4: 7}, 3: {2: 1, 4: 1}, 4: {1: 1}},
                     1, {4}, heuristic={1: 4, 2: 3, 3: 1}), 5, 2),
    "two-goals": (
        GraphProblem({0: {1: 4, 2: 1}, 1: {}, 2: {3: 1}, 3: {4: 1}, 4: {}}, 0, {1, 4}), 3, 1),
}


def test_known_answers_match_the_oracles():
    for name, (graph, cost, steps) in GRAPHS.items():
        assert brute_force_cost(graph) == cost, name
        assert brute_force_steps(graph) == steps, name


@pytest.mark.parametrize("graph_name", sorted(GRAPHS))
@pytest.mark.parametrize("strategy,frontier,visited,options", COMBINATIONS,
                         ids=[f"{s}-{f}-{v}" for s, f, v, _ in COMBINATIONS])
def test_combination_on_known_graph(strategy, frontier, visited, options, graph_name):
    graph, cost, steps = GRAPHS[graph_name]
    result = search(graph, strategy, frontier=frontier, visited=visited,
                    budget=Budget(max_expansions=5000), **options)
    tree = visited == "none"
    if result.solved:
        assert verify(graph, result.actions) == result.cost
        assert result.states[0] == graph.start and graph.is_goal(result.states[-1])
        assert len(result.states) == len(result.actions) + 1
        if strategy in COST_OPTIMAL:
            assert result.cost == cost
        if strategy in STEP_OPTIMAL:
            assert len(result.actions) == steps
        if strategy == "wastar":
            assert result.cost <= options.get("weight", 1.5) * cost
    elif cost == math.inf:
        # a graph search proves it; a tree search on a cyclic graph may run out of budget
        allowed = {"no_solution", "budget_exhausted"} if tree else {"no_solution"}
        assert result.status in allowed
    else:
        # only tree searches (which can loop in cycles) may fail to finish on a solvable graph
        assert tree and result.status == "budget_exhausted", result


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(heuristic="admissible"))
def test_optimal_strategies_agree_with_brute_force(graph):
    best, fewest = brute_force_cost(graph), brute_force_steps(graph)
    for strategy, frontier in [("dijkstra", "heap"), ("dijkstra", "buckets"), ("astar", "heap"),
                               ("astar", "indexed-heap"), ("idastar", None), ("bfs", "fifo"),
                               ("iddfs", None), ("bibfs", None)]:
        for visited in ("dict", "hashtable"):
            result = search(graph, strategy, frontier=frontier, visited=visited)
            if best == math.inf:
                assert result.status == "no_solution", (strategy, result)
                continue
            assert result.solved, (strategy, result)
            assert verify(graph, result.actions) == result.cost
            if strategy in COST_OPTIMAL:
                assert result.cost == best, (strategy, frontier, visited)
            else:
                assert len(result.actions) == fewest, (strategy, visited)


@pytest.mark.parametrize("strategy", ["astar", "idastar", "greedy", "wastar"])
@pytest.mark.parametrize("h, shown", [(-2, "-2"), (math.nan, "nan"), (None, "None")])
def test_a_start_heuristic_that_is_no_number_of_at_least_0_is_a_clear_error(strategy, h, shown):
    """A heuristic is a lower bound of at least 0: a negative one at a goal lets A* and IDA*
    stop at a costlier plan (IDA* also took a negative first bound for its 'found' signal and
    failed with an IndexError), NaN breaks every comparison, None fails deep in the loop."""
    g = GraphProblem({"s": {"t": 1}}, "s", {"t"}, heuristic=lambda node: h)
    with pytest.raises(SearchkitError, match=rf"^the heuristic of the start is {shown}: a "
                                             r"heuristic is a number of at least 0 \(math.inf "
                                             r"for a dead end\)$"):
        search(g, strategy)
    assert search(g, "bfs").cost == 1  # uninformed: the heuristic is never asked


@settings(max_examples=100, deadline=None)
@given(graphs(heuristic="consistent"))
def test_no_reopening_with_a_consistent_heuristic(graph):
    result = search(graph, "astar")
    assert result.stats.reopened == 0
    if result.solved:
        assert result.cost == brute_force_cost(graph)


def test_astar_reopens_with_an_admissible_inconsistent_heuristic():
    # h(a)=0 but h(b)=4: b is reached first by the expensive edge and must be reopened through a
    # to find the optimum 1 + 1 + 3 = 5 rather than 4 + 3 = 7.
    graph = GraphProblem({"s": {"a": 1, "b": 4}, "a": {"b": 1}, "b": {"t": 3}}, "s", {"t"},
                         heuristic={"s": 5, "a": 4, "b": 0, "t": 0})
    # a: h=4 but true distance from a is 4 -> admissible; b: h=0 (true 3) -> admissible;
    # inconsistent across edge a->b: h(a)=4 > 1 + h(b)=1.
    result = search(graph, "astar")
    assert result.cost == 5 == brute_force_cost(graph)


def test_inconsistent_heuristic_forces_a_reopening():
    # classic example: the goal path goes through c, which is first closed via a costly path
    graph = GraphProblem(
        {"s": {"a": 1, "b": 2}, "a": {"c": 3}, "b": {"c": 1}, "c": {"t": 2}},
        "s", {"t"}, heuristic={"s": 0, "a": 0, "b": 3, "c": 0, "t": 0})
    # true distances: b->t = 3 (h=3 ok), c->t = 2, a->t = 5. f(a)=1 < f(b)=5, so c is closed
    # at g=4 through a, then reached at g=3 through b and reopened.
    result = search(graph, "astar")
    assert result.cost == 5 == brute_force_cost(graph)
    assert result.stats.reopened == 1


def test_tie_breaking_prefers_deeper_states():
    # two routes of equal f: the deeper state is expanded first (larger g)
    graph = GraphProblem({"s": {"a": 1, "b": 2}, "a": {"t": 2}, "b": {"t": 1}}, "s", {"t"},
                         heuristic={"s": 3, "a": 2, "b": 1})
    result = search(graph, "astar")
    assert result.actions == ["b", "t"]


def test_dls_respects_its_depth():
    graph = GRAPHS["cheap-detour"][0]
    assert search(graph, "dls", depth=0).status == "no_solution"
    shallow = search(graph, "dls", depth=1)
    assert shallow.solved and len(shallow.actions) == 1
    miss = search(GraphProblem({0: {1: 1}, 1: {2: 1}}, 0, {2}), "dls", depth=1)
    assert miss.status == "no_solution" and "depth 1" in miss.reason


def test_iddfs_max_depth():
    result = search(GraphProblem({0: {1: 1}, 1: {2: 1}, 2: {3: 1}}, 0, {3}), "iddfs", max_depth=2)
    assert result.status == "no_solution" and "depth 2" in result.reason
    chain = GraphProblem({0: {1: 1}, 1: {2: 1}, 2: {3: 1}}, 0, {3})
    assert search(chain, "iddfs").stats.iterations == 4


def test_idastar_cycle_check_variants_are_optimal():
    graph = GRAPHS["cycles"][0]
    for check in ("path", "parent", "none"):
        result = search(graph, "idastar", cycle_check=check, budget=Budget(max_expansions=10_000))
        assert result.cost == 5, check


def test_wastar_stays_within_its_bound():
    graph = GraphProblem({"s": {"a": 1, "t": 3}, "a": {"t": 1}}, "s", {"t"},
                         heuristic={"s": 2, "a": 1})
    for weight in (1, 1.5, 3):
        result = search(graph, "wastar", weight=weight)
        assert result.cost <= weight * 2


@pytest.mark.parametrize("weight", [math.nan, math.inf, 10**400, 0.5])
def test_wastar_refuses_a_weight_that_is_not_a_finite_number_of_at_least_one(weight):
    graph = GRAPHS["unit-diamond"][0]
    with pytest.raises(OptionError, match=r"^option 'weight' must be a finite number >= 1, not "):
        search(graph, "wastar", weight=weight)


def test_strategy_objects_are_accepted():
    from searchkit import get_strategy

    graph = GRAPHS["unit-diamond"][0]
    assert search(graph, get_strategy("bfs")).cost == 2
    assert search(graph, get_strategy("ucs")).strategy == "dijkstra"


def test_dead_ends_are_pruned():
    graph = GraphProblem({"s": {"d": 1, "a": 2}, "d": {"t": 1}, "a": {"t": 2}}, "s", {"t"},
                         heuristic={"d": math.inf})
    result = search(graph, "astar")
    assert result.states == ["s", "a", "t"] and result.stats.pruned == 1
    assert search(graph, "idastar").cost == 4


class _ExceptParent(GraphProblem):
    """A graph whose successor function can leave out the move back to the parent."""

    calls = 0

    def successors_except_parent(self, node, h, parent):
        type(self).calls += 1
        return [(a, v, c, self.heuristic(v)) for a, v, c in self.successors(node) if v != parent]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(heuristic="admissible"))
def test_idastar_with_successors_except_parent_is_optimal(graph):
    best = brute_force_cost(graph)
    pruning = _ExceptParent(graph.edges, graph.start, graph.goals, heuristic=graph._h)
    # "parent" alone cannot end on a graph with longer cycles (and loops in zero-cost ones):
    # a budget stops both runs at the same expansion, as both expand the same nodes in order.
    budget = Budget(max_expansions=2_000)
    for check in ("path", "parent"):
        for visited in ("none", "dict"):
            plain = search(graph, "idastar", cycle_check=check, visited=visited, budget=budget)
            lean = search(pruning, "idastar", cycle_check=check, visited=visited, budget=budget)
            assert lean.status == plain.status, (check, visited)
            # the moves left out are exactly the parent moves the loop would have pruned
            assert lean.stats.expanded == plain.stats.expanded
            assert lean.stats.generated <= plain.stats.generated
            if plain.solved:
                assert lean.cost == plain.cost == best, (check, visited)
                assert verify(graph, lean.actions) == best
            elif plain.status == "no_solution":
                assert best == math.inf


def test_successors_except_parent_is_used_only_when_it_is_sound():
    graph = _ExceptParent({"s": {"a": 1}, "a": {"s": 1, "t": 1}}, "s", {"t"},
                          heuristic={"s": 1, "a": 1})
    _ExceptParent.calls = 0
    result = search(graph, "idastar", cycle_check="parent")
    assert result.cost == 2 and _ExceptParent.calls > 0
    assert result.stats.duplicates == 0  # a -> s was never generated
    # "none" promises a plain tree search (the move back is generated), IDDFS uses no heuristic
    for strategy, options in (("idastar", {"cycle_check": "none"}), ("iddfs", {})):
        _ExceptParent.calls = 0
        assert search(graph, strategy, **options).cost == 2
        assert _ExceptParent.calls == 0, strategy


def _reachable_flags():
    """Every combination of the deepening loop's flags a run can ask for."""
    from itertools import product

    from searchkit.loops.bounded_dfs import Flags

    for key, check, table, unit, except_parent in product(
            (False, True), ("path", "parent", "none"), (False, True), (False, True),
            (False, True)):
        if except_parent and (unit or check == "none"):
            continue  # offered only to strategies using the heuristic, never with "none"
        yield Flags(key, check, table, unit, except_parent)


def test_every_deepening_specialisation_keeps_only_what_it_needs():
    from searchkit.loops.bounded_dfs import StatesAreKeys, build, compiled
    from searchkit.loops.specialise import source

    for flags in _reachable_flags():
        dfs, counters, _start = compiled(flags)(flags, *[None] * 8, 0)
        assert counters() == (0, 0, 0, 0, 0, 0)
        assert dfs.__code__.co_filename == build.__code__.co_filename  # the real file's lines
        text = source(build, flags)
        assert "flags." not in text
        assert ("key(child)" in text) == flags.key and ("table.get" in text) == flags.table
        assert ("on_path.add" in text) == (flags.cycle_check == "path")
        assert ("expand(state, h, parent)" in text) == flags.except_parent
        if not flags.key:  # the states are the keys: carried once per level of the recursion
            text = source(build, flags, [StatesAreKeys()])
            assert "_key" not in text.replace("start_key", "")
            assert "def dfs(state: Any, parent: Any, g: float, depth: int, h: float)" in text
    with pytest.raises(ValueError, match="cycle_check"):
        type(flags)(False, "sometimes", False, False, False)


class _Keyed(_ExceptParent):
    """The same graph with a key function (the identity, but a key function all the same)."""

    def key(self, node):
        return node


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(heuristic="admissible"))
def test_specialised_and_generic_deepening_count_alike(graph):
    """The specialised searches do exactly what the generic one does, on every combination."""
    import sys

    bounded_dfs = sys.modules["searchkit.loops.bounded_dfs"]
    deepening = sys.modules["searchkit.loops.deepening"]
    problems = [GraphProblem(graph.edges, graph.start, graph.goals, heuristic=graph._h),
                _ExceptParent(graph.edges, graph.start, graph.goals, heuristic=graph._h),
                _Keyed(graph.edges, graph.start, graph.goals, heuristic=graph._h)]
    budget = Budget(max_expansions=300)
    runs = [(problem, strategy, visited, check)
            for problem in problems for strategy in ("idastar", "iddfs")
            for visited in ("none", "dict") for check in ("path", "parent", "none")]

    def outcomes():
        return [(r.status, r.cost, r.stats.as_dict() | {"seconds": 0, "peak_bytes": 0})
                for r in (search(p, s, visited=v, cycle_check=c, budget=budget)
                          for p, s, v, c in runs)]

    specialised = outcomes()
    original = deepening.compiled
    deepening.compiled = lambda flags: bounded_dfs.build
    try:
        generic = outcomes()
    finally:
        deepening.compiled = original
    assert specialised == generic


@pytest.mark.parametrize("strategy", ["iddfs", "idastar"])
@pytest.mark.parametrize("check", ["parent", "path", "none"])
def test_a_state_equal_to_none_is_not_taken_for_the_roots_missing_parent(strategy, check):
    """Without a key function the deepening search compares states with their parent's, and
    the start has none: a child that is ``None`` must still be searched."""
    g = GraphProblem({"s": {None: 1}, None: {"t": 1}}, "s", {"t"})
    result = search(g, strategy, cycle_check=check)
    assert (result.status, result.cost, result.actions) == ("solved", 2, [None, "t"])


def test_a_plan_deeper_than_the_recursion_allows_is_an_error_for_idastar_not_a_crash():
    from searchkit import ProblemBase, SearchkitError

    class Chain(ProblemBase):  # one path of 25,000 steps; costs of 1.0: no depth bound
        def initial(self):
            return 0

        def successors(self, n):
            return [("+", n + 1, 1.0)]

        def is_goal(self, n):
            return n == 25_000

        def heuristic(self, n):
            return 25_000 - n

    with pytest.raises(SearchkitError, match=r"^idastar went deeper than Python's recursion limit "
                                             r"allows \(20,000 calls\): a best-first strategy"):
        search(Chain(), "idastar")
    assert search(Chain(), "astar").cost == 25_000
