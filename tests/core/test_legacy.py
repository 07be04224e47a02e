"""searchkit 0.1's way to build and read a Strategy keeps working, with a DeprecationWarning."""

from __future__ import annotations

import pytest

from searchkit import GraphProblem, Strategy, get_strategy, search
from searchkit.loops import BestFirst, Deepening, Priority, best_first, deepening

GRAPH = GraphProblem({"s": {"a": 1, "t": 5}, "a": {"t": 1}}, "s", {"t"},
                     heuristic={"s": 2, "a": 1})


def test_the_01_keywords_build_the_same_strategy():
    with pytest.warns(DeprecationWarning, match="astar2h.*deprecated"):
        old = Strategy(name="astar2h", summary="A* with f = g + 2h",
                       guarantee="cost <= 2 x optimal", loop=best_first, frontier_kind="priority",
                       default_frontier="heap", uses_heuristic=True, g_weight=1, h_weight=2)
    assert old.loop == BestFirst("heap", Priority(1, 2))
    assert old.guarantee == "cost <= 2 x optimal" and old.optimal_in is None
    assert search(GRAPH, old).cost == 2
    with pytest.warns(DeprecationWarning):
        ida = Strategy(name="ida", summary="IDA*", guarantee="optimal", loop=deepening,
                       frontier_kind=None, default_frontier=None, default_visited="none",
                       optimal=True, uses_heuristic=True)
    assert ida.loop == Deepening("f") and ida.optimal and ida.frontier_kind is None


def test_the_01_fields_are_still_read():
    astar, iddfs = get_strategy("astar"), get_strategy("iddfs")
    with pytest.warns(DeprecationWarning, match=r"Strategy\.\w+ is deprecated"):
        assert (astar.g_weight, astar.h_weight, astar.h_weight_option) == (1, 1, None)
    with pytest.warns(DeprecationWarning):
        assert iddfs.unit_depth and not astar.unit_depth and astar.tree_search
    with pytest.warns(DeprecationWarning):
        assert get_strategy("wastar").weights({"weight": 3.0}) == (1, 3.0)
    assert (astar.frontier_kind, astar.default_frontier, astar.default_visited) == (
        "priority", "heap", "dict")  # these are current properties, not deprecated


def test_the_guarantee_is_stored_once():
    flags = {name: (get_strategy(name).optimal_in, get_strategy(name).guarantee)
             for name in ("bfs", "dijkstra", "astar", "idastar", "greedy", "wastar", "bibfs")}
    assert flags["bfs"] == flags["bibfs"] == ("steps", "optimal in steps")
    assert flags["dijkstra"] == ("cost", "optimal in cost")
    assert flags["astar"] == flags["idastar"] == (
        "cost", "optimal in cost with an admissible heuristic")
    assert flags["greedy"] == (None, "none")
    with pytest.raises(ValueError, match="give one, not both"):
        Strategy("x", "x", BestFirst("heap", Priority(1, 1)), optimal_in="cost",
                 guarantee="optimal in cost, trust me")
    with pytest.raises(TypeError, match="unexpected keyword"):
        Strategy("x", "x", best_first, frontier_kind="plain", default_frontier="fifo",
                 colour="red")
