"""Traces (TraceWriter, read_trace) and the explored graph (search_graph, DOT, networkx),
checked against the searches' own statistics and against Graphviz and networkx themselves."""

from __future__ import annotations

import io
import json
import math
import os
import shutil
import subprocess

import pytest

import searchkit
from searchkit import GraphProblem, search, search_graph
from searchkit.events import End, Start
from searchkit.trace import TraceError, TraceWriter, read_trace

ROADS = GraphProblem({"a": {"b": 4, "c": 1}, "c": {"b": 1, "d": 5}, "d": {}}, start="a",
                     goals={"b"})


def required(tool_missing: bool, what: str) -> None:
    """Skip when ``what`` is missing on a developer's machine; fail in CI, which installs it."""
    if tool_missing:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is missing: .ci/run installs it")
        pytest.skip(f"{what} is not installed")


def traced(problem, strategy, **kwargs):
    out = io.StringIO()
    events = []
    writer = TraceWriter(problem, out, header={"note": "test"}, **kwargs)

    def both(event):
        writer(event)  # first: past its limit it stops the search instead
        events.append(event)

    result = search(problem, strategy, observer=both)
    return result, events, list(read_trace(out.getvalue().splitlines(), "t.jsonl"))


@pytest.mark.parametrize("strategy", ["bfs", "astar", "idastar", "bibfs"])
def test_a_trace_holds_every_event_and_each_state_once(strategy):
    eight = searchkit.get_puzzle("taquin").parse("4 7 2 1 0 5 3 6 8")  # 8 moves
    result, events, records = traced(eight, strategy)
    assert records[0] == {"kind": "trace", "format": "searchkit-trace/1", "note": "test"}
    body = [r for r in records[1:] if r["kind"] != "state"]
    assert [r["kind"] for r in body] == [e.kind for e in events]
    states = [r for r in records if r["kind"] == "state"]
    assert [s["id"] for s in states] == list(range(len(states)))
    assert len({s["key"] for s in states}) == len(states)
    assert all(s["text"] == eight.render(eight.initial()) for s in states[:1])
    introduced = set()
    for record in records[1:]:  # a state record always comes before the first use of its id
        if record["kind"] == "state":
            introduced.add(record["id"])
            continue
        for field in ("state", "parent", "child"):
            assert field not in record or record[field] in introduced
    expands = [r for r in body if r["kind"] == "expand"]
    assert len(expands) == result.stats.expanded
    assert body[-1]["stats"]["expanded"] == result.stats.expanded
    assert body[-2]["actions"] == [eight.format_action(a) for a in result.actions]


def test_infinite_values_are_null_and_the_limit_stops_the_search_like_a_budget():
    dead = GraphProblem({"s": {"x": 1, "t": 3}}, "s", {"t"}, heuristic={"x": math.inf})
    _result, _events, records = traced(dead, "astar")
    assert {"kind": "generate", "parent": 0, "action": "x", "child": 1, "cost": 1, "g": 1,
            "h": None, "fate": "pruned"} in records
    eight = searchkit.get_puzzle("taquin").parse("8 6 7 2 5 4 3 0 1")
    result, events, records = traced(eight, "astar", max_events=50)
    assert result.status == "budget_exhausted" and "50 events" in result.reason
    assert len(events) == 51 and events[-1].result is result and records[-1]["kind"] == "end"


def test_a_trace_without_a_problem_holds_the_header_and_the_end():
    """A search that never started (its problem's build was stopped) has an end only."""
    out = io.StringIO()
    writer = TraceWriter(None, out, header={"note": "test"})
    stop = searchkit.Result("budget_exhausted", reason="time budget exhausted (1 s) while "
                                                       "building the problem")
    writer(End(stop))
    records = list(read_trace(out.getvalue().splitlines(), "t.jsonl"))
    assert [(r["kind"], r.get("note"), r.get("reason")) for r in records] == [
        ("trace", "test", None), ("end", None, stop.reason)]
    assert writer.events == 1
    with pytest.raises(searchkit.SearchkitError, match="writes no states"):
        writer(Start("s", "bfs"))


def test_unreadable_traces_are_named_errors():
    with pytest.raises(TraceError, match=r"^t.jsonl:2: not JSON"):
        list(read_trace(['{"kind": "trace", "format": "searchkit-trace/1"}', "{oops"], "t.jsonl"))
    with pytest.raises(TraceError, match=r"^t.jsonl:1: not a searchkit trace"):
        list(read_trace(['{"kind": "expand"}'], "t.jsonl"))
    with pytest.raises(TraceError, match=r"^t.jsonl: empty"):
        list(read_trace([], "t.jsonl"))


def test_search_graph_of_events_and_of_the_trace_agree():
    result, events, records = traced(ROADS, "dijkstra")
    graph = search_graph(events)
    assert set(graph.nodes) == {"a", "b", "c", "d"} and graph.plan == ["a", "c", "b"]
    assert graph.edges["c", "b"] == {"action": "b", "cost": 1, "fate": "improved", "count": 1}
    assert graph.nodes["b"]["g"] == 2 and graph.nodes["a"]["start"]
    assert sum(a["expansions"] for a in graph.nodes.values()) == result.stats.expanded
    from_trace = search_graph(records)
    labels = {a["label"]: a for a in from_trace.nodes.values()}
    assert set(labels) == set(graph.nodes)
    assert {k: v for k, v in labels["c"].items()} == graph.nodes["c"]
    assert [from_trace.nodes[i]["label"] for i in from_trace.plan] == graph.plan
    assert len(from_trace.edges) == len(graph.edges)


def test_search_graph_is_for_small_searches():
    eight = searchkit.get_puzzle("taquin").parse("8 6 7 2 5 4 3 0 1")
    events = []
    search(eight, "bfs", observer=events.append, budget=searchkit.Budget(max_expansions=400))
    with pytest.raises(searchkit.SearchkitError, match="more than 100 states"):
        search_graph(events, key=eight.key, max_nodes=100)
    assert len(search_graph(events, key=eight.key).nodes) > 400


def test_the_dot_text_is_read_by_graphviz():
    required(shutil.which("dot") is None, "Graphviz's dot")
    eight = searchkit.get_puzzle("taquin").parse("4 7 2 1 0 5 3 6 8")
    events = []
    search(eight, "bfs", observer=events.append)
    dot = search_graph(events, key=eight.key, label=eight.render).to_dot('8 "puzzle"')
    done = subprocess.run(["dot", "-Tjson"], input=dot, capture_output=True, text=True,
                          timeout=60, check=True)
    drawn = json.loads(done.stdout)
    graph = search_graph(events, key=eight.key)
    assert len(drawn["objects"]) == len(graph.nodes) and len(drawn["edges"]) == len(graph.edges)
    assert drawn["name"] == '8 "puzzle"'


def test_to_networkx_keeps_the_attributes():
    try:
        import networkx as nx
    except ImportError:  # networkx 1.11, which the bench extra's aima3 pins, fails on 3.11
        nx = None
    required(nx is None, "networkx")
    events = []
    search(ROADS, "astar", observer=events.append)
    graph = search_graph(events).to_networkx()
    assert isinstance(graph, nx.DiGraph) and graph.graph["plan"] == ["a", "c", "b"]
    assert graph.nodes["c"]["on_plan"] and not graph.nodes["d"]["on_plan"]
    assert graph.edges["a", "b"]["fate"] == "new"
    assert nx.shortest_path(graph, "a", "b", weight="cost") == ["a", "c", "b"]


def test_the_python_examples_of_docs_observe_md_run_and_show_what_they_say(tmp_path,
                                                                          monkeypatch):
    try:
        import networkx  # noqa: F401
    except ImportError:
        required(True, "networkx")
    import re
    from pathlib import Path

    from searchkit.visual import draw

    text = (Path(__file__).resolve().parents[2] / "docs" / "observe.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 4
    monkeypatch.chdir(tmp_path)
    namespace = {"draw": draw}
    for block in blocks:
        exec(compile(block, "observe.md", "exec"), namespace)
        lines = block.splitlines()
        for expression, shown in zip(lines, lines[1:]):  # "expression" then "# its value"
            if shown.startswith("# Counter("):
                assert repr(eval(expression, namespace)) == shown[2:]
    assert (tmp_path / "astar.dot").read_text().startswith('digraph "search" {')
    assert namespace["event"].result.solved


@pytest.mark.parametrize("strategy", ["astar", "idastar", "greedy", "bfs", "dfs", "bibfs"])
def test_an_event_limit_stops_before_the_expansion_it_would_record(strategy):
    """The expand event that passes the limit is not written, and the state it announces is not
    counted as expanded (nor, in A*, as closed: no phantom reopening)."""
    eight = searchkit.get_puzzle("taquin").parse("8 6 7 2 5 4 3 0 1")
    for limit in (1, 10, 50):
        result, _events, records = traced(eight, strategy, max_events=limit)
        expands = [r for r in records if r["kind"] == "expand"]
        assert result.status == "budget_exhausted"
        assert result.stats.expanded == len(expands) and result.stats.reopened == 0


def test_numpy_numbers_from_a_plugin_are_traced_and_checked_as_numbers():
    """A search that works untraced must work traced: a heuristic or cost of NumPy's types is
    written as a JSON number, and the kit's checkers take it as one."""
    import numpy as np  # a dependency (the taquin plugin builds its tables with it)

    from searchkit import ProblemBase
    from searchkit.testing import assert_admissible

    class Line(ProblemBase):
        def initial(self):
            return 0

        def successors(self, n):
            return [("+1", n + 1, np.int64(1))] if n < 3 else []

        def is_goal(self, n):
            return n == 3

        def heuristic(self, n):
            return np.int64(3 - n) if n < 3 else np.float32(0.0)

    result, _events, records = traced(Line(), "astar")
    assert result.cost == 3 and records[-1]["cost"] == 3
    assert [r["h"] for r in records if r["kind"] == "expand"] == [3, 2, 1]
    assert "admissible: checked 4 states" in str(assert_admissible(Line()))
