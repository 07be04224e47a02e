"""Smoke test of the hand-tuned Sokoban baseline (searchkit/bench/baselines/sokoban.py), independent
of the sokoban plugin: it finds the known push optima of the small seed levels. No timing
assertions."""

from __future__ import annotations

import pytest

from searchkit.bench.baselines.sokoban import read_levels, solve
from searchkit.bench.korf import data_dir

SMALL = ["lvl_mini", "lvl_test1", "lvl_test2", "lvl_micro1", "lvl_micro3", "lvl_micro11",
         "lvl_micro16", "lvl_cosmos1"]


def _seed() -> tuple[dict[str, str], dict[str, int]]:
    folder = data_dir("sokoban")
    levels, optima = folder / "seed_levels.xsb", folder / "seed_levels_optimal.csv"
    if not levels.exists() or not optima.exists():
        pytest.skip("../shared/data/sokoban seed levels not found")
    boards = dict(read_levels(levels.read_text()))
    pushes = {}
    for line in optima.read_text().split("\n")[1:]:
        f = line.split(",")
        if len(f) >= 3 and f[2].isdigit():
            pushes[f[0]] = int(f[2])
    return boards, pushes


@pytest.mark.parametrize("name", SMALL)
def test_baseline_finds_the_push_optimum(name):
    boards, pushes = _seed()
    if name not in boards or name not in pushes:
        pytest.skip(f"{name} not in the seed files")
    found, expanded = solve(boards[name])
    assert found == pushes[name]
    assert expanded >= 0


def test_trivial_and_dead_levels():
    assert solve("####\n#. #\n#$ #\n# @#\n####") == (1, 1)
    assert solve("#####\n#.  #\n#  $#\n# @ #\n#####")[0] is None  # box in a corner: dead
    assert solve("#####\n#@$.#\n#####") == (1, 1)
    assert solve("####\n#@*#\n####") == (0, 0)
    assert solve("#####\n#*#@$.#\n#######") == (1, 1)  # a box on goal walled in: ignored
    with pytest.raises(ValueError):
        solve("#####\n#@*.#\n#####")  # one box, two goals


def test_reads_microban_names_like_the_csv():
    path = data_dir("sokoban") / "microban.xsb"
    if not path.exists():
        pytest.skip("../shared/data/sokoban/microban.xsb not found")
    names = [name for name, _board in read_levels(path.read_text())]
    assert names == [str(i) for i in range(1, len(names) + 1)] and len(names) == 155
