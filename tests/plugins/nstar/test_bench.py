"""The nstar plugin's benchmark suite at --quick sizes. No timing assertions."""

from __future__ import annotations

import searchkit
from searchkit.bench import Options


def test_tree_search_never_beats_graph_search():
    (table,) = searchkit.get("bench_suite", "nstar").run(Options(quick=True))
    rows = table.as_dict()["rows"]
    assert [r["moves"] for r in rows] == [4, 7, 8]  # 1 -> 10, 42, 100 (BFS-provable)
    for r in rows:
        assert r["bfs tree"] >= r["bfs graph"] and r["astar tree"] >= r["astar graph"]
