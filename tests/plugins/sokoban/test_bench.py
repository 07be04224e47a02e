"""The plugin's benchmark: the hand-tuned Sokoban baseline (searchkit_sokoban/bench/baseline.py),
independent of the plugin's solver, finds the known push optima of the small seed levels; the
``sokoban`` suite runs at --quick sizes and every contender finds every published optimum. No
timing assertions."""

from __future__ import annotations

import os

import pytest
from searchkit_sokoban.bench.baseline import read_levels, solve

import searchkit
from searchkit.bench import Options
from tests.shared import DATA, needs_data

SMALL = ["lvl_mini", "lvl_test1", "lvl_test2", "lvl_micro1", "lvl_micro3", "lvl_micro11",
         "lvl_micro16", "lvl_cosmos1"]


def _seed() -> tuple[dict[str, str], dict[str, int]]:
    folder = DATA / "sokoban"
    levels, optima = folder / "seed_levels.xsb", folder / "seed_levels_optimal.csv"
    boards = dict(read_levels(levels.read_text()))
    pushes = {}
    for line in optima.read_text().split("\n")[1:]:
        f = line.split(",")
        if len(f) >= 3 and f[2].isdigit():
            pushes[f[0]] = int(f[2])
    return boards, pushes


@needs_data
@pytest.mark.parametrize("name", SMALL)
def test_baseline_finds_the_push_optimum(name):
    boards, pushes = _seed()
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


@needs_data
def test_reads_microban_names_like_the_csv():
    path = DATA / "sokoban" / "microban.xsb"
    names = [name for name, _board in read_levels(path.read_text())]
    assert names == [str(i) for i in range(1, len(names) + 1)] and len(names) == 155


@needs_data
def test_suite_finds_every_optimum_at_quick_sizes():
    tables = searchkit.get("bench_suite", "sokoban").run(Options(quick=True, data=DATA))
    assert [t.suite for t in tables] == ["sokoban-moves", "sokoban-pushes", "sokoban-rules"]
    for table in tables:
        for row in table.as_dict()["rows"]:
            assert row["solved"].split("/")[0] == row["solved"].split("/")[1], row
            assert row["all optimal"] is True, row
    pushes = {r["contender"]: r for r in tables[1].as_dict()["rows"]}
    assert "hand-tuned A* (pushes) (reference)" in pushes


def test_suite_without_its_data_says_so(tmp_path, capsys):
    assert searchkit.bench.main(["sokoban", "--quick", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "### sokoban: unavailable" in out
    assert f"{tmp_path / 'sokoban' / 'microban.xsb'} not found (give the data folder with --data" \
        in out


@needs_data
def test_the_mode_suites_run_at_quick_sizes():
    """sokoban-any and the ablation on three levels each: every level solved, rows as listed."""
    (table,) = searchkit.get("bench_suite", "sokoban-any").run(Options(quick=True, data=DATA))
    workers = [1, 2] if (os.cpu_count() or 1) >= 2 else [1]  # two lanes need two cores
    assert [row[:3] for row in table.rows] == \
        [["any" if n == 1 else "any, 2 workers", 3, 3] for n in workers]
    assert all(d["status"] == "solved" for d in table.details)
    assert [d["workers"] for d in table.details] == [n for n in workers for _ in range(3)]
    (ablation,) = searchkit.get("bench_suite", "sokoban-any-ablation").run(
        Options(quick=True, data=DATA))
    from searchkit_sokoban.bench.modes import ABLATION

    assert [row[0] for row in ablation.rows] == [name for name, _change in ABLATION]
    assert all(row[1] == 3 for row in ablation.rows)


@needs_data
def test_the_sasquatch_ablation_runs_its_first_levels_at_quick_sizes():
    """Sasquatch 1-3 at 2 s: every configuration listed, 1 and 2 solved by each (the backward
    search takes about 3 s on 3, so the configurations that run it first miss that one)."""
    (table,) = searchkit.get("bench_suite", "sokoban-sasquatch-ablation").run(
        Options(quick=True, data=DATA))
    from searchkit_sokoban.bench.modes import ABLATION

    assert table.suite == "sokoban-sasquatch-ablation" and "Sasquatch 1-3" in table.title
    assert [row[0] for row in table.rows] == [name for name, _change in ABLATION]
    assert {d["level"] for d in table.details} == {"1", "2", "3"}
    assert all(row[1] >= 2 for row in table.rows)


@needs_data
@pytest.mark.parametrize("suite", ["sokoban-sasquatch", "sokoban"])
def test_ctrl_c_stops_a_sokoban_suite(suite, tmp_path) -> None:
    # a real process and a real SIGINT: the search in progress turns Ctrl-C into an
    # "interrupted" result, and the suite must stop there, not go on to the next level
    import sys

    from tests.signals import ctrl_c_after

    run = ctrl_c_after([sys.executable, "-m", "searchkit.bench", suite, "--data", str(DATA)], 5,
                       cwd=tmp_path)
    assert run.returncode == 130
    assert run.stderr.strip().splitlines()[-1] == "searchkit: interrupted"
    assert "Traceback" not in run.stderr
