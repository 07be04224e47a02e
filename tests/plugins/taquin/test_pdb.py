"""The taquin plugin's pattern databases: the vectorised builder against the generic one of
:mod:`searchkit.patterndb`, and the disk cache (stale or corrupt files are rebuilt, never used),
through the plugin's public API only."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from searchkit_taquin.patterns import bits_per_cell, default_partition
from searchkit_taquin.pdb import PatternAbstraction, build_table
from searchkit_taquin.pdbcache import forget_loaded_tables, load_tables, table_meta, table_path

from searchkit.patterndb import build_pattern_database, load_table, save_table


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



def test_a_build_checks_before_every_chunk_of_states_and_gives_the_same_table(
        monkeypatch) -> None:
    """Chunks of 64 states: the table is the one built in whole layers, and ``check`` came at
    least once per chunk of the states expanded (each abstract state is expanded once)."""
    goal, group = tuple(range(9)), (1, 2, 4, 5)
    whole = build_table(3, 3, goal, group)
    monkeypatch.setattr("searchkit_taquin.pdb.CHUNK", 64)
    totals: list[int] = []
    checks: list[None] = []
    table = build_table(3, 3, goal, group, lambda _d, states: totals.append(states),
                        lambda: checks.append(None))
    assert np.array_equal(table, whole)
    assert totals[-1] == 9 * 8 * 7 * 6 * 5  # the blank and the 4 tiles on every placement
    assert len(checks) >= totals[-1] / 64

def test_tables_are_cached_and_corrupt_files_rebuilt(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path))
    goal = tuple(range(9))
    groups = default_partition(3, 3, goal)
    forget_loaded_tables()
    first = load_tables(3, 3, goal, groups)
    files = [table_path(3, 3, goal, group) for group in groups]
    assert sorted(tmp_path.glob("taquin-pdb-3x3-*.bin")) == sorted(files)
    for table, group, path in zip(first, groups, files):
        assert table == build_table(3, 3, goal, group).tobytes()
        assert load_table(path, table_meta(3, 3, goal, group)) == table
    # corrupt one file, forget the in-memory copies: the bad table is rebuilt and rewritten,
    # never used; the good one is read back as it is
    good = files[1].stat().st_mtime_ns
    saved = files[0].read_bytes()
    files[0].write_bytes(saved[:-1] + bytes([saved[-1] ^ 0xFF]))
    forget_loaded_tables()
    assert load_tables(3, 3, goal, groups) == first
    assert files[0].read_bytes() == saved
    assert files[1].stat().st_mtime_ns == good
    forget_loaded_tables()
    # a file whose checksum holds but whose table is short (another version's, or hand-made):
    # rebuilt too, never indexed past its end
    save_table(files[0], table_meta(3, 3, goal, groups[0]), b"\x00" * 10)
    assert len(load_table(files[0], table_meta(3, 3, goal, groups[0]))) == 10
    assert load_tables(3, 3, goal, groups) == first
    assert files[0].read_bytes() == saved
    forget_loaded_tables()


def test_tables_are_compact_numpy_bytes() -> None:
    table = build_table(3, 3, tuple(range(9)), (1, 2))
    assert table.dtype == np.uint8 and table.size == 1 << 8
    assert Path(table_path(3, 3, tuple(range(9)), (1, 2))).name.startswith(
        "taquin-pdb-3x3-2-")


def test_pdb_on_an_unsolvable_board_builds_no_table(monkeypatch, tmp_path) -> None:
    """The docs answer an unsolvable instance at once: the tables (up to minutes) are not built."""
    from searchkit import get_puzzle, search

    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path / "cache"))
    problem = get_puzzle("taquin").parse("0 2 1 3\n4 5 6 7\n8 9 10 11\n12 13 14 15",
                                         heuristic="pdb")
    assert search(problem, "astar").status == "no_solution"
    assert not (tmp_path / "cache").exists()
    assert problem.heuristic(problem.initial()) >= 0


def test_pdb_on_a_board_larger_than_the_builder_is_a_clear_option_error() -> None:
    from searchkit import OptionError, get_puzzle

    board = " ".join(str(t) for t in [*range(1, 25), 0])
    with pytest.raises(OptionError, match=r"^heuristic 'pdb' builds its tables for boards of at "
                                          r"most 20 cells, not 25 \(a 5x5 board\)"):
        get_puzzle("taquin").parse(board, heuristic="pdb")


def test_a_budget_stops_a_parallel_build_and_kills_its_workers(monkeypatch, tmp_path) -> None:
    """The 4x4 tables (6-6-3 tiles: half a minute, in worker processes) under a 0.5 s budget:
    the build stops at once, and no worker is left building."""
    from searchkit import Budget
    from searchkit.cli.running import build_under

    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # the parallel build, even on one core
    goal = tuple(range(16))
    forget_loaded_tables()
    start = time.perf_counter()
    built = build_under(lambda: load_tables(4, 4, goal, default_partition(4, 4, goal)),
                        Budget(max_seconds=0.5))
    seconds = time.perf_counter() - start
    forget_loaded_tables()
    assert built.stopped is not None and built.problem is None
    assert built.stopped.reason == "time budget exhausted (0.5 s) while building the problem"
    assert seconds < 3.0
    assert multiprocessing.active_children() == []


def test_solve_with_pdb_on_a_fresh_cache_keeps_its_time_budget(tmp_path) -> None:
    """``searchkit solve`` builds the problem, and so the pattern databases, under its budget."""
    env = dict(os.environ, SEARCHKIT_CACHE_DIR=str(tmp_path))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "searchkit", "solve", "taquin", "--example",
                           "korf-79", "-s", "idastar", "--heuristic", "pdb", "--max-seconds",
                           "1", "--json"], capture_output=True, text=True, env=env, timeout=300)
    seconds = time.perf_counter() - start
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    out = json.loads(done.stdout)
    assert (out["status"], out["reason"]) == (
        "budget_exhausted", "time budget exhausted (1 s) while building the problem")
    assert seconds < 10.0  # the build alone takes half a minute


def test_a_cpu_budget_stops_a_build_in_the_searchs_own_thread() -> None:
    """Three 5-tile 4x4 tables, one after the other in this thread (about 5 s of CPU time), under
    a 0.3 s CPU budget, which has no timer: the builder's check at every layer stops it."""
    from searchkit import Budget
    from searchkit.cli.running import build_under

    goal = tuple(range(16))
    groups = [list(range(1, 6)), list(range(6, 11)), list(range(11, 16))]
    forget_loaded_tables()
    start = time.thread_time()
    built = build_under(lambda: load_tables(4, 4, goal, groups, use_cache=False),
                        Budget(max_cpu_seconds=0.3))
    cpu = time.thread_time() - start
    forget_loaded_tables()
    assert built.stopped is not None
    assert built.stopped.reason == "CPU time budget exhausted (0.3 s) while building the problem"
    assert cpu < 3.0


def test_a_cpu_budget_stops_a_build_that_would_run_in_worker_processes(monkeypatch,
                                                                       tmp_path) -> None:
    """The 4x4 tables (6-6-3 tiles), two cores, an empty cache, a 0.3 s CPU budget: the workers'
    CPU time would not count on the search's thread, so the build runs in that thread and its
    checks stop it. The wall-clock limit is a safety net only (a build that ignored the CPU
    budget would fail the test in seconds, not half a minute)."""
    from searchkit import Budget
    from searchkit.cli.running import build_under

    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    goal = tuple(range(16))
    forget_loaded_tables()
    start, cpu_start = time.perf_counter(), time.thread_time()
    built = build_under(lambda: load_tables(4, 4, goal, default_partition(4, 4, goal)),
                        Budget(max_cpu_seconds=0.3, max_seconds=10))
    seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu_start
    forget_loaded_tables()
    assert built.stopped is not None and built.problem is None
    assert built.stopped.reason == "CPU time budget exhausted (0.3 s) while building the problem"
    assert 0.3 <= cpu < 1.0 and seconds < 5.0
    assert list(tmp_path.iterdir()) == []  # no table was finished: none is stored
    assert multiprocessing.active_children() == []


def test_a_memory_budget_stops_a_build_that_would_run_in_worker_processes(monkeypatch,
                                                                          tmp_path) -> None:
    """The 4x4 tables (6-6-3 tiles: about 0.7 GB at the peak), two cores, an empty cache, a 50 MB
    memory budget: the workers' memory would not count on this process's growth, so the build
    runs in this thread, whose checks stop it before it has grown much past the budget. The
    wall-clock limit is a safety net only (a build that ignored the memory budget would stop on
    it, with another reason)."""
    from searchkit import Budget
    from searchkit.cli.running import build_under
    from searchkit.loops.memory import resident_growth

    monkeypatch.setenv("SEARCHKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    goal = tuple(range(16))
    forget_loaded_tables()
    grown = resident_growth()
    start = time.perf_counter()
    built = build_under(lambda: load_tables(4, 4, goal, default_partition(4, 4, goal)),
                        Budget(max_bytes=50_000_000, max_seconds=10))
    seconds = time.perf_counter() - start
    forget_loaded_tables()
    assert built.stopped is not None and built.problem is None
    assert built.stopped.status == "budget_exhausted"
    reason = re.fullmatch(r"memory budget exhausted \(50000000 bytes: the process grew by "
                          r"([\d.]+) MB\) while building the problem", built.stopped.reason)
    assert reason is not None, built.stopped.reason
    assert 50 < float(reason[1]) < 100  # stopped near the budget, not at the build's 0.7 GB peak
    assert seconds < 5.0
    assert grown() < 50_000_000  # and what the build held is freed
    assert list(tmp_path.iterdir()) == []  # no table was finished: none is stored, not in part
    assert multiprocessing.active_children() == []
