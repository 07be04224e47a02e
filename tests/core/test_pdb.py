"""The generic pattern-database builder and table cache of searchkit.pdb, and the taquin plugin's
vectorised builder checked against it."""

from __future__ import annotations

import io
import math
from pathlib import Path

import numpy as np
import pytest
from searchkit_taquin import pdb as taquin_pdb
from searchkit_taquin.patterns import bits_per_cell, default_partition
from searchkit_taquin.pdb import PatternAbstraction, build_table, load_tables

from searchkit.pdb import (
    StderrProgress,
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


@pytest.mark.parametrize("height, width, goal, group", [
    (3, 3, tuple(range(9)), (1, 2, 4, 5)),
    (3, 3, tuple(range(1, 9)) + (0,), (8, 5, 7)),
    (3, 3, (1, 2, 3, 4, 0, 5, 6, 7, 8), (1, 3, 6, 8)),
    (2, 4, tuple(range(8)), (7, 1, 4)),
    (4, 4, tuple(range(16)), (13, 14, 15)),
])
def test_vectorised_taquin_builder_equals_generic_builder(height, width, goal, group) -> None:
    generic = build_pattern_database(PatternAbstraction(height, width, goal, group),
                                     project=PatternAbstraction.project)
    table = build_table(height, width, goal, group)
    bits = bits_per_cell(height * width)
    assert int((table != 255).sum()) == len(generic)
    for cells, distance in generic.table.items():
        assert table[sum(c << (bits * j) for j, c in enumerate(cells))] == distance


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


def test_taquin_tables_are_cached_and_corrupt_files_rebuilt(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path))
    goal = tuple(range(9))
    groups = default_partition(3, 3, goal)
    monkeypatch.setattr(taquin_pdb, "_MEMORY", {})
    first = load_tables(3, 3, goal, groups)
    files = sorted(tmp_path.glob("taquin-pdb-3x3-*.bin"))
    assert len(files) == 2
    for table, group in zip(first, groups):
        assert table == build_table(3, 3, goal, group).tobytes()
    # corrupt one file, forget the in-memory copies: the bad table is rebuilt, not used
    data = bytearray(files[0].read_bytes())
    data[-1] ^= 0xFF
    files[0].write_bytes(bytes(data))
    monkeypatch.setattr(taquin_pdb, "_MEMORY", {})
    calls = []
    real = taquin_pdb._build_bytes

    def counting(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(taquin_pdb, "_build_bytes", counting)
    assert load_tables(3, 3, goal, groups) == first
    assert len(calls) == 1
    assert load_table(files[0], taquin_pdb.table_meta(*calls[0][1:])) is not None


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


def test_progress_is_never_written_to_a_file_or_a_pipe() -> None:
    log = io.StringIO()  # not a terminal
    show = StderrProgress("slow", delay=0, interval=0, stream=log)
    show.update("half")
    show.done("finished")
    assert log.getvalue() == ""


def test_tables_are_compact_numpy_bytes() -> None:
    table = build_table(3, 3, tuple(range(9)), (1, 2))
    assert table.dtype == np.uint8 and table.size == 1 << 8
    assert Path(taquin_pdb.table_path(3, 3, tuple(range(9)), (1, 2))).name.startswith(
        "taquin-pdb-3x3-2-")


def test_additive_sums_disjoint_lookups() -> None:
    from searchkit.pdb import additive

    rows = build_pattern_database(Edges({("r1", "r0"): 1, ("r2", "r1"): 1}, ["r0"]))
    cols = build_pattern_database(Edges({("c1", "c0"): 1}, ["c0"]))
    h = additive([lambda s: rows.lookup(s[0]), lambda s: cols.lookup(s[1])])
    assert h(("r2", "c1")) == 3 and h(("r0", "c0")) == 0 and h(("r9", "c0")) == math.inf
