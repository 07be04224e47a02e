"""The feature-space search (:mod:`searchkit_sokoban.features`) and the ``corral`` rule
(:mod:`searchkit_sokoban.corrals`): complete on small levels, plans that replay, region counts
that match a full flood, corral answers that keep every solution.

Independent facts: the exhaustive keeper-step search of ``test_anyplan`` says whether a random
level can be solved; plans are replayed square by square; region counts are checked against a
flood written here.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from searchkit_sokoban import plan_to_lurd, replay_lurd, solve_level
from searchkit_sokoban.anyplan import AnyPlanProblem
from searchkit_sokoban.corrals import CorralDeadlocks
from searchkit_sokoban.features import feature_search
from searchkit_sokoban.levels import select_level, split_levels
from searchkit_sokoban.projection import Projection

from searchkit import get_puzzle
from searchkit.testing import puzzle_instances
from tests.plugins.sokoban.test_anyplan import _solvable
from tests.shared import DATA as SHARED
from tests.shared import needs_data

SOKOBAN = get_puzzle("sokoban")


def _regions(board, boxes) -> int:
    """Connected parts of the floor without ``boxes``: a plain flood over (row, col)."""
    free = {board.row_col(c) for c in board.floor} - {board.row_col(c) for c in boxes}
    count = 0
    while free:
        count += 1
        stack = [free.pop()]
        while stack:
            r, c = stack.pop()
            for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nxt in free:
                    free.remove(nxt)
                    stack.append(nxt)
    return count


@given(puzzle_instances("sokoban", rows=4, cols=5, boxes=2, walls=0.15),
       st.sampled_from(["moves", "pushes"]), st.booleans(), st.booleans())
@settings(max_examples=50, deadline=None)
def test_the_feature_search_solves_exactly_the_solvable_levels(text: str, cost: str,
                                                               corral: bool,
                                                               opener: bool) -> None:
    rows = text.splitlines()
    problem = SOKOBAN.parse(text, mode="any", cost=cost, corral=corral)
    result = feature_search(problem, opener=opener)
    assert result.status in ("solved", "no_solution")
    assert result.solved == _solvable(rows)
    if result.solved:
        replay = replay_lurd(rows, plan_to_lurd(problem, result.actions))
        assert replay.solved
        assert result.cost == (replay.moves if cost == "moves" else replay.pushes)


@given(puzzle_instances("sokoban", rows=5, cols=5, boxes=3, walls=0.2))
@settings(max_examples=40, deadline=None)
def test_region_counts_after_a_push_match_a_full_flood(text: str) -> None:
    problem = SOKOBAN.parse(text, mode="any", cost="pushes")
    board = problem.board
    labels = Projection(board, board.goals)
    frontier, seen = [problem.initial()], set()
    for state in frontier:  # breadth-first over the first positions (the list grows)
        if len(seen) > 60:
            break
        label, count = labels.labels(state.boxes)
        assert count == _regions(board, state.boxes)
        for _action, child, _cost in problem.successors(state):
            assert labels.regions_after(label, count, state.boxes, child.boxes) == \
                _regions(board, child.boxes)
            if problem.key(child) not in seen:
                seen.add(problem.key(child))
                frontier.append(child)


def test_a_corral_that_cannot_be_opened_is_dead() -> None:
    # the keeper is left of the two boxes in a corridor; the goals are on both sides
    board = SOKOBAN.parse("##########\n#.@ $$ . #\n##########").board
    corrals = CorralDeadlocks(board)
    walk = AnyPlanProblem(board).generator._walk(board.initial_boxes, board.keeper)
    assert corrals.dead(board.keeper, walk[2], walk[3])
    # with room to walk round the boxes the corral opens: alive
    board = SOKOBAN.parse("##########\n#.@ $$ . #\n#        #\n##########").board
    corrals = CorralDeadlocks(board)
    walk = AnyPlanProblem(board).generator._walk(board.initial_boxes, board.keeper)
    assert not corrals.dead(board.keeper, walk[2], walk[3])


def test_solve_level_runs_the_feature_search_on_request() -> None:
    text = SOKOBAN.examples()["three"]
    report = solve_level(text, mode="any", cost="pushes", strategy="features", time_limit=30)
    assert report.solved and report.strategy == "features" and not report.optimal
    assert replay_lurd(text.splitlines(), report.lurd).solved


@needs_data
def test_the_collect_command_runs_one_mode_on_some_levels(tmp_path, monkeypatch, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    monkeypatch.setenv("SEARCHKIT_DATA", str(SHARED))
    out = tmp_path / "runs.jsonl"
    assert main(["microban", "--levels", "1-2,4", "--limit", "5", "--jsonl", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["number"] for r in lines] == [1, 2, 4]
    assert all(r["status"] == "solved" and r["mode"] == "any" for r in lines)
    assert "solved 3 of 3" in capsys.readouterr().out


@needs_data
@pytest.mark.parametrize(("args", "message"), [
    (["--levels", "1-x"], "--levels '1-x': expected level numbers and ranges such as 1-25,30"),
    (["--limit", "-5"], "--limit -5: expected a positive, finite number of CPU seconds"),
    (["--limit", "inf"], "--limit inf: expected a positive, finite number of CPU seconds"),
    (["--jsonl", "/no/such/folder/runs.jsonl"],
     "--jsonl /no/such/folder/runs.jsonl: cannot append to it (No such file or directory)"),
    (["--jsonl", "/"], "--jsonl /: cannot append to it (Is a directory)"),
    (["--levels", "9-3"], "--levels '9-3': expected level numbers and ranges such as 1-25,30"),
    (["--levels", "0-2"], "--levels: microban has levels 1 to 155, not 0"),
    (["--levels", "150-160"], "--levels: microban has levels 1 to 155, not 156"),
    (["--mode", "optimal", "--strategy", "features"],
     "strategy 'features' finds plans not proven optimal: use mode 'any'"),
    (["--strategy", "fess"], "unknown strategy 'fess' (valid: astar,"),
    (["--max-memory", "lots"], "--max-memory: expected a size like 512M or 2G, got 'lots'"),
    (["--max-memory", "0"], "argument --max-memory: must be a whole number of bytes, 1 or more"),
])
def test_the_collect_command_refuses_bad_arguments_in_one_line(args, message, monkeypatch,
                                                               capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    monkeypatch.setenv("SEARCHKIT_DATA", str(SHARED))
    with pytest.raises(SystemExit) as stopped:
        main(["microban", "--limit", "1", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("python -m searchkit_sokoban.bench.collect: ")


def test_the_collect_command_runs_the_portfolio_on_a_file_of_ones_own(tmp_path, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    levels = tmp_path / "mine.xsb"
    levels.write_text("; two levels\n#######\n#@ $ .#\n#######\n\n########\n#@ $$..#\n########\n")
    out = tmp_path / "runs.jsonl"
    assert main([str(levels), "--limit", "5", "--jsonl", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["number"], r["status"], r["pushes"]) for r in lines] == \
        [(1, "solved", 2), (2, "no_solution", None)]  # two boxes in a row: none moves twice
    assert lines[0]["collection"] == str(levels)
    assert f"solved 1 of 2 ({levels}, mode=any" in capsys.readouterr().out


def test_the_collect_command_names_a_bad_level_and_goes_on(tmp_path, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    levels = tmp_path / "mine.xsb"
    levels.write_text("#####\n#@$ #\n#####\n\n#######\n#@ $ .#\n#######\n")
    assert main([str(levels), "--limit", "5"]) == 1
    captured = capsys.readouterr()
    assert f"1\terror\t{levels}:1: the level has 1 box but 0 goals" in captured.out
    assert "2\tsolved\t2\t" in captured.out and "solved 1 of 2" in captured.out
    assert "Traceback" not in captured.out + captured.err


@pytest.mark.parametrize(("name", "content", "message"), [
    ("nowhere.xsb", None, "nowhere.xsb: neither a collection (microban, microban2,"),
    ("empty.xsb", "; only a comment\n", "empty.xsb: no level found"),
    ("binary.xsb", b"\xff\xfe#", "binary.xsb: not a text file (UTF-8)"),
])
def test_the_collect_command_refuses_a_bad_file_in_one_line(name, content, message, tmp_path,
                                                              monkeypatch, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    monkeypatch.chdir(tmp_path)
    if isinstance(content, str):
        (tmp_path / name).write_text(content)
    elif content is not None:
        (tmp_path / name).write_bytes(content)
    with pytest.raises(SystemExit) as stopped:
        main([name, "--limit", "1"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert message in err[-1] and "Traceback" not in "\n".join(err)


@needs_data
def test_ctrl_c_stops_the_collect_command_keeping_the_levels_run(tmp_path) -> None:
    # a real process and a real SIGINT: the level being searched is reported as interrupted
    # (if the signal lands in its search), no later level starts, and the exit status is 130
    import sys

    from tests.signals import ctrl_c_after

    out = tmp_path / "runs.jsonl"
    run = ctrl_c_after([sys.executable, "-m", "searchkit_sokoban.bench.collect", "sasquatch",
                        "--levels", "5-6", "--limit", "60", "--jsonl", str(out)], 4,
                       env={**os.environ, "SEARCHKIT_DATA": str(SHARED)})
    assert run.returncode == 130 and "Traceback" not in run.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    assert [(r["number"], r["status"]) for r in lines] in ([], [(5, "interrupted")])
    assert run.stdout.splitlines()[-1].startswith(
        f"interrupted: solved 0 of {len(lines)} (sasquatch")


def test_the_collect_command_names_a_missing_data_folder(tmp_path, monkeypatch, capsys) -> None:
    from searchkit_sokoban.bench.collect import main

    monkeypatch.setenv("SEARCHKIT_DATA", str(tmp_path))
    with pytest.raises(SystemExit) as stopped:
        main(["microban", "--levels", "1"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert str(tmp_path / "sokoban" / "microban.xsb") in err and "SEARCHKIT_DATA" in err


@needs_data
def test_a_box_carried_on_is_one_move_and_that_solves_microban_93_sooner() -> None:
    # Microban 93 needs boxes carried far through a crowded level: weighing a whole run of one
    # box's pushes as one move (FESS's moves) reaches a plan within 6,000 expansions, weighing
    # every push does not
    text = (SHARED / "sokoban" / "microban.xsb").read_text()
    problem = SOKOBAN.parse(text, level=93, mode="any", cost="pushes")
    result = feature_search(problem, max_expansions=6000)
    assert result.solved
    rows = [row for _, row in select_level(split_levels(text), 93).rows]
    replay = replay_lurd(rows, plan_to_lurd(problem, result.actions))
    assert replay.solved and replay.pushes == result.cost
    problem = SOKOBAN.parse(text, level=93, mode="any", cost="pushes")
    result = feature_search(problem, max_expansions=6000, box_moves=False)
    assert result.status == "budget_exhausted"


def test_no_time_left_stops_the_search_at_once() -> None:
    # a portfolio member whose time went to building tables gets 0 s: like any other search
    # (Allowance.run) it expands nothing, where the time check every 64 expansions let it run
    problem = SOKOBAN.parse("#######\n#@ $ .#\n#######", mode="any")
    result = feature_search(problem, seconds=0.0)
    assert result.status == "budget_exhausted" and result.reason == "no time left"
    assert result.stats.expanded == 0
    assert feature_search(problem, seconds=5.0).solved
