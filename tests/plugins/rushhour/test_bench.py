"""The rushhour plugin's benchmark suite at --quick sizes: every contender reproduces every
published move count. No timing assertions."""

from __future__ import annotations

import searchkit
from searchkit.bench import Options
from tests.shared import DATA, needs_data


@needs_data
def test_every_contender_finds_every_published_optimum():
    (table,) = searchkit.get("bench_suite", "rushhour").run(Options(quick=True, data=DATA))
    rows = table.as_dict()["rows"]
    assert [r["contender"] for r in rows] == [
        "hand-tuned BFS (reference)", "searchkit bfs dict (rushhour plugin)",
        "searchkit astar dict (rushhour plugin)"]
    for row in rows:
        assert row["solved"] == "15/15" and row["all optimal"] is True, row
