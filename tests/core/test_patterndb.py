"""The generic pattern-database builder, the table cache and the build progress line of
:mod:`searchkit.patterndb` (the taquin plugin's vectorised builder is checked against it in
``tests/plugins/taquin/test_pdb.py``)."""

from __future__ import annotations

import io
import math

import pytest

from searchkit.patterndb import (
    StderrProgress,
    additive,
    build_pattern_database,
    cache_directory,
    load_table,
    save_table,
)


class Edges:
    """An explicit abstract space: ``edges[(u, v)] = cost`` of the move u -> v; goals given."""

    def __init__(self, edges: dict[tuple[str, str], float], goals: list[str]) -> None:
        self.edges, self.goals = edges, goals

    def goal_states(self) -> list[str]:
        return self.goals

    def predecessors(self, state: str):
        return [(f"{u}{v}", u, c) for (u, v), c in self.edges.items() if v == state]


def bellman_ford(edges: dict[tuple[str, str], float], goals: list[str]) -> dict[str, float]:
    nodes = {x for e in edges for x in e} | set(goals)
    dist = {x: (0 if x in goals else math.inf) for x in nodes}
    for _ in nodes:
        for (u, v), c in edges.items():
            dist[u] = min(dist[u], c + dist[v])
    return {x: d for x, d in dist.items() if d < math.inf}


@pytest.mark.parametrize("edges", [
    {("a", "b"): 1, ("b", "g"): 1, ("a", "g"): 1, ("c", "a"): 0, ("d", "c"): 1, ("e", "d"): 0,
     ("x", "y"): 1},
    {("a", "b"): 0, ("b", "c"): 0, ("c", "g"): 1, ("a", "g"): 1, ("d", "a"): 1, ("d", "g"): 3},
    {("a", "b"): 2.5, ("b", "g"): 0, ("a", "g"): 3, ("c", "a"): 1, ("c", "g"): 0.5},
])
def test_generic_builder_equals_bellman_ford(edges) -> None:
    pdb = build_pattern_database(Edges(edges, ["g"]))
    assert pdb.table == bellman_ford(edges, ["g"])
    assert pdb.lookup("never-seen") == math.inf


def test_projection_keeps_the_minimum() -> None:
    edges = {("a1", "g"): 1, ("a2", "a1"): 1, ("b1", "a2"): 1, ("b2", "g"): 1}
    pdb = build_pattern_database(Edges(edges, ["g"]), project=lambda s: s[0])
    assert pdb.table == {"g": 0, "a": 1, "b": 1}
    assert pdb.histogram() == [1, 2] and len(pdb) == 3 and pdb.max_value == 1


def test_cache_directory_precedence(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path / "explicit"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_directory() == tmp_path / "explicit"
    monkeypatch.delenv("SEARCHKIT_CACHE_DIR")
    assert cache_directory() == tmp_path / "xdg" / "searchkit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_directory() == tmp_path / "home" / ".cache" / "searchkit"


def test_table_files_detect_staleness_and_corruption(tmp_path) -> None:
    path = tmp_path / "sub" / "table.bin"
    assert load_table(path, {"a": 1}) is None  # missing
    save_table(path, {"a": 1, "goal": [0, 1]}, bytes(range(256)) * 4)
    assert load_table(path, {"a": 1, "goal": [0, 1]}) == bytes(range(256)) * 4
    assert load_table(path, {"a": 1, "goal": [1, 0]}) is None  # stale
    data = bytearray(path.read_bytes())
    data[-100] ^= 1
    path.write_bytes(bytes(data))
    assert load_table(path, {"a": 1, "goal": [0, 1]}) is None  # corrupt
    path.write_bytes(bytes(data[:-10]))
    assert load_table(path, {"a": 1, "goal": [0, 1]}) is None  # truncated
    path.write_bytes(b"garbage")
    assert load_table(path, {"a": 1, "goal": [0, 1]}) is None


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_silent_for_quick_work_and_shown_for_long() -> None:
    quiet = Terminal()
    show = StderrProgress("quick", delay=60, stream=quiet)
    show.update("half")
    show.done()
    assert quiet.getvalue() == ""
    loud = Terminal()
    show = StderrProgress("slow", delay=0, interval=0, stream=loud)
    show.update("half")
    show.done("finished")
    assert "slow: half" in loud.getvalue() and "slow: finished in" in loud.getvalue()


def test_progress_never_goes_into_a_file() -> None:
    log = io.StringIO()  # a redirected stderr: not a terminal
    show = StderrProgress("slow", delay=0, interval=0, stream=log)
    show.update("half")
    show.done("finished")
    assert log.getvalue() == ""
    forced = io.StringIO()
    show = StderrProgress("slow", delay=0, interval=0, stream=forced, enabled=True)
    show.update("half")
    assert "slow: half" in forced.getvalue()


def test_the_old_module_name_still_works_and_warns() -> None:
    import importlib
    import sys

    sys.modules.pop("searchkit.pdb", None)
    with pytest.warns(DeprecationWarning, match="searchkit.patterndb"):
        old = importlib.import_module("searchkit.pdb")
    assert old.build_pattern_database is build_pattern_database


def test_additive_sums_disjoint_lookups() -> None:
    rows = build_pattern_database(Edges({("r1", "r0"): 1, ("r2", "r1"): 1}, ["r0"]))
    cols = build_pattern_database(Edges({("c1", "c0"): 1}, ["c0"]))
    h = additive([lambda s: rows.lookup(s[0]), lambda s: cols.lookup(s[1])])
    assert h(("r2", "c1")) == 3 and h(("r0", "c0")) == 0 and h(("r9", "c0")) == math.inf
