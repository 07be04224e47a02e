"""The taquin plugin's pattern databases: the vectorised builder against the generic one of
:mod:`searchkit.patterndb`, and the disk cache (stale or corrupt files are rebuilt, never used),
through the plugin's public API only."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from searchkit_taquin.patterns import bits_per_cell, default_partition
from searchkit_taquin.pdb import (
    PatternAbstraction,
    build_table,
    forget_loaded_tables,
    load_tables,
    table_meta,
    table_path,
)

from searchkit.patterndb import build_pattern_database, load_table


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
