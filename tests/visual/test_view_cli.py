"""``searchkit view``: pages from a search and from saved plans, and one-line errors.

Run in-process through :func:`searchkit.cli.main` (the subprocess tests of tests/cli cover the
console script itself); every page's plan is checked against the puzzle's own replay.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import searchkit
from searchkit.cli import main
from searchkit.visual import Replay

from .pages import page_data

PUZZLES = ["nstar", "rushhour", "sokoban", "taquin"]


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def one_error(capsys, *args, **kwargs) -> str:
    status, out, err = run(capsys, *args, **kwargs)
    assert status == 2 and out == "" and err.count("\n") == 1, (status, out, err)
    return err.strip().removeprefix("searchkit: error: ")


@pytest.mark.parametrize("name", PUZZLES)
def test_view_solves_the_first_example_and_writes_its_page(name, capsys, tmp_path,
                                                             monkeypatch):
    monkeypatch.chdir(tmp_path)
    puzzle = searchkit.get_puzzle(name)
    example = next(iter(puzzle.examples()))
    status, out, _ = run(capsys, "view", name)
    page = tmp_path / f"{name}-{example}.html"
    assert status == 0 and out.startswith(f"wrote {page.name}: solved, ")
    data = page_data(page.read_text(encoding="utf-8"))
    problem = puzzle.parse(puzzle.examples()[example])
    replay = Replay.of_moves(problem, data["moves"])
    assert replay.reached_goal and data["costs"] == replay.costs
    assert searchkit.verify(problem, replay.actions) == data["costs"][-1]
    assert data["stats"]["expanded"] > 0 and data["details"]["strategy"]
    assert data["title"] == f"{name} · example {example}"


@pytest.mark.parametrize("name", PUZZLES)
def test_a_saved_solve_json_is_viewed_later(name, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, "solve", name, "--json")
    saved = json.loads(out)
    (tmp_path / "plan.json").write_text(out)
    status, out, _ = run(capsys, "view", "--plan", "plan.json")
    assert status == 0 and out.startswith("wrote plan.html: solved")
    data = page_data((tmp_path / "plan.html").read_text(encoding="utf-8"))
    assert data["moves"] == saved["actions"] and data["costs"][-1] == saved["cost"]
    assert data["stats"] == saved["stats"] and data["details"]["strategy"] == saved["strategy"]


def test_a_batch_row_with_json_text_columns_and_a_file_instance(capsys, tmp_path, monkeypatch):
    level = tmp_path / "levels" / "corridor.xsb"
    level.parent.mkdir()
    level.write_text("#######\n#@ $ .#\n#######\n")
    row = {"puzzle": "sokoban", "instance": "corridor.xsb", "strategy": "astar",
           "options": json.dumps({"cost": "pushes"}), "status": "solved", "cost": 2,
           "length": 2, "plan": json.dumps(["rR", "R"]), "stats": "{}"}
    (level.parent / "row.json").write_text(json.dumps(row))
    monkeypatch.chdir(tmp_path)  # the instance is found beside the record
    status, out, _ = run(capsys, "view", "--plan", "levels/row.json", "--out", "-")
    assert status == 0
    data = page_data(out)
    assert data["moves"] == ["rR", "R"] and data["costs"] == [0, 1, 2]  # pushes
    assert data["details"]["cost model"] == "pushes"


def test_command_line_instance_and_options_override_the_record(capsys, tmp_path, monkeypatch):
    record = {"puzzle": "nstar", "instance": "-", "source": "stdin", "actions": ["x2", "+1"]}
    monkeypatch.chdir(tmp_path)
    Path("plan.json").write_text(json.dumps(record))
    message = one_error(capsys, "view", "--plan", "plan.json")
    assert message == ("plan.json: the instance was read from standard input: give it as "
                       "FILE or --example")
    status, out, _ = run(capsys, "view", "nstar", "-", "--plan", "plan.json", "--out", "-",
                         stdin="1 3", monkeypatch=monkeypatch)
    assert status == 0 and page_data(out)["costs"] == [0, 1, 2]


def test_errors_are_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert one_error(capsys, "view") == ("give a PUZZLE to solve, or a saved plan with --plan "
                                         "FILE or --trace-file FILE (see 'searchkit view "
                                         "--help')")
    assert one_error(capsys, "view", "--plan", "missing.json") == \
        "missing.json: No such file or directory"
    Path("bad.json").write_text("{\n  nope")
    assert one_error(capsys, "view", "--plan", "bad.json").startswith("bad.json:2: not JSON")
    plan = {"puzzle": "nstar", "instance": "1-42", "actions": ["x2", "x3"]}
    Path("p.json").write_text(json.dumps(plan))
    assert one_error(capsys, "view", "--plan", "p.json") == (
        "p.json: step 2: 'x3' is not a legal move here (legal: 'x2', '+1')")
    assert one_error(capsys, "view", "rushhour", "--plan", "p.json") == (
        "p.json: the plan is for puzzle 'nstar', not 'rushhour'")
    Path("p.json").write_text(json.dumps({**plan, "actions": ["x2"], "cost": 5}))
    assert one_error(capsys, "view", "--plan", "p.json") == (
        "p.json: the plan costs 1 here but the record says 5 (were other puzzle options used?)")
    Path("p.json").write_text(json.dumps({**plan, "actions": ["x2"], "status": "solved"}))
    assert one_error(capsys, "view", "--plan", "p.json") == (
        "p.json: the record says solved, but its plan (1 step) does not reach a goal here")
    Path("p.json").write_text(json.dumps({**plan, "options": {"heuristic": "nope"}}))
    assert one_error(capsys, "view", "--plan", "p.json") == (
        "p.json: invalid value 'nope' for option 'heuristic' (valid: log2, exact, zero)")
    Path("p.json").write_text(json.dumps({"actions": []}))
    assert one_error(capsys, "view", "--plan", "p.json") == \
        "p.json: the record names no puzzle: give PUZZLE"
    assert one_error(capsys, "view", "--plan", "p.json", "-s", "bfs") == \
        "--plan views a saved plan: the strategy flags apply to a search"
    assert one_error(capsys, "view", "nstar", "--out", "no/such/dir/x.html") == \
        "no/such/dir/x.html: No such file or directory"


def test_an_unsolved_search_still_writes_the_start(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, "view", "nstar", "-e", "3-1000000", "--max-expansions", "5")
    assert status == 1
    assert out.startswith("wrote nstar-3-1000000.html: budget_exhausted: expansion budget "
                          "exhausted (5 expansions), 0 steps shown, ")  # no cost: no plan
    data = page_data(Path("nstar-3-1000000.html").read_text(encoding="utf-8"))
    assert data["moves"] == [] and "budget" in data["reason"]


def test_help_lists_view_with_examples(capsys):
    status, out, _ = run(capsys, "--help")
    assert status == 0 and "view" in out and "write an HTML page that plays a plan" in out
    status, out, _ = run(capsys, "view", "--help")
    assert status == 0 and out.startswith("usage: searchkit view")
    assert "--plan FILE" in out and "--out FILE" in out and "--max-seconds" in out
    assert "searchkit view --plan plan.json" in out.split("examples:")[1]


def test_a_plugin_drawing_no_svg_is_a_one_line_error(capsys, tmp_path, monkeypatch):
    from searchkit_nstar.problem import NStar
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(NStar, "render_svg", lambda self, n: f"<svg><g>{n}</svg>")
    message = one_error(capsys, "view", "nstar")
    assert message.startswith("example 1-42: render_svg of NStar(1 -> 42) drew no SVG: "
                              "picture 0: not well-formed XML: mismatched tag")
    monkeypatch.setattr(NStar, "render_svg", lambda self, n: None)
    assert one_error(capsys, "view", "nstar").endswith("drew no SVG: picture 0: a NoneType, "
                                                       "not SVG text")
